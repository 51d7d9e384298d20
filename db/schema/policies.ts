// Cancellation policies and coach credit (issue 20): each coach's policy (classes keep a copy, overridable per
// class; bookings a copy of the one they were booked under) and the append-only ledger of credit customers hold
// with a coach.
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, type StoredPolicy, updatedAt } from './columns';
import { userRef, users } from './accounts';
import { bookings } from './bookings';
import { passPurchases } from './passes';

// A coach's own policy; none means the default (Moderate). Their classes without an override carry a copy.
export const coachPolicies = sqliteTable('coach_policies', {
  coachId: integer('coach_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  policy: text('policy', { mode: 'json' }).$type<StoredPolicy>().notNull(),
  updatedAt: updatedAt(),
});

export const CREDIT_KINDS = ['cancellation', 'spent', 'returned', 'refunded_to_card'] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];

// Credit with a coach, one row per movement, never updated or deleted: a balance is the sum of its rows.
// cancellation (+): a cancelled booking given back as credit; spent (-): applied to a booking's (or a pass
// purchase's, purchase_id) price by the write that confirms it; returned (+): credit spent on a booking or a pass
// comes back (cancelled, refunded); refunded_to_card (-): an admin sent it back through the original payment (booking_id).
export const coachCredits = sqliteTable(
  'coach_credits',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    customerId: userRef('customer_id'),
    coachId: userRef('coach_id'),
    amountCents: integer('amount_cents').notNull(),
    kind: text('kind', { enum: CREDIT_KINDS }).notNull(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    /** A pack or an intro offer the credit was spent on (spent -) or came back from (returned +). */
    purchaseId: integer('purchase_id').references(() => passPurchases.id, { onDelete: 'set null' }),
    providerRefundId: text('provider_refund_id'),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('coach_credits_owner_idx').on(t.customerId, t.coachId),
    index('coach_credits_booking_idx').on(t.bookingId),
    index('coach_credits_purchase_idx').on(t.purchaseId),
  ],
);
