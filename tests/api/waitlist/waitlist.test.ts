// Waitlist (issue 13): joining a full class, offers that hold the freed spots for the first fitting entries,
// accepting (free: booked; paid: checkout at the price offered), declining, expiry, leaving, and the races:
// 3 cancellations at once for 10 people waiting, an accept at the instant of the expiry, capacity never
// exceeded by confirmed + held spots.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { closeWaitlistsAndTell as closeWaitlists } from '../../../api/notices/waitlist-emails';
import { sweepWaitlists } from '../../../api/spots/release';
import { bookings, classes, testPaymentIntents } from '../../../db/schema';
import type { TestServer } from '../../helpers/api';
import { createClass, createUser, outbox, pageTotal, setClassPrice, type SignedIn, startWithCoach } from '../../helpers/fixtures';
import { withWaivers } from '../../helpers/waivers';

let server: TestServer;
let coach: SignedIn;
beforeAll(async () => ({ server, coach } = await startWithCoach()));
afterAll(() => server.stop());

const HOUR = 3_600_000;

/** A class whose spots are all booked (free) by `capacity` customers, one spot each. */
async function fullClass(options: { capacity: number; priceCents?: number; startsInHours?: number }) {
  const cls = await createClass(server, {
    coachId: coach.id,
    priceCents: 0,
    capacity: options.capacity,
    startsInHours: options.startsInHours,
  });
  const booked = await Promise.all(Array.from({ length: options.capacity }, () => createUser(server)));
  const bookingIds: number[] = [];
  for (const customer of booked) {
    const res = await customer.client.post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 1 }));
    expect(res.status).toBe(201);
    bookingIds.push(res.body.id);
  }
  if (options.priceCents) await setClassPrice(server, cls.id, options.priceCents);
  return { cls, booked, bookingIds };
}

async function join(customer: SignedIn, classId: number, quantity = 1) {
  const res = await customer.client.post(`/api/classes/${classId}/waitlist`, { quantity });
  expect(res.status).toBe(201);
  return res.body;
}

/** A full class of one spot, two people in line (a, then b), and the booking cancelled: a holds the offer,
 * b waits behind. */
async function offerAheadOfWaiter() {
  const { cls, booked, bookingIds } = await fullClass({ capacity: 1 });
  const [a, b] = [await createUser(server), await createUser(server)];
  const entryA = await join(a, cls.id);
  await join(b, cls.id);
  expect((await booked[0]!.client.put(`/api/bookings/${bookingIds[0]}/cancel`)).status).toBe(200);
  return { cls, a, b, entryA };
}

/** The customer's newest entry for the class, asked for as the class page asks (its own entry only). */
async function entryOf(customer: SignedIn, classId: number) {
  const res = await customer.client.get(`/api/waitlist?classId=${classId}&limit=1`);
  expect(res.status).toBe(200);
  return res.body[0];
}

/** Confirmed spots plus live holds and offers: what the class has given out. */
async function spotsGivenOut(classId: number): Promise<number> {
  const now = server.clock.now();
  const [row] = await server.ctx.db
    .select({ spots: sql<number>`coalesce(sum(${bookings.quantity}), 0)` })
    .from(bookings)
    .where(
      and(
        eq(bookings.classId, classId),
        or(eq(bookings.status, 'confirmed'), and(inArray(bookings.status, ['pending', 'offered']), gt(bookings.holdExpiresAt, now))),
      ),
    );
  return Number(row!.spots);
}

const offerEmailsTo = (email: string) => outbox(server).filter((m) => m.includes(`To: ${email}`) && m.includes('A spot opened up'));
const closedEmailsTo = (email: string) =>
  outbox(server).filter((m) => m.includes(`To: ${email}`) && m.includes('Subject: Class cancelled'));

