// Memberships on Stripe Billing (keys set): the real `stripe` SDK against a local stand-in of Stripe's API. A
// subscription is a Customer, two recurring Prices (the price and the 5% service fee) and a Subscription paying
// the coach through application_fee_percent and transfer_data.destination; cancel, pause and resume are the
// documented updates; invoice and subscription webhooks are verified and read into the provider's events.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import Stripe from 'stripe';
import { createStripeClient, createStripeProvider } from '../../../api/providers/payments/stripe';
import type { CreateSubscriptionInput, PaymentProvider } from '../../../api/providers/payments';
import type { TestServer } from '../../helpers/api';
import { createUser, type SignedIn, startWithCoach } from '../../helpers/fixtures';
import { sellPass } from '../passes/helpers';
import { type FakeStripeBilling, startFakeStripeBilling } from './fake-stripe-billing';

const keys = { secretKey: 'sk_test_fogline', publishableKey: 'pk_test_fogline', webhookSecret: 'whsec_fogline_billing' };

let fake: FakeStripeBilling;
let stripe: PaymentProvider;
beforeAll(() => {
  fake = startFakeStripeBilling();
  const client = createStripeClient(keys.secretKey, { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 0 });
  stripe = createStripeProvider(keys, client);
});
afterAll(() => fake.stop());

let keySeq = 0;
function membership(overrides: Partial<CreateSubscriptionInput> = {}): CreateSubscriptionInput {
  return {
    customer: { userId: 7, email: 'casey@example.com', name: 'Casey' },
    description: 'Sunrise Yoga: Monthly unlimited',
    priceCents: 10_000,
    serviceFeeCents: 500,
    interval: 'month',
    metadata: { purchaseId: '41', userId: '7', passId: '3' },
    idempotencyKey: `membership-${++keySeq}`,
    payout: { destination: 'acct_coach_1', amountCents: 8_500 },
    ...overrides,
  };
}

const sent = (path: string) => fake.requests.filter((r) => r.method === 'POST' && r.path === path);

