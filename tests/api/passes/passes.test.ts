// Passes end to end through the API on a real server: a coach sells packs, memberships and intro offers (and
// archives them), a customer buys a pack with 4242 (receipt in the outbox), books with credits (confirmed at once,
// no card), cancels in time and gets the credit back with its expiry; late cancels spend it; a coach's deletion
// always returns it; coverage, expiry, intro offers, unlimited and past-due memberships, the admin's pro rata
// refund, and the wallet's balances reconciled with the ledger.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { runPassExpiry } from '../../../api/passes/expiry';
import { auditLog, bookings, categories, classes, passLedger, passPurchases, testPaymentIntents, weatherCalls } from '../../../db/schema';
import type { TestServer } from '../../helpers/api';
import { createClass, createUser, outbox, sentMail, type SignedIn, startWithCoach } from '../../helpers/fixtures';
import { buyPass, DAY, givePass, reconcileLedger, sellPass } from './helpers';
import { withWaivers } from '../../helpers/waivers';

let server: TestServer;
let coach: SignedIn;

beforeAll(async () => {
  ({ server, coach } = await startWithCoach());
});
afterAll(() => server.stop());

const patch = (who: SignedIn, path: string, body: unknown) => who.client.request('PATCH', path, body);
const wallet = async (who: SignedIn, query = '') => (await who.client.get(`/api/wallet${query}`)).body.passes as any[];
const passIn = async (who: SignedIn, purchaseId: number) => (await wallet(who)).find((p) => p.purchaseId === purchaseId);

describe('passes a coach sells', () => {
  test("a coach creates a 5-class pack, a monthly unlimited membership and an intro offer; the rules of each kind are the form's", async () => {
    const pack = await sellPass(coach, { name: '5-class pack', price: 100, credits: 5, validityDays: 90 });
    expect(pack).toMatchObject({ price: 100, total: 105, credits: 5 });
    expect((pack as any).pricePerClass).toBe(20);
    const membership = await coach.client.post('/api/passes', {
      kind: 'membership',
      name: 'Monthly unlimited',
      price: 150,
      billingPeriod: 'month',
      maxPauseWeeks: 4,
    });
    expect(membership.status).toBe(201);
    expect(membership.body).toMatchObject({ credits: null, pricePerClass: null, billingPeriod: 'month', validityDays: null });
    const intro = await sellPass(coach, { kind: 'intro', name: 'First class', price: 10, credits: 1, validityDays: 30 });
    expect(intro.credits).toBe(1);

    const noCredits = await coach.client.post('/api/passes', { kind: 'pack', name: 'Pack', price: 50, validityDays: 30 });
    expect(noCredits.status).toBe(400);
    expect(noCredits.body.message).toBe('Enter how many classes the pass includes.');
    const noPeriod = await coach.client.post('/api/passes', { kind: 'membership', name: 'Monthly', price: 50 });
    expect(noPeriod.status).toBe(400);
    expect(noPeriod.body.message).toContain('every month or every week');
    const unknown = await coach.client.post('/api/passes', {
      kind: 'pack',
      name: 'Pack',
      price: 50,
      credits: 5,
      validityDays: 30,
      colour: 'red',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('Unknown field: colour');
    const badCategory = await coach.client.post('/api/passes', {
      kind: 'pack',
      name: 'Pack',
      price: 50,
      credits: 5,
      validityDays: 30,
      categoryIds: [999_999],
    });
    expect(badCategory.status).toBe(400);
  });

  test('customers cannot sell passes; a coach awaiting approval cannot either', async () => {
    const customer = await createUser(server);
    expect(
      (await customer.client.post('/api/passes', { kind: 'pack', name: 'Pack', price: 50, credits: 5, validityDays: 30 })).status,
    ).toBe(403);
    expect((await customer.client.get('/api/passes')).status).toBe(403);
  });

  test('a change applies to later purchases only: what a holder bought stays as bought', async () => {
    const pass = await sellPass(coach, { name: 'Ten pack', price: 180, credits: 10, validityDays: 120 });
    const customer = await createUser(server);
    const bought = await buyPass(customer, pass);
    const changed = await patch(coach, `/api/passes/${pass.id}`, { price: 200, credits: 8, validityDays: 30 });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ price: 200, credits: 8, validityDays: 30 });
    const held = await passIn(customer, bought.purchaseId);
    expect(held).toMatchObject({ price: 180, creditsTotal: 10, creditsLeft: 10, amountPaid: 189 });
    expect(new Date(held.expiresAt).getTime() - new Date(held.purchasedAt).getTime()).toBe(120 * DAY);
  });

  test('an archived pass is not sold any more, its holders keep it; an admin sees every pass and archives it (audit log)', async () => {
    const pass = await sellPass(coach, { name: 'Archive me', price: 60, credits: 3, validityDays: 60 });
    const customer = await createUser(server);
    const bought = await buyPass(customer, pass);
    const admin = await createUser(server, 'admin');
    const all = await admin.client.get(`/api/passes?coachId=${coach.id}`);
    expect(all.status).toBe(200);
    expect(all.body.find((p: any) => p.id === pass.id)).toMatchObject({ sales: 1, activeHolders: 1, coachName: 'Maya Tester' });
    const archived = await patch(admin, `/api/passes/${pass.id}`, { archived: true });
    expect(archived.status).toBe(200);
    expect(archived.body.archived).toBe(true);
    const audit = await server.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'pass.archive'));
    expect(audit.some((row) => row.subjectUserId === coach.id)).toBe(true);

    const onSale = await server.client().get(`/api/coaches/${coach.id}/passes`);
    expect(onSale.status).toBe(200);
    expect(onSale.body.some((p: any) => p.id === pass.id)).toBe(false);
    const again = await customer.client.post(`/api/passes/${pass.id}/purchase`, { amount: pass.total });
    expect(again.status).toBe(409);
    expect((await passIn(customer, bought.purchaseId)).creditsLeft).toBe(3);
    // Another coach may not touch it.
    const other = await createUser(server, 'coach');
    expect((await patch(other, `/api/passes/${pass.id}`, { archived: false })).status).toBe(403);
  });
});

