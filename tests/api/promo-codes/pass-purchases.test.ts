// Promo codes on pass purchases (issue 20, item 4): a coach's code takes its discount off a class pack (the coach's
// 85% of the discounted price is the transfer), a platform code keeps the coach at 85% of the whole price, the code's
// uses count pass purchases and bookings together, a membership takes no code, and the total sent must be the
// discounted one.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { passPurchases, payoutAccounts, testPaymentIntents } from '../../../db/schema';
import type { TestServer } from '../../helpers/api';
import { createClass, createUser, type SignedIn, startWithCoach } from '../../helpers/fixtures';
import { CARD, sellPass } from '../passes/helpers';

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
async function makeCode(owner: SignedIn, rules: Record<string, unknown>): Promise<string> {
  const code = `PASS${++n}${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
  expect((await owner.client.post('/api/promo-codes', { code, kind: 'percent', percentOff: 20, ...rules })).status).toBe(201);
  return code;
}

const intentOf = async (id: string) => (await server.ctx.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id)).get())!;

describe('a promo code on a class pack', () => {
  test("a coach's 20% code: the discounted total is charged and the coach's 85% is of the discounted price", async () => {
    const pass = await sellPass(coach, { name: 'Promo pack', price: 100, credits: 5, validityDays: 90 });
    const code = await makeCode(coach, {});
    const customer = await createUser(server);
    const quote = await customer.client.get(`/api/passes/${pass.id}/quote?promoCode=${code.toLowerCase()}`);
    expect(quote.status).toBe(200);
    expect(quote.body).toEqual({
      passId: pass.id,
      priceCents: 10_000,
      discountCents: 2000,
      serviceFeeCents: 400,
      totalCents: 8400,
      amount: 84,
      creditAppliedCents: 0,
      cardCents: 8400,
      promoCode: code,
    });
    const whole = await customer.client.post(`/api/passes/${pass.id}/purchase`, { amount: 105, promoCode: code });
    expect(whole.status).toBe(409);
    expect(whole.body.message).toBe('The price has changed. Please reload the page.');
    const started = await customer.client.post(`/api/passes/${pass.id}/purchase`, { amount: 84, promoCode: code.toLowerCase() });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ price: 100, discount: 20, serviceFee: 4, amount: 84 });
    const again = await customer.client.post(`/api/passes/${pass.id}/purchase`, { amount: 84, promoCode: code });
    expect(again.body.paymentIntentId).toBe(started.body.paymentIntentId);
    const intent = await intentOf(started.body.paymentIntentId);
    expect(intent).toMatchObject({ amountCents: 8400, transferAmountCents: 6800 });
    const paid = await customer.client.post('/api/payment/test-provider/pay', {
      paymentIntentId: started.body.paymentIntentId,
      clientSecret: started.body.clientSecret,
      ...CARD,
    });
    expect(paid.status).toBe(200);
    expect((await customer.client.post(`/api/wallet/${started.body.purchaseId}/confirm`)).status).toBe(200);
    const row = (await server.ctx.db.select().from(passPurchases).where(eq(passPurchases.id, started.body.purchaseId)).get())!;
    expect(row).toMatchObject({
      priceCents: 10_000,
      discountCents: 2000,
      serviceFeeCents: 400,
      amountCents: 8400,
      payoutCents: 6800,
      status: 'active',
    });
  });

  test('a platform code leaves the coach 85% of the whole price (capped so the charge covers it)', async () => {
    const pass = await sellPass(coach, { name: 'Platform pack', price: 100, credits: 5, validityDays: 90 });
    const code = await makeCode(admin, { percentOff: 10 });
    const started = await (await createUser(server)).client.post(`/api/passes/${pass.id}/purchase`, { amount: 94.5, promoCode: code });
    expect(started.status).toBe(200);
    expect(await intentOf(started.body.paymentIntentId)).toMatchObject({ amountCents: 9450, transferAmountCents: 8500 });
  });

  test('uses count pass purchases and bookings together; refusals say why; memberships take no code', async () => {
    const pass = await sellPass(coach, { name: 'Single-use pack', price: 50, credits: 2, validityDays: 30 });
    const code = await makeCode(coach, { maxUses: 1 });
    expect((await (await createUser(server)).client.post(`/api/passes/${pass.id}/purchase`, { amount: 42, promoCode: code })).status).toBe(
      200,
    );
    const late = await (await createUser(server)).client.post(`/api/passes/${pass.id}/purchase`, { amount: 42, promoCode: code });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This promo code has been used up.');
    // The same code at a class checkout is used up too.
    const cls = await createClass(server, { coachId: coach.id, priceCents: 2000 });
    const quote = await (await createUser(server)).client.get(`/api/payment/quote?classId=${cls.id}&quantity=1&promoCode=${code}`);
    expect(quote.status).toBe(409);
    const listed = (await coach.client.get('/api/promo-codes')).body.find((c: { code: string }) => c.code === code);
    expect(listed).toMatchObject({ uses: 1, status: 'usedUp' });

    const otherCoach = await createUser(server, 'coach', 'Kai');
    const elsewhere = await makeCode(otherCoach, {});
    const refused = await (await createUser(server)).client.post(`/api/passes/${pass.id}/purchase`, { amount: 42, promoCode: elsewhere });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("This promo code doesn't apply to this pass.");

    const membership = await coach.client.post('/api/passes', { kind: 'membership', name: 'Monthly', price: 100, billingPeriod: 'month' });
    expect(membership.status).toBe(201);
    const noCode = await (await createUser(server)).client.post(`/api/passes/${membership.body.id}/purchase`, {
      amount: 84,
      promoCode: code,
    });
    expect(noCode.status).toBe(400);
    expect(noCode.body.message).toBe('Promo codes apply to class packs and intro offers, not to memberships.');
    const noQuote = await (await createUser(server)).client.get(`/api/passes/${membership.body.id}/quote?promoCode=${code}`);
    expect(noQuote.status).toBe(400);
    const usedUp = await (await createUser(server)).client.get(`/api/passes/${pass.id}/quote?promoCode=${code}`);
    expect(usedUp.status).toBe(409);
    expect(usedUp.body.message).toBe('This promo code has been used up.');
  });

  test("a payment after the checkout's 30 minutes never exceeds the code's uses: the activating write re-checks, refunds in full", async () => {
    const pass = await sellPass(coach, { name: 'Late code pack', price: 50, credits: 2, validityDays: 30 });
    const code = await makeCode(coach, { maxUses: 1 });
    const first = await createUser(server);
    const opened = await first.client.post(`/api/passes/${pass.id}/purchase`, { amount: 42, promoCode: code });
    expect(opened.status).toBe(200);
    server.clock.advance(31 * 60_000);
    // The first checkout no longer holds its use: another customer takes and pays it.
    const second = await createUser(server);
    const taken = await second.client.post(`/api/passes/${pass.id}/purchase`, { amount: 42, promoCode: code });
    expect(taken.status).toBe(200);
    const pay = (body: { paymentIntentId: string; clientSecret: string }) =>
      server
        .client()
        .post('/api/payment/test-provider/pay', { paymentIntentId: body.paymentIntentId, clientSecret: body.clientSecret, ...CARD });
    expect((await pay(taken.body)).status).toBe(200);
    expect((await second.client.post(`/api/wallet/${taken.body.purchaseId}/confirm`)).status).toBe(200);
    // The first customer's card is charged late: refused in the write that would activate it, and refunded in full.
    expect((await pay(opened.body)).status).toBe(200);
    expect((await first.client.post(`/api/wallet/${opened.body.purchaseId}/confirm`)).status).toBe(409);
    const purchase = await server.ctx.db.select().from(passPurchases).where(eq(passPurchases.id, opened.body.purchaseId)).get();
    expect(purchase!.status).toBe('cancelled');
    expect((await intentOf(opened.body.paymentIntentId)).refundedCents).toBe(4200);
    const listed = (await coach.client.get('/api/promo-codes')).body.find((c: { code: string }) => c.code === code);
    expect(listed).toMatchObject({ uses: 1, status: 'usedUp' });
  });
});
