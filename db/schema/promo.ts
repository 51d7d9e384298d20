// Promo codes (issue 20): a coach's codes for their own classes and passes, and the platform's codes (coach_id
// null, made by an admin, paid for by Fogline) for any coach. A use is a booking (or a pass purchase) that
// carries the code's id; how many are taken is counted from those rows in the write that takes one
// (api/spots/promo.ts), so the count is exact under races.
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, updatedAt } from './columns';
import { users } from './accounts';

export const PROMO_KINDS = ['percent', 'amount'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

export const promoCodes = sqliteTable(
  'promo_codes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    code: text('code').notNull(), // upper case, as customers type it (matched case-insensitively)
    coachId: integer('coach_id').references(() => users.id, { onDelete: 'cascade' }), // null: a platform code
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: PROMO_KINDS }).notNull(),
    percentOff: integer('percent_off'), // 1-100, for 'percent'
    amountOffCents: integer('amount_off_cents'), // for 'amount'
    validFrom: integer('valid_from', { mode: 'timestamp_ms' }),
    validUntil: integer('valid_until', { mode: 'timestamp_ms' }),
    maxUses: integer('max_uses'), // null: no limit
    oncePerCustomer: integer('once_per_customer', { mode: 'boolean' }).notNull().default(false),
    firstBookingOnly: integer('first_booking_only', { mode: 'boolean' }).notNull().default(false),
    minimumCents: integer('minimum_cents'), // the list price (price x spots) must be at least this
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('promo_codes_code_idx').on(t.code), index('promo_codes_coach_idx').on(t.coachId)],
);