describe('buying a pack', () => {
  test("price + the 5% service fee, one intent with the coach's 85% as a transfer; the receipt is emailed once and the credits land in the wallet", async () => {
    const pass = await sellPass(coach, { name: 'Receipt pack', price: 100, credits: 5, validityDays: 90 });
    const customer = await createUser(server, 'customer', 'Robin');
    const changed = await customer.client.post(`/api/passes/${pass.id}/purchase`, { amount: 100 });
    expect(changed.status).toBe(409);
    expect(changed.body.message).toBe('The price has changed. Please reload the page.');
    const started = await customer.client.post(`/api/passes/${pass.id}/purchase`, { amount: 105 });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ status: 'pending', price: 100, serviceFee: 5, amount: 105 });
    const reload = await customer.client.post(`/api/passes/${pass.id}/purchase`, { amount: 105 });
    expect(reload.body.paymentIntentId).toBe(started.body.paymentIntentId);
    const intent = await server.ctx.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, started.body.paymentIntentId))
      .get();
    expect(intent?.amountCents).toBe(10_500);

    const declined = await customer.client.post('/api/payment/test-provider/pay', {
      paymentIntentId: started.body.paymentIntentId,
      clientSecret: started.body.clientSecret,
      cardNumber: '4000 0000 0000 0002',
      expiry: '12/40',
      cvc: '123',
    });
    expect(declined.status).toBe(400);
    const early = await customer.client.post(`/api/wallet/${started.body.purchaseId}/confirm`);
    expect(early.status).toBe(409);
    expect(await wallet(customer)).toHaveLength(0);

    const before = outbox(server).length;
    await customer.client.post('/api/payment/test-provider/pay', {
      paymentIntentId: started.body.paymentIntentId,
      clientSecret: started.body.clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/40',
      cvc: '123',
    });
    const confirmed = await customer.client.post(`/api/wallet/${started.body.purchaseId}/confirm`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'active', creditsLeft: 5, creditsTotal: 5, amountPaid: 105 });
    await customer.client.post(`/api/wallet/${started.body.purchaseId}/confirm`);
    const receipts = outbox(server)
      .slice(before)
      .filter((mail) => mail.includes('Your receipt: Receipt pack'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toContain('$105.00');
    const ledger = await server.ctx.db.select().from(passLedger).where(eq(passLedger.purchaseId, started.body.purchaseId));
    expect(ledger.map((r) => [r.kind, r.delta, r.paymentRef])).toEqual([['purchase', 5, started.body.paymentIntentId]]);
  });

  test("a forged confirm of someone else's purchase is not found; the booking confirm refuses a pass payment (never refunds it)", async () => {
    const pass = await sellPass(coach, { name: 'Private pack', price: 40, credits: 2, validityDays: 30 });
    const owner = await createUser(server);
    const started = await owner.client.post(`/api/passes/${pass.id}/purchase`, { amount: pass.total });
    const stranger = await createUser(server);
    expect((await stranger.client.post(`/api/wallet/${started.body.purchaseId}/confirm`)).status).toBe(404);
    await owner.client.post('/api/payment/test-provider/pay', {
      paymentIntentId: started.body.paymentIntentId,
      clientSecret: started.body.clientSecret,
      cardNumber: '4242424242424242',
      expiry: '12/40',
      cvc: '123',
    });
    const viaBooking = await owner.client.post('/api/payment/confirm', { paymentIntentId: started.body.paymentIntentId });
    expect(viaBooking.status).toBe(409);
    const intent = await server.ctx.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, started.body.paymentIntentId))
      .get();
    expect(intent?.refundedCents).toBe(0);
    // The test card endpoint delivered the success as the webhook would: the pass is already active.
    expect((await passIn(owner, started.body.purchaseId)).status).toBe('active');
  });
});

