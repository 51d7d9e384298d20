// GET /api/coaches/{id}/earnings and .csv (issue 22): the figures match the bookings, payments and refunds this
// test makes through the API (85% coach / 15% platform of price x spots, the customer's 5% service fee, a full
// refund cancelled 48 h ahead, an unpaid hold left out), the payout account's test balance, the CSV, who may read
// it; and the demo coach's statement against the demo data computed here independently.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import { bookings, classes, users } from '../../../db/schema';
import { startTestServer, type TestServer } from '../../helpers/api';
import { createClass, createUser, pageTotal, type SignedIn } from '../../helpers/fixtures';
import { withWaivers } from '../../helpers/waivers';

const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
const HOUR = 3_600_000;

let server: TestServer;
let coach: SignedIn;
let otherCoach: SignedIn;
let admin: SignedIn;
let classA: { id: number; startTime: Date | null };
let classB: { id: number; startTime: Date | null };

async function pay(customer: SignedIn, classId: number, priceCents: number, quantity: number): Promise<number> {
  const intent = await customer.client.post(
    '/api/payment/create-intent',
    withWaivers({ classId, quantity, amount: pageTotal(priceCents, quantity) }),
  );
  expect(intent.status).toBe(200);
  const paid = await customer.client.post('/api/payment/test-provider/pay', {
    paymentIntentId: intent.body.id,
    clientSecret: intent.body.clientSecret,
    ...CARD,
  });
  expect(paid.status).toBe(200);
  return intent.body.bookingId;
}

beforeAll(async () => {
  server = await startTestServer();
  server.clock.set('2027-05-03T19:00:00Z');
  coach = await createUser(server, 'coach', 'Maya');
  otherCoach = await createUser(server, 'coach', 'Omar');
  admin = await createUser(server, 'admin', 'Avery');
  classA = await createClass(server, { coachId: coach.id, priceCents: 2000, startsInHours: 24 * 7, title: 'Sunrise Yoga' });
  classB = await createClass(server, { coachId: coach.id, priceCents: 1999, startsInHours: 24 * 3, title: 'Beach Bootcamp' });
  // A: two spots kept, one spot cancelled a week ahead (refunded in full). No payout account yet: no transfer.
  await pay(await createUser(server), classA.id, 2000, 2);
  const refunded = await createUser(server);
  const refundedId = await pay(refunded, classA.id, 2000, 1);
  expect((await refunded.client.put(`/api/bookings/${refundedId}/cancel`)).status).toBe(200);
  // The coach sets up payouts; B's charge transfers their 85% to the account.
  const link = await coach.client.post(`/api/coaches/${coach.id}/stripe-onboarding`);
  const accountId = new URL(link.body.onboardingUrl, server.url).searchParams.get('account');
  expect((await coach.client.post('/api/payouts/test-onboarding/complete', { accountId })).status).toBe(200);
  await pay(await createUser(server), classB.id, 1999, 3);
  // An unpaid hold charges nothing.
  const holder = await createUser(server);
  expect(
    (await holder.client.post('/api/payment/create-intent', withWaivers({ classId: classB.id, quantity: 1, amount: pageTotal(1999, 1) })))
      .status,
  ).toBe(200);
  // Another coach's sale stays theirs.
  const othersClass = await createClass(server, { coachId: otherCoach.id, priceCents: 5000 });
  await pay(await createUser(server), othersClass.id, 5000, 1);
});
afterAll(() => server.stop());

