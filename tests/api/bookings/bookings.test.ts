// Booking (customer-areas §4, §5, §7, §9 and issue 5): free booking, capacity never oversold, my bookings,
// cancellation with the FAQ refund policy, holds expiring after 15 minutes.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { cancelClassBookings } from '../../../api/notices/class-cancellations';
import type { TestServer } from '../../helpers/api';
import { createClass, createUser, outbox, pageTotal, sentMail, type SignedIn, startWithCoach } from '../../helpers/fixtures';
import { withWaivers } from '../../helpers/waivers';

let server: TestServer;
let coach: SignedIn;
beforeAll(async () => ({ server, coach } = await startWithCoach()));
afterAll(() => server.stop());

async function spotsLeft(classId: number): Promise<number> {
  const res = await server.client().get(`/api/classes/${classId}/bookings/count`);
  expect(res.status).toBe(200);
  return res.body.spotsLeft;
}

/** Books and pays a class through the test provider; returns the confirmed booking. */
async function bookPaid(customer: SignedIn, classId: number, priceCents: number, quantity = 1) {
  const intent = await customer.client.post(
    '/api/payment/create-intent',
    withWaivers({ classId, quantity, amount: pageTotal(priceCents, quantity) }),
  );
  expect(intent.status).toBe(200);
  const paid = await customer.client.post('/api/payment/test-provider/pay', {
    paymentIntentId: intent.body.id,
    clientSecret: intent.body.clientSecret,
    cardNumber: '4242 4242 4242 4242',
    expiry: '12/40',
    cvc: '123',
  });
  expect(paid.status).toBe(200);
  const confirmed = await customer.client.post('/api/payment/confirm', { paymentIntentId: intent.body.id });
  expect(confirmed.status).toBe(200);
  return confirmed.body.booking;
}

describe('free booking', () => {
  test('a free class is booked directly and confirmed at once', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 0, capacity: 8 });
    const customer = await createUser(server);
    const res = await customer.client.post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 2 }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ classId: cls.id, status: 'confirmed', quantity: 2, amount: 0 });
    expect(res.body.class.title).toBe(cls.title);
    expect(await spotsLeft(cls.id)).toBe(6);
  });

  test('the free-booking capacity race: capacity 5 and 20 customers at the same instant give exactly 5 confirmed', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 0, capacity: 5 });
    const customers = await Promise.all(Array.from({ length: 20 }, () => createUser(server)));
    const results = await Promise.all(
      customers.map((c) => c.client.post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 1 }))),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    expect(results.filter((r) => r.status === 409)).toHaveLength(15);
    expect(results.find((r) => r.status === 409)!.body.message).toContain('Class is full');
    expect(await spotsLeft(cls.id)).toBe(0);
  });

  test('a quantity above spotsLeft is refused', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 0, capacity: 3 });
    const customer = await createUser(server);
    const res = await customer.client.post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 4 }));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Only 3 spots are left in this class.');
    expect(await spotsLeft(cls.id)).toBe(3);
  });

  test('a paid class cannot be booked through the free endpoint', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 1500 });
    const customer = await createUser(server);
    const res = await customer.client.post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 1 }));
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('not free');
    expect(await spotsLeft(cls.id)).toBe(10);
  });

  test('one active booking per customer per class', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 0 });
    const customer = await createUser(server);
    expect((await customer.client.post('/api/bookings/free', withWaivers({ classId: cls.id }))).status).toBe(201);
    const again = await customer.client.post('/api/bookings/free', withWaivers({ classId: cls.id }));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You have already booked this class.');
  });

  test('a class that has started cannot be booked', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 0, startsInHours: -1 });
    const customer = await createUser(server);
    const res = await customer.client.post('/api/bookings/free', withWaivers({ classId: cls.id }));
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('already started');
  });

  test('a coach cannot book or pay for a spot in their own class', async () => {
    const free = await createClass(server, { coachId: coach.id, priceCents: 0 });
    const paid = await createClass(server, { coachId: coach.id, priceCents: 2000 });
    const own = await coach.client.post('/api/bookings/free', withWaivers({ classId: free.id, quantity: 1 }));
    expect(own.status).toBe(409);
    expect(own.body.message).toBe('You teach this class, so you cannot book a spot in it.');
    const intent = await coach.client.post(
      '/api/payment/create-intent',
      withWaivers({ classId: paid.id, quantity: 1, amount: pageTotal(2000, 1) }),
    );
    expect(intent.status).toBe(409);
    expect(await spotsLeft(free.id)).toBe(10);
    expect(await spotsLeft(paid.id)).toBe(10);
  });

  test('booking needs login', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 0 });
    const res = await server.client().post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 1 }));
    expect(res.status).toBe(401);
  });

  test('a quantity below 1 is a 400 with the field message', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 0 });
    const customer = await createUser(server);
    const res = await customer.client.post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 0 }));
    expect(res.status).toBe(400);
    expect(res.body.errors.quantity).toEqual(['Book at least 1 spot.']);
  });

  test('the confirmation email carries an .ics calendar file in Pacific time', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 0, title: 'Calendar Check Bootcamp' });
    const customer = await createUser(server);
    await customer.client.post('/api/bookings/free', withWaivers({ classId: cls.id }));
    const mail = (await sentMail(server)).find((m) => m.includes(customer.email) && m.includes('Calendar Check Bootcamp'));
    expect(mail).toBeDefined();
    expect(mail).toContain('Subject: Booking confirmed: Calendar Check Bootcamp');
    expect(mail).toContain('filename=class.ics');
    expect(mail).toContain('text/calendar');
    expect(mail).toMatch(/ PT/);
  });
});