describe('intro offers', () => {
  test('only for customers who never booked with the coach, and only once', async () => {
    const { server: own, coach: maya } = await startWithCoach();
    try {
      const intro = await sellPass(maya, { kind: 'intro', name: 'Intro: 2 classes', price: 25, credits: 2, validityDays: 30 });
      const newcomer = await createUser(own);
      const listed = await newcomer.client.get(`/api/coaches/${maya.id}/passes`);
      expect(listed.body.find((p: any) => p.id === intro.id)).toMatchObject({ canBuy: true, unavailableReason: null });
      expect((await own.client().get(`/api/coaches/${maya.id}/passes`)).body[0].canBuy).toBeNull();
      await buyPass(newcomer, intro);
      const twice = await newcomer.client.post(`/api/passes/${intro.id}/purchase`, { amount: intro.total });
      expect(twice.status).toBe(409);
      expect(twice.body.message).toBe('You have already used this coach’s intro offer.');

      const regular = await createUser(own);
      const free = await createClass(own, { coachId: maya.id, priceCents: 0 });
      expect((await regular.client.post('/api/bookings/free', withWaivers({ classId: free.id, quantity: 1 }))).status).toBe(201);
      const refused = await regular.client.post(`/api/passes/${intro.id}/purchase`, { amount: intro.total });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('This intro offer is for people who have not booked with this coach before.');
      const shown = await regular.client.get(`/api/coaches/${maya.id}/passes`);
      expect(shown.body.find((p: any) => p.id === intro.id).canBuy).toBe(false);
    } finally {
      await own.stop();
    }
  });
});