describe('the figures match the bookings and refunds', () => {
  test('totals: gross, refunds, platform fees and net add up to the cent', async () => {
    const res = await coach.client.get(`/api/coaches/${coach.id}/earnings`);
    expect(res.status).toBe(200);
    // gross 40.00 + 20.00 + 59.97; the refunded 20.00 leaves no fee; net 34.00 (85% of 40) + 50.97 (85% of 59.97, floored)
    expect(res.body.summary).toEqual({
      gross: 119.97,
      refunds: 20,
      platformFees: 15,
      net: 84.97,
      bookings: 3,
      spots: 6,
      serviceFees: 6, // 2.00 + 1.00 + 3.00 (2.9985 rounded)
      refundedToCustomers: 21, // the whole 21.00 paid, service fee included
      earned: 0,
      upcoming: 84.97,
      cardCharged: 125.97, // 42.00 + 21.00 + 62.97, each card charge as made (the refund is beside it)
      platformDiscounts: 0,
      creditApplied: 0,
      refundedAsCredit: 0,
      creditOutstanding: 0,
    });
  });

  test('per class, newest session first, each line adding up', async () => {
    const res = await coach.client.get(`/api/coaches/${coach.id}/earnings`);
    expect(res.body.byClass).toEqual([
      {
        classId: classA.id,
        title: 'Sunrise Yoga',
        startTime: classA.startTime!.toISOString(),
        bookings: 2,
        spots: 3,
        gross: 60,
        refunds: 20,
        platformFees: 6,
        net: 34,
        cardCharged: 63,
        platformDiscounts: 0,
        creditApplied: 0,
        refundedAsCredit: 0,
      },
      {
        classId: classB.id,
        title: 'Beach Bootcamp',
        startTime: classB.startTime!.toISOString(),
        bookings: 1,
        spots: 3,
        gross: 59.97,
        refunds: 0,
        platformFees: 9,
        net: 50.97,
        cardCharged: 62.97,
        platformDiscounts: 0,
        creditApplied: 0,
        refundedAsCredit: 0,
      },
    ]);
  });

  test('per month of the sessions (Pacific)', async () => {
    const res = await coach.client.get(`/api/coaches/${coach.id}/earnings`);
    expect(res.body.byMonth).toEqual([
      {
        month: '2027-05',
        gross: 119.97,
        refunds: 20,
        platformFees: 15,
        net: 84.97,
        cardCharged: 125.97,
        platformDiscounts: 0,
        creditApplied: 0,
        refundedAsCredit: 0,
      },
    ]);
  });

  test('the payout account: ready, its test balance is the transferred 85% of B, and the page is told it is the test provider', async () => {
    const { body } = await coach.client.get(`/api/coaches/${coach.id}/earnings`);
    expect(body.payouts).toMatchObject({ provider: 'test', account: 'ready', available: 50.97, pending: 0, paidOut: 0, payouts: [] });
    expect(body.payouts.note).toContain('Test payments');
  });

  test('from/to select sessions by their Pacific day; a session held counts as earned', async () => {
    const day = (d: Date) => d.toLocaleDateString('en-CA', { timeZone: 'America/Los_Angeles' });
    const onlyB = await coach.client.get(`/api/coaches/${coach.id}/earnings?from=${day(classB.startTime!)}&to=${day(classB.startTime!)}`);
    expect(onlyB.body.summary).toMatchObject({ gross: 59.97, net: 50.97, bookings: 1 });
    expect(onlyB.body).toMatchObject({ from: day(classB.startTime!), to: day(classB.startTime!) });
    const start = server.clock.now();
    server.clock.set(new Date(classB.startTime!.getTime() + 2 * HOUR));
    try {
      const later = await coach.client.get(`/api/coaches/${coach.id}/earnings`);
      expect(later.body.summary).toMatchObject({ earned: 50.97, upcoming: 34 });
    } finally {
      server.clock.set(start);
    }
  });

  test('the CSV has one line per charged booking with the same figures', async () => {
    const res = await coach.client.get(`/api/coaches/${coach.id}/earnings.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toContain('attachment');
    const lines = (res.body as string).trim().split('\r\n');
    expect(lines[0]).toBe(
      'Booking,Class date (PT),Class,Customer,Spots,Status,Gross,Service fee (customer),Refunded to customer,Refunds (price),Platform fee,Net,Paid with coach credit,Given back as credit',
    );
    expect(lines).toHaveLength(4);
    const net = lines.slice(1).reduce((sum, line) => sum + Math.round(Number(line.split(',').at(-3)) * 100), 0);
    expect(net).toBe(8497);
    expect(lines.some((line) => line.includes(',cancelled,20.00,1.00,21.00,20.00,0.00,0.00,0.00,0.00'))).toBe(true);
  });
});

describe('who may read earnings', () => {
  test('a visitor 401, a customer and another coach 403, an admin any coach', async () => {
    expect((await server.client().get(`/api/coaches/${coach.id}/earnings`)).status).toBe(401);
    const customer = await createUser(server);
    expect((await customer.client.get(`/api/coaches/${coach.id}/earnings`)).status).toBe(403);
    expect((await otherCoach.client.get(`/api/coaches/${coach.id}/earnings`)).status).toBe(403);
    expect((await otherCoach.client.get(`/api/coaches/${coach.id}/earnings.csv`)).status).toBe(403);
    const asAdmin = await admin.client.get(`/api/coaches/${coach.id}/earnings`);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.summary.net).toBe(84.97);
  });

  test('a bad date is a 400 with a message; a non-coach id is a 404', async () => {
    const bad = await coach.client.get(`/api/coaches/${coach.id}/earnings?from=2027-02-30`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Dates must be calendar days written YYYY-MM-DD.');
    expect((await admin.client.get(`/api/coaches/${admin.id}/earnings`)).status).toBe(404);
  });
});

describe('the demo coach', () => {
  test("the statement equals the demo data's charged bookings, computed here", async () => {
    const demo = await startTestServer({ seed: true });
    try {
      const db = demo.ctx.db;
      const coachRow = (await db.select().from(users).where(eq(users.email, 'coach@fogline.test')).get())!;
      const rows = await db
        .select({ b: bookings })
        .from(bookings)
        .innerJoin(classes, eq(classes.id, bookings.classId))
        .where(and(eq(classes.coachId, coachRow.id)));
      // Charged: an amount, and either confirmed once or refunded. Refunds in the demo are all or nothing.
      const charged = rows.map((r) => r.b).filter((b) => b.amountCents > 0 && (b.confirmedAt !== null || (b.refundAmountCents ?? 0) > 0));
      expect(charged.length).toBeGreaterThan(0);
      let gross = 0;
      let refunds = 0;
      let net = 0;
      let toCustomers = 0;
      for (const b of charged) {
        const refundedAll = (b.refundAmountCents ?? 0) === b.amountCents;
        expect(refundedAll || (b.refundAmountCents ?? 0) === 0).toBe(true);
        gross += b.subtotalCents;
        toCustomers += b.refundAmountCents ?? 0;
        if (refundedAll) refunds += b.subtotalCents;
        else net += Math.floor((b.subtotalCents * 85) / 100);
      }
      const client = demo.client();
      const login = await client.request(
        'POST',
        '/api/login',
        { email: 'coach@fogline.test', password: 'demo-password' },
        { headers: { 'x-forwarded-for': '100.67.0.1' } },
      );
      expect(login.status).toBe(200);
      const res = await client.get(`/api/coaches/${coachRow.id}/earnings`);
      expect(res.status).toBe(200);
      expect(Math.round(res.body.summary.gross * 100)).toBe(gross);
      expect(Math.round(res.body.summary.refunds * 100)).toBe(refunds);
      expect(Math.round(res.body.summary.net * 100)).toBe(net);
      expect(Math.round(res.body.summary.platformFees * 100)).toBe(gross - refunds - net);
      expect(Math.round(res.body.summary.refundedToCustomers * 100)).toBe(toCustomers);
      expect(res.body.summary.bookings).toBe(charged.length);
      const classNet = res.body.byClass.reduce((sum: number, line: { net: number }) => sum + Math.round(line.net * 100), 0);
      expect(classNet).toBe(net);
      expect(res.body.payouts.account).toBe('not_set_up');
    } finally {
      await demo.stop();
    }
  });
});
