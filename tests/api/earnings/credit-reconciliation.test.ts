// A coach's earnings count coach credit honestly (issue 20, "money stays exact"): after a scenario with a card
// booking given back as credit, that credit spent partly on another class (rest by card) which is then cancelled in
// time, credit spent on a pack, credit an admin sends back to the card, a coach's promo code, a platform promo code
// and a membership's late-cancel fee, the coach's statement equals the sums over the real money rows (the provider's
// intents: charged, transferred, refunded and reversed) in integer cents, nothing counted twice. Runs on a file and,
// with TEST_DATABASE=sqld, on sqld.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq, inArray } from 'drizzle-orm';
import { bookings, classes, coachCredits, membershipFees, passPurchases, testPaymentIntents } from '../../../db/schema';
import { TEST_CARDS } from '../../../api/providers/payments/test';
import type { TestServer } from '../../helpers/api';
import { createUser, pageTotal, type SignedIn, startWithCoach } from '../../helpers/fixtures';
import { withWaivers } from '../../helpers/waivers';
import { sellPass } from '../passes/helpers';
import { bookPaid, CARD, classOf, creditReconciliation, DAY } from '../policies/helpers';

let server: TestServer;
let coach: SignedIn;
let admin: SignedIn;
const cents = (dollars: number) => Math.round(dollars * 100);

async function payIntent(customer: SignedIn, intent: { id: string; clientSecret: string }, cardNumber = CARD.cardNumber) {
  const paid = await customer.client.post('/api/payment/test-provider/pay', {
    paymentIntentId: intent.id,
    clientSecret: intent.clientSecret,
    ...CARD,
    cardNumber,
  });
  expect(paid.status).toBe(200);
}

/** Books with a promo code at the price the quote shows, paid by card. */
async function bookWithCode(customer: SignedIn, classId: number, promoCode: string) {
  const quote = await customer.client.get(`/api/payment/quote?classId=${classId}&quantity=1&promoCode=${encodeURIComponent(promoCode)}`);
  expect(quote.status).toBe(200);
  const intent = await customer.client.post(
    '/api/payment/create-intent',
    withWaivers({ classId, quantity: 1, amount: quote.body.amount, promoCode }),
  );
  expect(intent.status).toBe(200);
  await payIntent(customer, intent.body);
  return intent.body.bookingId as number;
}