describe('booking with credits', () => {
  test('books a paid class with 1 credit: confirmed at once, no card, nothing charged; the wallet shows 4 left and the history', async () => {
    const pass = await sellPass(coach, { name: 'Spend pack', price: 100, credits: 5, validityDays: 90 });
    const customer = await createUser(server);
    const bought = await buyPass(customer, pass);
    const cls = await createClass(server, { coachId: coach.id, priceCents: 2500 });
    const usable = await wallet(customer, `?classId=${cls.id}`);
    expect(usable.map((p) => p.purchaseId)).toEqual([bought.purchaseId]);
    const res = await customer.client.post(
      '/api/bookings',
      withWaivers({ classId: cls.id, quantity: 1, payWith: { purchaseId: bought.purchaseId } }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'confirmed', amount: 0, paymentIntentId: null });
    expect(res.body.paidWithPass).toMatchObject({ purchaseId: bought.purchaseId, kind: 'pack', credits: 1 });
    const held = await passIn(customer, bought.purchaseId);
    expect(held.creditsLeft).toBe(4);
    expect(held.history[0]).toMatchObject({ kind: 'booking', delta: -1, bookingId: res.body.id, classId: cls.id });
    const listed = await customer.client.get('/api/bookings?when=upcoming');
    expect(listed.body.find((b: any) => b.id === res.body.id).paidWithPass.credits).toBe(1);
  });

  test('a parent uses 3 credits for 3 children in one booking; more spots than credits is refused', async () => {
    const customer = await createUser(server);
    const purchase = await givePass(server.ctx.db, { coachId: coach.id, userId: customer.id, credits: 3, now: server.clock.now() });
    const kids = await createClass(server, { coachId: coach.id, priceCents: 2000 });
    await server.ctx.db.write((tx) => tx.update(classes).set({ ageGroup: 'Kids' }).where(eq(classes.id, kids.id)));
    const four = await customer.client.post(
      '/api/bookings',
      withWaivers({
        classId: kids.id,
        quantity: 4,
        attendees: [1, 2, 3, 4].map((n) => ({ name: `Kid ${n}`, age: 6 + n })),
        payWith: { purchaseId: purchase.id },
      }),
    );
    expect(four.status).toBe(409);
    expect(four.body.message).toBe('Only 3 credits are left on this pass.');
    const three = await customer.client.post(
      '/api/bookings',
      withWaivers({
        classId: kids.id,
        quantity: 3,
        attendees: [
          { name: 'Maya Lee', age: 7 },
          { name: 'Leo Lee', age: 5 },
          { name: 'Ada Lee', age: 9 },
        ],
        payWith: { purchaseId: purchase.id },
      }),
    );
    expect(three.status).toBe(201);
    expect(three.body.attendees).toHaveLength(3);
    expect((await passIn(customer, purchase.id)).creditsLeft).toBe(0);
    const none = await customer.client.post(
      '/api/bookings',
      withWaivers({
        classId: (await createClass(server, { coachId: coach.id })).id,
        quantity: 1,
        payWith: { purchaseId: purchase.id },
      }),
    );
    expect(none.status).toBe(409);
    expect(none.body.message).toBe('No credits left on this pass.');
  });

  test('the same attendee rules as a free class: a Kids class needs each age', async () => {
    const customer = await createUser(server);
    const purchase = await givePass(server.ctx.db, { coachId: coach.id, userId: customer.id, credits: 2, now: server.clock.now() });
    const kids = await createClass(server, { coachId: coach.id });
    await server.ctx.db.write((tx) => tx.update(classes).set({ ageGroup: 'Kids' }).where(eq(classes.id, kids.id)));
    const res = await customer.client.post(
      '/api/bookings',
      withWaivers({
        classId: kids.id,
        quantity: 1,
        attendees: [{ name: 'No Age' }],
        payWith: { purchaseId: purchase.id },
      }),
    );
    expect(res.status).toBe(400);
    expect((await passIn(customer, purchase.id)).creditsLeft).toBe(2);
  });

  test("another person's pass, another coach's class, a category it does not cover, a free class: refused, no credit taken", async () => {
    const customer = await createUser(server);
    const [yoga] = await server.ctx.db.write((tx) =>
      tx
        .insert(categories)
        .values({ name: `Yoga ${Math.random()}` })
        .returning(),
    );
    const [music] = await server.ctx.db.write((tx) =>
      tx
        .insert(categories)
        .values({ name: `Music ${Math.random()}` })
        .returning(),
    );
    const pass = await sellPass(coach, { name: 'Yoga pack', price: 50, credits: 3, validityDays: 30, categoryIds: [yoga!.id] });
    const bought = await buyPass(customer, pass);
    const held = await passIn(customer, bought.purchaseId);
    expect(held.coverage).toMatchObject({ allClasses: false, categoryIds: [yoga!.id], categoryNames: [yoga!.name] });
    const musicClass = await createClass(server, { coachId: coach.id });
    await server.ctx.db.write((tx) => tx.update(classes).set({ categoryId: music!.id }).where(eq(classes.id, musicClass.id)));
    const notCovered = await customer.client.post(
      '/api/bookings',
      withWaivers({ classId: musicClass.id, quantity: 1, payWith: { purchaseId: bought.purchaseId } }),
    );
    expect(notCovered.status).toBe(409);
    expect(notCovered.body.message).toBe('This pass does not cover this class.');
    const otherCoach = await createUser(server, 'coach');
    const theirs = await createClass(server, { coachId: otherCoach.id });
    expect(
      (
        await customer.client.post(
          '/api/bookings',
          withWaivers({ classId: theirs.id, quantity: 1, payWith: { purchaseId: bought.purchaseId } }),
        )
      ).status,
    ).toBe(409);
    const stranger = await createUser(server);
    const yogaClass = await createClass(server, { coachId: coach.id });
    await server.ctx.db.write((tx) => tx.update(classes).set({ categoryId: yoga!.id }).where(eq(classes.id, yogaClass.id)));
    const notMine = await stranger.client.post(
      '/api/bookings',
      withWaivers({ classId: yogaClass.id, quantity: 1, payWith: { purchaseId: bought.purchaseId } }),
    );
    expect(notMine.status).toBe(404);
    expect(notMine.body.message).toBe('Pass not found.');
    const free = await createClass(server, { coachId: coach.id, priceCents: 0 });
    expect(
      (
        await customer.client.post(
          '/api/bookings',
          withWaivers({ classId: free.id, quantity: 1, payWith: { purchaseId: bought.purchaseId } }),
        )
      ).status,
    ).toBe(400);
    expect((await passIn(customer, bought.purchaseId)).creditsLeft).toBe(3);
    const covered = await customer.client.post(
      '/api/bookings',
      withWaivers({ classId: yogaClass.id, quantity: 1, payWith: { purchaseId: bought.purchaseId } }),
    );
    expect(covered.status).toBe(201);
  });

  test('without payWith a paid class still goes through checkout', async () => {
    const customer = await createUser(server);
    const cls = await createClass(server, { coachId: coach.id, priceCents: 1500 });
    const res = await customer.client.post('/api/bookings', withWaivers({ classId: cls.id, quantity: 1 }));
    expect(res.status).toBe(400);
  });
});

