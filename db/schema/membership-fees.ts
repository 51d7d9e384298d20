// Late-cancel and no-show fees of unlimited-membership bookings (issue 20, item 2): one row per booking and kind,
// written by the write that makes the fee due (the cancellation, or the no-show job once the mark is final), then
// charged off-session to the membership's card by whichever process claims it (api/spots/membership-fees.ts).
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { userRef } from './accounts';
import { bookings } from './bookings';
import { createdAt, updatedAt } from './columns';
import { passPurchases } from './passes';

export const MEMBERSHIP_FEE_KINDS = ['late_cancel', 'no_show'] as const;
export type MembershipFeeKind = (typeof MEMBERSHIP_FEE_KINDS)[number];

/** pending (due, not charged yet) -> charging (claimed by one process) -> paid | failed (the card declined or asked
 * for authentication: recorded unpaid, the customer told); a paid fee may then be refunded (refunded_at). */
export const MEMBERSHIP_FEE_STATUSES = ['pending', 'charging', 'paid', 'failed'] as const;
export type MembershipFeeStatus = (typeof MEMBERSHIP_FEE_STATUSES)[number];

export const membershipFees = sqliteTable(
  'membership_fees',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    purchaseId: integer('purchase_id')
      .notNull()
      .references(() => passPurchases.id, { onDelete: 'restrict' }),
    userId: userRef('user_id'),
    coachId: userRef('coach_id'),
    kind: text('kind', { enum: MEMBERSHIP_FEE_KINDS }).notNull(),
    /** As the booking's copy of the policy set it, in integer cents. */
    amountCents: integer('amount_cents').notNull(),
    /** The coach's share of the fee (85%), as a booking's payout. */
    payoutCents: integer('payout_cents').notNull(),
    status: text('status', { enum: MEMBERSHIP_FEE_STATUSES }).notNull().default('pending'),
    /** When a process claimed the charge; a claim older than the lease is taken again (same idempotency key). */
    claimedAt: integer('claimed_at', { mode: 'timestamp_ms' }),
    /** The provider's PaymentIntent (also on a declined one, when the provider made it). */
    chargeId: text('charge_id'),
    failureMessage: text('failure_message'),
    chargedAt: integer('charged_at', { mode: 'timestamp_ms' }),
    refundId: text('refund_id'),
    refundedAt: integer('refunded_at', { mode: 'timestamp_ms' }),
    /** The email saying what was charged (or what failed) went out: claimed once. */
    emailedAt: integer('emailed_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Charged exactly once per booking and kind, however many processes or runs.
    uniqueIndex('membership_fees_once_idx').on(t.bookingId, t.kind),
    index('membership_fees_status_idx').on(t.status, t.claimedAt),
    index('membership_fees_user_idx').on(t.userId),
    index('membership_fees_coach_idx').on(t.coachId, t.chargedAt),
  ],
);
