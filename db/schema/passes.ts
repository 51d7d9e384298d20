// Passes a coach sells (class packs, memberships, intro offers), each customer's purchase of one, and the
// append-only credit ledger every balance is computed from (api/spots/pass-credits.ts, api/passes).
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { userRef } from './accounts';
import { bookings } from './bookings';
import type { AgeGroup } from './catalog';
import { createdAt, updatedAt } from './columns';
import { promoCodes } from './promo';

export const PASS_KINDS = ['pack', 'membership', 'intro'] as const;
export type PassKind = (typeof PASS_KINDS)[number];

export const BILLING_PERIODS = ['month', 'week'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

/** What a pass (and each purchase of it) covers: every class of its coach, or only these categories and/or age
 * groups (empty list: any). Copied onto each purchase, so a later edit never changes what a holder bought. */
const coverageColumns = () => ({
  coversAllClasses: integer('covers_all_classes', { mode: 'boolean' }).notNull().default(true),
  categoryIds: text('category_ids', { mode: 'json' }).$type<number[]>().notNull().default(sql`'[]'`),
  ageGroups: text('age_groups', { mode: 'json' }).$type<AgeGroup[]>().notNull().default(sql`'[]'`),
});

// A pass product on a coach's Pricing screen. Archived passes are not sold any more; their holders keep them.
export const passes = sqliteTable(
  'passes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    coachId: userRef('coach_id'),
    kind: text('kind', { enum: PASS_KINDS }).notNull(),
    name: text('name').notNull(),
    description: text('description'),
    /** Pack and intro: the one-off price; membership: the price per billing period. Before the 5% service fee. */
    priceCents: integer('price_cents').notNull(),
    /** Pack and intro: the credits bought; membership: credits per period, null for unlimited classes. */
    credits: integer('credits'),
    /** Pack and intro: the credits are valid this many days from the purchase; null for memberships. */
    validityDays: integer('validity_days'),
    ...coverageColumns(),
    /** Memberships: billed every month or week, renewing until cancelled. */
    billingPeriod: text('billing_period', { enum: BILLING_PERIODS }),
    /** Memberships: the customer may pause for up to this many weeks a year (0 or null: no pausing). */
    maxPauseWeeks: integer('max_pause_weeks'),
    archivedAt: integer('archived_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('passes_coach_idx').on(t.coachId, t.archivedAt)],
);

/** A purchase's lifecycle (api/passes/purchase-states.ts is its one writer):
 * pending (payment not confirmed yet) -> active -> ended (a pack's credits expired or ran out is still active
 * until its expiry; ended when a membership's last period is over) | refunded (an admin refunded the unused
 * credits) | cancelled (never paid); memberships also past_due (a renewal failed) and paused. */
export const PURCHASE_STATUSES = ['pending', 'active', 'past_due', 'paused', 'cancelled', 'ended', 'refunded'] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

// One customer's purchase of a pass, with everything that was bought copied from the pass at that moment.
export const passPurchases = sqliteTable(
  'pass_purchases',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    passId: integer('pass_id')
      .notNull()
      .references(() => passes.id, { onDelete: 'restrict' }),
    userId: userRef('user_id'),
    coachId: userRef('coach_id'),
    kind: text('kind', { enum: PASS_KINDS }).notNull(),
    name: text('name').notNull(),
    status: text('status', { enum: PURCHASE_STATUSES }).notNull().default('pending'),
    /** Copied from the pass: price (per period for memberships), credits (per period; null unlimited), validity. */
    priceCents: integer('price_cents').notNull(),
    credits: integer('credits'),
    validityDays: integer('validity_days'),
    ...coverageColumns(),
    billingPeriod: text('billing_period', { enum: BILLING_PERIODS }),
    maxPauseWeeks: integer('max_pause_weeks'),
    /** What the customer paid (first period for memberships): price + the 5% service fee. */
    serviceFeeCents: integer('service_fee_cents').notNull().default(0),
    amountCents: integer('amount_cents').notNull().default(0),
    /** A promo code (issue 20; packs and intro offers): what it took off the price, who funds it, and the coach's
     * payout the quote computed (common/quote.ts). payout_cents null: 85% of the price. */
    promoCodeId: integer('promo_code_id').references(() => promoCodes.id, { onDelete: 'set null' }),
    discountCents: integer('discount_cents').notNull().default(0),
    discountFundedBy: text('discount_funded_by', { enum: ['coach', 'platform'] }),
    payoutCents: integer('payout_cents'),
    /** Coach credit (issue 20) spent on a pack or an intro offer: part of amount_cents, the card pays the rest. Set
     * aside by the write that opens the checkout, spent (a coach_credits row) by the write that activates it. */
    creditAppliedCents: integer('credit_applied_cents').notNull().default(0),
    /** Of the coach credit spent, what came back as credit (an admin's pro rata refund splits as it was paid). */
    creditReturnedCents: integer('credit_returned_cents').notNull().default(0),
    /** The total refunded through the provider (an admin's pro rata refund of unused credits): the card part. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    paymentIntentId: text('payment_intent_id').unique(),
    /** Memberships: the provider's subscription and customer. */
    subscriptionId: text('subscription_id').unique(),
    providerCustomerId: text('provider_customer_id'),
    activatedAt: integer('activated_at', { mode: 'timestamp_ms' }),
    /** Packs and intro offers: when the credits expire (activation + validity days). */
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }),
    /** Memberships: the paid period, and whether it ends the membership (the customer cancelled). */
    currentPeriodStart: integer('current_period_start', { mode: 'timestamp_ms' }),
    currentPeriodEnd: integer('current_period_end', { mode: 'timestamp_ms' }),
    cancelAtPeriodEnd: integer('cancel_at_period_end', { mode: 'boolean' }).notNull().default(false),
    /** Memberships: a pause running from pausedAt until pauseEndsAt; pauseDaysUsed counts this year's. */
    pausedAt: integer('paused_at', { mode: 'timestamp_ms' }),
    pauseEndsAt: integer('pause_ends_at', { mode: 'timestamp_ms' }),
    pauseDaysUsed: integer('pause_days_used').notNull().default(0),
    pauseYear: integer('pause_year'),
    cancelledAt: integer('cancelled_at', { mode: 'timestamp_ms' }),
    endedAt: integer('ended_at', { mode: 'timestamp_ms' }),
    /** When the "credits expire in 7 days" email went out (sent once). */
    expiryNoticeSentAt: integer('expiry_notice_sent_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('pass_purchases_user_idx').on(t.userId, t.status),
    index('pass_purchases_pass_idx').on(t.passId, t.status),
    index('pass_purchases_coach_idx').on(t.coachId, t.userId),
    index('pass_purchases_promo_code_idx').on(t.promoCodeId),
    // An intro offer is bought once per coach and customer (a checkout never paid is cancelled and frees it).
    uniqueIndex('pass_purchases_one_intro_idx').on(t.coachId, t.userId).where(sql`kind = 'intro' and status <> 'cancelled'`),
  ],
);