describe('joining', () => {
  test('a full class takes a waitlist entry with its place in line', async () => {
    const { cls } = await fullClass({ capacity: 2 });
    const first = await createUser(server);
    const second = await createUser(server);
    expect(await join(first, cls.id, 2)).toMatchObject({ classId: cls.id, quantity: 2, position: 1, status: 'waiting' });
    expect(await join(second, cls.id)).toMatchObject({ position: 2, status: 'waiting', offerExpiresAt: null });
  });

  test('409 with a clear message when spots are available, when already booked, or already waiting', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 0, capacity: 2 });
    const customer = await createUser(server);
    const open = await customer.client.post(`/api/classes/${cls.id}/waitlist`, { quantity: 1 });
    expect(open.status).toBe(409);
    expect(open.body.message).toBe('Spots are available in this class: book them instead of joining the waitlist.');
    expect((await customer.client.post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 1 }))).status).toBe(201);
    const other = await createUser(server);
    expect((await other.client.post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 1 }))).status).toBe(201);
    const booked = await customer.client.post(`/api/classes/${cls.id}/waitlist`, { quantity: 1 });
    expect(booked.status).toBe(409);
    expect(booked.body.message).toBe('You have already booked this class.');
    const waiter = await createUser(server);
    await join(waiter, cls.id);
    const again = await waiter.client.post(`/api/classes/${cls.id}/waitlist`, { quantity: 1 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You are already on the waitlist for this class.');
  });

  test('signed out is 401, a bad quantity is 400, an unknown class is 404', async () => {
    const { cls } = await fullClass({ capacity: 1 });
    expect((await server.client().post(`/api/classes/${cls.id}/waitlist`, { quantity: 1 })).status).toBe(401);
    const customer = await createUser(server);
    const bad = await customer.client.post(`/api/classes/${cls.id}/waitlist`, { quantity: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBeString();
    expect((await customer.client.post('/api/classes/999999/waitlist', { quantity: 1 })).status).toBe(404);
    const tooMany = await customer.client.post(`/api/classes/${cls.id}/waitlist`, { quantity: 3 });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toContain('1 spot in all');
  });

  test('the list pages (X-Total-Count) and keeps one class with classId; places in line are per class', async () => {
    const [one, two] = [(await fullClass({ capacity: 1 })).cls, (await fullClass({ capacity: 1 })).cls];
    const ahead = await createUser(server);
    await join(ahead, two.id);
    const customer = await createUser(server);
    await join(customer, one.id);
    await join(customer, two.id);
    const all = await customer.client.get('/api/waitlist');
    expect(all.headers.get('x-total-count')).toBe('2');
    expect(all.body.map((e: { classId: number; position: number }) => [e.classId, e.position])).toEqual([
      [two.id, 2],
      [one.id, 1],
    ]);
    const page = await customer.client.get('/api/waitlist?limit=1&offset=1');
    expect(page.body.map((e: { classId: number }) => e.classId)).toEqual([one.id]);
    expect(page.headers.get('x-total-count')).toBe('2');
    const mine = await customer.client.get(`/api/waitlist?classId=${one.id}`);
    expect(mine.body.map((e: { classId: number }) => e.classId)).toEqual([one.id]);
    expect(mine.headers.get('x-total-count')).toBe('1');
    const bad = await customer.client.get('/api/waitlist?classId=abc');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('classId must be a class id.');
  });

  test('open entries come first, then the newest; includeLeft=false leaves out the ones that were left', async () => {
    const [a, b, c] = [
      (await fullClass({ capacity: 1 })).cls,
      (await fullClass({ capacity: 1 })).cls,
      (await fullClass({ capacity: 1 })).cls,
    ];
    const customer = await createUser(server);
    for (const cls of [a, b, c]) await join(customer, cls.id);
    expect((await customer.client.delete(`/api/classes/${c.id}/waitlist`)).status).toBe(200);
    const classIds = (res: { body: { classId: number }[] }) => res.body.map((e) => e.classId);
    expect(classIds(await customer.client.get('/api/waitlist'))).toEqual([b.id, a.id, c.id]);
    const current = await customer.client.get('/api/waitlist?includeLeft=false');
    expect(classIds(current)).toEqual([b.id, a.id]);
    expect(current.headers.get('x-total-count')).toBe('2');
    const bad = await customer.client.get('/api/waitlist?includeLeft=maybe');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('includeLeft must be true or false.');
  });

  test('leaving ends the entry; the people behind move up', async () => {
    const { cls } = await fullClass({ capacity: 1 });
    const [a, b] = [await createUser(server), await createUser(server)];
    await join(a, cls.id);
    await join(b, cls.id);
    const left = await a.client.delete(`/api/classes/${cls.id}/waitlist`);
    expect(left.status).toBe(200);
    expect(left.body.status).toBe('left');
    expect((await entryOf(b, cls.id)).position).toBe(1);
    expect((await a.client.delete(`/api/classes/${cls.id}/waitlist`)).status).toBe(404);
  });
});