describe('returning credits', () => {
  test('cancelled in time, the credit comes back with its original expiry; cancelled late, it is spent', async () => {
    const customer = await createUser(server);
    const purchase = await givePass(server.ctx.db, { coachId: coach.id, userId: customer.id, credits: 2, now: server.clock.now() });
    const early = await createClass(server, { coachId: coach.id, startsInHours: 24 * 5 });
    const soon = await createClass(server, { coachId: coach.id, startsInHours: 20 });
    const a = await customer.client.post(
      '/api/bookings',
      withWaivers({ classId: early.id, quantity: 1, payWith: { purchaseId: purchase.id } }),
    );
    const b = await customer.client.post(
      '/api/bookings',
      withWaivers({ classId: soon.id, quantity: 1, payWith: { purchaseId: purchase.id } }),
    );
    expect([a.status, b.status]).toEqual([201, 201]);
    expect((await passIn(customer, purchase.id)).creditsLeft).toBe(0);
    expect((await customer.client.put(`/api/bookings/${a.body.id}/cancel`)).status).toBe(200);
    const afterInTime = await passIn(customer, purchase.id);
    expect(afterInTime.creditsLeft).toBe(1);
    const returned = afterInTime.history.find((h: any) => h.kind === 'return');
    expect(returned).toMatchObject({ delta: 1, bookingId: a.body.id, creditsExpireAt: purchase.expiresAt!.toISOString() });
    expect((await customer.client.put(`/api/bookings/${b.body.id}/cancel`)).status).toBe(200);
    expect((await passIn(customer, purchase.id)).creditsLeft).toBe(1);
    // The emails say it in the pass's words: paid with a credit; the credit back, or spent.
    const mail = (await sentMail(server)).filter((m) => m.includes(customer.email));
    expect(mail.filter((m) => m.includes('Paid with 1 credit of your 2-class pack'))).toHaveLength(2);
    expect(mail.some((m) => m.includes('Your credit is back on your 2-class pack.'))).toBe(true);
    expect(mail.some((m) => m.includes('credit of your 2-class pack is spent'))).toBe(true);
    // Cancelling twice returns nothing more.
    expect((await customer.client.put(`/api/bookings/${a.body.id}/cancel`)).status).toBe(409);
    expect((await passIn(customer, purchase.id)).creditsLeft).toBe(1);
  });

  test('a booking paid with credits says until when they come back; support cancelling for the customer always returns them', async () => {
    const customer = await createUser(server);
    const purchase = await givePass(server.ctx.db, { coachId: coach.id, userId: customer.id, credits: 1, now: server.clock.now() });
    const cls = await createClass(server, { coachId: coach.id, startsInHours: 30 });
    const booked = await customer.client.post(
      '/api/bookings',
      withWaivers({ classId: cls.id, quantity: 1, payWith: { purchaseId: purchase.id } }),
    );
    expect(booked.body.paidWithPass.creditsBackUntil).toBe(new Date(cls.startTime!.getTime() - 48 * 3_600_000).toISOString());
    const admin = await createUser(server, 'admin');
    const cancelled = await admin.client.put(`/api/admin/bookings/${booked.body.id}/cancel`, {
      refundAmount: 0,
      reason: 'Customer called in sick',
    });
    expect(cancelled.status).toBe(200);
    expect((await passIn(customer, purchase.id)).creditsLeft).toBe(1);
  });

  test('when the coach deletes the class, the credits always come back', async () => {
    const customer = await createUser(server);
    const purchase = await givePass(server.ctx.db, { coachId: coach.id, userId: customer.id, credits: 2, now: server.clock.now() });
    const cls = await createClass(server, { coachId: coach.id, startsInHours: 10 });
    const booked = await customer.client.post(
      '/api/bookings',
      withWaivers({ classId: cls.id, quantity: 2, attendees: [{ name: 'A' }, { name: 'B' }], payWith: { purchaseId: purchase.id } }),
    );
    expect(booked.status).toBe(201);
    expect((await passIn(customer, purchase.id)).creditsLeft).toBe(0);
    const deleted = await coach.client.delete(`/api/classes/${cls.id}`);
    expect(deleted.status).toBeLessThan(300);
    expect((await passIn(customer, purchase.id)).creditsLeft).toBe(2);
    const row = await server.ctx.db.select().from(bookings).where(eq(bookings.id, booked.body.id)).get();
    expect(row?.cancelReason).toBe('class_deleted');
  });

  test('a class the coach moved gives the credit back until it starts', async () => {
    const customer = await createUser(server);
    const purchase = await givePass(server.ctx.db, { coachId: coach.id, userId: customer.id, credits: 1, now: server.clock.now() });
    const cls = await createClass(server, { coachId: coach.id, startsInHours: 30 });
    const booked = await customer.client.post(
      '/api/bookings',
      withWaivers({ classId: cls.id, quantity: 1, payWith: { purchaseId: purchase.id } }),
    );
    const later = new Date(cls.startTime!.getTime() + 2 * 3_600_000).toISOString();
    const moved = await patch(coach, `/api/classes/${cls.id}`, { startTime: later });
    expect(moved.status).toBe(200);
    expect((await customer.client.put(`/api/bookings/${booked.body.id}/cancel`)).status).toBe(200);
    expect((await passIn(customer, purchase.id)).creditsLeft).toBe(1);
  });
});

