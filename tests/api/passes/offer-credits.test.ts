// Accepting a waitlist offer for a paid class with a pass (POST /api/waitlist/{id}/accept with payWith): booked at
// once like a free offer, the credits taken from the ledger in the same write (one per spot; none for an unlimited
// membership paid up), the entry accepted with the booking, the confirmation queued and sent; past due, a pass that
// does not cover the class and an expired offer are refused with nothing taken. Without payWith, card checkout.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { bookings, passLedger, passPurchases } from '../../../db/schema';
import type { TestServer } from '../../helpers/api';
import { createClass, createUser, sentMail, type SignedIn, startWithCoach } from '../../helpers/fixtures';
import { withWaivers } from '../../helpers/waivers';
import { buyPass, givePass, reconcileLedger, sellPass } from './helpers';

let server: TestServer;
let coach: SignedIn;
beforeAll(async () => ({ server, coach } = await startWithCoach()));
afterAll(() => server.stop());

const HOUR = 3_600_000;
const wallet = async (who: SignedIn) => (await who.client.get('/api/wallet')).body.passes as any[];
const creditsLeft = async (who: SignedIn, purchaseId: number) => (await wallet(who)).find((p) => p.purchaseId === purchaseId)?.creditsLeft;

/** A paid class of `capacity` spots ($20), full with a booker who paid with their own pass, and `waiting` on its
 * waitlist for `quantity` spots; the booker then cancels, so `waiting` holds an offer. */
async function offerFor(waiting: SignedIn, options: { quantity?: number; coachId?: number; title?: string } = {}) {
  const quantity = options.quantity ?? 1;
  const coachId = options.coachId ?? coach.id;
  const cls = await createClass(server, { coachId, capacity: quantity, priceCents: 2000, title: options.title });
  const booker = await createUser(server);
  const theirs = await givePass(server.ctx.db, { coachId, userId: booker.id, credits: quantity, now: server.clock.now() });
  const booked = await booker.client.post('/api/bookings', withWaivers({ classId: cls.id, quantity, payWith: { purchaseId: theirs.id } }));
  expect(booked.status).toBe(201);
  expect((await waiting.client.post(`/api/classes/${cls.id}/waitlist`, { quantity })).status).toBe(201);
  expect((await booker.client.put(`/api/bookings/${booked.body.id}/cancel`)).status).toBe(200);
  const entry = (await waiting.client.get(`/api/waitlist?classId=${cls.id}&limit=1`)).body[0];
  expect(entry).toMatchObject({ status: 'offered', amount: pageTotalOf(quantity) });
  return { cls, entry };
}
const pageTotalOf = (quantity: number) => (2000 * quantity * 1.05) / 100;

const accept = (who: SignedIn, entryId: number, purchaseId: number, spots = 1) =>
  who.client.post(`/api/waitlist/${entryId}/accept`, withWaivers({ payWith: { purchaseId } }, spots));