describe('offers', () => {
  test('a cancellation offers the spot to the first waiting entry: held, emailed with the deadline in Pacific time', async () => {
    const { cls, booked, bookingIds } = await fullClass({ capacity: 2 });
    const [first, second] = [await createUser(server), await createUser(server)];
    await join(first, cls.id);
    await join(second, cls.id);
    expect((await booked[0]!.client.put(`/api/bookings/${bookingIds[0]}/cancel`)).status).toBe(200);
    const offer = await entryOf(first, cls.id);
    expect(offer.status).toBe('offered');
    expect(new Date(offer.offerExpiresAt).getTime()).toBe(server.clock.now().getTime() + 2 * HOUR);
    expect((await entryOf(second, cls.id)).status).toBe('waiting');
    // Held: nobody else can book the spot.
    const outsider = await createUser(server);
    expect((await outsider.client.post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 1 }))).status).toBe(409);
    const [mail] = offerEmailsTo(first.email);
    expect(mail).toBeDefined();
    expect(mail).toMatch(/held for you until .* PT/);
    expect(offerEmailsTo(second.email)).toHaveLength(0);
    // The offer is not a booking until accepted: My Bookings does not list it.
    expect((await first.client.get('/api/bookings')).body.filter((b: { classId: number }) => b.classId === cls.id)).toEqual([]);
  });

  test("the coach's class list counts the people waiting", async () => {
    const { cls } = await fullClass({ capacity: 1 });
    await join(await createUser(server), cls.id);
    await join(await createUser(server), cls.id);
    const managed = await coach.client.get('/api/classes/managed');
    expect(managed.body.find((c: { id: number }) => c.id === cls.id).waitlistCount).toBe(2);
  });

  test('the first entry whose quantity fits gets the offer; a larger entry keeps its place', async () => {
    const { cls, booked, bookingIds } = await fullClass({ capacity: 3 });
    const [big, small] = [await createUser(server), await createUser(server)];
    await join(big, cls.id, 2);
    await join(small, cls.id, 1);
    await booked[0]!.client.put(`/api/bookings/${bookingIds[0]}/cancel`);
    expect((await entryOf(big, cls.id)).status).toBe('waiting');
    expect((await entryOf(small, cls.id)).status).toBe('offered');
    // A second spot frees up: now the entry for 2 fits.
    await booked[1]!.client.put(`/api/bookings/${bookingIds[1]}/cancel`);
    expect((await entryOf(big, cls.id)).status).toBe('waiting');
    await booked[2]!.client.put(`/api/bookings/${bookingIds[2]}/cancel`);
    expect((await entryOf(big, cls.id)).status).toBe('offered');
    expect(await spotsGivenOut(cls.id)).toBe(3);
  });

  test('accepting an offer for a free class confirms the booking', async () => {
    const { cls, booked, bookingIds } = await fullClass({ capacity: 1 });
    const waiter = await createUser(server);
    const entry = await join(waiter, cls.id);
    await booked[0]!.client.put(`/api/bookings/${bookingIds[0]}/cancel`);
    const res = await waiter.client.post(`/api/waitlist/${entry.id}/accept`, withWaivers({}, entry.quantity));
    expect(res.status).toBe(200);
    expect(res.body.entry.status).toBe('accepted');
    expect(res.body.booking).toMatchObject({ status: 'confirmed', quantity: 1, classId: cls.id });
    expect(res.body.payment).toBeNull();
    const mine = await waiter.client.get('/api/bookings');
    expect(mine.body.map((b: { id: number; status: string }) => [b.id, b.status])).toContainEqual([res.body.booking.id, 'confirmed']);
    expect((await waiter.client.post(`/api/waitlist/${entry.id}/accept`, withWaivers({}, entry.quantity))).status).toBe(409);
  });

  test('accepting an offer for a paid class opens checkout at the price offered; paying with 4242 books it', async () => {
    const { cls, booked, bookingIds } = await fullClass({ capacity: 2, priceCents: 2500 });
    const waiter = await createUser(server);
    const entry = await join(waiter, cls.id, 2);
    await booked[0]!.client.put(`/api/bookings/${bookingIds[0]}/cancel`);
    await booked[1]!.client.put(`/api/bookings/${bookingIds[1]}/cancel`);
    const offered = await entryOf(waiter, cls.id);
    expect(offered).toMatchObject({ status: 'offered', amount: pageTotal(2500, 2) });
    // The coach raises the price after the offer: the person pays the price they were shown.
    await setClassPrice(server, cls.id, 4000);
    const res = await waiter.client.post(`/api/waitlist/${entry.id}/accept`, withWaivers({}, entry.quantity));
    expect(res.status).toBe(200);
    expect(res.body.booking).toMatchObject({ status: 'pending', amount: pageTotal(2500, 2) });
    expect(res.body.payment.amount).toBe(pageTotal(2500, 2));
    expect(res.body.checkoutUrl).toBe(`/checkout/${cls.id}?quantity=2`);
    // The checkout page asks for the intent again with the total it shows: the same hold and intent.
    const again = await waiter.client.post(
      '/api/payment/create-intent',
      withWaivers({ classId: cls.id, quantity: 2, amount: pageTotal(2500, 2) }),
    );
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(res.body.payment.id);
    // The page computes its total from today's price: the offer's hold and amount still stand.
    const atTodaysPrice = await waiter.client.post(
      '/api/payment/create-intent',
      withWaivers({
        classId: cls.id,
        quantity: 2,
        amount: pageTotal(4000, 2),
      }),
    );
    expect(atTodaysPrice.status).toBe(200);
    expect(atTodaysPrice.body).toMatchObject({ id: res.body.payment.id, bookingId: res.body.booking.id, amount: pageTotal(2500, 2) });
    // Nothing charged until checkout completes.
    expect((await waiter.client.get('/api/bookings')).body.find((b: { id: number }) => b.id === res.body.booking.id).status).toBe(
      'pending',
    );
    const paid = await waiter.client.post('/api/payment/test-provider/pay', {
      paymentIntentId: res.body.payment.id,
      clientSecret: res.body.payment.clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/40',
      cvc: '123',
    });
    expect(paid.status).toBe(200);
    const confirmed = await waiter.client.post('/api/payment/confirm', { paymentIntentId: res.body.payment.id });
    expect(confirmed.body.booking).toMatchObject({ status: 'confirmed', quantity: 2, amount: pageTotal(2500, 2) });
    expect(await spotsGivenOut(cls.id)).toBe(2);
  });

  test('declining passes the spots to the next in line at once', async () => {
    const { cls, a, b, entryA } = await offerAheadOfWaiter();
    const res = await a.client.post(`/api/waitlist/${entryA.id}/decline`);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('declined');
    expect((await entryOf(b, cls.id)).status).toBe('offered');
    expect(offerEmailsTo(b.email)).toHaveLength(1);
  });

  test("another customer's offer cannot be answered (403); an unknown one is 404", async () => {
    const { cls, booked, bookingIds } = await fullClass({ capacity: 1 });
    const [a, b] = [await createUser(server), await createUser(server)];
    const entryA = await join(a, cls.id);
    await booked[0]!.client.put(`/api/bookings/${bookingIds[0]}/cancel`);
    expect((await b.client.post(`/api/waitlist/${entryA.id}/accept`, withWaivers({}, entryA.quantity))).status).toBe(403);
    expect((await b.client.post(`/api/waitlist/${entryA.id}/decline`)).status).toBe(403);
    expect((await b.client.post('/api/waitlist/999999/accept')).status).toBe(404);
    expect((await b.client.post('/api/waitlist/abc/accept')).status).toBe(404);
  });

  test('an offer nobody answers expires at its deadline and passes on; accepting it then is refused', async () => {
    const { cls, a, b, entryA } = await offerAheadOfWaiter();
    server.clock.advance(2 * HOUR);
    await sweepWaitlists(server.ctx);
    expect((await entryOf(a, cls.id)).status).toBe('expired');
    expect((await entryOf(b, cls.id)).status).toBe('offered');
    const late = await a.client.post(`/api/waitlist/${entryA.id}/accept`, withWaivers({}, entryA.quantity));
    expect(late.status).toBe(409);
    expect(late.body.message).toContain('expired');
  });

  test('nothing is charged without checkout: an offer left unanswered and one accepted but never paid both pass on', async () => {
    const { cls, booked, bookingIds } = await fullClass({ capacity: 1, priceCents: 2500 });
    const [silent, abandoner, third] = [await createUser(server), await createUser(server), await createUser(server)];
    for (const person of [silent, abandoner, third]) await join(person, cls.id);
    await booked[0]!.client.put(`/api/bookings/${bookingIds[0]}/cancel`);
    // An offer holds the spot with no payment at all: no intent is opened until the person accepts.
    const offered = await entryOf(silent, cls.id);
    expect(offered).toMatchObject({ status: 'offered', amount: pageTotal(2500, 1) });
    const silentHold = (await server.ctx.db.select().from(bookings).where(eq(bookings.id, offered.bookingId)).get())!;
    expect(silentHold.paymentIntentId).toBeNull();
    server.clock.advance(2 * HOUR);
    await sweepWaitlists(server.ctx);
    expect((await entryOf(silent, cls.id)).status).toBe('expired');
    // The next accepts (an intent is opened for checkout) but never pays: the hold ends with the offer.
    const next = await entryOf(abandoner, cls.id);
    const accepted = await abandoner.client.post(`/api/waitlist/${next.id}/accept`, withWaivers({}, next.quantity));
    expect(accepted.status).toBe(200);
    server.clock.advance(2 * HOUR + 60_000);
    await sweepWaitlists(server.ctx);
    expect((await entryOf(third, cls.id)).status).toBe('offered');
    const ended = await server.ctx.db
      .select()
      .from(bookings)
      .where(inArray(bookings.id, [silentHold.id, accepted.body.booking.id]));
    expect(ended.map((b) => [b.status, b.confirmedAt, b.refundAmountCents])).toEqual([
      ['cancelled', null, null],
      ['cancelled', null, null],
    ]);
    const intent = await server.ctx.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, accepted.body.payment.id)).get();
    expect(intent?.status).not.toBe('succeeded');
    server.clock.set(new Date());
  });

  test('the offer window ends 30 minutes before the class starts', async () => {
    const { cls, booked, bookingIds } = await fullClass({ capacity: 1, startsInHours: 1 });
    const waiter = await createUser(server);
    await join(waiter, cls.id);
    await booked[0]!.client.put(`/api/bookings/${bookingIds[0]}/cancel`);
    const offer = await entryOf(waiter, cls.id);
    expect(new Date(offer.offerExpiresAt).getTime()).toBe(cls.startTime!.getTime() - 30 * 60_000);
  });

  test('a raised capacity frees spots for the waitlist (timed sweep)', async () => {
    const { cls } = await fullClass({ capacity: 1 });
    const waiter = await createUser(server);
    await join(waiter, cls.id);
    await server.ctx.db.write((tx) => tx.update(classes).set({ capacity: 2 }).where(eq(classes.id, cls.id)));
    await sweepWaitlists(server.ctx);
    expect((await entryOf(waiter, cls.id)).status).toBe('offered');
  });

  test('an expired payment hold frees its spots for the waitlist (timed sweep)', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 2000, capacity: 1 });
    const payer = await createUser(server);
    const intent = await payer.client.post(
      '/api/payment/create-intent',
      withWaivers({ classId: cls.id, quantity: 1, amount: pageTotal(2000, 1) }),
    );
    expect(intent.status).toBe(200);
    const waiter = await createUser(server);
    expect((await join(waiter, cls.id)).status).toBe('waiting');
    // The payer never pays: the hold's end is moved into the past, as if its 15 minutes had run out.
    await server.ctx.db.write((tx) =>
      tx
        .update(bookings)
        .set({ holdExpiresAt: new Date(server.clock.now().getTime() - 60_000) })
        .where(eq(bookings.id, intent.body.bookingId)),
    );
    await sweepWaitlists(server.ctx);
    const hold = await server.ctx.db.select().from(bookings).where(eq(bookings.id, intent.body.bookingId)).get();
    expect(hold).toMatchObject({ status: 'cancelled', cancelReason: 'hold_expired' });
    const offer = await entryOf(waiter, cls.id);
    expect(offer.status).toBe('offered');
    expect(offerEmailsTo(waiter.email)).toHaveLength(1);
    expect(await spotsGivenOut(cls.id)).toBe(1);
  });
});

