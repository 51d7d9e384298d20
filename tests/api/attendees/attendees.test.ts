// Named attendees (issue 14): one name per spot on free and paid bookings (a clear 400 otherwise), trimmed
// 1-80 characters, each child's age in Kids classes; shown on My Bookings and in the confirmation email.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { bookingAttendees } from '../../../db/schema';
import type { TestServer } from '../../helpers/api';
import { pageTotal, sentMail } from '../../helpers/fixtures';
import { addClass, type Cast, startWithCast } from '../classes/helpers';
import { withWaivers } from '../../helpers/waivers';

let server: TestServer;
let cast: Cast;
let kidsId: number;
let adultsId: number;
let paidKidsId: number;

beforeAll(async () => {
  ({ server, cast } = await startWithCast('2027-05-01T19:00:00Z'));
  kidsId = await addClass(server.ctx, { coachId: cast.coachId, title: 'Little Kickers', ageGroup: 'Kids', priceCents: 0 });
  adultsId = await addClass(server.ctx, { coachId: cast.coachId, title: 'Bay Run', priceCents: 0 });
  paidKidsId = await addClass(server.ctx, { coachId: cast.coachId, title: 'Junior Tennis', ageGroup: 'Kids', priceCents: 3000 });
});
afterAll(() => server.stop());