describe('a weather move', () => {
  test('a credit-paid booking moves to the offered session with its credit, which a cancellation in time gives back', async () => {
    const customer = await createUser(server);
    const purchase = await givePass(server.ctx.db, { coachId: coach.id, userId: customer.id, credits: 2, now: server.clock.now() });
    const rainy = await createClass(server, { coachId: coach.id, startsInHours: 24 * 4, priceCents: 2000 });
    const dry = await createClass(server, { coachId: coach.id, startsInHours: 24 * 5, priceCents: 3000 });
    const booked = await customer.client.post(
      '/api/bookings',
      withWaivers({ classId: rainy.id, quantity: 1, payWith: { purchaseId: purchase.id } }),
    );
    const now = server.clock.now();
    await server.ctx.db.write((tx) =>
      tx.insert(weatherCalls).values({
        classId: rainy.id,
        checkpoint: '24h',
        reasons: ['Chance of rain 80% (limit 70%)'],
        createdAt: now,
        status: 'offered',
        decidedAt: now,
        offerClassId: dry.id,
      }),
    );
    const moved = await customer.client.post(`/api/bookings/${booked.body.id}/move-to-offered-session`);
    expect(moved.status).toBeLessThan(300);
    const held = await passIn(customer, purchase.id);
    expect(held.creditsLeft).toBe(1);
    const upcoming = (await customer.client.get('/api/bookings?when=upcoming')).body as any[];
    const onDry = upcoming.find((b) => b.classId === dry.id);
    expect(onDry.paidWithPass).toMatchObject({ purchaseId: purchase.id, credits: 1 });
    expect((await customer.client.put(`/api/bookings/${onDry.id}/cancel`)).status).toBe(200);
    expect((await passIn(customer, purchase.id)).creditsLeft).toBe(2);
    await reconcileLedger(server, [customer]);
  });
});

describe('expiry', () => {
  test('credits past their expiry leave the balance at once; the job writes the expiry row and ends the pack; classes after the expiry cannot use them', async () => {
    const { server: own, coach: maya } = await startWithCoach();
    try {
      const customer = await createUser(own);
      const purchase = await givePass(own.ctx.db, {
        coachId: maya.id,
        userId: customer.id,
        credits: 3,
        validityDays: 10,
        now: own.clock.now(),
      });
      const after = await createClass(own, { coachId: maya.id, startsInHours: 24 * 11 });
      const tooLate = await customer.client.post(
        '/api/bookings',
        withWaivers({ classId: after.id, quantity: 1, payWith: { purchaseId: purchase.id } }),
      );
      expect(tooLate.status).toBe(409);
      expect(tooLate.body.message).toContain('before this class starts');
      const within = await createClass(own, { coachId: maya.id, startsInHours: 24 * 2 });
      expect(
        (
          await customer.client.post(
            '/api/bookings',
            withWaivers({ classId: within.id, quantity: 1, payWith: { purchaseId: purchase.id } }),
          )
        ).status,
      ).toBe(201);

      own.clock.set(new Date(own.clock.now().getTime() + 3 * DAY + 1));
      const before = outbox(own).length;
      await runPassExpiry(own.ctx);
      const notices = outbox(own)
        .slice(before)
        .filter((m) => m.includes('Reminder: 2 classes left on'));
      expect(notices).toHaveLength(1);
      await runPassExpiry(own.ctx);
      expect(outbox(own).filter((m) => m.includes('Reminder: 2 classes left on'))).toHaveLength(1);

      own.clock.set(new Date(purchase.expiresAt!.getTime() + 1));
      expect((await passIn(customer, purchase.id)).creditsLeft).toBe(0);
      await runPassExpiry(own.ctx);
      const held = await passIn(customer, purchase.id);
      expect(held.status).toBe('ended');
      expect(held.history[0]).toMatchObject({ kind: 'expiry', delta: -2 });
      const rows = await own.ctx.db.select().from(passLedger).where(eq(passLedger.purchaseId, purchase.id));
      expect(rows.reduce((sum, r) => sum + r.delta, 0)).toBe(0);
      await reconcileLedger(own, [customer]);
    } finally {
      await own.stop();
    }
  });
});

