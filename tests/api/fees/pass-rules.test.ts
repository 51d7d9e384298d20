// Late-cancel and no-show rules for bookings paid with a pass (issue 20, item 2): the policy's pass rules (validated
// by the policy's schema, stated in its summary, copied onto each booking), a late cancellation of a pack booking
// under a policy that does not forfeit gives the credit back, and a pack booking marked no-show keeps its credit
// spent under the default rules; under rules that do not forfeit it, the credit comes back once when the mark is final
// (24 hours after the class ends), and not at all for a mark the coach cleared.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import { passLedger } from '../../../db/schema';
import type { TestServer } from '../../helpers/api';
import { createClass, createUser, type SignedIn, startWithCoach } from '../../helpers/fixtures';
import { returnNoShowCredits } from '../../../api/spots/no-show-credits';
import { givePass } from '../passes/helpers';
import { withWaivers } from '../../helpers/waivers';

let server: TestServer;
beforeAll(async () => {
  ({ server } = await startWithCoach());
});
afterAll(() => server.stop());

const DEFAULT_RULES = { lateCancelForfeitsCredit: true, noShowForfeitsCredit: true, lateCancelFeeCents: null, noShowFeeCents: null };

/** A coach of their own with a policy, so tests do not change each other's terms. */
async function coachWith(policy: object | null): Promise<SignedIn> {
  const c = await createUser(server, 'coach', 'Jordan');
  if (policy) expect((await c.client.put('/api/coaches/me/policy', policy)).status).toBe(200);
  return c;
}

/** A class of the coach that follows the coach's policy. */
async function classOf(owner: SignedIn, startsInHours: number) {
  const cls = await createClass(server, { coachId: owner.id, priceCents: 2000, startsInHours });
  expect((await owner.client.request('PATCH', `/api/classes/${cls.id}`, { cancellationPolicy: null })).status).toBe(200);
  return cls;
}

async function bookWithPass(customer: SignedIn, classId: number, purchaseId: number): Promise<number> {
  const res = await customer.client.post('/api/bookings', withWaivers({ classId, quantity: 1, payWith: { purchaseId } }));
  expect(res.status).toBe(201);
  return res.body.id;
}

const customerView = async (classId: number) => (await createUser(server)).client.get(`/api/classes/${classId}`);
const ledgerOf = (bookingId: number) => server.ctx.db.select().from(passLedger).where(eq(passLedger.bookingId, bookingId));

describe('pass rules on the policy', () => {
  test('default: a late cancel or a no-show spends the credit, no fees; the summary is unchanged', async () => {
    const c = await coachWith(null);
    const res = await c.client.get('/api/coaches/me/policy');
    expect(res.status).toBe(200);
    expect(res.body.policy.passRules).toEqual(DEFAULT_RULES);
    expect(res.body.policy.summary).toBe('Full refund until 48 hours before the class; no refund after that.');
  });

  test('a coach sets them; the class and each booking carry them, and the policy text states them', async () => {
    const rules = { lateCancelForfeitsCredit: false, noShowForfeitsCredit: true, lateCancelFeeCents: null, noShowFeeCents: null };
    const c = await coachWith({ preset: 'moderate', passRules: rules });
    const read = await c.client.get('/api/coaches/me/policy');
    expect(read.body.policy.passRules).toEqual(rules);
    expect(read.body.policy.summary).toBe(
      'Full refund until 48 hours before the class; no refund after that. Paid with a class pack, a late cancellation gives the credit back.',
    );
    const cls = await classOf(c, 72);
    const shown = await customerView(cls.id);
    expect(shown.body.cancellationPolicy.passRules).toEqual(rules);
    const customer = await createUser(server);
    const purchase = await givePass(server.ctx.db, { coachId: c.id, userId: customer.id, credits: 1, now: server.clock.now() });
    const bookingId = await bookWithPass(customer, cls.id, purchase.id);
    // The booking keeps its copy: a later change of the coach's rules does not change its terms.
    expect((await c.client.put('/api/coaches/me/policy', { preset: 'moderate' })).status).toBe(200);
    const booking = await customer.client.get(`/api/bookings/${bookingId}`);
    expect(booking.body.cancellationPolicy.passRules).toEqual(rules);
  });

  test("partial rules keep the other defaults; bad values are refused with the schema's message", async () => {
    const c = await coachWith({ preset: 'flexible', passRules: { noShowForfeitsCredit: false } });
    expect((await c.client.get('/api/coaches/me/policy')).body.policy.passRules).toEqual({ ...DEFAULT_RULES, noShowForfeitsCredit: false });
    const put = (passRules: unknown) => c.client.put('/api/coaches/me/policy', { preset: 'flexible', passRules });
    const fraction = await put({ lateCancelFeeCents: 12.5 });
    expect(fraction.status).toBe(400);
    expect(fraction.body.message).toContain('The late-cancel fee must be a whole number of cents.');
    const negative = await put({ noShowFeeCents: -5 });
    expect(negative.status).toBe(400);
    expect(negative.body.message).toContain('The no-show fee must be at least 1 cent (or none).');
    const huge = await put({ noShowFeeCents: 1_000_000 });
    expect(huge.status).toBe(400);
    expect(huge.body.message).toContain('The no-show fee can be at most $100.');
    const notFlag = await put({ lateCancelForfeitsCredit: 'no' });
    expect(notFlag.status).toBe(400);
    expect(notFlag.body.message).toContain('lateCancelForfeitsCredit must be true or false.');
    // Nothing changed.
    expect((await c.client.get('/api/coaches/me/policy')).body.policy.passRules).toEqual({ ...DEFAULT_RULES, noShowForfeitsCredit: false });
  });
});

