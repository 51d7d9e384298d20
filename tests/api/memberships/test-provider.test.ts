// The built-in test provider's subscriptions (no Stripe keys): the same shapes as Stripe Billing, the first
// invoice paid through the checkout's card form, renewals charged as the app's clock passes each period's end,
// 4000 0000 0000 0341 paying the checkout and declining renewals, each period invoiced once even when two
// renewal runs race.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { type TestPaymentProvider, TEST_CARDS } from '../../../api/providers/payments/test';
import { isTestProvider } from '../../../api/providers/payments';
import type { CreateSubscriptionInput } from '../../../api/providers/payments';
import { testInvoices } from '../../../db/schema';
import { startTestServer, type TestServer } from '../../helpers/api';

const DAY = 24 * 60 * 60 * 1000;

let server: TestServer;
let provider: TestPaymentProvider;
beforeAll(async () => {
  server = await startTestServer();
  if (!isTestProvider(server.ctx.payments)) throw new Error('expected the test provider');
  provider = server.ctx.payments;
});
afterAll(() => server.stop());

let keySeq = 0;
function membership(overrides: Partial<CreateSubscriptionInput> = {}): CreateSubscriptionInput {
  return {
    customer: { userId: 7, email: 'casey@example.com', name: 'Casey' },
    description: 'Sunrise Yoga: Monthly unlimited',
    priceCents: 10_000,
    serviceFeeCents: 500,
    interval: 'month',
    metadata: { purchaseId: String(++keySeq) },
    idempotencyKey: `membership-${keySeq}`,
    payout: { destination: 'acct_test_coach', amountCents: 8_500 },
    ...overrides,
  };
}

/** Subscribes and pays the first invoice as the checkout's card form does. */
async function subscribe(card: string = TEST_CARDS.success, overrides: Partial<CreateSubscriptionInput> = {}) {
  const sub = await provider.createSubscription(membership(overrides));
  const payment = sub.latestInvoice!.payment!;
  await provider.payIntent(payment.intentId, payment.clientSecret, { number: card, expiry: '12/40', cvc: '123' });
  return (await provider.retrieveSubscription(sub.id))!;
}