beforeAll(async () => {
  ({ server } = await startWithCoach());
  admin = await createUser(server, 'admin', 'Ada');
  // A coach of their own: Strict (full refund until 7 days, 50% until 48 h), 100% credit instead of a refund, and a
  // $15 late-cancel fee on unlimited memberships. Payouts set up first, so every card payment transfers their share.
  coach = await createUser(server, 'coach', 'Mira');
  const policy = await coach.client.put('/api/coaches/me/policy', {
    preset: 'strict',
    creditPercent: 100,
    passRules: { lateCancelFeeCents: 1500 },
  });
  expect(policy.status).toBe(200);
  const link = await coach.client.post(`/api/coaches/${coach.id}/stripe-onboarding`);
  const accountId = new URL(link.body.onboardingUrl, server.url).searchParams.get('account');
  expect((await coach.client.post('/api/payouts/test-onboarding/complete', { accountId })).status).toBe(200);

  // 1. A card booking ($20 + $1) cancelled 3 days ahead for credit: 2100 of credit, nothing refunded.
  const casey = await createUser(server, 'customer', 'Casey');
  const first = await classOf(server, coach, 2000, 3 * DAY);
  const given = await bookPaid(casey, first.id, pageTotal(2000, 1));
  expect((await casey.client.put(`/api/bookings/${given.bookingId}/cancel`, { refundAs: 'credit' })).status).toBe(200);
  // 2. That credit spent partly on a $30 class (2100 credit + 1050 card), then cancelled in time (10 days ahead): the
  //    card part back to the card, the credit part back as credit.
  const second = await classOf(server, coach, 3000, 10 * DAY);
  const split = await bookPaid(casey, second.id, 10.5); // the card's part, as the checkout asks
  const splitRow = (await server.ctx.db.select().from(bookings).where(eq(bookings.id, split.bookingId)).get())!;
  expect(splitRow.creditAppliedCents).toBe(2100);
  expect((await casey.client.put(`/api/bookings/${split.bookingId}/cancel`)).status).toBe(200);
  // ...and spent again on a $25 class, kept (2100 credit + 525 card).
  const third = await classOf(server, coach, 2500, 12 * DAY);
  await bookPaid(casey, third.id, 5.25);

  // 3. Another customer's credit spent on a $100 pack (2100 credit + 8400 card).
  const riley = await createUser(server, 'customer', 'Riley');
  const fourth = await classOf(server, coach, 2000, 3 * DAY);
  const rileys = await bookPaid(riley, fourth.id, pageTotal(2000, 1));
  expect((await riley.client.put(`/api/bookings/${rileys.bookingId}/cancel`, { refundAs: 'credit' })).status).toBe(200);
  const pack = await sellPass(coach, { name: 'Reconciled pack', price: 100, credits: 5, validityDays: 60 });
  const started = await riley.client.post(`/api/passes/${pack.id}/purchase`, { amount: pack.total });
  expect(started.status).toBe(200);
  expect(started.body).toMatchObject({ creditApplied: 21, cardAmount: 84 });
  await payIntent(riley, { id: started.body.paymentIntentId, clientSecret: started.body.clientSecret });
  expect((await riley.client.post(`/api/wallet/${started.body.purchaseId}/confirm`)).status).toBe(200);

  // 3b. A third customer's credit (2100) partly sent back to the card by an admin (1000): a refund of that booking.
  const jamie = await createUser(server, 'customer', 'Jamie');
  const jamies = await bookPaid(jamie, (await classOf(server, coach, 2000, 3 * DAY)).id, pageTotal(2000, 1));
  expect((await jamie.client.put(`/api/bookings/${jamies.bookingId}/cancel`, { refundAs: 'credit' })).status).toBe(200);
  const toCard = await admin.client.post(`/api/admin/users/${jamie.id}/credit/refund`, { coachId: coach.id, amountCents: 1000 });
  expect(toCard.status).toBe(200);

  // 4. A coach's own 20% code on a $25 class, and a platform 10% code on a $40 class (Fogline funds that one).
  const own = await coach.client.post('/api/promo-codes', { code: `MIRA${Date.now() % 100000}`, kind: 'percent', percentOff: 20 });
  expect(own.status).toBe(201);
  const platform = await admin.client.post('/api/promo-codes', { code: `FOG${Date.now() % 100000}`, kind: 'percent', percentOff: 10 });
  expect(platform.status).toBe(201);
  await bookWithCode(await createUser(server), (await classOf(server, coach, 2500, 14 * DAY)).id, own.body.code);
  await bookWithCode(await createUser(server), (await classOf(server, coach, 4000, 14 * DAY)).id, platform.body.code);

  // 5. An unlimited membership's booking cancelled late: the $15 fee charged once to the membership's card.
  const membership = await sellPass(coach, {
    kind: 'membership',
    name: 'Unlimited monthly',
    price: 120,
    credits: null,
    validityDays: null,
    billingPeriod: 'month',
  });
  const member = await createUser(server, 'customer', 'Morgan');
  const subscribed = await member.client.post(`/api/passes/${membership.id}/purchase`, { amount: membership.total });
  expect(subscribed.status).toBe(200);
  await payIntent(member, { id: subscribed.body.paymentIntentId, clientSecret: subscribed.body.clientSecret }, TEST_CARDS.success);
  const late = await classOf(server, coach, 2500, 3 * DAY);
  const booked = await member.client.post(
    '/api/bookings',
    withWaivers({ classId: late.id, quantity: 1, payWith: { purchaseId: subscribed.body.purchaseId } }),
  );
  expect(booked.status).toBe(201);
  expect((await member.client.put(`/api/bookings/${booked.body.id}/cancel`)).status).toBe(200);
  const fees = await server.ctx.db.select().from(membershipFees).where(eq(membershipFees.bookingId, booked.body.id));
  expect(fees.map((f) => [f.kind, f.status, f.amountCents])).toEqual([['late_cancel', 'paid', 1500]]);
});
afterAll(() => server.stop());

