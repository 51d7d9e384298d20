// Payments with the built-in test provider (issue 5): holds through create-intent never oversell, the server
// computes the amount, confirm and the webhook settle an intent exactly once, late payments, test cards, payouts.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import type { TestPaymentProvider } from '../../../api/providers/payments/test';
import { bookings, payoutAccounts } from '../../../db/schema';
import type { TestServer } from '../../helpers/api';
import { createClass, createUser, pageTotal, sentMail, setClassPrice, type SignedIn, startWithCoach } from '../../helpers/fixtures';
import { withWaivers } from '../../helpers/waivers';

let server: TestServer;
let coach: SignedIn;
let provider: TestPaymentProvider;
beforeAll(async () => {
  ({ server, coach } = await startWithCoach());
  provider = server.ctx.payments as TestPaymentProvider;
});
afterAll(() => server.stop());

const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };

async function hold(customer: SignedIn, classId: number, priceCents: number, quantity = 1) {
  const res = await customer.client.post(
    '/api/payment/create-intent',
    withWaivers({ classId, quantity, amount: pageTotal(priceCents, quantity) }),
  );
  expect(res.status).toBe(200);
  return res.body as { id: string; clientSecret: string; bookingId: number; amount: number };
}

async function bookingRows(classId: number) {
  return server.ctx.db.select().from(bookings).where(eq(bookings.classId, classId));
}

async function signedWebhook(payload: object) {
  const body = JSON.stringify(payload);
  const signature = await provider.signWebhook(body);
  return server.client().request('POST', '/api/payment/webhook', undefined, {
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    raw: body,
  });
}

const succeededEvent = (intentId: string) => ({
  id: `evt_${intentId}`,
  object: 'event',
  type: 'payment_intent.succeeded',
  data: { object: { id: intentId, object: 'payment_intent' } },
});

describe('create-intent', () => {
  test('the server computes price x quantity x 1.05 in cents and ties the intent to the booking', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 1999 });
    const customer = await createUser(server);
    const answer = await hold(customer, cls.id, 1999, 3);
    expect(answer.amount).toBe(62.97); // 59.97 + 3.00 (2.9985 rounded)
    expect(answer.clientSecret).toContain(answer.id);
    const intent = await provider.retrieveIntent(answer.id);
    expect(intent).toMatchObject({ amountCents: 6297, status: 'requires_payment_method' });
    expect(intent!.metadata).toMatchObject({
      bookingId: String(answer.bookingId),
      userId: String(customer.id),
      classId: String(cls.id),
      quantity: '3',
    });
    const [row] = await bookingRows(cls.id);
    expect(row).toMatchObject({
      status: 'pending',
      quantity: 3,
      subtotalCents: 5997,
      serviceFeeCents: 300,
      amountCents: 6297,
      paymentIntentId: answer.id,
    });
  });

  test('a tampered amount is refused: the price has changed, reload', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 2000 });
    const customer = await createUser(server);
    const res = await customer.client.post('/api/payment/create-intent', withWaivers({ classId: cls.id, quantity: 2, amount: 1 }));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('The price has changed. Please reload the page.');
    expect(await bookingRows(cls.id)).toHaveLength(0);
  });

  test('a price changed by the coach after the page loaded is refused the same way', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 2000 });
    const customer = await createUser(server);
    await setClassPrice(server, cls.id, 2500);
    const res = await customer.client.post(
      '/api/payment/create-intent',
      withWaivers({ classId: cls.id, quantity: 1, amount: pageTotal(2000, 1) }),
    );
    expect(res.status).toBe(409);
  });

  test('the capacity race through create-intent holds: capacity 5 and 20 customers give exactly 5 holds', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 1000, capacity: 5 });
    const customers = await Promise.all(Array.from({ length: 20 }, () => createUser(server)));
    const results = await Promise.all(
      customers.map((c) =>
        c.client.post('/api/payment/create-intent', withWaivers({ classId: cls.id, quantity: 1, amount: pageTotal(1000, 1) })),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 409)).toHaveLength(15);
    const count = await server.client().get(`/api/classes/${cls.id}/bookings/count`);
    expect(count.body.spotsLeft).toBe(0);
  });

  test('a free class has no checkout', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 0 });
    const customer = await createUser(server);
    const res = await customer.client.post('/api/payment/create-intent', withWaivers({ classId: cls.id, quantity: 1, amount: 0 }));
    expect(res.status).toBe(400);
  });

  test('reloading checkout keeps the same hold and intent', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 1000 });
    const customer = await createUser(server);
    const first = await hold(customer, cls.id, 1000, 2);
    const second = await hold(customer, cls.id, 1000, 2);
    expect(second.id).toBe(first.id);
    expect(await bookingRows(cls.id)).toHaveLength(1);
  });

  test('changing the quantity replaces the hold and cancels its intent', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 1000, capacity: 3 });
    const customer = await createUser(server);
    const first = await hold(customer, cls.id, 1000, 3);
    const second = await hold(customer, cls.id, 1000, 1);
    expect(second.id).not.toBe(first.id);
    expect((await provider.retrieveIntent(first.id))!.status).toBe('canceled');
    const count = await server.client().get(`/api/classes/${cls.id}/bookings/count`);
    expect(count.body.spotsLeft).toBe(2);
  });

  test('when the coach can receive payouts, 85% of price x quantity goes to their account', async () => {
    const payoutCoach = await createUser(server, 'coach', 'Payee');
    await server.ctx.db.write((tx) =>
      tx.insert(payoutAccounts).values({
        userId: payoutCoach.id,
        provider: 'test',
        accountId: 'acct_test_00000000000000aa',
        onboarded: true,
        canReceivePayments: true,
      }),
    );
    const cls = await createClass(server, { coachId: payoutCoach.id, priceCents: 2000 });
    const customer = await createUser(server);
    const answer = await hold(customer, cls.id, 2000, 2);
    const intent = await provider.retrieveIntent(answer.id);
    expect(intent).toMatchObject({ amountCents: 4200, transferDestination: 'acct_test_00000000000000aa', transferAmountCents: 3400 });
  });
});