describe('freed spots go to the waitlist before anyone else can book them', () => {
  test('a cancellation: the offer is made in the same write, so a booking right after it finds the class full', async () => {
    const { cls, booked, bookingIds } = await fullClass({ capacity: 1 });
    const waiter = await createUser(server);
    await join(waiter, cls.id);
    const outsider = await createUser(server);
    // The outsider books the instant the cancellation is written (while its email goes out).
    const send = server.ctx.mail.send.bind(server.ctx.mail);
    let outsiderTried: Promise<{ status: number }> | null = null;
    server.ctx.mail.send = async (message) => {
      if (message.to === booked[0]!.email && !outsiderTried) {
        outsiderTried = outsider.client.post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 1 }));
        await outsiderTried;
      }
      return send(message);
    };
    try {
      expect((await booked[0]!.client.put(`/api/bookings/${bookingIds[0]}/cancel`)).status).toBe(200);
    } finally {
      server.ctx.mail.send = send;
    }
    expect((await outsiderTried!)?.status).toBe(409);
    expect((await entryOf(waiter, cls.id)).status).toBe('offered');
  });

  test('a payment hold that ran out: the next booking offers its spots to the waitlist first', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 2000, capacity: 1 });
    const payer = await createUser(server);
    expect(
      (await payer.client.post('/api/payment/create-intent', withWaivers({ classId: cls.id, quantity: 1, amount: pageTotal(2000, 1) })))
        .status,
    ).toBe(200);
    const waiter = await createUser(server);
    await join(waiter, cls.id);
    server.clock.advance(16 * 60_000);
    const outsider = await createUser(server);
    const res = await outsider.client.post(
      '/api/payment/create-intent',
      withWaivers({ classId: cls.id, quantity: 1, amount: pageTotal(2000, 1) }),
    );
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Class is full. Check back later in case of cancellations.');
    expect((await entryOf(waiter, cls.id)).status).toBe('offered');
    expect(offerEmailsTo(waiter.email)).toHaveLength(1);
  });

  test('an offer that ran out: the next booking passes its spots to the next in line first', async () => {
    const { cls, a: first, b: second } = await offerAheadOfWaiter();
    server.clock.advance(2 * HOUR + 60_000);
    const outsider = await createUser(server);
    expect((await outsider.client.post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 1 }))).status).toBe(409);
    expect((await entryOf(first, cls.id)).status).toBe('expired');
    expect((await entryOf(second, cls.id)).status).toBe('offered');
    expect(offerEmailsTo(second.email)).toHaveLength(1);
  });
});

