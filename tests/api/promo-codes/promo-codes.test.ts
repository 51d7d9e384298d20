// Promo codes (issue 20, item 4): a coach's codes and the platform's, who may manage which, the checkout's
// quote and create-intent with a code (amount shown = charged = recorded), every refusal's message, a
// free-after-discount booking, a platform code's payout, the refund of a discounted booking, the use given back
// when a hold expires, and 20 customers racing for a code with 5 uses.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import type { TestPaymentProvider } from '../../../api/providers/payments/test';
import { bookings, payoutAccounts, testPaymentIntents } from '../../../db/schema';
import type { TestServer } from '../../helpers/api';
import { createClass, createUser, sentMail, type SignedIn, startWithCoach } from '../../helpers/fixtures';
import { withWaivers } from '../../helpers/waivers';

const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
const MINUTE = 60_000;

let server: TestServer;
let coach: SignedIn;
let admin: SignedIn;
beforeAll(async () => {
  ({ server, coach } = await startWithCoach());
  admin = await createUser(server, 'admin', 'Ada');
});
afterAll(() => server.stop());

let codeCounter = 0;
const uniqueCode = (prefix = 'FOG') => `${prefix}${++codeCounter}${Math.random().toString(36).slice(2, 6).toUpperCase()}`;

async function makeCode(owner: SignedIn, body: Record<string, unknown>) {
  const res = await owner.client.post('/api/promo-codes', { code: uniqueCode(), kind: 'percent', percentOff: 20, ...body });
  expect(res.status).toBe(201);
  return res.body as { id: number; code: string; uses: number };
}

const quote = (customer: SignedIn, classId: number, quantity: number, promoCode?: string) =>
  customer.client.get(
    `/api/payment/quote?classId=${classId}&quantity=${quantity}${promoCode ? `&promoCode=${encodeURIComponent(promoCode)}` : ''}`,
  );

/** Quote, then create-intent for exactly the quoted amount, as the checkout does. */
async function holdWithCode(customer: SignedIn, classId: number, quantity: number, promoCode: string) {
  const q = await quote(customer, classId, quantity, promoCode);
  if (q.status !== 200) return q;
  return customer.client.post('/api/payment/create-intent', withWaivers({ classId, quantity, amount: q.body.amount, promoCode }));
}

async function pay(customer: SignedIn, intent: { id: string; clientSecret: string }) {
  const paid = await customer.client.post('/api/payment/test-provider/pay', {
    paymentIntentId: intent.id,
    clientSecret: intent.clientSecret,
    ...CARD,
  });
  expect(paid.status).toBe(200);
  const confirmed = await customer.client.post('/api/payment/confirm', { paymentIntentId: intent.id });
  expect(confirmed.status).toBe(200);
  return confirmed.body.booking;
}

const row = async (bookingId: number) => (await server.ctx.db.select().from(bookings).where(eq(bookings.id, bookingId)).get())!;

