// Columns every table shares: creation and update instants.
import { integer } from 'drizzle-orm/sqlite-core';

export const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .$defaultFn(() => new Date());
export const updatedAt = () =>
  integer('updated_at', { mode: 'timestamp_ms' })
    .notNull()
    .$defaultFn(() => new Date())
    .$onUpdateFn(() => new Date());

/** A cancellation policy as stored on a coach, a class and a booking (api/spots/refund-policy.ts reads it). */
export interface StoredPolicy {
  preset: 'flexible' | 'moderate' | 'strict' | 'custom';
  tiers: { hoursBefore: number; refundPercent: number }[];
  creditPercent: number | null;
  /** Late-cancel and no-show rules for pass bookings (common/cancellation-policy.ts PassRules); absent: defaults. */
  passRules?: {
    lateCancelForfeitsCredit: boolean;
    noShowForfeitsCredit: boolean;
    lateCancelFeeCents: number | null;
    noShowFeeCents: number | null;
  };
}
