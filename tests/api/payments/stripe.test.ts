// The Stripe code path (keys set): the real `stripe` SDK against a local fake of Stripe's API. Intents carry
// the booking metadata and the coach's transfer, confirm and signed webhooks settle, refunds reverse the
// transfer, Connect Express onboarding returns to /profile, and the test card endpoint does not exist.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { createStripeClient, createStripeProvider } from '../../../api/providers/payments/stripe';
import { bookings, payoutAccounts } from '../../../db/schema';
import type { TestServer } from '../../helpers/api';
import { createClass, createUser, pageTotal, type SignedIn, startWithCoach } from '../../helpers/fixtures';
import { type FakeStripe, startFakeStripe } from './fake-stripe';
import { withWaivers } from '../../helpers/waivers';

const keys = { secretKey: 'sk_test_fogline', publishableKey: 'pk_test_fogline', webhookSecret: 'whsec_fogline_stripe' };

let fake: FakeStripe;
let server: TestServer;
let coach: SignedIn;
beforeAll(async () => {
  fake = startFakeStripe();
  const client = createStripeClient(keys.secretKey, { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 0 });
  ({ server, coach } = await startWithCoach({ payments: createStripeProvider(keys, client) }));
});
afterAll(async () => {
  await server.stop();
  fake.stop();
});

async function webhook(body: string, signature: string) {
  return server.client().request('POST', '/api/payment/webhook', undefined, {
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    raw: body,
  });
}

function eventFor(intentId: string) {
  return JSON.stringify({
    id: 'evt_1',
    object: 'event',
    type: 'payment_intent.succeeded',
    data: { object: { id: intentId, object: 'payment_intent' } },
  });
}