describe('attendees of an accepted offer', () => {
  async function kidsOffer(priceCents = 0) {
    const { cls, booked, bookingIds } = await fullClass({ capacity: 2, priceCents });
    await server.ctx.db.write((tx) => tx.update(classes).set({ ageGroup: 'Kids' }).where(eq(classes.id, cls.id)));
    const parent = await createUser(server);
    const entry = await join(parent, cls.id, 2);
    for (const [i, customer] of booked.entries()) await customer.client.put(`/api/bookings/${bookingIds[i]}/cancel`);
    return { cls, parent, entry };
  }
  const children = [
    { name: 'Maya Lee', age: 7 },
    { name: 'Leo Lee', age: 5 },
  ];

  test("a free offer takes the attendees, with each child's age in a Kids class, as booking does", async () => {
    const { parent, entry } = await kidsOffer();
    // The entry says it is a Kids class, so the Waitlist tab knows to ask each child's age.
    expect((await entryOf(parent, entry.classId)).class.ageGroup).toBe('Kids');
    const unnamed = await parent.client.post(`/api/waitlist/${entry.id}/accept`, withWaivers({}, entry.quantity));
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.message).toBe("Kids classes need each child's age.");
    const short = await parent.client.post(`/api/waitlist/${entry.id}/accept`, withWaivers({ attendees: [children[0]] }, entry.quantity));
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Name one attendee per spot: 2 spots booked, 1 attendee named.');
    const res = await parent.client.post(`/api/waitlist/${entry.id}/accept`, withWaivers({ attendees: children }, entry.quantity));
    expect(res.status).toBe(200);
    expect(res.body.booking.status).toBe('confirmed');
    expect(res.body.booking.attendees.map((a: { name: string; age: number }) => [a.name, a.age])).toEqual([
      ['Maya Lee', 7],
      ['Leo Lee', 5],
    ]);
  });

  test('a paid offer keeps the attendees named on accepting through the checkout that follows', async () => {
    const { cls, parent, entry } = await kidsOffer(2000);
    const res = await parent.client.post(`/api/waitlist/${entry.id}/accept`, withWaivers({ attendees: children }, entry.quantity));
    expect(res.status).toBe(200);
    expect(res.body.booking.attendees.map((a: { age: number }) => a.age)).toEqual([7, 5]);
    // The checkout page first asks for the intent without names: the names stay.
    const checkout = await parent.client.post(
      '/api/payment/create-intent',
      withWaivers({ classId: cls.id, quantity: 2, amount: pageTotal(2000, 2) }),
    );
    expect(checkout.body.bookingId).toBe(res.body.booking.id);
    const mine = await parent.client.get(`/api/bookings?classId=${cls.id}`);
    expect(mine.body[0].attendees.map((a: { age: number }) => a.age)).toEqual([7, 5]);
  });

  test('a free Kids class booked without attendees is refused: the ages are needed', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 0, capacity: 3 });
    await server.ctx.db.write((tx) => tx.update(classes).set({ ageGroup: 'Kids' }).where(eq(classes.id, cls.id)));
    const parent = await createUser(server);
    const res = await parent.client.post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 1 }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Kids classes need each child's age.");
  });
});