describe('Stripe Billing provider', () => {
  test('a subscription is a customer, a recurring price and a service fee line, paying the coach 85% of the price', async () => {
    const before = fake.requests.length;
    const sub = await stripe.createSubscription(membership());
    const requests = fake.requests.slice(before);
    const customer = requests.find((r) => r.path === '/v1/customers')!;
    expect(customer.form).toMatchObject({ email: 'casey@example.com', name: 'Casey', 'metadata[userId]': '7' });
    const [price, fee] = requests.filter((r) => r.path === '/v1/prices');
    expect(price!.form).toMatchObject({
      currency: 'usd',
      unit_amount: '10000',
      'recurring[interval]': 'month',
      'product_data[name]': 'Sunrise Yoga: Monthly unlimited',
    });
    expect(fee!.form).toMatchObject({ unit_amount: '500', 'recurring[interval]': 'month', 'product_data[name]': 'Service fee (5%)' });
    const created = requests.find((r) => r.path === '/v1/subscriptions')!;
    expect(created.form).toMatchObject({
      payment_behavior: 'default_incomplete',
      'payment_settings[save_default_payment_method]': 'on_subscription',
      // 15% of $100 plus the $5 service fee is 19.05% of $105: the coach's transfer is $85.00.
      application_fee_percent: '19.05',
      'transfer_data[destination]': 'acct_coach_1',
      'metadata[purchaseId]': '41',
      'expand[0]': 'latest_invoice.confirmation_secret',
    });
    expect(created.idempotencyKey).toBe(`membership-${keySeq}`);
    expect(requests.filter((r) => r.idempotencyKey === null)).toEqual([]);

    expect(sub).toMatchObject({
      status: 'incomplete',
      interval: 'month',
      amountCents: 10_500,
      cancelAtPeriodEnd: false,
      billingResumesAt: null,
      transferDestination: 'acct_coach_1',
      applicationFeePercent: 19.05,
      metadata: { purchaseId: '41' },
    });
    expect(sub.currentPeriodEnd.getTime() - sub.currentPeriodStart.getTime()).toBe(30 * 24 * 3600 * 1000);
    expect(sub.latestInvoice).toMatchObject({ status: 'open', amountCents: 10_500, billingReason: 'subscription_create' });
    const payment = sub.latestInvoice!.payment!;
    expect(payment.clientSecret.startsWith(`${payment.intentId}_secret_`)).toBe(true);
  });

  test('without a connected account the platform is paid in full (no fee split, no transfer)', async () => {
    const before = sent('/v1/subscriptions').length;
    await stripe.createSubscription(membership({ payout: null, interval: 'week' }));
    const created = sent('/v1/subscriptions')[before]!;
    expect(created.form.application_fee_percent).toBeUndefined();
    expect(created.form['transfer_data[destination]']).toBeUndefined();
    expect(sent('/v1/prices').at(-1)!.form['recurring[interval]']).toBe('week');
  });

  test('a retried create with the same key makes nothing twice', async () => {
    const input = membership();
    const first = await stripe.createSubscription(input);
    const count = fake.subscriptions.size;
    const again = await stripe.createSubscription(input);
    expect(again.id).toBe(first.id);
    expect(fake.subscriptions.size).toBe(count);
  });

  test('an invoice is read for its subscription, the period it pays for and its payment state', async () => {
    const sub = await stripe.createSubscription(membership());
    fake.payInvoice(sub.latestInvoice!.id);
    const paid = await stripe.retrieveInvoice(sub.latestInvoice!.id);
    expect(paid).toMatchObject({
      subscriptionId: sub.id,
      status: 'paid',
      amountPaidCents: 10_500,
      payment: null,
      metadata: { purchaseId: '41' },
    });
    expect(paid!.periodStart).toEqual(sub.currentPeriodStart);
    expect(paid!.periodEnd).toEqual(sub.currentPeriodEnd);
    expect((await stripe.retrieveSubscription(sub.id))!.status).toBe('active');

    const renewal = fake.renew(sub.id, 'paid');
    const read = await stripe.retrieveInvoice(renewal.id);
    expect(read).toMatchObject({ billingReason: 'subscription_cycle', status: 'paid' });
    expect(read!.periodStart).toEqual(sub.currentPeriodEnd);
    expect(await stripe.retrieveInvoice('in_missing')).toBeNull();
    expect(await stripe.retrieveSubscription('sub_missing')).toBeNull();
  });

  test('a past-due subscription offers its open invoice to pay with a new card; a paid one offers nothing', async () => {
    const sub = await stripe.createSubscription(membership());
    fake.payInvoice(sub.latestInvoice!.id);
    expect(await stripe.openInvoicePayment(sub.id)).toBeNull();
    const failed = fake.renew(sub.id, 'failed');
    const open = await stripe.openInvoicePayment(sub.id);
    expect(open).toMatchObject({ id: failed.id, status: 'open' });
    expect(open!.payment!.clientSecret).toBe(failed.confirmation_secret!.client_secret);
    expect((await stripe.retrieveSubscription(sub.id))!.status).toBe('past_due');

    // Cancelling it voids the unpaid invoice, so Stripe's retries charge nothing after the customer left.
    const cancelled = await stripe.cancelSubscriptionAtPeriodEnd(sub.id);
    expect(fake.requests.at(-2)).toMatchObject({
      method: 'POST',
      path: `/v1/invoices/${failed.id}/void`,
      idempotencyKey: `void-${failed.id}`,
    });
    expect(cancelled).toMatchObject({ cancelAtPeriodEnd: true, latestInvoice: { id: failed.id, status: 'void', payment: null } });
  });

  test('cancel at period end, pause (a trial that shifts the cycle) and resume are the documented updates', async () => {
    const sub = await stripe.createSubscription(membership());
    fake.payInvoice(sub.latestInvoice!.id);
    const cancelled = await stripe.cancelSubscriptionAtPeriodEnd(sub.id);
    expect(cancelled.cancelAtPeriodEnd).toBe(true);
    expect(sent(`/v1/subscriptions/${sub.id}`).at(-1)!.form).toMatchObject({ cancel_at_period_end: 'true' });

    const resumesAt = new Date(sub.currentPeriodEnd.getTime() + 14 * 24 * 3600 * 1000);
    const paused = await stripe.pauseSubscription(sub.id, resumesAt);
    expect(sent(`/v1/subscriptions/${sub.id}`).at(-1)!.form).toMatchObject({
      trial_end: String(resumesAt.getTime() / 1000),
      proration_behavior: 'none',
    });
    expect(paused).toMatchObject({ status: 'trialing', billingResumesAt: resumesAt });

    const resumed = await stripe.resumeSubscription(sub.id);
    expect(sent(`/v1/subscriptions/${sub.id}`).at(-1)!.form).toMatchObject({ trial_end: 'now', proration_behavior: 'none' });
    expect(resumed).toMatchObject({ status: 'active', billingResumesAt: null });
  });

  test('invoice.paid, invoice.payment_failed and customer.subscription.deleted webhooks are read by id once verified', async () => {
    const event = (type: string, id: string) => JSON.stringify({ id: 'evt_1', object: 'event', type, data: { object: { id } } });
    const sign = (payload: string, secret = keys.webhookSecret) => Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret });
    const paid = event('invoice.paid', 'in_1');
    expect(await stripe.parseWebhook(paid, await sign(paid))).toEqual({ type: 'invoice.paid', invoiceId: 'in_1' });
    const failed = event('invoice.payment_failed', 'in_2');
    expect(await stripe.parseWebhook(failed, await sign(failed))).toEqual({ type: 'invoice.payment_failed', invoiceId: 'in_2' });
    const deleted = event('customer.subscription.deleted', 'sub_3');
    expect(await stripe.parseWebhook(deleted, await sign(deleted))).toEqual({
      type: 'customer.subscription.deleted',
      subscriptionId: 'sub_3',
    });
    await expect(stripe.parseWebhook(paid, await sign(paid, 'whsec_someone_else'))).rejects.toThrow('Invalid webhook signature.');
  });
});

