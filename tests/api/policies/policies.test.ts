// Cancellation policies and coach credit (issue 20): the coach's policy and a class's own, the copy each booking
// keeps, refunds by tier, credit instead of a refund, credit spent at checkout (exactly once under races), a
// coach's cancellation refunding in full, an admin refunding credit to the card, and money that reconciles per
// booking after all of it. Runs on a file and, with TEST_DATABASE=sqld, on sqld.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import type { TestPaymentProvider } from '../../../api/providers/payments/test';
import { bookings, coachCredits } from '../../../db/schema';
import type { TestServer } from '../../helpers/api';
import { createClass, createUser, outbox, pageTotal, sentMail, type SignedIn, startWithCoach } from '../../helpers/fixtures';
import { withWaivers } from '../../helpers/waivers';
import {
  balanceWith,
  bookPaid,
  classOf as classOfCoach,
  coachWith as coachWithPolicy,
  customerWithCredit as customerWithCoachCredit,
  DAY,
  creditReconciliation,
  refundedOn as refundedOnIntent,
} from './helpers';

let server: TestServer;
let coach: SignedIn;
let provider: TestPaymentProvider;
beforeAll(async () => {
  ({ server, coach } = await startWithCoach());
  provider = server.ctx.payments as TestPaymentProvider;
});
afterAll(() => server.stop());

const coachWith = (policy: object | null) => coachWithPolicy(server, policy);
const classOf = (owner: SignedIn, priceCents: number, startsInHours: number) => classOfCoach(server, owner, priceCents, startsInHours);
const refundedOn = (intentId: string) => refundedOnIntent(server, intentId);
const customerWithCredit = (priceCents: number) => customerWithCoachCredit(server, priceCents);

describe("a coach's policy", () => {
  test('starts as Moderate (the 48-hour rule) and lists the presets', async () => {
    const c = await coachWith(null);
    const res = await c.client.get('/api/coaches/me/policy');
    expect(res.status).toBe(200);
    expect(res.body.policy).toEqual({
      preset: 'moderate',
      tiers: [{ hoursBefore: 48, refundPercent: 100 }],
      creditPercent: null,
      passRules: { lateCancelForfeitsCredit: true, noShowForfeitsCredit: true, lateCancelFeeCents: null, noShowFeeCents: null },
      summary: 'Full refund until 48 hours before the class; no refund after that.',
    });
    expect(res.body.presets.map((p: { preset: string; summary: string }) => [p.preset, p.summary])).toEqual([
      ['flexible', 'Full refund until 24 hours before the class; no refund after that.'],
      ['moderate', 'Full refund until 48 hours before the class; no refund after that.'],
      ['strict', 'Full refund until 7 days before the class, 50% until 48 hours before; no refund after that.'],
    ]);
  });

  test('custom tiers: at most three, each a different notice, less notice never refunding more', async () => {
    const c = await coachWith(null);
    const put = (body: object) => c.client.put('/api/coaches/me/policy', body);
    const custom = await put({
      preset: 'custom',
      tiers: [
        { hoursBefore: 24, refundPercent: 25 },
        { hoursBefore: 72, refundPercent: 75 },
      ],
      creditPercent: 90,
    });
    expect(custom.status).toBe(200);
    expect(custom.body.policy.tiers).toEqual([
      { hoursBefore: 72, refundPercent: 75 },
      { hoursBefore: 24, refundPercent: 25 },
    ]);
    expect(custom.body.policy.summary).toBe(
      '75% refund until 3 days before the class, 25% until 24 hours before; no refund after that. Or, instead of a refund, credit with the coach worth 90% of what you paid, until the class starts.',
    );
    const four = await put({ preset: 'custom', tiers: [1, 2, 3, 4].map((h) => ({ hoursBefore: h * 24, refundPercent: 50 })) });
    expect(four.status).toBe(400);
    expect(four.body.message).toContain('at most 3 refund tiers');
    const rising = await put({
      preset: 'custom',
      tiers: [
        { hoursBefore: 72, refundPercent: 50 },
        { hoursBefore: 24, refundPercent: 100 },
      ],
    });
    expect(rising.status).toBe(400);
    expect(rising.body.message).toContain('cannot refund more');
    expect((await put({ preset: 'custom', tiers: [] })).status).toBe(400);
    expect((await put({ preset: 'lenient' })).status).toBe(400);
    expect((await put({ preset: 'strict', creditPercent: 150 })).status).toBe(400);
    expect((await put({ preset: 'strict', extra: 1 })).body.message).toContain('Unknown field');
  });

  test('only coaches set one: a customer is refused, a visitor must sign in', async () => {
    const customer = await createUser(server);
    expect((await customer.client.put('/api/coaches/me/policy', { preset: 'strict' })).status).toBe(403);
    expect((await server.client().put('/api/coaches/me/policy', { preset: 'strict' })).status).toBe(401);
  });

  test("a class follows its coach's policy unless it has its own, which a change of the coach's leaves alone", async () => {
    const c = await coachWith({ preset: 'flexible' });
    const follows = await classOf(c, 2000, 10 * DAY);
    const own = await classOf(c, 2000, 10 * DAY);
    const set = await c.client.request('PATCH', `/api/classes/${own.id}`, { cancellationPolicy: { preset: 'strict' } });
    expect(set.status).toBe(200);
    expect(set.body.cancellationPolicy).toMatchObject({ preset: 'strict', source: 'class' });
    expect((await c.client.put('/api/coaches/me/policy', { preset: 'moderate' })).body.classOverrides).toBe(1);
    expect((await server.client().get(`/api/classes/${follows.id}`)).body.cancellationPolicy).toMatchObject({
      preset: 'moderate',
      source: 'coach',
    });
    const read = (await server.client().get(`/api/classes/${own.id}`)).body;
    expect(read.cancellationPolicy).toMatchObject({ preset: 'strict', source: 'class' });
    // Posting the policy back as read keeps it; null goes back to the coach's.
    expect(
      (await c.client.request('PATCH', `/api/classes/${own.id}`, { cancellationPolicy: read.cancellationPolicy })).body.cancellationPolicy,
    ).toMatchObject({ preset: 'strict', source: 'class' });
    expect((await c.client.request('PATCH', `/api/classes/${own.id}`, { cancellationPolicy: null })).body.cancellationPolicy).toMatchObject(
      {
        preset: 'moderate',
        source: 'coach',
      },
    );
  });
});