describe('races', () => {
  test('10 waiting and 3 cancellations at once give exactly 3 offers, to the first fitting entries', async () => {
    const { cls, booked, bookingIds } = await fullClass({ capacity: 5 });
    // The 1st and the 4th in line want 2 spots; each cancellation frees 1, so they keep their places.
    const quantities = [2, 1, 1, 2, 1, 1, 1, 1, 1, 1];
    const waiters: SignedIn[] = [];
    for (const [i, quantity] of quantities.entries()) {
      waiters.push(await createUser(server));
      await join(waiters[i]!, cls.id, quantity);
    }
    const cancels = await Promise.all([0, 1, 2].map((i) => booked[i]!.client.put(`/api/bookings/${bookingIds[i]}/cancel`)));
    expect(cancels.map((r) => r.status)).toEqual([200, 200, 200]);
    const states = await Promise.all(waiters.map(async (w) => (await entryOf(w, cls.id)).status));
    expect(states).toEqual(['waiting', 'offered', 'offered', 'waiting', 'offered', ...Array(5).fill('waiting')]);
    expect(offerEmailsTo(waiters[0]!.email)).toHaveLength(0);
    expect(await spotsGivenOut(cls.id)).toBe(5);
  });

  test('an accept at the same moment as the expiry gives a booking or a passed-on offer, never both', async () => {
    for (const acceptFirst of [true, false]) {
      const { cls, a, b, entryA } = await offerAheadOfWaiter();
      // One millisecond before the deadline: the accept may still win, the sweep may already run.
      server.clock.advance(2 * HOUR - (acceptFirst ? 1 : 0));
      const [accept] = await Promise.all([
        a.client.post(`/api/waitlist/${entryA.id}/accept`, withWaivers({}, entryA.quantity)),
        sweepWaitlists(server.ctx),
      ]);
      const [ea, eb] = [await entryOf(a, cls.id), await entryOf(b, cls.id)];
      if (accept.status === 200) {
        expect(ea.status).toBe('accepted');
        expect(eb.status).toBe('waiting');
      } else {
        expect(accept.status).toBe(409);
        expect(ea.status).toBe('expired');
        expect(eb.status).toBe('offered');
      }
      expect(await spotsGivenOut(cls.id)).toBe(1);
      server.clock.set(new Date());
    }
  });

  test('confirmed plus held spots never exceed capacity while offers, bookings and cancellations race', async () => {
    const { cls, booked, bookingIds } = await fullClass({ capacity: 4 });
    const waiters = await Promise.all(Array.from({ length: 6 }, () => createUser(server)));
    for (const w of waiters) await join(w, cls.id);
    const outsiders = await Promise.all(Array.from({ length: 6 }, () => createUser(server)));
    await Promise.all([
      ...[0, 1, 2, 3].map((i) => booked[i]!.client.put(`/api/bookings/${bookingIds[i]}/cancel`)),
      ...outsiders.map((o) => o.client.post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 1 }))),
      sweepWaitlists(server.ctx),
    ]);
    expect(await spotsGivenOut(cls.id)).toBeLessThanOrEqual(4);
    const entries = await Promise.all(waiters.map(async (w) => ({ w, entry: await entryOf(w, cls.id) })));
    const offered = entries.filter(({ entry }) => entry.status === 'offered');
    const accepts = await Promise.all(
      offered.map(({ w, entry }) => w.client.post(`/api/waitlist/${entry.id}/accept`, withWaivers({}, entry.quantity))),
    );
    expect(accepts.every((r) => r.status === 200)).toBe(true);
    expect(await spotsGivenOut(cls.id)).toBeLessThanOrEqual(4);
  });
});