describe('Stripe provider', () => {
  test('create-intent creates a PaymentIntent for the server amount with the booking metadata and an idempotency key', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 2000 });
    const customer = await createUser(server);
    const res = await customer.client.post(
      '/api/payment/create-intent',
      withWaivers({ classId: cls.id, quantity: 2, amount: pageTotal(2000, 2) }),
    );
    expect(res.status).toBe(200);
    expect(res.body.clientSecret).toBe(`${res.body.id}_secret_fake`);
    const sent = fake.requests.find((r) => r.path === '/v1/payment_intents' && r.method === 'POST')!;
    expect(sent.form).toMatchObject({
      amount: '4200',
      currency: 'usd',
      'metadata[bookingId]': String(res.body.bookingId),
      'metadata[userId]': String(customer.id),
      'metadata[classId]': String(cls.id),
      'metadata[quantity]': '2',
    });
    expect(sent.form['transfer_data[destination]']).toBeUndefined();
    expect(sent.idempotencyKey).toBe(`booking-${res.body.bookingId}`);
  });

  test("with the coach's connected account, 85% of price x quantity is transferred through application_fee_amount", async () => {
    const payee = await createUser(server, 'coach');
    await server.ctx.db.write((tx) =>
      tx
        .insert(payoutAccounts)
        .values({ userId: payee.id, provider: 'stripe', accountId: 'acct_coach_1', onboarded: true, canReceivePayments: true }),
    );
    const cls = await createClass(server, { coachId: payee.id, priceCents: 2000 });
    const customer = await createUser(server);
    const res = await customer.client.post('/api/payment/create-intent', withWaivers({ classId: cls.id, quantity: 2, amount: 42 }));
    const intent = fake.intents.get(res.body.id)!;
    expect(intent.transfer_data).toEqual({ destination: 'acct_coach_1' });
    expect(intent.amount - intent.application_fee_amount!).toBe(3400); // 85% of $40.00
    expect(intent.application_fee_amount).toBe(800); // 15% platform fee + the $2.00 service fee
  });

  test('confirm asks Stripe: nothing before the payment succeeded, exactly one confirmed booking after', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 1500 });
    const customer = await createUser(server);
    const { body } = await customer.client.post(
      '/api/payment/create-intent',
      withWaivers({ classId: cls.id, quantity: 1, amount: pageTotal(1500, 1) }),
    );
    const early = await customer.client.post('/api/payment/confirm', { paymentIntentId: body.id });
    expect(early.status).toBe(409);
    fake.succeed(body.id);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => customer.client.post('/api/payment/confirm', { paymentIntentId: body.id })),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const rows = await server.ctx.db.select().from(bookings).where(eq(bookings.classId, cls.id));
    expect(rows.map((r) => r.status)).toEqual(['confirmed']);
  });

  test('a webhook signed with the webhook secret confirms the booking; a bad signature is refused', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 1500 });
    const customer = await createUser(server);
    const { body } = await customer.client.post(
      '/api/payment/create-intent',
      withWaivers({ classId: cls.id, quantity: 1, amount: pageTotal(1500, 1) }),
    );
    fake.succeed(body.id);
    const payload = eventFor(body.id);
    const forged = await webhook(payload, await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: 'whsec_someone_else' }));
    expect(forged.status).toBe(400);
    expect((await server.ctx.db.select().from(bookings).where(eq(bookings.classId, cls.id)))[0]!.status).toBe('pending');
    const signature = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: keys.webhookSecret });
    const ok = await webhook(payload, signature);
    expect(ok.status).toBe(200);
    expect(await webhook(payload, signature)).toMatchObject({ status: 200 });
    expect((await server.ctx.db.select().from(bookings).where(eq(bookings.classId, cls.id)))[0]!.status).toBe('confirmed');
  });

  test("cancelling 48 hours ahead refunds through Stripe, reversing the coach's transfer", async () => {
    const payee = await createUser(server, 'coach');
    await server.ctx.db.write((tx) =>
      tx
        .insert(payoutAccounts)
        .values({ userId: payee.id, provider: 'stripe', accountId: 'acct_coach_2', onboarded: true, canReceivePayments: true }),
    );
    const cls = await createClass(server, { coachId: payee.id, priceCents: 1000, startsInHours: 60 });
    const customer = await createUser(server);
    const { body } = await customer.client.post(
      '/api/payment/create-intent',
      withWaivers({ classId: cls.id, quantity: 1, amount: pageTotal(1000, 1) }),
    );
    fake.succeed(body.id);
    const confirmed = await customer.client.post('/api/payment/confirm', { paymentIntentId: body.id });
    const res = await customer.client.put(`/api/bookings/${confirmed.body.booking.id}/cancel`);
    expect(res.body).toMatchObject({ status: 'cancelled', refundAmount: 10.5 });
    const refund = fake.requests.find((r) => r.path === '/v1/refunds' && r.form.payment_intent === body.id)!;
    expect(refund.form).toMatchObject({ amount: '1050', reverse_transfer: 'true', refund_application_fee: 'true' });
    expect(refund.idempotencyKey).toBe(`refund-booking-${confirmed.body.booking.id}`);
    expect(fake.intents.get(body.id)!.amount_refunded).toBe(1050);
  });

  test('Connect Express onboarding: an account per coach and a link returning to /profile', async () => {
    const payee = await createUser(server, 'coach');
    const res = await payee.client.post(`/api/coaches/${payee.id}/stripe-onboarding`);
    expect(res.status).toBe(200);
    expect(res.body.onboardingUrl).toStartWith('https://connect.stripe.com/setup/');
    const created = fake.requests.find((r) => r.path === '/v1/accounts' && r.method === 'POST' && r.form.email === payee.email)!;
    expect(created.form.type).toBe('express');
    const link = fake.requests.filter((r) => r.path === '/v1/account_links').at(-1)!;
    expect(link.form).toMatchObject({
      type: 'account_onboarding',
      return_url: `${server.url}/profile?success=true`,
      refresh_url: `${server.url}/profile?refresh=true`,
    });
    const accountId = link.form.account!;
    expect((await payee.client.get(`/api/coaches/${payee.id}/stripe-status`)).body).toEqual({
      onboarded: false,
      canReceivePayments: false,
    });
    Object.assign(fake.accounts.get(accountId)!, { details_submitted: true, charges_enabled: true, payouts_enabled: true });
    expect((await payee.client.get(`/api/coaches/${payee.id}/stripe-status`)).body).toEqual({ onboarded: true, canReceivePayments: true });
  });

  test("the coach's earnings show the connected account's Stripe balance and payouts", async () => {
    const payee = await createUser(server, 'coach');
    await server.ctx.db.write((tx) =>
      tx
        .insert(payoutAccounts)
        .values({ userId: payee.id, provider: 'stripe', accountId: 'acct_coach_balance', onboarded: true, canReceivePayments: true }),
    );
    fake.balances.set('acct_coach_balance', {
      available: 12_345,
      pending: 4_250,
      payouts: [
        { id: 'po_2', amount: 8_500, status: 'in_transit', arrival_date: 1_796_000_000 },
        { id: 'po_1', amount: 10_000, status: 'paid', arrival_date: 1_795_000_000 },
      ],
    });
    const res = await payee.client.get(`/api/coaches/${payee.id}/earnings`);
    expect(res.status).toBe(200);
    expect(res.body.payouts).toMatchObject({
      provider: 'stripe',
      account: 'ready',
      available: 123.45,
      pending: 42.5,
      paidOut: 100,
      payouts: [
        { id: 'po_2', amount: 85, status: 'in_transit', arrivalDate: new Date(1_796_000_000_000).toISOString() },
        { id: 'po_1', amount: 100, status: 'paid', arrivalDate: new Date(1_795_000_000_000).toISOString() },
      ],
    });
    expect(fake.requests.filter((r) => r.path === '/v1/balance').at(-1)!.stripeAccount).toBe('acct_coach_balance');
  });

  test('a Stripe failure while creating the onboarding link is the spec message', async () => {
    const payee = await createUser(server, 'coach');
    fake.stop(); // Stripe unreachable (the last Stripe test of this file)
    const res = await payee.client.post(`/api/coaches/${payee.id}/stripe-onboarding`);
    expect(res.status).toBe(502);
    expect(res.body.message).toBe('Failed to create Stripe onboarding link');
  });

  test('the test provider card endpoint does not exist while Stripe is active', async () => {
    const res = await server.client().post('/api/payment/test-provider/pay', {
      paymentIntentId: 'x',
      clientSecret: 'y',
      cardNumber: '4242424242424242',
      expiry: '12/40',
      cvc: '123',
    });
    expect(res.status).toBe(404);
    expect((await server.client().get('/api/payment/config')).body).toEqual({ provider: 'stripe', publishableKey: 'pk_test_fogline' });
  });
});
