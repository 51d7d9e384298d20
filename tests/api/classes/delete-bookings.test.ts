// Deleting classes that have bookings: the coach cancelled, so every active booking is refunded in full
// (service fee included) and each customer is emailed; a series delete reaches every session's bookings
// that has not taken place. The bookings themselves are kept (soft-delete.test.ts).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { testPaymentIntents } from '../../../db/schema';
import type { TestServer } from '../../helpers/api';
import { outbox } from '../../helpers/fixtures';
import type { TestClient } from '../../helpers/api';
import { addUser, type Cast, classForm, clientFor, startWithCast } from './helpers';
import { withWaivers } from '../../helpers/waivers';

let server: TestServer;
let cast: Cast;
beforeAll(async () => ({ server, cast } = await startWithCast('2027-03-01T20:00:00Z')));
afterAll(() => server.stop());

async function customer(name: string): Promise<{ email: string; client: TestClient }> {
  const email = `${name.toLowerCase()}-${Math.random().toString(36).slice(2, 7)}@example.test`;
  const id = await addUser(server.ctx, { email, firstName: name });
  return { email, client: await clientFor(server, id) };
}

/** Books and pays through the built-in test provider, as the checkout page does. */
async function bookAndPay(client: TestClient, classId: number, price: number, quantity = 1): Promise<string> {
  const amount = Math.round(price * quantity * 105) / 100;
  const intent = await client.post('/api/payment/create-intent', withWaivers({ classId, quantity, amount }));
  expect(intent.status).toBe(200);
  const pay = await client.post('/api/payment/test-provider/pay', {
    paymentIntentId: intent.body.id,
    clientSecret: intent.body.clientSecret,
    cardNumber: '4242 4242 4242 4242',
    expiry: '12/40',
    cvc: '123',
  });
  expect(pay.status).toBe(200);
  expect((await client.post('/api/payment/confirm', { paymentIntentId: intent.body.id })).status).toBe(200);
  return intent.body.id;
}

async function refundedCents(intentId: string): Promise<number> {
  const row = await server.ctx.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, intentId)).get();
  return row!.refundedCents;
}

describe('deleting a class with active bookings', () => {
  test('every booking is refunded in full, service fee included, and each customer is emailed', async () => {
    const created = await cast.coach.post('/api/classes', classForm(cast.categoryId, { title: 'Doomed Dance Class', price: 20 }));
    const ana = await customer('Ana');
    const ben = await customer('Ben');
    const anaIntent = await bookAndPay(ana.client, created.body.id, 20, 2);
    const benIntent = await bookAndPay(ben.client, created.body.id, 20, 1);
    const res = await cast.coach.delete(`/api/classes/${created.body.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Class deleted successfully', cancelledBookings: 2 });
    expect(await refundedCents(anaIntent)).toBe(4200);
    expect(await refundedCents(benIntent)).toBe(2100);
    const mail = outbox(server);
    expect(mail.some((m) => m.includes(ana.email) && m.includes('Doomed Dance Class'))).toBe(true);
    expect(mail.some((m) => m.includes(ben.email) && m.includes('Doomed Dance Class'))).toBe(true);
  });

  test('"this and following" cancels the bookings of the deleted sessions only', async () => {
    const series = await cast.coach.post(
      '/api/classes',
      classForm(cast.categoryId, {
        title: 'Partly Doomed Series',
        price: 10,
        recurrence: { type: 'weekly', daysOfWeek: [0], endType: 'count', endCount: 3 },
      }),
    );
    const sessions = (await cast.coach.get('/api/classes/managed')).body
      .filter((c: any) => c.parentClassId === series.body.id)
      .sort((a: any, b: any) => a.startTime.localeCompare(b.startTime));
    const kept = await customer('Kim');
    const lost = await customer('Lou');
    const keptIntent = await bookAndPay(kept.client, sessions[0].id, 10);
    const lostIntent = await bookAndPay(lost.client, sessions[2].id, 10);
    const res = await cast.coach.delete(`/api/classes/${sessions[1].id}?deleteOption=following`);
    expect(res.body).toMatchObject({ message: 'Class and following classes deleted successfully', deleted: 2, cancelledBookings: 1 });
    expect(await refundedCents(lostIntent)).toBe(1050);
    expect(await refundedCents(keptIntent)).toBe(0);
    const count = await cast.visitor.get(`/api/classes/${sessions[0].id}/bookings/count`);
    expect(count.body.active).toBe(1);
  });
});