describe('memberships (the passes side)', () => {
  test('an unlimited membership books without credits while paid up; past due refuses with its code', async () => {
    const customer = await createUser(server);
    const membership = await givePass(server.ctx.db, {
      coachId: coach.id,
      userId: customer.id,
      credits: null,
      kind: 'membership',
      now: server.clock.now(),
    });
    const cls = await createClass(server, { coachId: coach.id });
    const booked = await customer.client.post(
      '/api/bookings',
      withWaivers({ classId: cls.id, quantity: 1, payWith: { purchaseId: membership.id } }),
    );
    expect(booked.status).toBe(201);
    expect(booked.body.paidWithPass).toMatchObject({ kind: 'membership', credits: 0 });
    const held = await passIn(customer, membership.id);
    expect(held).toMatchObject({ unlimited: true, creditsLeft: null, nextRenewalAmount: 63 });
    await server.ctx.db.write((tx) => tx.update(passPurchases).set({ status: 'past_due' }).where(eq(passPurchases.id, membership.id)));
    const refused = await customer.client.post(
      '/api/bookings',
      withWaivers({
        classId: (await createClass(server, { coachId: coach.id })).id,
        quantity: 1,
        payWith: { purchaseId: membership.id },
      }),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Your membership payment is past due: update your card in your wallet to book with it.');
  });

  test('buying a membership starts a subscription (api/passes/memberships), priced as a pack: price + 5% per period', async () => {
    const pass = await coach.client.post('/api/passes', {
      kind: 'membership',
      name: 'Weekly 2',
      price: 30,
      credits: 2,
      billingPeriod: 'week',
    });
    const customer = await createUser(server);
    const res = await customer.client.post(`/api/passes/${pass.body.id}/purchase`, { amount: pass.body.total });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ kind: 'membership', status: 'pending', price: 30, serviceFee: 1.5, amount: 31.5 });
    expect(res.body.subscriptionId).toBeTruthy();
  });
});

describe('admin refund', () => {
  test('refunds the unused credits pro rata through the provider and ends the pass; booked classes stay', async () => {
    const pass = await sellPass(coach, { name: 'Refund pack', price: 100, credits: 4, validityDays: 60 });
    const customer = await createUser(server);
    const bought = await buyPass(customer, pass);
    const cls = await createClass(server, { coachId: coach.id });
    const booked = await customer.client.post(
      '/api/bookings',
      withWaivers({ classId: cls.id, quantity: 1, payWith: { purchaseId: bought.purchaseId } }),
    );
    expect(booked.status).toBe(201);
    const admin = await createUser(server, 'admin');
    const list = await admin.client.get(`/api/passes/purchases?userId=${customer.id}`);
    expect(list.body.map((p: any) => p.purchaseId)).toEqual([bought.purchaseId]);
    expect((await customer.client.post(`/api/passes/purchases/${bought.purchaseId}/refund`, { reason: 'Moving away' })).status).toBe(403);
    const refund = await admin.client.post(`/api/passes/purchases/${bought.purchaseId}/refund`, { reason: 'Moving away' });
    expect(refund.status).toBe(200);
    // $105 paid for 4 credits, 3 unused: $78.75.
    expect(refund.body).toMatchObject({ status: 'refunded', creditsRefunded: 3, refunded: 78.75 });
    const purchase = await server.ctx.db.select().from(passPurchases).where(eq(passPurchases.id, bought.purchaseId)).get();
    const intent = await server.ctx.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, purchase!.paymentIntentId!)).get();
    expect(intent?.refundedCents).toBe(7875);
    expect(purchase?.refundedCents).toBe(7875);
    const held = await passIn(customer, bought.purchaseId);
    expect(held).toMatchObject({ status: 'refunded', creditsLeft: 0, refunded: 78.75 });
    expect((await customer.client.get(`/api/bookings/${booked.body.id}`)).body.status).toBe('confirmed');
    expect((await admin.client.post(`/api/passes/purchases/${bought.purchaseId}/refund`, { reason: 'Again' })).status).toBe(409);
    const spent = await customer.client.post(
      '/api/bookings',
      withWaivers({
        classId: (await createClass(server, { coachId: coach.id })).id,
        quantity: 1,
        payWith: { purchaseId: bought.purchaseId },
      }),
    );
    expect(spent.status).toBe(409);
  });
});

describe('the ledger', () => {
  test("every pass's balance in the wallet is the sum of its unexpired rows, never below zero", async () => {
    const customers = await Promise.all([createUser(server), createUser(server)]);
    for (const customer of customers) {
      const purchase = await givePass(server.ctx.db, { coachId: coach.id, userId: customer.id, credits: 2, now: server.clock.now() });
      const cls = await createClass(server, { coachId: coach.id });
      const booked = await customer.client.post(
        '/api/bookings',
        withWaivers({ classId: cls.id, quantity: 1, payWith: { purchaseId: purchase.id } }),
      );
      await customer.client.put(`/api/bookings/${booked.body.id}/cancel`);
    }
    await reconcileLedger(server, customers);
  });
});