export const LEDGER_KINDS = ['purchase', 'booking', 'return', 'expiry', 'refund', 'renewal'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

// Every change of a purchase's credits, appended and never updated: +credits for a purchase or renewal, -n for a
// booking, +n for a return, -left for an expiry or refund. Each row carries the expiry of the credits it moves, so
// the balance at any instant is the sum of the rows whose credits have not expired (api/spots/pass-credits.ts).
export const passLedger = sqliteTable(
  'pass_ledger',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    purchaseId: integer('purchase_id')
      .notNull()
      .references(() => passPurchases.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    delta: integer('delta').notNull(),
    /** The credits moved expire then (null: never, e.g. an unlimited membership's rows). */
    creditsExpireAt: integer('credits_expire_at', { mode: 'timestamp_ms' }),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    /** The payment it came from: an intent, an invoice or a refund id at the provider. */
    paymentRef: text('payment_ref'),
    createdAt: createdAt(),
  },
  (t) => [
    index('pass_ledger_purchase_idx').on(t.purchaseId, t.creditsExpireAt),
    index('pass_ledger_booking_idx').on(t.bookingId),
    // A booking takes credits once per expiry bucket and returns them once: replays cannot double either.
    uniqueIndex('pass_ledger_once_idx').on(t.purchaseId, t.kind, t.bookingId, t.creditsExpireAt).where(sql`booking_id is not null`),
    // A payment (purchase intent, renewal invoice, refund) is written once however often its event is replayed.
    uniqueIndex('pass_ledger_payment_once_idx').on(t.purchaseId, t.kind, t.paymentRef).where(sql`payment_ref is not null`),
  ],
);