describe('confirm and webhook', () => {
  test('confirm of an unpaid intent creates nothing', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 1000 });
    const customer = await createUser(server);
    const answer = await hold(customer, cls.id, 1000);
    const res = await customer.client.post('/api/payment/confirm', { paymentIntentId: answer.id, classId: cls.id, quantity: 1 });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('The payment has not been completed yet.');
    const rows = await bookingRows(cls.id);
    expect(rows.map((r) => r.status)).toEqual(['pending']);
  });

  test('confirm replayed 5 times and the webhook replayed give exactly one confirmed booking and one email', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 1000, title: 'Replay Rowing' });
    const customer = await createUser(server);
    const answer = await hold(customer, cls.id, 1000);
    await provider.payIntent(answer.id, answer.clientSecret, { number: CARD.cardNumber, expiry: CARD.expiry, cvc: CARD.cvc });
    const confirms = await Promise.all(
      Array.from({ length: 5 }, () =>
        customer.client.post('/api/payment/confirm', { paymentIntentId: answer.id, classId: cls.id, quantity: 1 }),
      ),
    );
    expect(confirms.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const hooks = await Promise.all(Array.from({ length: 3 }, () => signedWebhook(succeededEvent(answer.id))));
    expect(hooks.map((r) => r.status)).toEqual([200, 200, 200]);
    const rows = await bookingRows(cls.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('confirmed');
    // The confirmation is queued by the settling write and sent just after the answer (api/notices/outbox.ts).
    const mail = await sentMail(server);
    expect(mail.filter((m) => m.includes(customer.email) && m.includes('Booking confirmed: Replay Rowing'))).toHaveLength(1);
  });

  test('the webhook alone confirms the booking when the browser never comes back', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 1000 });
    const customer = await createUser(server);
    const answer = await hold(customer, cls.id, 1000);
    await provider.payIntent(answer.id, answer.clientSecret, { number: CARD.cardNumber, expiry: CARD.expiry, cvc: CARD.cvc });
    expect((await bookingRows(cls.id))[0]!.status).toBe('pending');
    const res = await signedWebhook(succeededEvent(answer.id));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true });
    expect((await bookingRows(cls.id))[0]!.status).toBe('confirmed');
  });

  test("the webhook's signature is verified", async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 1000 });
    const customer = await createUser(server);
    const answer = await hold(customer, cls.id, 1000);
    await provider.payIntent(answer.id, answer.clientSecret, { number: CARD.cardNumber, expiry: CARD.expiry, cvc: CARD.cvc });
    const body = JSON.stringify(succeededEvent(answer.id));
    const forged = await server.client().request('POST', '/api/payment/webhook', undefined, {
      headers: { 'content-type': 'application/json', 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` },
      raw: body,
    });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe('Invalid webhook signature.');
    const unsigned = await server
      .client()
      .request('POST', '/api/payment/webhook', undefined, { headers: { 'content-type': 'application/json' }, raw: body });
    expect(unsigned.status).toBe(400);
    expect((await bookingRows(cls.id))[0]!.status).toBe('pending');
  });

  test("confirming another customer's payment is refused", async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 1000 });
    const customer = await createUser(server);
    const stranger = await createUser(server);
    const answer = await hold(customer, cls.id, 1000);
    const res = await stranger.client.post('/api/payment/confirm', { paymentIntentId: answer.id });
    expect(res.status).toBe(403);
  });

  test('a payment that succeeds after its hold expired is confirmed if spots remain', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 1000, capacity: 2 });
    const customer = await createUser(server);
    const answer = await hold(customer, cls.id, 1000);
    server.clock.advance(20 * 60_000);
    await customer.client.get('/api/bookings'); // lazily expires the hold
    await provider.payIntent(answer.id, answer.clientSecret, { number: CARD.cardNumber, expiry: CARD.expiry, cvc: CARD.cvc });
    const res = await customer.client.post('/api/payment/confirm', { paymentIntentId: answer.id });
    expect(res.status).toBe(200);
    expect(res.body.booking.status).toBe('confirmed');
  });

  test('a payment that succeeds after its hold expired and the class filled up is refunded automatically', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 1000, capacity: 1 });
    const late = await createUser(server);
    const quick = await createUser(server);
    const answer = await hold(late, cls.id, 1000);
    server.clock.advance(16 * 60_000);
    const other = await hold(quick, cls.id, 1000);
    await provider.payIntent(other.id, other.clientSecret, { number: CARD.cardNumber, expiry: CARD.expiry, cvc: CARD.cvc });
    await provider.payIntent(answer.id, answer.clientSecret, { number: CARD.cardNumber, expiry: CARD.expiry, cvc: CARD.cvc });
    expect((await quick.client.post('/api/payment/confirm', { paymentIntentId: other.id })).status).toBe(200);
    const res = await late.client.post('/api/payment/confirm', { paymentIntentId: answer.id });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'Your payment arrived after your 15-minute hold expired and the class filled up, so your payment has been refunded in full.',
    );
    const replay = await late.client.post('/api/payment/confirm', { paymentIntentId: answer.id });
    expect(replay.status).toBe(409);
    const row = (await bookingRows(cls.id)).find((b) => b.paymentIntentId === answer.id)!;
    expect(row).toMatchObject({ status: 'cancelled', cancelReason: 'payment_late', refundAmountCents: 1050 });
    const refunded = await server.ctx.db.client.execute({
      sql: 'select refunded_cents from test_payment_intents where id = ?',
      args: [answer.id],
    });
    expect(refunded.rows[0]!.refunded_cents).toBe(1050);
    const confirmed = (await bookingRows(cls.id)).filter((b) => b.status === 'confirmed');
    expect(confirmed).toHaveLength(1);
  });
});

describe('the test provider card endpoint', () => {
  test('4242 4242 4242 4242 succeeds and the booking is confirmed at once', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 1000 });
    const customer = await createUser(server);
    const answer = await hold(customer, cls.id, 1000);
    const res = await server
      .client()
      .post('/api/payment/test-provider/pay', { paymentIntentId: answer.id, clientSecret: answer.clientSecret, ...CARD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: answer.id, status: 'succeeded' });
    expect((await bookingRows(cls.id))[0]!.status).toBe('confirmed');
  });

  test('4000 0000 0000 0002 is declined and 4000 0000 0000 9995 fails for insufficient funds; nothing is booked', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 1000 });
    const customer = await createUser(server);
    const answer = await hold(customer, cls.id, 1000);
    const declined = await customer.client.post('/api/payment/test-provider/pay', {
      paymentIntentId: answer.id,
      clientSecret: answer.clientSecret,
      ...CARD,
      cardNumber: '4000 0000 0000 0002',
    });
    expect(declined.status).toBe(400);
    expect(declined.body.message).toBe('Your card was declined.');
    const funds = await customer.client.post('/api/payment/test-provider/pay', {
      paymentIntentId: answer.id,
      clientSecret: answer.clientSecret,
      ...CARD,
      cardNumber: '4000000000009995',
    });
    expect(funds.status).toBe(400);
    expect(funds.body.message).toBe('Your card has insufficient funds.');
    expect((await bookingRows(cls.id))[0]!.status).toBe('pending');
    const confirm = await customer.client.post('/api/payment/confirm', { paymentIntentId: answer.id });
    expect(confirm.status).toBe(409);
  });

  test('a wrong client secret or an incomplete card is refused', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 1000 });
    const customer = await createUser(server);
    const answer = await hold(customer, cls.id, 1000);
    const wrong = await customer.client.post('/api/payment/test-provider/pay', {
      paymentIntentId: answer.id,
      clientSecret: 'nope',
      ...CARD,
    });
    expect(wrong.status).toBe(400);
    const short = await customer.client.post('/api/payment/test-provider/pay', {
      paymentIntentId: answer.id,
      clientSecret: answer.clientSecret,
      ...CARD,
      cardNumber: '4242',
    });
    expect(short.status).toBe(400);
    expect(short.body.errors.cardNumber).toEqual(['Your card number is incomplete.']);
  });

  test('a pay request without the intent or its secret says which is missing', async () => {
    const customer = await createUser(server);
    const empty = await customer.client.post('/api/payment/test-provider/pay', { ...CARD });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.paymentIntentId).toEqual(['Payment intent ID not found.']);
    expect(empty.body.errors.clientSecret).toEqual(['The client secret is missing.']);
  });

  test('GET /api/payment/config names the test provider', async () => {
    const res = await server.client().get('/api/payment/config');
    expect(res.body).toEqual({ provider: 'test', publishableKey: null });
  });
});

describe('payouts (test provider)', () => {
  test('a coach sets up payouts: link to the local onboarding page, completion, then canReceivePayments', async () => {
    const payee = await createUser(server, 'coach');
    const before = await payee.client.get(`/api/coaches/${payee.id}/stripe-status`);
    expect(before.body).toEqual({ onboarded: false, canReceivePayments: false });
    const link = await payee.client.post(`/api/coaches/${payee.id}/stripe-onboarding`);
    expect(link.status).toBe(200);
    expect(link.body.onboardingUrl).toStartWith('/payouts/test-onboarding?account=acct_test_');
    const accountId = new URL(link.body.onboardingUrl, server.url).searchParams.get('account');
    const again = await payee.client.post(`/api/coaches/${payee.id}/stripe-onboarding`);
    expect(new URL(again.body.onboardingUrl, server.url).searchParams.get('account')).toBe(accountId);
    const done = await payee.client.post('/api/payouts/test-onboarding/complete', { accountId });
    expect(done.body).toEqual({ onboarded: true, canReceivePayments: true });
    const after = await payee.client.get(`/api/coaches/${payee.id}/stripe-status`);
    expect(after.body).toEqual({ onboarded: true, canReceivePayments: true });
  });

  test('only the coach themself or an admin sees and starts payout setup', async () => {
    const payee = await createUser(server, 'coach');
    const otherCoach = await createUser(server, 'coach');
    const customer = await createUser(server);
    const admin = await createUser(server, 'admin');
    expect((await otherCoach.client.get(`/api/coaches/${payee.id}/stripe-status`)).status).toBe(403);
    expect((await otherCoach.client.post(`/api/coaches/${payee.id}/stripe-onboarding`)).status).toBe(403);
    // A customer is the wrong role even for their own id: refused before the target is looked up.
    expect((await customer.client.post(`/api/coaches/${customer.id}/stripe-onboarding`)).status).toBe(403);
    expect((await admin.client.post(`/api/coaches/${customer.id}/stripe-onboarding`)).status).toBe(400);
    expect((await server.client().get(`/api/coaches/${payee.id}/stripe-status`)).status).toBe(401);
    expect((await admin.client.get(`/api/coaches/${payee.id}/stripe-status`)).status).toBe(200);
    const link = await payee.client.post(`/api/coaches/${payee.id}/stripe-onboarding`);
    const accountId = new URL(link.body.onboardingUrl, server.url).searchParams.get('account');
    expect((await otherCoach.client.post('/api/payouts/test-onboarding/complete', { accountId })).status).toBe(403);
  });
});