describe('Customer Management', () => {
  test('shows which pass a customer holds and how each booking was paid (card, credit, membership)', async () => {
    const { server: own, coach: maya } = await startWithCoach();
    try {
      const customer = await createUser(own, 'customer', 'Jordan');
      const pack = await givePass(own.ctx.db, { coachId: maya.id, userId: customer.id, credits: 5, now: own.clock.now() });
      const membership = await givePass(own.ctx.db, {
        coachId: maya.id,
        userId: customer.id,
        credits: null,
        kind: 'membership',
        now: own.clock.now(),
      });
      const [a, b, c] = await Promise.all([1, 2, 3].map(() => createClass(own, { coachId: maya.id, priceCents: 2000 })));
      const byCredit = await customer.client.post(
        '/api/bookings',
        withWaivers({ classId: a!.id, quantity: 1, payWith: { purchaseId: pack.id } }),
      );
      const byMembership = await customer.client.post(
        '/api/bookings',
        withWaivers({ classId: b!.id, quantity: 1, payWith: { purchaseId: membership.id } }),
      );
      const hold = await customer.client.post('/api/payment/create-intent', withWaivers({ classId: c!.id, quantity: 1, amount: 21 }));
      await customer.client.post('/api/payment/test-provider/pay', {
        paymentIntentId: hold.body.id,
        clientSecret: hold.body.clientSecret,
        cardNumber: '4242 4242 4242 4242',
        expiry: '12/40',
        cvc: '123',
      });
      const rows = (await maya.client.get('/api/customers')).body.rows as any[];
      const paid = Object.fromEntries(rows.map((r) => [r.id, [r.paidWith, r.passName]]));
      expect(paid[byCredit.body.id]).toEqual(['credit', '5-class pack']);
      expect(paid[byMembership.body.id]).toEqual(['membership', 'Monthly membership']);
      expect(paid[hold.body.bookingId]).toEqual(['card', null]);
      expect(rows[0].passes.map((p: any) => [p.name, p.creditsLeft])).toEqual([
        ['5-class pack', 4],
        ['Monthly membership', null],
      ]);
      const detail = await maya.client.get(`/api/customers/people/${customer.id}`);
      expect(detail.status).toBe(200);
      expect(detail.body.passes).toHaveLength(2);
      expect(detail.body.bookings.map((bk: any) => bk.paidWith).sort()).toEqual(['card', 'credit', 'membership']);
      const people = await maya.client.get('/api/customers/people');
      expect(people.body[0].passes).toHaveLength(2);
      // Another coach sees none of Maya's passes.
      const other = await createUser(own, 'coach');
      const theirs = await createClass(own, { coachId: other.id, priceCents: 0 });
      await customer.client.post('/api/bookings/free', withWaivers({ classId: theirs.id, quantity: 1 }));
      const seenByOther = (await other.client.get('/api/customers')).body.rows as any[];
      expect(seenByOther[0]).toMatchObject({ paidWith: 'free', passes: [] });
    } finally {
      await own.stop();
    }
  });
});

describe('coach earnings', () => {
  test("packs sold count in the coach's earnings: 85% of the price, less the pro rata refund; credit bookings add nothing", async () => {
    const { server: own, coach: maya } = await startWithCoach();
    try {
      const pass = await sellPass(maya, { name: 'Earning pack', price: 100, credits: 4, validityDays: 60 });
      const buyer = await createUser(own);
      const bought = await buyPass(buyer, pass);
      const cls = await createClass(own, { coachId: maya.id, priceCents: 2500 });
      await buyer.client.post('/api/bookings', withWaivers({ classId: cls.id, quantity: 1, payWith: { purchaseId: bought.purchaseId } }));
      const before = await maya.client.get(`/api/coaches/${maya.id}/earnings`);
      expect(before.status).toBe(200);
      expect(before.body.passSales).toMatchObject({ purchases: 1, gross: 100, net: 85, platformFees: 15, refunds: 0, serviceFees: 5 });
      expect(before.body.summary.gross).toBe(0);
      const admin = await createUser(own, 'admin');
      await admin.client.post(`/api/passes/purchases/${bought.purchaseId}/refund`, { reason: 'Moving away' });
      const after = await maya.client.get(`/api/coaches/${maya.id}/earnings`);
      // $78.75 of $105 refunded (3 of 4 credits): 75% of each share goes back.
      expect(after.body.passSales).toMatchObject({ gross: 100, refunds: 75, net: 21.25, refundedToCustomers: 78.75 });
      expect(after.body.passSales.gross - after.body.passSales.refunds - after.body.passSales.platformFees).toBeCloseTo(
        after.body.passSales.net,
        2,
      );
    } finally {
      await own.stop();
    }
  });
});