/** The provider's intents behind the coach's bookings, pack and intro purchases and membership fees (a membership's
 * own subscription charges are not part of the statement), each summed as it stands: charged, transferred to the
 * coach, refunded, and what the refunds reversed of the transfer (as the test provider's balance computes it). */
async function moneyRows(coachId: number) {
  const db = server.ctx.db;
  const bookingIntents = (
    await db
      .select({ id: bookings.paymentIntentId })
      .from(bookings)
      .innerJoin(classes, eq(classes.id, bookings.classId))
      .where(eq(classes.coachId, coachId))
  ).map((r) => r.id);
  const purchaseIntents = (
    await db
      .select({ id: passPurchases.paymentIntentId, kind: passPurchases.kind })
      .from(passPurchases)
      .where(eq(passPurchases.coachId, coachId))
  )
    .filter((r) => r.kind !== 'membership')
    .map((r) => r.id);
  const feeIntents = (await db.select({ id: membershipFees.chargeId }).from(membershipFees).where(eq(membershipFees.coachId, coachId))).map(
    (r) => r.id,
  );
  const ids = [...bookingIntents, ...purchaseIntents, ...feeIntents].filter((id): id is string => id !== null);
  const intents = (await db.select().from(testPaymentIntents).where(inArray(testPaymentIntents.id, ids))).filter(
    (i) => i.status === 'succeeded',
  );
  const sum = (f: (i: (typeof intents)[number]) => number) => intents.reduce((s, i) => s + f(i), 0);
  const reversed = (i: (typeof intents)[number]) => Math.floor(((i.transferAmountCents ?? 0) * i.refundedCents) / i.amountCents);
  return {
    charged: sum((i) => i.amountCents),
    refunded: sum((i) => i.refundedCents),
    kept: sum((i) => (i.transferAmountCents ?? 0) - reversed(i)),
    intents: intents.length,
  };
}

async function statement() {
  const res = await coach.client.get(`/api/coaches/${coach.id}/earnings`);
  expect(res.status).toBe(200);
  return res.body;
}

type Figures = { gross: number; refunds: number; platformFees: number; net: number; cardCharged: number; platformDiscounts: number };
const parts = (body: Awaited<ReturnType<typeof statement>>): Figures[] => [body.summary, body.passSales, body.membershipFees];
const total = (body: Awaited<ReturnType<typeof statement>>, key: keyof Figures) => parts(body).reduce((s, f) => s + cents(f[key]), 0);

