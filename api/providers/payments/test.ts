// The built-in test payment provider (no keys set): intents live in test_payment_intents, cards are Stripe's
// public test numbers, webhooks are signed exactly like Stripe's, payout accounts complete on a local page, and
// memberships are subscriptions renewed as the app's clock passes their periods (test-subscriptions.ts).
import { and, eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Db } from '../../../db/client';
import { payoutAccounts, testPaymentIntents, testSubscriptions } from '../../../db/schema';
import type { Clock } from '../../lib/clock';
import { readEvent } from './stripe';
import { createTestSubscriptions, settleInvoiceIntent, type TestSubscriptionControls } from './test-subscriptions';
import {
  type CreateIntentInput,
  InvalidWebhookSignature,
  type OffSessionCharge,
  PaymentDeclined,
  type PaymentProvider,
  type ProviderIntent,
  type ProviderRefund,
} from './types';

/** Public on purpose: the webhook handler never trusts an event's body, it asks the provider for the intent. */
export const TEST_WEBHOOK_SECRET = 'whsec_fogline_test_provider';

/** Stripe's public test cards and what they do (customer-areas runtime contract), and one for memberships:
 * 4000 0000 0000 0341 (Stripe's card whose later charges fail) pays the checkout, any payment made by hand and the
 * first renewal, then declines every renewal after that, so one membership shows a paid renewal, then a failed one. */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  failsOnRenewal: '4000000000000341',
} as const;

export interface TestCard {
  number: string;
  expiry: string; // MM/YY
  cvc: string;
}

export interface TestPaymentProvider extends PaymentProvider, TestSubscriptionControls {
  readonly kind: 'test';
  /** The checkout's card form: succeeds with 4242..., declines with 4000...0002 and 4000...9995. */
  payIntent(id: string, clientSecret: string, card: TestCard): Promise<ProviderIntent>;
  /** The local onboarding page's "Complete setup": the account can receive payments from now on. */
  completeOnboarding(accountId: string): Promise<void>;
  /** A Stripe-Signature header for a payload, as Stripe would send it (tests and outside clients). */
  signWebhook(payload: string): Promise<string>;
}

type Row = typeof testPaymentIntents.$inferSelect;

function toIntent(row: Row): ProviderIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    amountCents: row.amountCents,
    currency: row.currency,
    status: row.status as ProviderIntent['status'],
    metadata: row.metadata ?? {},
    lastError: row.lastError,
    transferDestination: row.transferDestination,
    transferAmountCents: row.transferAmountCents,
  };
}

