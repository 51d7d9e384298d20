// Money kept locally: coaches' payout accounts and the built-in test provider's intents.
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, updatedAt } from './columns';
import { users } from './accounts';
import { bookings } from './bookings';

// A coach's connected payout account (Stripe Connect Express, or the test provider's stand-in).
export const payoutAccounts = sqliteTable('payout_accounts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(), // stripe | test
  accountId: text('account_id').notNull().unique(),
  onboarded: integer('onboarded', { mode: 'boolean' }).notNull().default(false),
  canReceivePayments: integer('can_receive_payments', { mode: 'boolean' }).notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// The built-in test payment provider keeps its intents here (Stripe keeps its own when keys are set).
export const testPaymentIntents = sqliteTable('test_payment_intents', {
  id: text('id').primaryKey(), // pi_test_...
  clientSecret: text('client_secret').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull().default('usd'),
  status: text('status').notNull().default('requires_payment_method'), // requires_payment_method | succeeded | canceled
  lastError: text('last_error'),
  metadata: text('metadata', { mode: 'json' }).$type<Record<string, string>>().notNull().default(sql`'{}'`),
  transferDestination: text('transfer_destination'),
  transferAmountCents: integer('transfer_amount_cents'),
  refundedCents: integer('refunded_cents').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// Refunds an admin makes from a user's page (api/admin/user-support.ts), one appended row each: the booking's
// refund_amount_cents is always the total refunded (these plus a cancellation's), kept in the same write.
export const bookingRefunds = sqliteTable(
  'booking_refunds',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    providerRefundId: text('provider_refund_id'),
    createdAt: createdAt(),
  },
  (t) => [index('booking_refunds_booking_idx').on(t.bookingId)],
);