describe("a coach's earnings with coach credit, promo codes and membership fees", () => {
  test('net is exactly what the transfers left on the coach’s account, counted once', async () => {
    const body = await statement();
    const money = await moneyRows(coach.id);
    expect(money.intents).toBe(9); // 7 card bookings, the pack, the fee
    expect(total(body, 'net')).toBe(money.kept);
  });

  test('cards charged and refunds equal the provider’s rows; gross + service fees - platform discounts = charged', async () => {
    const body = await statement();
    const money = await moneyRows(coach.id);
    expect(total(body, 'cardCharged')).toBe(money.charged);
    expect(cents(body.summary.refundedToCustomers) + cents(body.passSales.refundedToCustomers)).toBe(money.refunded);
    const serviceFees = cents(body.summary.serviceFees) + cents(body.passSales.serviceFees);
    expect(total(body, 'gross') + serviceFees - total(body, 'platformDiscounts')).toBe(money.charged);
    for (const f of parts(body)) expect(cents(f.gross) - cents(f.refunds) - cents(f.platformFees)).toBe(cents(f.net));
  });

  test('a booking given back as credit stays a sale once; the credit spent adds no gross, and is named beside it', async () => {
    const body = await statement();
    // Bookings: 2000 x 3 (given back as credit, kept) + 1000 (the split one, card part) + 500 (card part of the
    // $25 class) + 2000 (own code) + 4000 (platform code, list price); the pack 8000 of its 10000 price by card.
    expect(cents(body.summary.gross)).toBe(13500);
    // The split booking's card part (1000), and the admin's 1000 of Jamie's 2100 to the card: 2000 x 1000 / 2100.
    expect(cents(body.summary.refunds)).toBe(1000 + 952);
    expect(cents(body.passSales.gross)).toBe(8000);
    expect(cents(body.summary.creditApplied)).toBe(2100 + 2100);
    expect(cents(body.passSales.creditApplied)).toBe(2100);
    // Given back as credit: the three cancellations for credit, and the split booking's credit part returned.
    expect(cents(body.summary.refundedAsCredit)).toBe(2100 * 4);
    expect(cents(body.summary.platformDiscounts)).toBe(400);
    // Credit still held: Jamie's 1100 (Casey's came back and was spent again; Riley's went to the pack).
    expect(cents(body.summary.creditOutstanding)).toBe(1100);
    const ledger = await server.ctx.db.select().from(coachCredits).where(eq(coachCredits.coachId, coach.id));
    expect(ledger.reduce((s, r) => s + r.amountCents, 0)).toBe(1100);
  });

  test('the membership fee is counted once: in membershipFees, not as a booking', async () => {
    const body = await statement();
    expect(body.membershipFees).toMatchObject({ fees: 1, gross: 15, net: 12.75, platformFees: 2.25, cardCharged: 15 });
    // Seven charged bookings: three given back as credit, the split one, the $25 one, two with codes; the member's booking
    // (paid with the membership, no amount) is none.
    expect(body.summary.bookings).toBe(7);
  });

  test('the CSV lines add up to the statement, with the credit columns', async () => {
    const res = await coach.client.get(`/api/coaches/${coach.id}/earnings.csv`);
    const lines = (res.body as string).trim().split('\r\n').slice(1);
    const column = (at: number) => lines.reduce((s, line) => s + cents(Number(line.split(',').at(at))), 0);
    const body = await statement();
    expect(column(-3)).toBe(cents(body.summary.net));
    expect(column(-2)).toBe(cents(body.summary.creditApplied));
    expect(column(-1)).toBe(cents(body.summary.refundedAsCredit));
  });

  test("per booking: each CSV line's net is what its own card payment's transfer kept, its refund the provider's", async () => {
    const res = await coach.client.get(`/api/coaches/${coach.id}/earnings.csv`);
    const lines = (res.body as string).trim().split('\r\n').slice(1);
    expect(lines).toHaveLength(7);
    for (const line of lines) {
      const cells = line.split(',');
      const booking = (await server.ctx.db
        .select()
        .from(bookings)
        .where(eq(bookings.id, Number(cells[0])))
        .get())!;
      const intent = (await server.ctx.db
        .select()
        .from(testPaymentIntents)
        .where(eq(testPaymentIntents.id, booking.paymentIntentId!))
        .get())!;
      const transfer = intent.transferAmountCents ?? 0;
      const kept = transfer - Math.floor((transfer * intent.refundedCents) / intent.amountCents);
      expect([booking.id, cents(Number(cells.at(-3)))]).toEqual([booking.id, kept]);
      expect([booking.id, cents(Number(cells[8]))]).toEqual([booking.id, intent.refundedCents]);
    }
  });

  test('coach credit still reconciles per booking and per purchase', async () => {
    expect((await creditReconciliation(server)).problems).toEqual([]);
  });
});