describe('refunds under the policy the booking was booked under', () => {
  test('Strict, cancelled 3 days before: exactly 50% back to the card, whatever the coach changed since', async () => {
    const c = await coachWith({ preset: 'strict' });
    const cls = await classOf(c, 2999, 3 * DAY);
    const customer = await createUser(server);
    const { bookingId, intentId } = await bookPaid(customer, cls.id, pageTotal(2999, 1));
    // 2999 + 150 fee = 3149 paid; the policy changes after booking: the booking keeps Strict.
    await c.client.put('/api/coaches/me/policy', { preset: 'flexible' });
    const before = (await customer.client.get(`/api/bookings/${bookingId}`)).body;
    expect(before.cancellationPolicy.preset).toBe('strict');
    expect(before.cancelNow).toMatchObject({ refundCents: 1574, refundPercent: 50, nextRefundCents: 0, creditCents: null });
    expect(before.cancelNow.refundUntil).toBe(new Date(cls.startTime!.getTime() - 48 * 3_600_000).toISOString());
    expect(before.refundIfCancelledNow).toBe(15.74);
    const cancelled = await customer.client.put(`/api/bookings/${bookingId}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.refundAmount).toBe(15.74);
    expect(await refundedOn(intentId)).toBe(1574);
    expect(outbox(server).some((m) => m.includes('Refund: $15.74'))).toBe(true);
    // The confirmation stated the booking's own terms, with their deadlines in Pacific time.
    const confirmation = (await sentMail(server))
      .map((m) => m.replace(/=\r?\n/g, ''))
      .find((m) => m.includes('Your cancellation policy (Strict)'));
    expect(confirmation).toBeDefined();
    expect(confirmation!).toMatch(
      /Your cancellation policy \(Strict\): a full refund if you cancel by .+ PT \(7 days before the class\), a 50% refund if you cancel by .+ PT \(48 hours before the class\)/,
    );
  });

  test('Moderate keeps the FAQ rule: everything back at 49 hours, nothing at 47', async () => {
    const c = await coachWith(null);
    const early = await classOf(c, 2000, 49);
    const late = await classOf(c, 2000, 47);
    const customer = await createUser(server);
    const a = await bookPaid(customer, early.id, pageTotal(2000, 1));
    const b = await bookPaid(customer, late.id, pageTotal(2000, 1));
    expect((await customer.client.put(`/api/bookings/${a.bookingId}/cancel`)).body.refundAmount).toBe(21);
    expect((await customer.client.put(`/api/bookings/${b.bookingId}/cancel`)).body.refundAmount).toBe(0);
  });

  test('a free booking keeps its copy too, written by the insert that creates it', async () => {
    const c = await coachWith({ preset: 'strict' });
    const cls = await classOf(c, 0, 10 * DAY);
    const customer = await createUser(server);
    const res = await customer.client.post(
      '/api/bookings/free',
      withWaivers({ classId: cls.id, quantity: 1, attendees: [{ name: 'Casey Tester' }] }),
    );
    expect(res.status).toBe(201);
    const row = await server.ctx.db.select().from(bookings).where(eq(bookings.id, res.body.id)).get();
    expect(row!.cancellationPolicy).toMatchObject({ preset: 'strict' });
  });
});

describe('credit instead of a refund', () => {
  test('the larger credit is offered beside the refund, and refundAs credit takes it (nothing to the card)', async () => {
    const c = await coachWith({ preset: 'strict', creditPercent: 100 });
    const cls = await classOf(c, 2000, 3 * DAY);
    const customer = await createUser(server);
    const { bookingId, intentId } = await bookPaid(customer, cls.id, 21);
    const shown = (await customer.client.get(`/api/bookings/${bookingId}`)).body.cancelNow;
    expect(shown).toMatchObject({ refundCents: 1050, creditCents: 2100, creditPercent: 100 });
    const res = await customer.client.put(`/api/bookings/${bookingId}/cancel`, { refundAs: 'credit' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ refundAmount: 0, refundedAsCredit: 21 });
    expect(await refundedOn(intentId)).toBe(0);
    expect(await balanceWith(customer, c.id)).toBe(2100);
  });

  test('refundAs credit where the policy offers none is refused, and nothing changes', async () => {
    const c = await coachWith({ preset: 'flexible' });
    const cls = await classOf(c, 2000, 3 * DAY);
    const customer = await createUser(server);
    const { bookingId } = await bookPaid(customer, cls.id, 21);
    const res = await customer.client.put(`/api/bookings/${bookingId}/cancel`, { refundAs: 'credit' });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('offers no credit');
    expect((await customer.client.get(`/api/bookings/${bookingId}`)).body.status).toBe('confirmed');
    expect((await customer.client.put(`/api/bookings/${bookingId}/cancel`, { refundAs: 'cash' })).status).toBe(400);
  });
});

describe('spending credit at checkout', () => {
  test("partly: the quote and the hold spend it first on the coach's class, the card pays exactly the rest", async () => {
    const { c, customer, credit } = await customerWithCredit(2000); // 2100 of credit
    const next = await classOf(c, 3000, 10 * DAY); // 3150 total
    const quote = await customer.client.get(`/api/payment/quote?classId=${next.id}&quantity=1`);
    expect(quote.body).toMatchObject({ totalCents: 3150, creditAppliedCents: credit, amountDueCents: 1050 });
    // The full price is not what the card pays any more: refused as a price the server did not compute.
    expect(
      (await customer.client.post('/api/payment/create-intent', withWaivers({ classId: next.id, quantity: 1, amount: 31.5 }))).status,
    ).toBe(409);
    const { bookingId, intentId } = await bookPaid(customer, next.id, 10.5);
    expect((await provider.retrieveIntent(intentId))!.amountCents).toBe(1050);
    const booking = (await customer.client.get(`/api/bookings/${bookingId}`)).body;
    expect(booking).toMatchObject({ amount: 31.5, creditApplied: 21 });
    expect(await balanceWith(customer, c.id)).toBe(0);
    // Another coach's class does not touch it.
    const other = await createClass(server, { coachId: coach.id, priceCents: 1000 });
    expect((await customer.client.get(`/api/payment/quote?classId=${other.id}&quantity=1`)).body.creditAppliedCents).toBe(0);
  });

  test('wholly: credit covering the price confirms the booking without a card', async () => {
    const { c, customer } = await customerWithCredit(4000); // 4200 of credit
    const cheap = await classOf(c, 1000, 10 * DAY); // 1050 total
    const held = await customer.client.post('/api/payment/create-intent', withWaivers({ classId: cheap.id, quantity: 1, amount: 0 }));
    expect(held.body).toMatchObject({ status: 'credit_covers', amount: 0, creditApplied: 10.5, id: null });
    const confirmed = await customer.client.post(
      '/api/payment/create-intent',
      withWaivers({
        classId: cheap.id,
        quantity: 1,
        amount: 0,
        attendees: [{ name: 'Casey Tester' }],
      }),
    );
    expect(confirmed.body).toMatchObject({ status: 'confirmed', bookingId: held.body.bookingId });
    expect((await customer.client.get(`/api/bookings/${held.body.bookingId}`)).body).toMatchObject({
      status: 'confirmed',
      paymentIntentId: null,
    });
    expect(await balanceWith(customer, c.id)).toBe(3150);
  });

  test('two checkouts at once cannot spend the same credit twice', async () => {
    const { c, customer } = await customerWithCredit(2000); // 2100
    const a = await classOf(c, 2000, 10 * DAY);
    const b = await classOf(c, 2000, 10 * DAY);
    const attendees = [{ name: 'Casey Tester' }];
    const answers = await Promise.all(
      [a, b].map((cls) =>
        customer.client.post('/api/payment/create-intent', withWaivers({ classId: cls.id, quantity: 1, amount: 0, attendees })),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.status === 409)!.body.message).toBe('The price has changed. Please reload the page.');
    expect(await balanceWith(customer, c.id)).toBe(0);
    const spent = await server.ctx.db
      .select()
      .from(coachCredits)
      .where(and(eq(coachCredits.customerId, customer.id), eq(coachCredits.kind, 'spent')));
    expect(spent.map((r) => r.amountCents)).toEqual([-2100]);
  });

  test('a hold sets its credit aside: an unpaid checkout elsewhere leaves only the rest to spend', async () => {
    const { c, customer } = await customerWithCredit(2000); // 2100
    const a = await classOf(c, 1000, 10 * DAY); // 1050
    const b = await classOf(c, 2000, 10 * DAY); // 2100
    const held = await customer.client.post('/api/payment/create-intent', withWaivers({ classId: a.id, quantity: 1, amount: 0 }));
    expect(held.body.status).toBe('credit_covers');
    expect((await customer.client.get(`/api/payment/quote?classId=${b.id}&quantity=1`)).body).toMatchObject({
      creditAppliedCents: 1050,
      amountDueCents: 1050,
    });
    // Released, the credit is whole again; nothing was ever spent.
    expect((await customer.client.put(`/api/bookings/${held.body.bookingId}/cancel`)).status).toBe(200);
    expect((await customer.client.get(`/api/payment/quote?classId=${b.id}&quantity=1`)).body.creditAppliedCents).toBe(2100);
    expect(await balanceWith(customer, c.id)).toBe(2100);
  });
});

describe('giving back a booking paid with credit', () => {
  test("the customer's cancellation splits the refund as it was paid: the card part to the card, the rest as credit", async () => {
    const { c, customer } = await customerWithCredit(2000); // 2100
    const next = await classOf(c, 3000, 10 * DAY); // 3150: 2100 credit + 1050 card, full refund (7+ days)
    const { bookingId, intentId } = await bookPaid(customer, next.id, 10.5);
    const shown = (await customer.client.get(`/api/bookings/${bookingId}`)).body.cancelNow;
    expect(shown).toMatchObject({ refundCents: 3150, refundToCardCents: 1050, refundToCreditCents: 2100 });
    const res = await customer.client.put(`/api/bookings/${bookingId}/cancel`);
    expect(res.body).toMatchObject({ refundAmount: 10.5, refundedAsCredit: 21 });
    expect(await refundedOn(intentId)).toBe(1050);
    expect(await balanceWith(customer, c.id)).toBe(2100);
  });

  test("the coach's deletion refunds in full: the card part to the card, the credit spent back as credit", async () => {
    const { c, customer } = await customerWithCredit(2000);
    const next = await classOf(c, 3000, 2 * DAY);
    const { intentId } = await bookPaid(customer, next.id, 10.5);
    expect((await c.client.delete(`/api/classes/${next.id}`)).status).toBe(200);
    expect(await refundedOn(intentId)).toBe(1050);
    expect(await balanceWith(customer, c.id)).toBe(2100);
  });

  test('an admin refunds the credit to the card, through the payment it came from', async () => {
    const { c, customer } = await customerWithCredit(2000); // 2100 from one 2100 payment
    const admin = await createUser(server, 'admin', 'Ada');
    const origin = await server.ctx.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.userId, customer.id), eq(bookings.creditIssuedCents, 2100)))
      .get();
    const tooMuch = await admin.client.post(`/api/admin/users/${customer.id}/credit/refund`, { coachId: c.id, amountCents: 2101 });
    expect(tooMuch.status).toBe(409);
    expect((await customer.client.post(`/api/admin/users/${customer.id}/credit/refund`, { coachId: c.id })).status).toBe(403);
    const res = await admin.client.post(`/api/admin/users/${customer.id}/credit/refund`, { coachId: c.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ refundedCents: 2100, balanceCents: 0 });
    expect(await refundedOn(origin!.paymentIntentId!)).toBe(2100);
    expect(await balanceWith(customer, c.id)).toBe(0);
  });
});

describe("the admin's user page", () => {
  test('says how each booking was paid: the credit applied, and what went back as credit', async () => {
    const { c, customer } = await customerWithCredit(4000); // 4200 of credit, from a booking given back as credit
    const cheap = await classOf(c, 1000, 10 * DAY); // 1050, wholly with credit
    const held = await customer.client.post(
      '/api/payment/create-intent',
      withWaivers({ classId: cheap.id, quantity: 1, amount: 0, attendees: [{ name: 'Casey Tester' }] }),
    );
    expect(held.body.status).toBe('confirmed');
    const admin = await createUser(server, 'admin');
    const page = await admin.client.get(`/api/admin/users/${customer.id}`);
    expect(page.status).toBe(200);
    const byId = new Map(page.body.bookings.map((b: { id: number }) => [b.id, b]));
    expect(byId.get(held.body.bookingId)).toMatchObject({ amount: 10.5, creditApplied: 10.5, refundedAsCredit: 0, refundable: 0 });
    const givenBack = page.body.bookings.find((b: { status: string }) => b.status === 'cancelled');
    // Given back as credit already: nothing is left to refund to the card (it would be paid back twice).
    expect(givenBack).toMatchObject({ amount: 42, creditApplied: 0, refundedAsCredit: 42, refunded: 0, refundable: 0 });
    const twice = await admin.client.post(`/api/admin/bookings/${givenBack.id}/refund`, { amount: 42, reason: 'Goodwill' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('Nothing is left to refund on this booking.');
  });
});

describe('money reconciles', () => {
  test('the credit ledger is append-only', async () => {
    const row = await server.ctx.db.select().from(coachCredits).limit(1).get();
    expect(row).toBeDefined();
    expect(
      server.ctx.db.write((tx) => tx.update(coachCredits).set({ amountCents: 1 }).where(eq(coachCredits.id, row!.id))),
    ).rejects.toThrow();
  });

  test('per booking: card + credit = amount; the provider charged and refunded what is recorded; nothing given back twice', async () => {
    const { problems, bookingCount } = await creditReconciliation(server);
    expect(problems).toEqual([]);
    expect(bookingCount).toBeGreaterThan(15);
  });
});