describe('booking the class another way', () => {
  /** Pays the customer's payment hold with 4242 and confirms it, as checkout does. */
  async function payHold(customer: SignedIn, intent: { id: string; clientSecret: string }) {
    const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
    expect(
      (
        await customer.client.post('/api/payment/test-provider/pay', {
          paymentIntentId: intent.id,
          clientSecret: intent.clientSecret,
          ...card,
        })
      ).status,
    ).toBe(200);
    const confirmed = await customer.client.post('/api/payment/confirm', { paymentIntentId: intent.id });
    expect(confirmed.body.booking.status).toBe('confirmed');
  }

  test('a free booking ends the waiting entry at once: off the line, the count and later offers', async () => {
    const { cls, booked, bookingIds } = await fullClass({ capacity: 3 });
    const waiter = await createUser(server);
    await join(waiter, cls.id, 2);
    // One spot frees up: too few for the entry for 2, so the person books the one spot instead.
    await booked[0]!.client.put(`/api/bookings/${bookingIds[0]}/cancel`);
    expect((await waiter.client.post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 1 }))).status).toBe(201);
    expect(await entryOf(waiter, cls.id)).toMatchObject({ status: 'left', position: null });
    const managed = await coach.client.get('/api/classes/managed');
    expect(managed.body.find((c: { id: number }) => c.id === cls.id).waitlistCount).toBe(0);
    // The next person to join is first in line, and the next freed spots are theirs alone.
    const next = await createUser(server);
    expect(await join(next, cls.id)).toMatchObject({ position: 1 });
    await booked[1]!.client.put(`/api/bookings/${bookingIds[1]}/cancel`);
    await booked[2]!.client.put(`/api/bookings/${bookingIds[2]}/cancel`);
    expect((await entryOf(next, cls.id)).status).toBe('offered');
    expect((await entryOf(waiter, cls.id)).status).toBe('left');
    expect(offerEmailsTo(waiter.email)).toHaveLength(0);
  });

  test('a paid checkout: the payment hold keeps the place (skipped for offers meanwhile), the confirmed payment ends it', async () => {
    const { cls, booked, bookingIds } = await fullClass({ capacity: 3, priceCents: 2000 });
    const waiter = await createUser(server);
    await join(waiter, cls.id, 2);
    await booked[0]!.client.put(`/api/bookings/${bookingIds[0]}/cancel`);
    const intent = await waiter.client.post(
      '/api/payment/create-intent',
      withWaivers({ classId: cls.id, quantity: 1, amount: pageTotal(2000, 1) }),
    );
    expect(intent.status).toBe(200);
    // Not paid yet: still in line, should the person not pay...
    expect(await entryOf(waiter, cls.id)).toMatchObject({ status: 'waiting', position: 1 });
    // ...but not offered spots while checking out, even when enough free up for the entry.
    await booked[1]!.client.put(`/api/bookings/${bookingIds[1]}/cancel`);
    await booked[2]!.client.put(`/api/bookings/${bookingIds[2]}/cancel`);
    expect((await entryOf(waiter, cls.id)).status).toBe('waiting');
    await payHold(waiter, intent.body);
    expect(await entryOf(waiter, cls.id)).toMatchObject({ status: 'left', position: null });
    expect(offerEmailsTo(waiter.email)).toHaveLength(0);
    expect(await spotsGivenOut(cls.id)).toBe(1);
  });
});