describe('managing codes', () => {
  test('a coach creates, lists and deactivates their own codes; another coach can neither see nor change them', async () => {
    const code = uniqueCode('SPRING');
    const created = await coach.client.post('/api/promo-codes', {
      code: code.toLowerCase(),
      kind: 'amount',
      amountOffCents: 500,
      maxUses: 10,
      oncePerCustomer: true,
      minimumCents: 1500,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      code,
      scope: 'coach',
      coachId: coach.id,
      kind: 'amount',
      amountOffCents: 500,
      uses: 0,
      status: 'active',
    });

    const list = await coach.client.get('/api/promo-codes');
    expect(list.status).toBe(200);
    expect(list.body.map((c: { code: string }) => c.code)).toContain(code);
    expect(Number(list.headers.get('x-total-count'))).toBeGreaterThan(0);

    const other = await createUser(server, 'coach', 'Rio');
    expect((await other.client.get('/api/promo-codes')).body.map((c: { code: string }) => c.code)).not.toContain(code);
    const stolen = await other.client.request('PATCH', `/api/promo-codes/${created.body.id}`, { active: false });
    expect(stolen.status).toBe(403);

    const off = await coach.client.request('PATCH', `/api/promo-codes/${created.body.id}`, { active: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ active: false, status: 'inactive' });
  });

  test('codes are unique whatever the case; bad rules are refused with the field named', async () => {
    const first = await makeCode(coach, {});
    const again = await coach.client.post('/api/promo-codes', { code: first.code.toLowerCase(), kind: 'percent', percentOff: 10 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('That code is already in use. Choose another one.');
    const noPercent = await coach.client.post('/api/promo-codes', { code: uniqueCode(), kind: 'percent' });
    expect(noPercent.status).toBe(400);
    expect(noPercent.body.errors.percentOff).toEqual(['Enter the percentage off']);
    const tooMuch = await coach.client.post('/api/promo-codes', { code: uniqueCode(), kind: 'percent', percentOff: 120 });
    expect(tooMuch.status).toBe(400);
    const backwards = await coach.client.post('/api/promo-codes', {
      code: uniqueCode(),
      kind: 'percent',
      percentOff: 10,
      validFrom: '2030-02-01T00:00:00Z',
      validUntil: '2030-01-01T00:00:00Z',
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors.validUntil).toEqual(['The end must be after the start']);
    const badCode = await coach.client.post('/api/promo-codes', { code: 'no spaces!', kind: 'percent', percentOff: 10 });
    expect(badCode.status).toBe(400);
  });

  test('an admin makes platform codes and lists them; customers and unapproved coaches may not touch codes', async () => {
    const platform = await makeCode(admin, { percentOff: 10 });
    expect(platform).toMatchObject({ scope: 'platform', coachId: null });
    const listed = await admin.client.get('/api/promo-codes');
    expect(listed.body.every((c: { scope: string }) => c.scope === 'platform')).toBe(true);
    expect(listed.body.map((c: { code: string }) => c.code)).toContain(platform.code);

    const customer = await createUser(server);
    expect((await customer.client.get('/api/promo-codes')).status).toBe(403);
    expect((await customer.client.post('/api/promo-codes', { code: uniqueCode(), kind: 'percent', percentOff: 50 })).status).toBe(403);
    expect((await customer.client.request('PATCH', `/api/promo-codes/${platform.id}`, { active: false })).status).toBe(403);
    expect((await server.client().get('/api/promo-codes')).status).toBe(401);
    // A coach cannot change the platform's code either.
    expect((await coach.client.request('PATCH', `/api/promo-codes/${platform.id}`, { active: false })).status).toBe(403);
  });
});

describe('checkout with a code', () => {
  test("20% off: the quote, the intent and the booking carry the same numbers, and the coach's 85% is of the discounted price", async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 2500 });
    const promo = await makeCode(coach, { percentOff: 20 });
    const customer = await createUser(server);
    const q = await quote(customer, cls.id, 2, promo.code.toLowerCase());
    expect(q.status).toBe(200);
    expect(q.body).toEqual({
      classId: cls.id,
      quantity: 2,
      subtotalCents: 5000,
      discountCents: 1000,
      serviceFeeCents: 200,
      totalCents: 4200,
      creditAppliedCents: 0,
      amountDueCents: 4200,
      amount: 42,
      promoCode: promo.code,
      discountFundedBy: 'coach',
      // The policy a booking made now is booked under (issue 20, item 1).
      policy: expect.objectContaining({ preset: 'moderate', source: 'coach' }),
    });
    // The undiscounted total is refused once a code is sent, and so is the discounted total without the code.
    const listTotal = await customer.client.post(
      '/api/payment/create-intent',
      withWaivers({ classId: cls.id, quantity: 2, amount: 52.5, promoCode: promo.code }),
    );
    expect(listTotal.status).toBe(409);
    expect(listTotal.body.message).toBe('The price has changed. Please reload the page.');
    const noCode = await customer.client.post('/api/payment/create-intent', withWaivers({ classId: cls.id, quantity: 2, amount: 42 }));
    expect(noCode.status).toBe(409);

    const intent = await customer.client.post(
      '/api/payment/create-intent',
      withWaivers({ classId: cls.id, quantity: 2, amount: 42, promoCode: promo.code }),
    );
    expect(intent.status).toBe(200);
    expect(intent.body.amount).toBe(42);
    const booking = await pay(customer, intent.body);
    expect(booking).toMatchObject({ subtotal: 50, discount: 10, serviceFee: 2, amount: 42 });
    const stored = await row(booking.id);
    expect(stored).toMatchObject({ subtotalCents: 5000, discountCents: 1000, serviceFeeCents: 200, amountCents: 4200, payoutCents: 3400 });
    const charged = await server.ctx.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, intent.body.id)).get();
    expect(charged!.amountCents).toBe(4200);
    const listed = (await coach.client.get('/api/promo-codes')).body.find((c: { id: number }) => c.id === promo.id);
    expect(listed.uses).toBe(1);
    // The confirmation email's sum adds up with the discount in it.
    const mail = (await sentMail(server)).find((m) => m.includes('Paid: $42.00'));
    expect(mail?.replace(/=\r?\n/g, '')).toContain(
      'Paid: $42.00 ($50.00 for 2 spots less a $10.00 promo code discount plus a $2.00 service fee)',
    );
  });

  test('a platform code: Fogline funds it, the coach is still paid 85% of the list price, within what the charge covers', async () => {
    const payee = await createUser(server, 'coach', 'Noor');
    await server.ctx.db.write((tx) =>
      tx
        .insert(payoutAccounts)
        .values({ userId: payee.id, provider: 'test', accountId: `acct_test_${payee.id}`, onboarded: true, canReceivePayments: true }),
    );
    const cls = await createClass(server, { coachId: payee.id, priceCents: 4000 });
    const ten = await makeCode(admin, { percentOff: 10 });
    const customer = await createUser(server);
    const q = await quote(customer, cls.id, 1, ten.code);
    expect(q.body).toMatchObject({
      subtotalCents: 4000,
      discountCents: 400,
      serviceFeeCents: 180,
      totalCents: 3780,
      discountFundedBy: 'platform',
    });
    const intent = await holdWithCode(customer, cls.id, 1, ten.code);
    expect(intent.status).toBe(200);
    const stored = await server.ctx.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, intent.body.id)).get();
    expect(stored).toMatchObject({ amountCents: 3780, transferAmountCents: 3400, transferDestination: `acct_test_${payee.id}` });

    // 50% off from the platform is capped where the charge still covers the coach's 85% of the list price.
    const half = await makeCode(admin, { percentOff: 50 });
    const capped = await quote(await createUser(server), cls.id, 1, half.code);
    expect(capped.body.discountCents).toBe(761);
    expect(capped.body.totalCents).toBeGreaterThanOrEqual(3400);
  });

  test('a 100% code books a paid class without a card (POST /api/bookings/free), and create-intent says so', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 1800 });
    const free = await makeCode(coach, { percentOff: 100, maxUses: 1 });
    const customer = await createUser(server);
    const q = await quote(customer, cls.id, 1, free.code);
    expect(q.body).toMatchObject({ totalCents: 0, amount: 0, discountCents: 1800 });
    const viaIntent = await customer.client.post(
      '/api/payment/create-intent',
      withWaivers({ classId: cls.id, quantity: 1, amount: 0, promoCode: free.code }),
    );
    expect(viaIntent.status).toBe(400);
    expect(viaIntent.body.message).toBe('With this promo code there is nothing to pay: confirm your booking without a card.');
    const booked = await customer.client.post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 1, promoCode: free.code }));
    expect(booked.status).toBe(201);
    expect(booked.body).toMatchObject({ status: 'confirmed', subtotal: 18, discount: 18, amount: 0 });
    // Without a code (or with one that leaves something to pay) a paid class is still refused here.
    const partial = await makeCode(coach, { percentOff: 50 });
    const refused = await (await createUser(server)).client.post(
      '/api/bookings/free',
      withWaivers({ classId: cls.id, quantity: 1, promoCode: partial.code }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("This promo code doesn't cover the whole price: pay the rest at checkout.");
    const usedUp = await quote(await createUser(server), cls.id, 1, free.code);
    expect(usedUp.status).toBe(409);
    expect(usedUp.body.message).toBe('This promo code has been used up.');
  });

  test('cancelling a discounted booking refunds what was paid, not the list price', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 3000, startsInHours: 24 * 5 });
    const promo = await makeCode(coach, { kind: 'amount', percentOff: undefined, amountOffCents: 1000 });
    const customer = await createUser(server);
    const intent = await holdWithCode(customer, cls.id, 1, promo.code);
    expect(intent.body.amount).toBe(21);
    const booking = await pay(customer, intent.body);
    const cancelled = await customer.client.put(`/api/bookings/${booking.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.refundAmount).toBe(21);
    const refunded = await server.ctx.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, intent.body.id)).get();
    expect(refunded!.refundedCents).toBe(2100);
  });
});

describe('a code that cannot be used says why', () => {
  test('unknown, inactive, not started, expired, another coach, below the minimum', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 1000 });
    const customer = await createUser(server);
    const expectRefusal = async (code: string, status: number, message: string | RegExp, quantity = 1) => {
      const res = await quote(customer, cls.id, quantity, code);
      expect(res.status).toBe(status);
      expect(res.body.message).toMatch(message);
      const intent = await customer.client.post(
        '/api/payment/create-intent',
        withWaivers({ classId: cls.id, quantity, amount: 10.5 * quantity, promoCode: code }),
      );
      expect(intent.status).toBe(status);
      expect(intent.body.message).toMatch(message);
    };
    await expectRefusal('NOSUCHCODE', 400, "We don't recognise that promo code. Check the spelling and try again.");

    const inactive = await makeCode(coach, {});
    await coach.client.request('PATCH', `/api/promo-codes/${inactive.id}`, { active: false });
    await expectRefusal(inactive.code, 400, 'This promo code is no longer active.');

    const now = server.clock.now().getTime();
    const later = await makeCode(coach, { validFrom: new Date(now + 3 * 86_400_000).toISOString() });
    await expectRefusal(later.code, 400, /^This promo code starts on .+ at \d{1,2}:\d{2} [AP]M PT\.$/);
    const over = await makeCode(coach, { validUntil: new Date(now + MINUTE).toISOString() });
    server.clock.advance(2 * MINUTE);
    await expectRefusal(over.code, 400, /^This promo code expired on .+ PT\.$/);

    const elsewhere = await makeCode(await createUser(server, 'coach', 'Kai'), {});
    await expectRefusal(elsewhere.code, 400, "This promo code doesn't apply to this class.");

    const minimum = await makeCode(coach, { minimumCents: 2500 });
    await expectRefusal(minimum.code, 400, 'This promo code needs an order of at least $25.00 before the discount.', 2);
    expect((await quote(customer, cls.id, 3, minimum.code)).status).toBe(200);
  });

  test('once per customer, and first booking with this coach only', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 1000 });
    const second = await createClass(server, { coachId: coach.id, priceCents: 1000 });
    const once = await makeCode(coach, { oncePerCustomer: true });
    const customer = await createUser(server);
    await pay(customer, (await holdWithCode(customer, cls.id, 1, once.code)).body);
    const again = await quote(customer, second.id, 1, once.code);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("You've already used this promo code.");

    const first = await makeCode(coach, { firstBookingOnly: true });
    const notFirst = await quote(customer, second.id, 1, first.code);
    expect(notFirst.status).toBe(400);
    expect(notFirst.body.message).toBe('This promo code is only for your first booking with this coach.');
    expect((await quote(await createUser(server), second.id, 1, first.code)).status).toBe(200);
  });
});

describe('uses', () => {
  test('a use is taken by the hold and given back when the hold expires unpaid', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 1200 });
    const single = await makeCode(coach, { maxUses: 1 });
    const first = await createUser(server);
    expect((await holdWithCode(first, cls.id, 1, single.code)).status).toBe(200);
    const second = await createUser(server);
    const refused = await quote(second, cls.id, 1, single.code);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This promo code has been used up.');
    // Reloading the checkout keeps the holder's own use.
    expect((await holdWithCode(first, cls.id, 1, single.code)).status).toBe(200);
    server.clock.advance(16 * MINUTE);
    expect((await holdWithCode(second, cls.id, 1, single.code)).status).toBe(200);
  });

  test("a payment arriving after its hold expired is refunded when the code's last use went to someone else meanwhile", async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 1500 });
    const single = await makeCode(coach, { maxUses: 1 });
    const late = await createUser(server);
    const intent = await holdWithCode(late, cls.id, 1, single.code);
    expect(intent.status).toBe(200);
    server.clock.advance(16 * MINUTE);
    expect((await holdWithCode(await createUser(server), cls.id, 1, single.code)).status).toBe(200);
    const paid = await late.client.post('/api/payment/test-provider/pay', {
      paymentIntentId: intent.body.id,
      clientSecret: intent.body.clientSecret,
      ...CARD,
    });
    expect(paid.status).toBe(200);
    // The payment's success (the test provider delivers it as Stripe's webhook would) refused it: refunded in full.
    expect(await row(intent.body.bookingId)).toMatchObject({ status: 'cancelled', cancelReason: 'payment_late', refundAmountCents: 1260 });
    expect((await late.client.post('/api/payment/confirm', { paymentIntentId: intent.body.id })).status).toBe(409);
    const refunded = await server.ctx.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, intent.body.id)).get();
    expect(refunded!.refundedCents).toBe(refunded!.amountCents);
  });

  test('20 customers racing for a code with 5 uses get exactly 5 discounts', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 2000, capacity: 50 });
    const five = await makeCode(coach, { percentOff: 20, maxUses: 5 });
    const people = await Promise.all(Array.from({ length: 20 }, () => createUser(server)));
    // All of them were quoted the discount before anyone held it: 16.80 each.
    const answers = await Promise.all(
      people.map((p) =>
        p.client.post('/api/payment/create-intent', withWaivers({ classId: cls.id, quantity: 1, amount: 16.8, promoCode: five.code })),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(5);
    const refused = answers.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(15);
    for (const r of refused) expect(r.body).toEqual({ message: 'This promo code has been used up.' });
    const discounted = await server.ctx.db.select().from(bookings).where(eq(bookings.promoCodeId, five.id));
    expect(discounted.filter((b) => b.status === 'pending')).toHaveLength(5);
  });
});
