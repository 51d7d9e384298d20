// Finding 4 of issue 24: an offer made at one price could be "paid" at another (a $10.50 offer confirmed with
// no payment after the price went to 0, then a $10.50 refund that never happened; a free offer opening a $0
// intent after the class went to $50). The rule now: an open offer is re-offered at the new price when the
// coach changes it (a new offer email with the new amount), and accepting follows the offer's own amount, so the
// amount paid, the amount recorded and the amount refunded are always the same number.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { bookings, testPaymentIntents } from '../../../db/schema';
import type { TestServer } from '../../helpers/api';
import { createClass, createUser, outbox, pageTotal, type SignedIn, startWithCoach } from '../../helpers/fixtures';
import { withWaivers } from '../../helpers/waivers';

const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
let server: TestServer;
let coach: SignedIn;
beforeAll(async () => ({ server, coach } = await startWithCoach()));
afterAll(() => server.stop());

/** A class of one spot at `priceCents`, a week ahead, booked (and paid) by someone who then cancels, so the one
 * person waiting holds an offer. */
async function offerAt(priceCents: number) {
  const cls = await createClass(server, { coachId: coach.id, priceCents, capacity: 1 });
  const booker = await createUser(server);
  let bookingId: number;
  if (priceCents === 0) {
    bookingId = (await booker.client.post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 1 }))).body.id;
  } else {
    const hold = await booker.client.post(
      '/api/payment/create-intent',
      withWaivers({ classId: cls.id, quantity: 1, amount: pageTotal(priceCents, 1) }),
    );
    await server
      .client()
      .post('/api/payment/test-provider/pay', { paymentIntentId: hold.body.id, clientSecret: hold.body.clientSecret, ...CARD });
    bookingId = hold.body.bookingId;
  }
  const waiting = await createUser(server, 'customer', 'Wren');
  const joined = await waiting.client.post(`/api/classes/${cls.id}/waitlist`, { quantity: 1 });
  expect(joined.status).toBe(201);
  expect((await booker.client.put(`/api/bookings/${bookingId}/cancel`)).status).toBe(200);
  const entry = (await waiting.client.get(`/api/waitlist?classId=${cls.id}&limit=1`)).body[0];
  expect(entry.status).toBe('offered');
  return { cls, waiting, entry };
}

const setPrice = (classId: number, price: number) => coach.client.request('PATCH', `/api/classes/${classId}`, { price });
const offerEmailsTo = (email: string) => outbox(server).filter((m) => m.includes(email) && m.includes('A spot opened up'));

describe('the coach changes the price while an offer is open', () => {
  test('a $10.50 offer, then the price goes to 0: re-offered free, booked free, nothing paid, recorded or refunded', async () => {
    const { cls, waiting, entry } = await offerAt(1000);
    expect(entry.amount).toBe(10.5);
    expect((await setPrice(cls.id, 0)).status).toBe(200);
    const reoffered = (await waiting.client.get(`/api/waitlist?classId=${cls.id}&limit=1`)).body[0];
    expect(reoffered).toMatchObject({ status: 'offered', amount: 0, offerExpiresAt: entry.offerExpiresAt });
    expect(offerEmailsTo(waiting.email)).toHaveLength(2);
    expect(offerEmailsTo(waiting.email)[1]).not.toContain('$10.50');

    const accepted = await waiting.client.post(
      `/api/waitlist/${entry.id}/accept`,
      withWaivers({ attendees: [{ name: 'Wren Tester' }] }, entry.quantity),
    );
    expect(accepted.status).toBe(200);
    expect(accepted.body.payment).toBeNull();
    expect(accepted.body.booking).toMatchObject({ status: 'confirmed', amount: 0 });
    const roster = await coach.client.get(`/api/classes/${cls.id}/roster`);
    expect(JSON.stringify(roster.body)).not.toContain('10.5');
    const cancelled = await waiting.client.put(`/api/bookings/${accepted.body.booking.id}/cancel`);
    expect(cancelled.status).toBe(200);
    const row = (await server.ctx.db.select().from(bookings).where(eq(bookings.id, accepted.body.booking.id)).get())!;
    expect({ amount: row.amountCents, refund: row.refundAmountCents ?? 0 }).toEqual({ amount: 0, refund: 0 });
    expect(outbox(server).filter((m) => m.includes(waiting.email) && m.includes('$10.50 to your original payment method'))).toEqual([]);
  });

  test('a free offer, then the class costs $50: re-offered at $52.50, and paid, recorded and refunded at $52.50', async () => {
    const { cls, waiting, entry } = await offerAt(0);
    expect(entry.amount).toBe(0);
    expect((await setPrice(cls.id, 50)).status).toBe(200);
    expect((await waiting.client.get(`/api/waitlist?classId=${cls.id}&limit=1`)).body[0].amount).toBe(52.5);
    expect(offerEmailsTo(waiting.email).at(-1)).toContain('$52.50');

    const accepted = await waiting.client.post(`/api/waitlist/${entry.id}/accept`, withWaivers({}, entry.quantity));
    expect(accepted.status).toBe(200);
    expect(accepted.body.payment.amount).toBe(52.5);
    const { id, clientSecret } = accepted.body.payment;
    expect((await server.client().post('/api/payment/test-provider/pay', { paymentIntentId: id, clientSecret, ...CARD })).status).toBe(200);
    const confirmed = await waiting.client.post('/api/payment/confirm', { paymentIntentId: id });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.booking.amount).toBe(52.5);
    expect((await waiting.client.put(`/api/bookings/${accepted.body.booking.id}/cancel`)).status).toBe(200);
    const row = (await server.ctx.db.select().from(bookings).where(eq(bookings.id, accepted.body.booking.id)).get())!;
    const intent = (await server.ctx.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id)).get())!;
    expect({
      paid: intent.amountCents,
      recorded: row.amountCents,
      refunded: row.refundAmountCents,
      atProvider: intent.refundedCents,
    }).toEqual({ paid: 5250, recorded: 5250, refunded: 5250, atProvider: 5250 });
  });

  test('an accepted offer waiting for payment keeps the price it was accepted at', async () => {
    const { cls, waiting, entry } = await offerAt(1000);
    const accepted = await waiting.client.post(`/api/waitlist/${entry.id}/accept`, withWaivers({}, entry.quantity));
    expect(accepted.body.payment.amount).toBe(10.5);
    expect((await setPrice(cls.id, 30)).status).toBe(200);
    const { id, clientSecret } = accepted.body.payment;
    await server.client().post('/api/payment/test-provider/pay', { paymentIntentId: id, clientSecret, ...CARD });
    const confirmed = await waiting.client.post('/api/payment/confirm', { paymentIntentId: id });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.booking.amount).toBe(10.5);
  });
});