describe('a membership on Stripe, through the API', () => {
  let server: TestServer;
  let coach: SignedIn;
  beforeAll(async () => {
    ({ server, coach } = await startWithCoach({ payments: stripe }));
  });
  afterAll(() => server.stop());

  async function webhook(type: string, id: string) {
    const payload = JSON.stringify({ id: `evt_${id}`, object: 'event', type, data: { object: { id } } });
    const signature = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: keys.webhookSecret });
    return server.client().request('POST', '/api/payment/webhook', undefined, {
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      raw: payload,
    });
  }

  test('the purchase answers the first invoice to pay; invoice.paid starts it, a failed renewal makes it past due, a new card reactivates it', async () => {
    const pass = await sellPass(coach, {
      kind: 'membership',
      name: 'Stripe monthly',
      price: 100,
      credits: 8,
      validityDays: null,
      billingPeriod: 'month',
    });
    const customer = await createUser(server);
    const started = await customer.client.post(`/api/passes/${pass.id}/purchase`, { amount: 105 });
    expect(started.status).toBe(200);
    const sub = fake.subscriptions.get(started.body.subscriptionId)!;
    const first = fake.invoices.get(sub.latest_invoice)!;
    expect(started.body).toMatchObject({ status: 'pending', amount: 105, clientSecret: first.confirmation_secret!.client_secret });
    expect(sub.metadata).toMatchObject({ membershipPurchaseId: String(started.body.purchaseId), userId: String(customer.id) });

    // Before Stripe says the invoice is paid, nothing starts (a forged event names an open invoice).
    expect((await webhook('invoice.paid', first.id)).status).toBe(200);
    const wallet = async () =>
      (await customer.client.get('/api/wallet?status=all')).body.passes.find(
        (p: { purchaseId: number }) => p.purchaseId === started.body.purchaseId,
      );
    expect(await wallet()).toBeUndefined(); // the wallet lists what was paid for

    fake.payInvoice(first.id);
    // Stripe also sends payment_intent.succeeded for the invoice's intent: it is not a booking's, nothing is refunded.
    expect((await webhook('payment_intent.succeeded', first.payment_intent)).status).toBe(200);
    expect(fake.requests.filter((r) => r.path === '/v1/refunds')).toEqual([]);
    expect((await webhook('invoice.paid', first.id)).status).toBe(200);
    expect(await wallet()).toMatchObject({ status: 'active', creditsLeft: 8 });

    const failed = fake.renew(sub.id, 'failed');
    expect((await webhook('invoice.payment_failed', failed.id)).status).toBe(200);
    expect((await wallet()).status).toBe('past_due');
    const open = await customer.client.post(`/api/wallet/${started.body.purchaseId}/update-card`);
    expect(open.body).toMatchObject({ invoiceId: failed.id, clientSecret: failed.confirmation_secret!.client_secret, amount: 105 });

    fake.payInvoice(failed.id);
    expect((await webhook('invoice.paid', failed.id)).status).toBe(200);
    expect(await wallet()).toMatchObject({ status: 'active', creditsLeft: 8 });

    const cancelled = await customer.client.post(`/api/wallet/${started.body.purchaseId}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(sub.cancel_at_period_end).toBe(true);
  });

  test('a checkout given up for a newer one but paid anyway in another tab is refunded in full and its subscription ended', async () => {
    const pass = await sellPass(coach, {
      kind: 'membership',
      name: 'Repriced monthly',
      price: 40,
      credits: 4,
      validityDays: null,
      billingPeriod: 'month',
    });
    const customer = await createUser(server);
    const first = await customer.client.post(`/api/passes/${pass.id}/purchase`, { amount: 42 });
    expect(first.status).toBe(200);
    expect((await coach.client.request('PATCH', `/api/passes/${pass.id}`, { price: 45 })).status).toBe(200);
    const second = await customer.client.post(`/api/passes/${pass.id}/purchase`, { amount: 47.25 });
    expect(second.status).toBe(200);
    expect(second.body.purchaseId).not.toBe(first.body.purchaseId);

    // The first tab pays its (given-up) first invoice anyway.
    const sub = fake.subscriptions.get(first.body.subscriptionId)!;
    const invoice = fake.invoices.get(sub.latest_invoice)!;
    fake.payInvoice(invoice.id);
    for (let i = 0; i < 2; i++) expect((await webhook('invoice.paid', invoice.id)).status).toBe(200);
    const refunds = fake.requests.filter((r) => r.path === '/v1/refunds');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.form).toMatchObject({ payment_intent: invoice.payment_intent, amount: '4200' });
    expect(sub.status).toBe('canceled');
    const confirm = await customer.client.post(`/api/wallet/${first.body.purchaseId}/confirm`);
    expect(confirm.status).toBe(409);
    expect(confirm.body.message).toBe('This checkout was replaced by a newer one, so this payment has been refunded in full.');
    const wallet = (await customer.client.get('/api/wallet?status=all')).body.passes as { purchaseId: number }[];
    expect(wallet.map((p) => p.purchaseId)).not.toContain(first.body.purchaseId);
  });
});
