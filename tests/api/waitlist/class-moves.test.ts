// Finding 7 of issue 24: when a coach moves a class, its open waitlist offers and payment holds are re-timed.
// An offer always ends 30 minutes before the (new) start; one whose new end has already passed ends at once and
// its spots pass on; a payment hold ends 30 minutes before the new start too (already past: it ends, its intent is
// cancelled and its spots are free). Nothing accepts an offer once the class has begun.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { sweepWaitlists } from '../../../api/spots/release';
import { bookings, waitlistEntries } from '../../../db/schema';
import type { TestServer } from '../../helpers/api';
import { createClass, createUser, pageTotal, type SignedIn, startWithCoach } from '../../helpers/fixtures';
import { withWaivers } from '../../helpers/waivers';

const MINUTE = 60_000;
let server: TestServer;
let coach: SignedIn;
beforeAll(async () => ({ server, coach } = await startWithCoach()));
afterAll(() => server.stop());

/** A free class of one spot a week ahead, booked and then cancelled with two people in line: the first holds
 * an offer (2 hours), the second waits. */
async function offerOpen() {
  const cls = await createClass(server, { coachId: coach.id, priceCents: 0, capacity: 1 });
  const booker = await createUser(server);
  const booked = await booker.client.post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 1 }));
  expect(booked.status).toBe(201);
  const [first, second] = [await createUser(server), await createUser(server)];
  for (const person of [first, second])
    expect((await person.client.post(`/api/classes/${cls.id}/waitlist`, { quantity: 1 })).status).toBe(201);
  expect((await booker.client.put(`/api/bookings/${booked.body.id}/cancel`)).status).toBe(200);
  const entry = await entryOf(first, cls.id);
  expect(entry.status).toBe('offered');
  return { cls, first, second, entry };
}

async function entryOf(customer: SignedIn, classId: number) {
  const res = await customer.client.get(`/api/waitlist?classId=${classId}&limit=1`);
  expect(res.status).toBe(200);
  return res.body[0];
}

const moveTo = (classId: number, startTime: Date) =>
  coach.client.request('PATCH', `/api/classes/${classId}`, { startTime: startTime.toISOString() });

