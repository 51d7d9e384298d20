// Money reconciles per booking (issue 20, item 5): after the scenarios (no code, a coach's code, a platform code
// with the coach's payout account, a 100% code, a customer's cancellation, an admin's part refund and an admin's
// full refund of discounted bookings), every booking satisfies paid = list - discount + fee, the fee is 5% of the
// discounted price, the coach's payout and the platform's share add up to what was paid (the charge always covers
// the transfer), refunds never exceed what was paid, and the payment provider holds the same numbers.
// Runs on a libSQL file, and on sqld with TEST_DATABASE=sqld.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { coachPayoutCents } from '../../../common/money';
import { bookings, payoutAccounts, testPaymentIntents } from '../../../db/schema';
import type { TestServer } from '../../helpers/api';
import { createClass, createUser, type SignedIn, startWithCoach } from '../../helpers/fixtures';
import { withWaivers } from '../../helpers/waivers';

const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };

let server: TestServer;
let coach: SignedIn;
let admin: SignedIn;
beforeAll(async () => {
  ({ server, coach } = await startWithCoach());
  admin = await createUser(server, 'admin', 'Ada');
  await server.ctx.db.write((tx) =>
    tx
      .insert(payoutAccounts)
      .values({ userId: coach.id, provider: 'test', accountId: `acct_test_${coach.id}`, onboarded: true, canReceivePayments: true }),
  );
});
afterAll(() => server.stop());

let n = 0;
async function code(owner: SignedIn, rules: Record<string, unknown>): Promise<string> {
  const value = `RECON${++n}${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
  const res = await owner.client.post('/api/promo-codes', { code: value, kind: 'percent', percentOff: 20, ...rules });
  expect(res.status).toBe(201);
  return value;
}

/** Books and pays `quantity` spots the way the checkout does: the quote, then create-intent for its amount. */
async function bookPaid(customer: SignedIn, classId: number, quantity: number, promoCode?: string): Promise<number> {
  const q = await customer.client.get(
    `/api/payment/quote?classId=${classId}&quantity=${quantity}${promoCode ? `&promoCode=${promoCode}` : ''}`,
  );
  expect(q.status).toBe(200);
  const intent = await customer.client.post(
    '/api/payment/create-intent',
    withWaivers({ classId, quantity, amount: q.body.amount, ...(promoCode ? { promoCode } : {}) }),
  );
  expect(intent.status).toBe(200);
  expect(intent.body.amount).toBe(q.body.amount);
  const paid = await customer.client.post('/api/payment/test-provider/pay', {
    paymentIntentId: intent.body.id,
    clientSecret: intent.body.clientSecret,
    ...CARD,
  });
  expect(paid.status).toBe(200);
  const confirmed = await customer.client.post('/api/payment/confirm', { paymentIntentId: intent.body.id });
  expect(confirmed.status).toBe(200);
  return confirmed.body.booking.id;
}

describe('scenarios', () => {
  test('bookings with and without codes, cancelled and refunded by the customer and by an admin', async () => {
    const prices = [2500, 1999, 4000, 1250];
    const classes = await Promise.all(prices.map((priceCents) => createClass(server, { coachId: coach.id, priceCents, capacity: 20 })));
    const coachCode = await code(coach, { percentOff: 20 });
    const amountCode = await code(coach, { kind: 'amount', percentOff: undefined, amountOffCents: 700 });
    const platformCode = await code(admin, { percentOff: 30 });
    const freeCode = await code(coach, { percentOff: 100 });

    for (const [i, cls] of classes.entries()) {
      const plain = await bookPaid(await createUser(server), cls.id, 1 + (i % 3));
      const coached = await bookPaid(await createUser(server), cls.id, 2, coachCode);
      const fixed = await bookPaid(await createUser(server), cls.id, 1, amountCode);
      const platform = await bookPaid(await createUser(server), cls.id, 1 + (i % 2), platformCode);
      expect(plain && coached && fixed && platform).toBeTruthy();
      // A customer's cancellation (more than 48 hours ahead) refunds what was paid.
      const canceller = await createUser(server);
      const cancelled = await bookPaid(canceller, cls.id, 1, coachCode);
      expect((await canceller.client.put(`/api/bookings/${cancelled}/cancel`)).status).toBe(200);
      // An admin refunds part of one discounted booking and all of another.
      const partial = await admin.client.post(`/api/admin/bookings/${coached}/refund`, { amount: 3, reason: 'Started late.' });
      expect(partial.status).toBe(200);
      const rest = (await server.ctx.db.select().from(bookings).where(eq(bookings.id, platform)).get())!;
      const whole = await admin.client.post(`/api/admin/bookings/${platform}/refund`, {
        amount: rest.amountCents / 100,
        reason: 'Rained out.',
      });
      expect(whole.status).toBe(200);
      const tooMuch = await admin.client.post(`/api/admin/bookings/${fixed}/refund`, {
        amount: cls.priceCents / 100 + 1,
        reason: 'More than paid.',
      });
      expect(tooMuch.status).toBeGreaterThanOrEqual(400);
    }
    const free = await (await createUser(server)).client.post(
      '/api/bookings/free',
      withWaivers({ classId: classes[0]!.id, quantity: 1, promoCode: freeCode }),
    );
    expect(free.status).toBe(201);
  });
});

describe('every booking reconciles', () => {
  test('paid = list - discount + fee; payout + platform share = paid; refunds <= paid; the provider agrees', async () => {
    const rows = await server.ctx.db.select().from(bookings);
    const paid = rows.filter((b) => b.confirmedAt !== null);
    expect(paid.length).toBeGreaterThan(20);
    for (const b of paid) {
      const discounted = b.subtotalCents - b.discountCents;
      expect(b.amountCents).toBe(discounted + b.serviceFeeCents);
      expect(b.serviceFeeCents).toBe(Math.round(discounted * 0.05));
      expect(b.discountCents).toBeGreaterThanOrEqual(0);
      expect(b.discountCents).toBeLessThanOrEqual(b.subtotalCents);
      const payout = b.payoutCents ?? coachPayoutCents(b.subtotalCents);
      expect(payout).toBe(coachPayoutCents(b.discountFundedBy === 'platform' ? b.subtotalCents : discounted));
      const platformShare = b.amountCents - payout;
      expect(platformShare).toBeGreaterThanOrEqual(0);
      expect(payout + platformShare).toBe(b.amountCents);
      expect(b.refundAmountCents ?? 0).toBeLessThanOrEqual(b.amountCents);
      if (b.amountCents === 0) {
        expect(b.paymentIntentId).toBeNull();
        continue;
      }
      const intent = (await server.ctx.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, b.paymentIntentId!)).get())!;
      expect(intent.amountCents).toBe(b.amountCents);
      expect(intent.refundedCents).toBe(b.refundAmountCents ?? 0);
      expect(intent.transferAmountCents).toBe(payout);
      expect(intent.transferAmountCents!).toBeLessThanOrEqual(intent.amountCents);
    }
  });
});