describe('POST /api/bookings/free with attendees', () => {
  test('the number of attendees must equal the quantity', async () => {
    const res = await cast.customer.post(
      '/api/bookings/free',
      withWaivers({ classId: adultsId, quantity: 2, attendees: [{ name: 'Casey Morgan' }] }),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Name one attendee per spot: 2 spots booked, 1 attendee named.');
  });

  test('names are required and at most 80 characters', async () => {
    const blank = await cast.customer.post(
      '/api/bookings/free',
      withWaivers({ classId: adultsId, quantity: 1, attendees: [{ name: '   ' }] }),
    );
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe("Enter each attendee's name.");
    const long = await cast.customer.post(
      '/api/bookings/free',
      withWaivers({ classId: adultsId, quantity: 1, attendees: [{ name: 'x'.repeat(81) }] }),
    );
    expect(long.status).toBe(400);
    expect(long.body.message).toBe("An attendee's name can be at most 80 characters.");
    const longest = await cast.customer.post(
      '/api/bookings/free',
      withWaivers({
        classId: adultsId,
        quantity: 1,
        attendees: [{ name: `  ${'x'.repeat(80)}  ` }],
      }),
    );
    expect(longest.status).toBe(201);
    expect(longest.body.attendees[0].name).toBe('x'.repeat(80));
    expect((await cast.customer.put(`/api/bookings/${longest.body.id}/cancel`)).status).toBe(200);
    const odd = await cast.customer.post('/api/bookings/free', withWaivers({ classId: adultsId, quantity: 1, attendees: 'Casey' }));
    expect(odd.status).toBe(400);
  });

  test("a Kids class needs each child's age", async () => {
    const res = await cast.customer.post(
      '/api/bookings/free',
      withWaivers({
        classId: kidsId,
        quantity: 2,
        attendees: [{ name: 'Maya', age: 7 }, { name: 'Leo' }],
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Kids classes need each child's age.");
    const bad = await cast.customer.post(
      '/api/bookings/free',
      withWaivers({ classId: kidsId, quantity: 1, attendees: [{ name: 'Maya', age: -1 }] }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Enter the age in whole years (0-120).');
  });

  test('names are stored trimmed, in spot order, and come back on the booking and on My Bookings', async () => {
    const res = await cast.customer.post(
      '/api/bookings/free',
      withWaivers({
        classId: kidsId,
        quantity: 2,
        attendees: [
          { name: '  Maya Morgan ', age: 7 },
          { name: 'Leo Morgan', age: 5 },
        ],
      }),
    );
    expect(res.status).toBe(201);
    const expected = [
      { position: 0, name: 'Maya Morgan', age: 7, attendance: null },
      { position: 1, name: 'Leo Morgan', age: 5, attendance: null },
    ];
    expect(res.body.attendees).toEqual(expected);
    const mine = await cast.customer.get('/api/bookings');
    expect(mine.body.find((b: any) => b.id === res.body.id).attendees).toEqual(expected);
  });

  test('the confirmation email names the attendees', async () => {
    const mail = (await sentMail(server)).find((m) => m.includes('Little Kickers'))!;
    expect(mail.replace(/=\r?\n/g, '')).toContain('Maya Morgan (age 7), Leo Morgan (age 5)');
  });

  test('without attendees, the spots are named after the booker', async () => {
    const res = await cast.customer.post('/api/bookings/free', withWaivers({ classId: adultsId, quantity: 2 }));
    expect(res.status).toBe(201);
    expect(res.body.attendees.map((a: any) => a.name)).toEqual(['Casey Morgan', 'Guest 2 of Casey Morgan']);
  });
});

describe('POST /api/payment/create-intent with attendees', () => {
  test('refuses a count that differs from the quantity and holds the named spots otherwise', async () => {
    const amount = pageTotal(3000, 2);
    const wrong = await cast.customer.post(
      '/api/payment/create-intent',
      withWaivers({
        classId: paidKidsId,
        quantity: 2,
        amount,
        attendees: [{ name: 'Maya', age: 7 }],
      }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Name one attendee per spot: 2 spots booked, 1 attendee named.');
    const noAge = await cast.customer.post(
      '/api/payment/create-intent',
      withWaivers({
        classId: paidKidsId,
        quantity: 1,
        amount: pageTotal(3000, 1),
        attendees: [{ name: 'Maya' }],
      }),
    );
    expect(noAge.status).toBe(400);
    const ok = await cast.customer.post(
      '/api/payment/create-intent',
      withWaivers({
        classId: paidKidsId,
        quantity: 2,
        amount,
        attendees: [
          { name: 'Maya', age: 7 },
          { name: 'Leo', age: 5 },
        ],
      }),
    );
    expect(ok.status).toBe(200);
    const rows = await server.ctx.db.select().from(bookingAttendees).where(eq(bookingAttendees.bookingId, ok.body.bookingId));
    expect(rows.map((r) => [r.position, r.name, r.age])).toEqual([
      [0, 'Maya', 7],
      [1, 'Leo', 5],
    ]);
    // A reloaded checkout keeps the hold and takes the names it sends now.
    const again = await cast.customer.post(
      '/api/payment/create-intent',
      withWaivers({
        classId: paidKidsId,
        quantity: 2,
        amount,
        attendees: [
          { name: 'Maya', age: 8 },
          { name: 'Leo', age: 5 },
        ],
      }),
    );
    expect(again.body.bookingId).toBe(ok.body.bookingId);
    const renamed = await server.ctx.db.select().from(bookingAttendees).where(eq(bookingAttendees.bookingId, ok.body.bookingId));
    expect(renamed.find((r) => r.position === 0)!.age).toBe(8);
  });

  test('once paid, the confirmation email, My Bookings and the roster name them, the roster as paid', async () => {
    const amount = pageTotal(3000, 2);
    const intent = await cast.customer.post(
      '/api/payment/create-intent',
      withWaivers({
        classId: paidKidsId,
        quantity: 2,
        amount,
        attendees: [
          { name: 'Maya', age: 8 },
          { name: 'Leo', age: 5 },
        ],
      }),
    );
    const card = {
      paymentIntentId: intent.body.id,
      clientSecret: intent.body.clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
    };
    expect((await cast.customer.post('/api/payment/test-provider/pay', card)).status).toBe(200);
    expect((await cast.customer.post('/api/payment/confirm', { paymentIntentId: intent.body.id })).status).toBe(200);
    const mail = (await sentMail(server)).find((m) => m.includes('Booking confirmed: Junior Tennis'))!;
    expect(mail.replace(/=\r?\n/g, '')).toContain('Spots: 2 spots for Maya (age 8), Leo (age 5)');
    const mine = (await cast.customer.get('/api/bookings')).body.find((b: any) => b.id === intent.body.bookingId);
    expect(mine.status).toBe('confirmed');
    expect(mine.attendees.map((a: any) => `${a.name} ${a.age}`)).toEqual(['Maya 8', 'Leo 5']);
    const roster = await cast.coach.get(`/api/classes/${paidKidsId}/roster`);
    expect(roster.body.bookings).toEqual([
      expect.objectContaining({
        bookingId: intent.body.bookingId,
        paid: true,
        amount,
        attendees: [expect.objectContaining({ name: 'Maya', age: 8 }), expect.objectContaining({ name: 'Leo', age: 5 })],
      }),
    ]);
  });
});
