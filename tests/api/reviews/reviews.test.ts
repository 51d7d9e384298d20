// Reviews (customer-areas §4, §5, §7): only the customer of a confirmed booking whose class has started;
// rating 1-5, comment trimmed and at most 1000 characters; one review per booking; coach stats follow.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { TestServer } from '../../helpers/api';
import { createClass, createUser, type SignedIn, startWithCoach } from '../../helpers/fixtures';
import { withWaivers } from '../../helpers/waivers';

let server: TestServer;
let coach: SignedIn;
beforeAll(async () => ({ server, coach } = await startWithCoach()));
afterAll(() => server.stop());

/** A customer with a confirmed booking of a free class starting in `hours` (negative: already started). */
async function bookedClass(hours = 2) {
  const cls = await createClass(server, { coachId: coach.id, priceCents: 0, startsInHours: 1 });
  const customer = await createUser(server, 'customer', 'Jordan');
  const booking = (await customer.client.post('/api/bookings/free', withWaivers({ classId: cls.id }))).body;
  server.clock.advance(hours * 3_600_000); // move to `hours` after booking (the class starts 1 h after it)
  return { cls, customer, booking, restore: () => server.clock.advance(-hours * 3_600_000) };
}

describe('who may review', () => {
  test('a review is only possible after the class has started', async () => {
    const { cls, customer, booking, restore } = await bookedClass(0);
    try {
      const res = await customer.client.post('/api/reviews', { classId: cls.id, bookingId: booking.id, rating: 5 });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('You can review this class once it has taken place.');
    } finally {
      restore();
    }
  });

  test('only the customer who booked may review', async () => {
    const { cls, booking, restore } = await bookedClass();
    try {
      const stranger = await createUser(server);
      const res = await stranger.client.post('/api/reviews', { classId: cls.id, bookingId: booking.id, rating: 5 });
      expect(res.status).toBe(403);
      expect((await server.client().post('/api/reviews', { classId: cls.id, bookingId: booking.id, rating: 5 })).status).toBe(401);
    } finally {
      restore();
    }
  });

  test('a cancelled booking cannot be reviewed', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 0, startsInHours: 1 });
    const customer = await createUser(server);
    const booking = (await customer.client.post('/api/bookings/free', withWaivers({ classId: cls.id }))).body;
    await customer.client.put(`/api/bookings/${booking.id}/cancel`);
    server.clock.advance(2 * 3_600_000);
    try {
      const res = await customer.client.post('/api/reviews', { classId: cls.id, bookingId: booking.id, rating: 4 });
      expect(res.status).toBe(409);
    } finally {
      server.clock.advance(-2 * 3_600_000);
    }
  });
});