describe('my bookings', () => {
  test("GET /api/bookings lists only the user's own bookings with the class embedded", async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 0 });
    const mine = await createUser(server);
    const other = await createUser(server);
    await mine.client.post('/api/bookings/free', withWaivers({ classId: cls.id }));
    await other.client.post('/api/bookings/free', withWaivers({ classId: cls.id }));
    const res = await mine.client.get('/api/bookings');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expect(res.body[0].class).toMatchObject({ id: cls.id, title: cls.title, location: 'Crissy Field' });
    expect(res.body[0].class.startTime).toBe(cls.startTime!.toISOString());
  });

  test('a visitor gets 401', async () => {
    expect((await server.client().get('/api/bookings')).status).toBe(401);
  });
});

describe('cancellation', () => {
  test("cancelling someone else's booking is refused", async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 0 });
    const owner = await createUser(server);
    const stranger = await createUser(server);
    const booking = (await owner.client.post('/api/bookings/free', withWaivers({ classId: cls.id }))).body;
    const res = await stranger.client.put(`/api/bookings/${booking.id}/cancel`);
    expect(res.status).toBe(403);
    const still = (await owner.client.get('/api/bookings')).body[0];
    expect(still.status).toBe('confirmed');
  });

  test('cancelling 49 hours before the start refunds everything paid, through the provider', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 2000, startsInHours: 49 });
    const customer = await createUser(server);
    const booking = await bookPaid(customer, cls.id, 2000, 2);
    expect(booking.amount).toBe(42);
    const res = await customer.client.put(`/api/bookings/${booking.id}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', refundAmount: 42, cancelReason: 'customer' });
    const intent = await server.ctx.payments.retrieveIntent(booking.paymentIntentId);
    expect(intent?.status).toBe('succeeded');
    const row = await server.ctx.db.client.execute({
      sql: 'select refunded_cents from test_payment_intents where id = ?',
      args: [booking.paymentIntentId],
    });
    expect(row.rows[0]!.refunded_cents).toBe(4200);
    expect(await spotsLeft(cls.id)).toBe(10);
    const mail = outbox(server).find((m) => m.includes(customer.email) && m.includes('Booking cancelled'));
    expect(mail).toContain('$42.00');
  });

  test('cancelling 47 hours before the start refunds nothing', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 2000, startsInHours: 47 });
    const customer = await createUser(server);
    const booking = await bookPaid(customer, cls.id, 2000);
    const res = await customer.client.put(`/api/bookings/${booking.id}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', refundAmount: 0 });
    const row = await server.ctx.db.client.execute({
      sql: 'select refunded_cents from test_payment_intents where id = ?',
      args: [booking.paymentIntentId],
    });
    expect(row.rows[0]!.refunded_cents).toBe(0);
  });

  test('the booking says how much cancelling now refunds and until when a full refund applies', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 1000, startsInHours: 72 });
    const customer = await createUser(server);
    await bookPaid(customer, cls.id, 1000);
    const [booking] = (await customer.client.get('/api/bookings')).body;
    expect(booking.refundIfCancelledNow).toBe(10.5);
    expect(booking.fullRefundUntil).toBe(new Date(cls.startTime!.getTime() - 48 * 3_600_000).toISOString());
  });

  test('a free class has nothing to refund', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 0, startsInHours: 100 });
    const customer = await createUser(server);
    const booking = (await customer.client.post('/api/bookings/free', withWaivers({ classId: cls.id }))).body;
    const res = await customer.client.put(`/api/bookings/${booking.id}/cancel`);
    expect(res.body).toMatchObject({ status: 'cancelled', refundAmount: 0 });
  });

  test('a class that has started cannot be cancelled', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 0, startsInHours: 2 });
    const customer = await createUser(server);
    const booking = (await customer.client.post('/api/bookings/free', withWaivers({ classId: cls.id }))).body;
    server.clock.advance(3 * 3_600_000);
    try {
      const res = await customer.client.put(`/api/bookings/${booking.id}/cancel`);
      expect(res.status).toBe(409);
      expect(res.body.message).toContain('already started');
    } finally {
      server.clock.advance(-3 * 3_600_000);
    }
  });

  test('two cancellations at the same instant refund once', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 3000, startsInHours: 200 });
    const customer = await createUser(server);
    const booking = await bookPaid(customer, cls.id, 3000);
    const results = await Promise.all([
      customer.client.put(`/api/bookings/${booking.id}/cancel`),
      customer.client.put(`/api/bookings/${booking.id}/cancel`),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const row = await server.ctx.db.client.execute({
      sql: 'select refunded_cents from test_payment_intents where id = ?',
      args: [booking.paymentIntentId],
    });
    expect(row.rows[0]!.refunded_cents).toBe(3150);
  });

  test('cancelling twice is refused the second time', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 0 });
    const customer = await createUser(server);
    const booking = (await customer.client.post('/api/bookings/free', withWaivers({ classId: cls.id }))).body;
    expect((await customer.client.put(`/api/bookings/${booking.id}/cancel`)).status).toBe(200);
    const again = await customer.client.put(`/api/bookings/${booking.id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This booking has already been cancelled.');
  });
});

describe('holds', () => {
  test('a payment hold keeps its spots for 15 minutes, then releases them (clock faked)', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 1000, capacity: 2 });
    const first = await createUser(server);
    const second = await createUser(server);
    expect(
      (await first.client.post('/api/payment/create-intent', withWaivers({ classId: cls.id, quantity: 2, amount: pageTotal(1000, 2) })))
        .status,
    ).toBe(200);
    expect(await spotsLeft(cls.id)).toBe(0);
    const refused = await second.client.post(
      '/api/payment/create-intent',
      withWaivers({ classId: cls.id, quantity: 1, amount: pageTotal(1000, 1) }),
    );
    expect(refused.status).toBe(409);
    server.clock.advance(14 * 60_000);
    expect(await spotsLeft(cls.id)).toBe(0);
    server.clock.advance(2 * 60_000);
    expect(await spotsLeft(cls.id)).toBe(2);
    const later = await second.client.post(
      '/api/payment/create-intent',
      withWaivers({ classId: cls.id, quantity: 1, amount: pageTotal(1000, 1) }),
    );
    expect(later.status).toBe(200);
  });
});

describe('class deletion (cancelClassBookings)', () => {
  test('cancels every active booking of the classes, refunds everything paid and emails each customer', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 2000, startsInHours: 5, title: 'Deleted Dance Class' });
    const payer = await createUser(server);
    const holder = await createUser(server);
    const paid = await bookPaid(payer, cls.id, 2000, 1);
    await holder.client.post('/api/payment/create-intent', withWaivers({ classId: cls.id, quantity: 1, amount: pageTotal(2000, 1) }));
    const result = await cancelClassBookings(server.ctx, [cls.id], 'admin');
    expect(result).toEqual({ cancelled: 2, refunded: 21 });
    const [booking] = (await payer.client.get('/api/bookings')).body;
    expect(booking).toMatchObject({ id: paid.id, status: 'cancelled', cancelReason: 'class_deleted', refundAmount: 21 });
    const mail = outbox(server).find((m) => m.includes(payer.email) && m.includes('Booking cancelled: Deleted Dance Class'));
    expect(mail).toContain('$21.00');
    expect(outbox(server).some((m) => m.includes(holder.email) && m.includes('Booking cancelled: Deleted Dance Class'))).toBe(true);
  });
});