describe('a deleted class', () => {
  test('its offers and waiting entries end; the offer was never a booking, so no cancellation email or refund', async () => {
    const { cls, a, b } = await offerAheadOfWaiter();
    expect((await entryOf(a, cls.id)).status).toBe('offered');
    const deleted = await coach.client.delete(`/api/classes/${cls.id}`);
    expect(deleted.status).toBe(200);
    expect((await entryOf(a, cls.id)).status).toBe('left');
    expect((await entryOf(b, cls.id)).status).toBe('left');
    expect(outbox(server).filter((m) => m.includes(`To: ${a.email}`) && m.includes('Booking cancelled'))).toHaveLength(0);
    expect(await spotsGivenOut(cls.id)).toBe(0);
  });

  test('each person waiting or offered spots is emailed once per session that the class was cancelled', async () => {
    const { cls, a: offered, b: waiting } = await offerAheadOfWaiter();
    expect((await coach.client.delete(`/api/classes/${cls.id}`)).status).toBe(200);
    for (const person of [offered, waiting]) {
      const [mail, ...more] = closedEmailsTo(person.email);
      expect(more).toHaveLength(0);
      expect(mail).toContain(`Subject: Class cancelled: ${cls.title}`);
      expect(mail).toContain('you are no longer on its waitlist');
    }
    expect(closedEmailsTo(offered.email)[0]).toContain('The spots held for you are released');
    // Closing the same waitlist again (a retried delete) finds nobody left to tell.
    await closeWaitlists(server.ctx, [cls.id]);
    expect(closedEmailsTo(offered.email)).toHaveLength(1);
  });

  test('"this and following" sessions of a series: one email per person per deleted session, none for the kept one', async () => {
    const parent = await createClass(server, { coachId: coach.id, title: 'Doomed Dawn Series' });
    await server.ctx.db.write((tx) => tx.update(classes).set({ isRecurring: true }).where(eq(classes.id, parent.id)));
    const sessions = [];
    for (const week of [1, 2, 3]) {
      const { cls } = await fullClass({ capacity: 1, startsInHours: week * 24 * 7 });
      await server.ctx.db.write((tx) =>
        tx.update(classes).set({ parentClassId: parent.id, isRecurring: true, title: 'Doomed Dawn Series' }).where(eq(classes.id, cls.id)),
      );
      sessions.push(cls);
    }
    const [everyWeek, lastOnly] = [await createUser(server), await createUser(server)];
    for (const session of sessions) await join(everyWeek, session.id);
    await join(lastOnly, sessions[2]!.id);
    const res = await coach.client.delete(`/api/classes/${sessions[1]!.id}?deleteOption=following`);
    expect(res.body).toMatchObject({ message: 'Class and following classes deleted successfully', deleted: 2 });
    expect(closedEmailsTo(everyWeek.email)).toHaveLength(2);
    expect(closedEmailsTo(lastOnly.email)).toHaveLength(1);
    expect((await entryOf(everyWeek, sessions[0]!.id)).status).toBe('waiting');
  });
});