function randomToken(bytes = 12): string {
  const data = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(data, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** What the card does: null for success, otherwise the message a customer sees (Stripe's wording). */
export function testCardOutcome(number: string): string | null {
  const digits = number.replace(/[\s-]/g, '');
  if (digits === TEST_CARDS.success || digits === TEST_CARDS.failsOnRenewal) return null;
  if (digits === TEST_CARDS.declined) return 'Your card was declined.';
  if (digits === TEST_CARDS.insufficientFunds) return 'Your card has insufficient funds.';
  return 'Your card was declined. This test checkout accepts Stripe test cards such as 4242 4242 4242 4242.';
}

/** A renewal charged to the saved card, after `paidRenewals` paid ones: 4000 0000 0000 0341 declines from the
 * second renewal on (and only on renewals). */
export function testRenewalOutcome(cardNumber: string | null, paidRenewals: number): string | null {
  if (!cardNumber) return 'There is no card on file for this subscription.';
  if (cardNumber === TEST_CARDS.failsOnRenewal && paidRenewals >= 1) return 'Your card was declined.';
  return testCardOutcome(cardNumber);
}

/** A charge without the customer (a membership fee) on the subscription's saved card: 4000 0000 0000 0341 (Stripe's
 * card whose later charges fail) declines it, so tests and the demo can show an unpaid fee. */
export function testOffSessionOutcome(cardNumber: string | null): { message: string; code: string } | null {
  if (!cardNumber) return { message: 'There is no card on file for this membership.', code: 'payment_method_missing' };
  if (cardNumber === TEST_CARDS.failsOnRenewal) return { message: 'Your card was declined.', code: 'card_declined' };
  const outcome = testCardOutcome(cardNumber);
  return outcome ? { message: outcome, code: 'card_declined' } : null;
}

/** MM/YY must be this month or later. */
export function expiryInPast(expiry: string, now: Date): boolean {
  const [mm, yy] = expiry.split('/').map((part) => Number(part.trim()));
  if (!mm || yy === undefined || Number.isNaN(yy)) return true;
  const year = 2000 + yy;
  return year < now.getUTCFullYear() || (year === now.getUTCFullYear() && mm < now.getUTCMonth() + 1);
}

export function createTestPaymentProvider(db: Db, clock: Clock): TestPaymentProvider {
  const refunds = new Map<string, Promise<ProviderRefund>>();
  const find = (id: string) => db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id)).get();

  return {
    kind: 'test',
    publishableKey: null,
    ...createTestSubscriptions(db, clock, testRenewalOutcome),

    async createIntent(input: CreateIntentInput) {
      const id = `pi_test_${randomToken()}`;
      const row = await db.write(async (tx) => {
        // Same idempotency as Stripe: a retried request returns the intent it created first.
        const existing = await tx
          .select()
          .from(testPaymentIntents)
          .where(sql`json_extract(${testPaymentIntents.metadata}, '$.idempotencyKey') = ${input.idempotencyKey}`)
          .get();
        if (existing) return existing;
        const [created] = await tx
          .insert(testPaymentIntents)
          .values({
            id,
            clientSecret: `${id}_secret_${randomToken(16)}`,
            amountCents: input.amountCents,
            metadata: { ...input.metadata, idempotencyKey: input.idempotencyKey },
            transferDestination: input.payout?.destination ?? null,
            transferAmountCents: input.payout?.amountCents ?? null,
          })
          .returning();
        return created!;
      });
      return toIntent(row);
    },

    async retrieveIntent(id) {
      const row = await find(id);
      return row ? toIntent(row) : null;
    },

    async cancelIntent(id) {
      await db.write((tx) =>
        tx
          .update(testPaymentIntents)
          .set({ status: 'canceled' })
          .where(sql`${testPaymentIntents.id} = ${id} and ${testPaymentIntents.status} <> 'succeeded'`),
      );
    },

    async payIntent(id, clientSecret, card) {
      const outcome = testCardOutcome(card.number);
      const row = await db.write(async (tx) => {
        const current = await tx.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id)).get();
        if (!current || current.clientSecret !== clientSecret)
          throw new PaymentDeclined('This payment could not be found. Please reload the page.');
        if (current.status === 'succeeded') return current; // paying twice charges once
        if (current.status === 'canceled') throw new PaymentDeclined('This payment was canceled. Please reload the page and try again.');
        if (expiryInPast(card.expiry, clock.now())) {
          throw new PaymentDeclined("Your card's expiration date is in the past.");
        }
        const [updated] = await tx
          .update(testPaymentIntents)
          .set(outcome ? { lastError: outcome } : { status: 'succeeded', lastError: null })
          .where(eq(testPaymentIntents.id, id))
          .returning();
        // An invoice's intent pays the invoice in the same write (a membership's first period, or a new card).
        if (!outcome) await settleInvoiceIntent(tx, updated!, card.number, clock.now());
        return updated!;
      });
      if (row.lastError && row.status !== 'succeeded') throw new PaymentDeclined(row.lastError);
      return toIntent(row);
    },

    // A succeeded (or declined) intent made and confirmed at once, like Stripe's off_session + confirm: true; the
    // idempotency key returns the first attempt's intent, so a retry never charges twice.
    async chargeOffSession(input): Promise<OffSessionCharge> {
      const row = await db.write(async (tx) => {
        const existing = await tx
          .select()
          .from(testPaymentIntents)
          .where(sql`json_extract(${testPaymentIntents.metadata}, '$.idempotencyKey') = ${input.idempotencyKey}`)
          .get();
        if (existing) return existing;
        const sub = await tx.select().from(testSubscriptions).where(eq(testSubscriptions.id, input.subscriptionId)).get();
        const failure = sub
          ? testOffSessionOutcome(sub.cardNumber)
          : { message: 'This membership has no subscription to charge.', code: 'resource_missing' };
        const id = `pi_test_${randomToken()}`;
        const [created] = await tx
          .insert(testPaymentIntents)
          .values({
            id,
            clientSecret: `${id}_secret_${randomToken(16)}`,
            amountCents: input.amountCents,
            status: failure ? 'requires_payment_method' : 'succeeded',
            lastError: failure?.message ?? null,
            metadata: { ...input.metadata, idempotencyKey: input.idempotencyKey, ...(failure ? { failureCode: failure.code } : {}) },
            transferDestination: input.payout?.destination ?? null,
            transferAmountCents: input.payout?.amountCents ?? null,
          })
          .returning();
        return created!;
      });
      const succeeded = row.status === 'succeeded';
      return {
        id: row.id,
        status: succeeded ? 'succeeded' : 'failed',
        amountCents: row.amountCents,
        failureMessage: succeeded ? null : (row.lastError ?? 'The charge failed.'),
        failureCode: succeeded ? null : ((row.metadata ?? {}).failureCode ?? 'card_declined'),
      };
    },

    async refund(intentId, amountCents, idempotencyKey) {
      // The promise is remembered at once, so concurrent calls with one key share a single refund.
      const seen = refunds.get(idempotencyKey);
      if (seen) return seen;
      const refund = db.write(async (tx) => {
        const row = await tx.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, intentId)).get();
        if (!row || row.status !== 'succeeded') throw new Error(`test provider: ${intentId} has no payment to refund`);
        if (row.refundedCents + amountCents > row.amountCents)
          throw new Error(`test provider: refund above the amount paid on ${intentId}`);
        await tx
          .update(testPaymentIntents)
          .set({ refundedCents: row.refundedCents + amountCents })
          .where(eq(testPaymentIntents.id, intentId));
        return { id: `re_test_${randomToken()}`, amountCents };
      });
      refunds.set(idempotencyKey, refund);
      refund.catch(() => refunds.delete(idempotencyKey));
      return refund;
    },

    async parseWebhook(payload, signature) {
      if (!signature) throw new InvalidWebhookSignature('The Stripe-Signature header is missing.');
      try {
        const event = await Stripe.webhooks.constructEventAsync(payload, signature, TEST_WEBHOOK_SECRET);
        return readEvent(event as unknown as { type: string; data: { object: unknown } });
      } catch {
        throw new InvalidWebhookSignature();
      }
    },

    signWebhook(payload) {
      return Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: TEST_WEBHOOK_SECRET });
    },

    async createPayoutAccount() {
      return `acct_test_${randomToken(8)}`;
    },

    // Relative, so it opens on whichever origin the coach is using (PUBLIC_URL may name another one).
    async createOnboardingLink(accountId) {
      return `/payouts/test-onboarding?account=${encodeURIComponent(accountId)}`;
    },

    async retrievePayoutAccount(accountId) {
      const row = await db.select().from(payoutAccounts).where(eq(payoutAccounts.accountId, accountId)).get();
      return { onboarded: row?.onboarded ?? false, canReceivePayments: row?.canReceivePayments ?? false };
    },

    // No money moves here and nothing is ever paid out: the balance is what the transfers of succeeded intents
    // would have left on the account, less the part their refunds reversed (as Stripe's reverse_transfer does).
    async retrievePayoutBalance(accountId) {
      const [row] = await db
        .select({
          cents: sql<number>`coalesce(sum(${testPaymentIntents.transferAmountCents} - (${testPaymentIntents.transferAmountCents} * ${testPaymentIntents.refundedCents}) / ${testPaymentIntents.amountCents}), 0)`,
        })
        .from(testPaymentIntents)
        .where(and(eq(testPaymentIntents.transferDestination, accountId), eq(testPaymentIntents.status, 'succeeded')));
      return { availableCents: Number(row?.cents ?? 0), pendingCents: 0, payouts: [] };
    },

    async completeOnboarding(accountId) {
      await db.write((tx) =>
        tx.update(payoutAccounts).set({ onboarded: true, canReceivePayments: true }).where(eq(payoutAccounts.accountId, accountId)),
      );
    },
  };
}