describe('accepting a paid offer with a pass', () => {
  test('a class pack: booked at once, one credit per spot taken with the booking, entry accepted, confirmation sent', async () => {
    const customer = await createUser(server);
    const bought = await buyPass(customer, await sellPass(coach, { name: '5-class pack', credits: 5 }));
    const title = `Offer by pack ${Math.random().toString(36).slice(2, 8)}`;
    const { cls, entry } = await offerFor(customer, { quantity: 2, title });

    const accepted = await accept(customer, entry.id, bought.purchaseId, 2);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ payment: null, checkoutUrl: null, entry: { status: 'accepted' } });
    expect(accepted.body.booking).toMatchObject({ id: entry.bookingId, status: 'confirmed', quantity: 2, amount: 0 });
    expect(accepted.body.booking.attendees).toHaveLength(2);
    expect(await creditsLeft(customer, bought.purchaseId)).toBe(3);
    const rows = await server.ctx.db.select().from(passLedger).where(eq(passLedger.bookingId, entry.bookingId));
    expect(rows.map((r) => ({ kind: r.kind, delta: r.delta, purchaseId: r.purchaseId }))).toEqual([
      { kind: 'booking', delta: -2, purchaseId: bought.purchaseId },
    ]);
    const row = (await server.ctx.db.select().from(bookings).where(eq(bookings.id, entry.bookingId)).get())!;
    expect({ status: row.status, amount: row.amountCents, paymentIntentId: row.paymentIntentId }).toEqual({
      status: 'confirmed',
      amount: 0,
      paymentIntentId: null,
    });
    const mail = (await sentMail(server)).filter((m) => m.includes(`To: ${customer.email}`) && m.includes(`Booking confirmed: ${title}`));
    expect(mail).toHaveLength(1);
    // Cancelled in time: the credits come back, as any booking paid with the pass.
    expect((await customer.client.put(`/api/bookings/${entry.bookingId}/cancel`)).status).toBe(200);
    expect(await creditsLeft(customer, bought.purchaseId)).toBe(5);
    expect((await customer.client.get(`/api/waitlist?classId=${cls.id}&limit=1`)).body[0].status).toBe('accepted');
    await reconcileLedger(server, [customer]);
  });

  test('an unlimited membership paid up: booked with no credit (a ledger row of 0 names the pass); past due: refused', async () => {
    const customer = await createUser(server);
    const membership = await givePass(server.ctx.db, {
      coachId: coach.id,
      userId: customer.id,
      credits: null,
      kind: 'membership',
      now: server.clock.now(),
    });
    const first = await offerFor(customer);
    const accepted = await accept(customer, first.entry.id, membership.id);
    expect(accepted.status).toBe(200);
    expect(accepted.body.booking).toMatchObject({ status: 'confirmed', amount: 0 });
    const rows = await server.ctx.db.select().from(passLedger).where(eq(passLedger.bookingId, first.entry.bookingId));
    expect(rows.map((r) => ({ kind: r.kind, delta: r.delta }))).toEqual([{ kind: 'booking', delta: 0 }]);

    await server.ctx.db.write((tx) => tx.update(passPurchases).set({ status: 'past_due' }).where(eq(passPurchases.id, membership.id)));
    const second = await offerFor(customer);
    const refused = await accept(customer, second.entry.id, membership.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Your membership payment is past due: update your card in your wallet to book with it.');
    const still = (await customer.client.get(`/api/waitlist?classId=${second.cls.id}&limit=1`)).body[0];
    expect(still.status).toBe('offered');
    expect((await server.ctx.db.select().from(bookings).where(eq(bookings.id, second.entry.bookingId)).get())!.status).toBe('offered');
  });

  test("a pass that does not cover the class (another coach's) is refused, nothing taken; card checkout still works", async () => {
    const customer = await createUser(server);
    const bought = await buyPass(customer, await sellPass(coach, { name: '3-class pack', credits: 3 }));
    const otherCoach = await createUser(server, 'coach');
    const { entry } = await offerFor(customer, { coachId: otherCoach.id });
    const refused = await accept(customer, entry.id, bought.purchaseId);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This pass does not cover this class.');
    expect(await creditsLeft(customer, bought.purchaseId)).toBe(3);
    // Without payWith nothing changed: the paid offer goes to card checkout.
    const byCard = await customer.client.post(`/api/waitlist/${entry.id}/accept`);
    expect(byCard.status).toBe(200);
    expect(byCard.body.booking.status).toBe('pending');
    expect(byCard.body.payment).not.toBeNull();
    expect(byCard.body.checkoutUrl).toContain(`/checkout/`);
  });

  test('an expired offer is refused and no credit is taken; a body with an unknown field is refused', async () => {
    const customer = await createUser(server);
    const bought = await buyPass(customer, await sellPass(coach, { name: '2-class pack', credits: 2 }));
    const { entry } = await offerFor(customer);
    const unknown = await customer.client.post(`/api/waitlist/${entry.id}/accept`, {
      payWith: { purchaseId: bought.purchaseId, credits: 1 },
    });
    expect(unknown.status).toBe(400);
    server.clock.advance(3 * HOUR);
    const late = await accept(customer, entry.id, bought.purchaseId);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This offer has expired, so the spots went to the next person on the waitlist.');
    expect(await creditsLeft(customer, bought.purchaseId)).toBe(2);
    expect(await server.ctx.db.select().from(passLedger).where(eq(passLedger.bookingId, entry.bookingId))).toEqual([]);
  });
});
