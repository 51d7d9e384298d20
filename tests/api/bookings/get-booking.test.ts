// GET /api/bookings/{id} (issue 22): the confirmation page reads one of the customer's own bookings, with its
// class, attendees and refund terms; anyone else's booking is not found, and a visitor must sign in.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { TestServer } from '../../helpers/api';
import { createClass, createUser, type SignedIn, startWithCoach } from '../../helpers/fixtures';
import { withWaivers } from '../../helpers/waivers';

let server: TestServer;
let coach: SignedIn;
beforeAll(async () => ({ server, coach } = await startWithCoach()));
afterAll(() => server.stop());

describe('GET /api/bookings/{id}', () => {
  test("the customer's own booking, as the list shows it, with the refund terms (a free class: nothing to refund)", async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 0, startsInHours: 24 * 5 });
    const customer = await createUser(server);
    const booked = await customer.client.post(
      '/api/bookings/free',
      withWaivers({
        classId: cls.id,
        quantity: 2,
        attendees: [{ name: 'Casey Tester' }, { name: 'Jo Tester' }],
      }),
    );
    expect(booked.status).toBe(201);
    const res = await customer.client.get(`/api/bookings/${booked.body.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: booked.body.id,
      status: 'confirmed',
      quantity: 2,
      class: { id: cls.id, title: cls.title },
      attendees: [{ name: 'Casey Tester' }, { name: 'Jo Tester' }],
    });
    expect(res.body).toMatchObject({ amount: 0, refundIfCancelledNow: 0, fullRefundUntil: null }); // free: nothing to refund
    const listed = await customer.client.get(`/api/bookings?classId=${cls.id}`);
    expect(res.body).toEqual(listed.body[0]);
  });

  test("someone else's booking is not found, a made-up id too, and a visitor must sign in", async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 0 });
    const owner = await createUser(server);
    const other = await createUser(server);
    const booked = await owner.client.post('/api/bookings/free', withWaivers({ classId: cls.id, attendees: [{ name: 'Casey Tester' }] }));
    expect((await other.client.get(`/api/bookings/${booked.body.id}`)).status).toBe(404);
    expect((await other.client.get('/api/bookings/987654')).body).toEqual({ message: 'Booking not found.' });
    expect((await server.client().get(`/api/bookings/${booked.body.id}`)).status).toBe(401);
  });
});