describe('class packs', () => {
  test('a late cancel under the default rules spends the credit', async () => {
    const c = await coachWith(null);
    const customer = await createUser(server);
    const purchase = await givePass(server.ctx.db, { coachId: c.id, userId: customer.id, credits: 1, now: server.clock.now() });
    const bookingId = await bookWithPass(customer, (await classOf(c, 20)).id, purchase.id);
    expect((await customer.client.put(`/api/bookings/${bookingId}/cancel`)).status).toBe(200);
    expect((await ledgerOf(bookingId)).map((r) => r.kind)).toEqual(['booking']);
  });

  test('a late cancel under a policy that does not forfeit gives the credit back (a return row)', async () => {
    const c = await coachWith({ preset: 'moderate', passRules: { lateCancelForfeitsCredit: false } });
    const customer = await createUser(server);
    const purchase = await givePass(server.ctx.db, { coachId: c.id, userId: customer.id, credits: 1, now: server.clock.now() });
    const cls = await classOf(c, 20);
    const booked = await customer.client.post(
      '/api/bookings',
      withWaivers({ classId: cls.id, quantity: 1, payWith: { purchaseId: purchase.id } }),
    );
    expect(booked.status).toBe(201);
    const bookingId: number = booked.body.id;
    // The booking says the credit comes back until the class starts, not until the 48-hour deadline.
    expect(booked.body.paidWithPass.creditsBackUntil).toBe(cls.startTime!.toISOString());
    expect((await customer.client.put(`/api/bookings/${bookingId}/cancel`)).status).toBe(200);
    const rows = await ledgerOf(bookingId);
    expect(rows.map((r) => [r.kind, r.delta])).toEqual([
      ['booking', -1],
      ['return', 1],
    ]);
    const wallet = await customer.client.get('/api/wallet');
    expect(wallet.body.passes.find((p: { purchaseId: number }) => p.purchaseId === purchase.id).creditsLeft).toBe(1);
  });

  test('a pack booking marked no-show forfeits its credit (the default): no return row, ever', async () => {
    const c = await coachWith(null);
    const customer = await createUser(server);
    const purchase = await givePass(server.ctx.db, { coachId: c.id, userId: customer.id, credits: 2, now: server.clock.now() });
    const cls = await classOf(c, 1);
    const bookingId = await bookWithPass(customer, cls.id, purchase.id);
    server.clock.advance(2 * 3_600_000);
    const marked = await c.client.put(`/api/bookings/${bookingId}/attendance`, { attendee: 0, status: 'no_show' });
    expect(marked.status).toBe(200);
    server.clock.advance(2 * 86_400_000);
    await returnNoShowCredits(server.ctx);
    const rows = await server.ctx.db
      .select()
      .from(passLedger)
      .where(and(eq(passLedger.bookingId, bookingId), eq(passLedger.kind, 'return')));
    expect(rows).toEqual([]);
    const wallet = await customer.client.get('/api/wallet');
    expect(wallet.body.passes.find((p: { purchaseId: number }) => p.purchaseId === purchase.id).creditsLeft).toBe(1);
  });
});

describe('a no-show under a policy that does not forfeit the credit', () => {
  const HOUR = 3_600_000;

  /** A pack booking of a one-hour class starting in an hour, then two hours later (class over): the mark window. */
  async function bookedAndOver(credits = 1) {
    const c = await coachWith({ preset: 'moderate', passRules: { noShowForfeitsCredit: false } });
    const customer = await createUser(server);
    const purchase = await givePass(server.ctx.db, { coachId: c.id, userId: customer.id, credits, now: server.clock.now() });
    const cls = await classOf(c, 1);
    const bookingId = await bookWithPass(customer, cls.id, purchase.id);
    server.clock.advance(2 * HOUR);
    return { c, customer, purchase, bookingId };
  }
  const mark = (c: SignedIn, bookingId: number, status: 'no_show' | null) =>
    c.client.put(`/api/bookings/${bookingId}/attendance`, { attendee: 0, status });
  const returnsOf = async (bookingId: number) => (await ledgerOf(bookingId)).filter((r) => r.kind === 'return');

  test('the credit comes back once, 24 hours after the class ends, however many runs of the job', async () => {
    const { c, bookingId } = await bookedAndOver();
    expect((await mark(c, bookingId, 'no_show')).status).toBe(200);
    // Not final yet: the coach may still clear the mark.
    await returnNoShowCredits(server.ctx);
    expect(await returnsOf(bookingId)).toEqual([]);
    server.clock.advance(24 * HOUR);
    const [first, second] = await Promise.all([returnNoShowCredits(server.ctx), returnNoShowCredits(server.ctx)]);
    expect(first + second).toBe(1);
    expect(await returnNoShowCredits(server.ctx)).toBe(0);
    expect((await returnsOf(bookingId)).map((r) => r.delta)).toEqual([1]);
  });

  test('a mark the coach cleared before then returns nothing', async () => {
    const { c, bookingId } = await bookedAndOver();
    expect((await mark(c, bookingId, 'no_show')).status).toBe(200);
    expect((await mark(c, bookingId, null)).status).toBe(200);
    server.clock.advance(25 * HOUR);
    await returnNoShowCredits(server.ctx);
    expect(await returnsOf(bookingId)).toEqual([]);
  });

  test('someone who came keeps the credit spent', async () => {
    const { c, bookingId } = await bookedAndOver();
    expect((await c.client.put(`/api/bookings/${bookingId}/attendance`, { attendee: 0, status: 'present' })).status).toBe(200);
    server.clock.advance(25 * HOUR);
    await returnNoShowCredits(server.ctx);
    expect(await returnsOf(bookingId)).toEqual([]);
  });
});
