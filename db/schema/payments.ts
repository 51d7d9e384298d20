// Money kept locally: coaches' payout accounts and the built-in test provider's intents, subscriptions and invoices.
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
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

// The built-in test provider's subscriptions (memberships), shaped like Stripe Billing's: renewals fall on the
// anchor's cycle and are charged by a background job as the app's clock passes them (api/background.ts).
export const testSubscriptions = sqliteTable(
  'test_subscriptions',
  {
    id: text('id').primaryKey(), // sub_test_...
    customerId: text('customer_id').notNull(), // cus_test_...
    customerEmail: text('customer_email').notNull(),
    description: text('description').notNull(),
    priceCents: integer('price_cents').notNull(),
    serviceFeeCents: integer('service_fee_cents').notNull(),
    interval: text('interval', { enum: ['month', 'week'] }).notNull(),
    // incomplete | active | trialing (paused) | past_due | canceled
    status: text('status').notNull().default('incomplete'),
    billingCycleAnchor: integer('billing_cycle_anchor', { mode: 'timestamp_ms' }).notNull(),
    currentPeriodStart: integer('current_period_start', { mode: 'timestamp_ms' }).notNull(),
    currentPeriodEnd: integer('current_period_end', { mode: 'timestamp_ms' }).notNull(),
    /** A pause: nothing is charged until then, when a new cycle starts (Stripe's trial_end). */
    trialEnd: integer('trial_end', { mode: 'timestamp_ms' }),
    cancelAtPeriodEnd: integer('cancel_at_period_end', { mode: 'boolean' }).notNull().default(false),
    canceledAt: integer('canceled_at', { mode: 'timestamp_ms' }),
    /** The test card that paid the last invoice by hand, charged on renewals (public test numbers only). */
    cardNumber: text('card_number'),
    metadata: text('metadata', { mode: 'json' }).$type<Record<string, string>>().notNull().default(sql`'{}'`),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    transferDestination: text('transfer_destination'),
    applicationFeePercent: real('application_fee_percent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('test_subscriptions_due_idx').on(t.status, t.currentPeriodEnd)],
);

// One invoice per period of a test subscription, paid through its own row in test_payment_intents. A period is
// invoiced once (the unique index), however many processes run the renewal job at the same moment.
export const testInvoices = sqliteTable(
  'test_invoices',
  {
    id: text('id').primaryKey(), // in_test_...
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => testSubscriptions.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('open'), // open | paid | void
    billingReason: text('billing_reason').notNull(), // subscription_create | subscription_cycle
    amountCents: integer('amount_cents').notNull(),
    periodStart: integer('period_start', { mode: 'timestamp_ms' }).notNull(),
    periodEnd: integer('period_end', { mode: 'timestamp_ms' }).notNull(),
    paymentIntentId: text('payment_intent_id')
      .notNull()
      .references(() => testPaymentIntents.id),
    lastError: text('last_error'),
    paidAt: integer('paid_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('test_invoices_period_idx').on(t.subscriptionId, t.periodStart)],
);

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