describe('test provider subscriptions', () => {
  test('a new subscription is incomplete until its first invoice is paid with the card form', async () => {
    const sub = await provider.createSubscription(membership());
    expect(sub).toMatchObject({ status: 'incomplete', amountCents: 10_500, interval: 'month', applicationFeePercent: 19.05 });
    expect(sub.latestInvoice).toMatchObject({ status: 'open', billingReason: 'subscription_create', amountCents: 10_500 });
    const intent = await provider.retrieveIntent(sub.latestInvoice!.payment!.intentId);
    expect(intent).toMatchObject({ amountCents: 10_500, transferDestination: 'acct_test_coach', transferAmountCents: 8_500 });

    const payment = sub.latestInvoice!.payment!;
    const card = { number: TEST_CARDS.declined, expiry: '12/40', cvc: '123' };
    await expect(provider.payIntent(payment.intentId, payment.clientSecret, card)).rejects.toThrow('Your card was declined.');
    expect((await provider.retrieveSubscription(sub.id))!.status).toBe('incomplete');

    await provider.payIntent(payment.intentId, payment.clientSecret, { ...card, number: TEST_CARDS.success });
    const paid = (await provider.retrieveSubscription(sub.id))!;
    expect(paid.status).toBe('active');
    expect(paid.latestInvoice).toMatchObject({ status: 'paid', amountPaidCents: 10_500, payment: null });
  });

  test('renewals are charged as the clock passes each period end, on the cycle of the first day', async () => {
    const sub = await subscribe();
    expect(await provider.renewDueSubscriptions()).toEqual([]);
    server.clock.set(sub.currentPeriodEnd);
    const events = await provider.renewDueSubscriptions();
    const own = events.filter((e) => e.type === 'invoice.paid');
    expect(own.length).toBeGreaterThanOrEqual(1);
    const renewed = (await provider.retrieveSubscription(sub.id))!;
    expect(renewed.status).toBe('active');
    expect(renewed.currentPeriodStart).toEqual(sub.currentPeriodEnd);
    expect(renewed.latestInvoice).toMatchObject({ billingReason: 'subscription_cycle', status: 'paid', amountCents: 10_500 });
    const invoice = await provider.retrieveInvoice(renewed.latestInvoice!.id);
    expect(invoice!.metadata.purchaseId).toBe(sub.metadata.purchaseId);
    expect(events).toContainEqual({ type: 'invoice.paid', invoiceId: renewed.latestInvoice!.id });
  });

  test('4000 0000 0000 0341 pays the checkout and the first renewal, then the next renewal fails: past due, and a new card pays the open invoice', async () => {
    const sub = await subscribe(TEST_CARDS.failsOnRenewal);
    expect(sub.status).toBe('active');
    server.clock.set(sub.currentPeriodEnd);
    await provider.renewDueSubscriptions();
    const renewed = (await provider.retrieveSubscription(sub.id))!;
    expect(renewed).toMatchObject({ status: 'active', latestInvoice: { billingReason: 'subscription_cycle', status: 'paid' } });
    server.clock.set(renewed.currentPeriodEnd);
    const events = await provider.renewDueSubscriptions();
    const owed = (await provider.retrieveSubscription(sub.id))!;
    expect(owed.status).toBe('past_due');
    expect(events).toContainEqual({ type: 'invoice.payment_failed', invoiceId: owed.latestInvoice!.id });
    expect(owed.latestInvoice).toMatchObject({ status: 'open', lastError: 'Your card was declined.' });

    // Past due: no further renewal is charged until the card is updated.
    server.clock.advance(40 * DAY);
    await provider.renewDueSubscriptions();
    expect((await provider.retrieveSubscription(sub.id))!.latestInvoice!.id).toBe(owed.latestInvoice!.id);

    const open = (await provider.openInvoicePayment(sub.id))!;
    expect(open.id).toBe(owed.latestInvoice!.id);
    await provider.payIntent(open.payment!.intentId, open.payment!.clientSecret, {
      number: TEST_CARDS.success,
      expiry: '12/40',
      cvc: '123',
    });
    expect((await provider.retrieveSubscription(sub.id))!.status).toBe('active');
    expect(await provider.openInvoicePayment(sub.id)).toBeNull();
  });

  test('cancelled at period end: no renewal, and the subscription ends when the period does', async () => {
    const sub = await subscribe();
    const cancelled = await provider.cancelSubscriptionAtPeriodEnd(sub.id);
    expect(cancelled).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    server.clock.set(sub.currentPeriodEnd);
    const events = await provider.renewDueSubscriptions();
    expect(events).toContainEqual({ type: 'customer.subscription.deleted', subscriptionId: sub.id });
    const ended = (await provider.retrieveSubscription(sub.id))!;
    expect(ended.status).toBe('canceled');
    expect(ended.latestInvoice!.billingReason).toBe('subscription_create');
  });

  test('a pause charges nothing until it ends, then starts a new cycle there', async () => {
    const sub = await subscribe(TEST_CARDS.success, { interval: 'week' });
    const resumesAt = new Date(sub.currentPeriodEnd.getTime() + 14 * DAY);
    const paused = await provider.pauseSubscription(sub.id, resumesAt);
    expect(paused).toMatchObject({ status: 'trialing', billingResumesAt: resumesAt });
    server.clock.set(new Date(sub.currentPeriodEnd.getTime() + DAY));
    await provider.renewDueSubscriptions();
    expect((await provider.retrieveSubscription(sub.id))!.latestInvoice!.billingReason).toBe('subscription_create');
    server.clock.set(resumesAt);
    await provider.renewDueSubscriptions();
    const resumed = (await provider.retrieveSubscription(sub.id))!;
    expect(resumed).toMatchObject({ status: 'active', billingResumesAt: null });
    expect(resumed.currentPeriodStart).toEqual(resumesAt);
    expect(resumed.currentPeriodEnd).toEqual(new Date(resumesAt.getTime() + 7 * DAY));
  });

  test('two renewal runs at the same moment invoice and charge each period once', async () => {
    const sub = await subscribe();
    server.clock.set(sub.currentPeriodEnd);
    await Promise.all([provider.renewDueSubscriptions(), provider.renewDueSubscriptions(), provider.renewDueSubscriptions()]);
    const rows = await server.ctx.db.select().from(testInvoices).where(eq(testInvoices.subscriptionId, sub.id));
    expect(rows.map((r) => r.billingReason).sort()).toEqual(['subscription_create', 'subscription_cycle']);
  });

  test('cancelled now: nothing more is invoiced and an open invoice is voided', async () => {
    const sub = await provider.createSubscription(membership());
    const ended = await provider.cancelSubscriptionNow(sub.id);
    expect(ended).toMatchObject({ status: 'canceled', latestInvoice: { status: 'void', payment: null } });
    server.clock.set(new Date(sub.currentPeriodEnd.getTime() + DAY));
    await provider.renewDueSubscriptions();
    expect((await provider.retrieveSubscription(sub.id))!.latestInvoice!.billingReason).toBe('subscription_create');
  });
});