describe('writing a review', () => {
  test('the booker reviews a past class: rating 1-5 and a trimmed comment', async () => {
    const { cls, customer, booking, restore } = await bookedClass();
    try {
      const res = await customer.client.post('/api/reviews', {
        classId: cls.id,
        bookingId: booking.id,
        rating: 4,
        comment: '   Great energy by the bay!  ',
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        classId: cls.id,
        bookingId: booking.id,
        rating: 4,
        comment: 'Great energy by the bay!',
        customerFirstName: 'Jordan',
        customerName: 'Jordan T.',
      });
    } finally {
      restore();
    }
  });

  test('a missing or out-of-range rating says Please select a rating', async () => {
    const { cls, customer, booking, restore } = await bookedClass();
    try {
      for (const rating of [undefined, 0, 6, 2.5]) {
        const res = await customer.client.post('/api/reviews', { classId: cls.id, bookingId: booking.id, rating });
        expect(res.status).toBe(400);
        expect(res.body.errors.rating).toEqual(['Please select a rating']);
      }
    } finally {
      restore();
    }
  });

  test('a comment over 1000 characters is refused', async () => {
    const { cls, customer, booking, restore } = await bookedClass();
    try {
      const res = await customer.client.post('/api/reviews', {
        classId: cls.id,
        bookingId: booking.id,
        rating: 3,
        comment: 'x'.repeat(1001),
      });
      expect(res.status).toBe(400);
      expect(res.body.errors.comment).toEqual(['Comment must not exceed 1000 characters']);
      const ok = await customer.client.post('/api/reviews', {
        classId: cls.id,
        bookingId: booking.id,
        rating: 3,
        comment: ` ${'x'.repeat(1000)} `,
      });
      expect(ok.status).toBe(201);
    } finally {
      restore();
    }
  });

  test("one review per booking: POST creates, PUT updates the owner's own", async () => {
    const { cls, customer, booking, restore } = await bookedClass();
    try {
      const created = await customer.client.post('/api/reviews', { classId: cls.id, bookingId: booking.id, rating: 3, comment: 'Good' });
      const again = await customer.client.post('/api/reviews', { classId: cls.id, bookingId: booking.id, rating: 5 });
      expect(again.status).toBe(409);
      const updated = await customer.client.put(`/api/reviews/${created.body.id}`, {
        classId: cls.id,
        bookingId: booking.id,
        rating: 5,
        comment: 'Even better the second time I thought about it',
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ id: created.body.id, rating: 5 });
      const stranger = await createUser(server);
      const hijack = await stranger.client.put(`/api/reviews/${created.body.id}`, { classId: cls.id, bookingId: booking.id, rating: 1 });
      expect(hijack.status).toBe(403);
    } finally {
      restore();
    }
  });

  test("the coach's stats are recomputed with every review", async () => {
    const reviewed = await createUser(server, 'coach', 'Rated');
    const before = await server.client().get(`/api/reviews/coach/${reviewed.id}/stats`);
    expect(before.body).toEqual({ totalReviews: 0, averageRating: 0 });
    const cls = await createClass(server, { coachId: reviewed.id, priceCents: 0, startsInHours: 1 });
    const a = await createUser(server);
    const b = await createUser(server);
    const ba = (await a.client.post('/api/bookings/free', withWaivers({ classId: cls.id }))).body;
    const bb = (await b.client.post('/api/bookings/free', withWaivers({ classId: cls.id }))).body;
    server.clock.advance(2 * 3_600_000);
    try {
      await a.client.post('/api/reviews', { classId: cls.id, bookingId: ba.id, rating: 5 });
      const second = await b.client.post('/api/reviews', { classId: cls.id, bookingId: bb.id, rating: 4 });
      expect((await server.client().get(`/api/reviews/coach/${reviewed.id}/stats`)).body).toEqual({ totalReviews: 2, averageRating: 4.5 });
      await b.client.put(`/api/reviews/${second.body.id}`, { classId: cls.id, bookingId: bb.id, rating: 2 });
      expect((await server.client().get(`/api/reviews/coach/${reviewed.id}/stats`)).body).toEqual({ totalReviews: 2, averageRating: 3.5 });
    } finally {
      server.clock.advance(-2 * 3_600_000);
    }
  });
});

describe('reading reviews', () => {
  test('GET /api/reviews/class/{classId}/{bookingId}: 404 before the review exists, the review after', async () => {
    const { cls, customer, booking, restore } = await bookedClass();
    try {
      const none = await customer.client.get(`/api/reviews/class/${cls.id}/${booking.id}`);
      expect(none.status).toBe(404);
      await customer.client.post('/api/reviews', { classId: cls.id, bookingId: booking.id, rating: 5 });
      const found = await customer.client.get(`/api/reviews/class/${cls.id}/${booking.id}`);
      expect(found.status).toBe(200);
      expect(found.body.rating).toBe(5);
      const stranger = await createUser(server);
      expect((await stranger.client.get(`/api/reviews/class/${cls.id}/${booking.id}`)).status).toBe(403);
    } finally {
      restore();
    }
  });

  test("GET /api/reviews/customer/{userId}: the user's own reviews only", async () => {
    const { cls, customer, booking, restore } = await bookedClass();
    try {
      await customer.client.post('/api/reviews', { classId: cls.id, bookingId: booking.id, rating: 4 });
      const mine = await customer.client.get(`/api/reviews/customer/${customer.id}`);
      expect(mine.status).toBe(200);
      expect(mine.body.map((r: { bookingId: number }) => r.bookingId)).toEqual([booking.id]);
      const stranger = await createUser(server);
      expect((await stranger.client.get(`/api/reviews/customer/${customer.id}`)).status).toBe(403);
    } finally {
      restore();
    }
  });

  test('my bookings say which past bookings have a review', async () => {
    const { cls, customer, booking, restore } = await bookedClass();
    try {
      const review = await customer.client.post('/api/reviews', { classId: cls.id, bookingId: booking.id, rating: 4 });
      const [listed] = (await customer.client.get('/api/bookings')).body;
      expect(listed.reviewId).toBe(review.body.id);
    } finally {
      restore();
    }
  });
});