describe('moving a class earlier', () => {
  test('an open offer then ends 30 minutes before the new start, also after the sweep', async () => {
    const { cls, first, entry } = await offerOpen();
    const start = new Date(server.clock.now().getTime() + 90 * MINUTE);
    expect((await moveTo(cls.id, start)).status).toBe(200);
    const deadline = start.getTime() - 30 * MINUTE;
    expect(Date.parse((await entryOf(first, cls.id)).offerExpiresAt)).toBe(deadline);
    await sweepWaitlists(server.ctx);
    const after = await entryOf(first, cls.id);
    expect(after.status).toBe('offered');
    expect(Date.parse(after.offerExpiresAt)).toBe(deadline);
    // The spots the offer holds end with it.
    const held = await server.ctx.db.select().from(bookings).where(eq(bookings.id, entry.bookingId)).get();
    expect(held!.holdExpiresAt!.getTime()).toBe(deadline);
  });

  test('moved to start in 40 seconds: the offer ends at once, and accepting it is refused', async () => {
    const { cls, first, entry } = await offerOpen();
    const start = new Date(server.clock.now().getTime() + 40_000);
    expect((await moveTo(cls.id, start)).status).toBe(200);
    expect((await entryOf(first, cls.id)).status).toBe('expired');
    const accept = await first.client.post(
      `/api/waitlist/${entry.id}/accept`,
      withWaivers({ attendees: [{ name: 'First Person' }] }, entry.quantity),
    );
    expect(accept.status).toBe(409);
    server.clock.set(new Date(start.getTime() + MINUTE));
    expect(
      (await first.client.post(`/api/waitlist/${entry.id}/accept`, withWaivers({ attendees: [{ name: 'First Person' }] }, entry.quantity)))
        .status,
    ).toBe(409);
    expect((await first.client.post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 1 }))).status).toBe(409);
    const confirmed = await server.ctx.db.select().from(bookings).where(eq(bookings.classId, cls.id));
    expect(confirmed.filter((b) => b.status === 'confirmed')).toEqual([]);
  });

  test('an offer whose new end has passed ends at once; within 30 minutes of the start the spot is free to book', async () => {
    const { cls, first, second } = await offerOpen();
    const start = new Date(server.clock.now().getTime() + 29 * MINUTE);
    expect((await moveTo(cls.id, start)).status).toBe(200);
    expect((await entryOf(first, cls.id)).status).toBe('expired');
    // Within 30 minutes of the start nobody else is offered (the contract's window), and the spot is free to book.
    expect((await entryOf(second, cls.id)).status).toBe('waiting');
    const spots = await server.client().get(`/api/classes/${cls.id}/bookings/count`);
    expect(spots.body.spotsLeft).toBe(1);
  });

  test('a payment hold then ends 30 minutes before the new start', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 2000, capacity: 3 });
    const customer = await createUser(server);
    const hold = await customer.client.post(
      '/api/payment/create-intent',
      withWaivers({ classId: cls.id, quantity: 1, amount: pageTotal(2000, 1) }),
    );
    expect(hold.status).toBe(200);
    const start = new Date(server.clock.now().getTime() + 40 * MINUTE);
    expect((await moveTo(cls.id, start)).status).toBe(200);
    const row = await server.ctx.db.select().from(bookings).where(eq(bookings.id, hold.body.bookingId)).get();
    expect(row!.status).toBe('pending');
    expect(row!.holdExpiresAt!.getTime()).toBe(start.getTime() - 30 * MINUTE);
    expect((await server.ctx.payments.retrieveIntent(hold.body.id))!.status).not.toBe('canceled');
  });

  test('a payment hold whose new end has passed ends at once: its intent is cancelled and its spots are free', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 2000, capacity: 1 });
    const customer = await createUser(server);
    const hold = await customer.client.post(
      '/api/payment/create-intent',
      withWaivers({ classId: cls.id, quantity: 1, amount: pageTotal(2000, 1) }),
    );
    expect(hold.status).toBe(200);
    const start = new Date(server.clock.now().getTime() + 20 * MINUTE);
    expect((await moveTo(cls.id, start)).status).toBe(200);
    const row = await server.ctx.db.select().from(bookings).where(eq(bookings.id, hold.body.bookingId)).get();
    expect(row!.status).toBe('cancelled');
    expect(row!.cancelReason).toBe('hold_expired');
    expect((await server.ctx.payments.retrieveIntent(hold.body.id))!.status).toBe('canceled');
    const spots = await server.client().get(`/api/classes/${cls.id}/bookings/count`);
    expect(spots.body.spotsLeft).toBe(1);
  });

  test('an offer still open when the class has started (whatever its deadline says) cannot be accepted', async () => {
    const { cls, first, entry } = await offerOpen();
    // A deadline past the start, as rows written before re-timing existed could carry.
    const start = cls.startTime!.getTime();
    await server.ctx.db.write(async (tx) => {
      await tx
        .update(waitlistEntries)
        .set({ offerExpiresAt: new Date(start + 60 * MINUTE) })
        .where(eq(waitlistEntries.id, entry.id));
      await tx
        .update(bookings)
        .set({ holdExpiresAt: new Date(start + 60 * MINUTE) })
        .where(eq(bookings.id, entry.bookingId));
    });
    server.clock.set(new Date(start + MINUTE));
    const accept = await first.client.post(
      `/api/waitlist/${entry.id}/accept`,
      withWaivers({ attendees: [{ name: 'First Person' }] }, entry.quantity),
    );
    expect(accept.status).toBe(409);
    expect(accept.body.message).toBe('This class has already started and can no longer be booked.');
    const row = (await server.ctx.db.select().from(bookings).where(eq(bookings.id, entry.bookingId)).get())!;
    expect(row.status).toBe('offered');
    server.clock.set(new Date());
  });

  test('moving a class later leaves an offer its deadline', async () => {
    const { cls, first, entry } = await offerOpen();
    expect((await moveTo(cls.id, new Date(server.clock.now().getTime() + 14 * 24 * 60 * MINUTE))).status).toBe(200);
    expect((await entryOf(first, cls.id)).offerExpiresAt).toBe(entry.offerExpiresAt);
  });
});
