// The roster (issue 14): GET /api/classes/{id}/roster and its CSV, PUT /api/bookings/{id}/attendance, only the
// class's coach or an admin, check-in from 30 minutes before the start until 24 hours after, and the attended and
// no-show counts in Customer Management.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { TestServer } from '../../helpers/api';
import { addBooking, addClass, type Cast, startWithCast } from '../classes/helpers';
import { withWaivers } from '../../helpers/waivers';

const START = new Date('2027-05-08T17:00:00Z');
let server: TestServer;
let cast: Cast;
let classId: number;
let bookingId: number;
let legacyId: number;

beforeAll(async () => {
  ({ server, cast } = await startWithCast('2027-05-01T19:00:00Z'));
  classId = await addClass(server.ctx, {
    coachId: cast.coachId,
    title: 'Little Kickers',
    ageGroup: 'Kids',
    priceCents: 0,
    startTime: START,
  });
  const booked = await cast.customer.post(
    '/api/bookings/free',
    withWaivers({
      classId,
      quantity: 2,
      attendees: [
        { name: 'Maya Morgan', age: 7 },
        { name: 'Leo Morgan', age: 5 },
      ],
    }),
  );
  expect(booked.status).toBe(201);
  bookingId = booked.body.id;
  // A booking made before names were asked: no attendee rows.
  const { addUser } = await import('../classes/helpers');
  const parent = await addUser(server.ctx, { firstName: 'Jamie', lastName: 'Lee', email: 'jamie@example.test', phone: null });
  legacyId = await addBooking(server.ctx, { classId, userId: parent, status: 'confirmed', quantity: 2 });
});
afterAll(() => server.stop());

const attendance = (client = cast.coach, id = bookingId, body: unknown = { attendee: 0, status: 'present' }) =>
  client.put(`/api/bookings/${id}/attendance`, body);

describe('who sees a roster', () => {
  test('a visitor 401, a customer and another coach 403, an unknown class 404', async () => {
    expect((await cast.visitor.get(`/api/classes/${classId}/roster`)).status).toBe(401);
    expect((await cast.customer.get(`/api/classes/${classId}/roster`)).status).toBe(403);
    const other = await cast.otherCoach.get(`/api/classes/${classId}/roster`);
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('Only the coach of this class or an admin can see its roster.');
    expect((await cast.coach.get('/api/classes/999999/roster')).status).toBe(404);
    expect((await cast.coach.get('/api/classes/abc/roster')).status).toBe(404);
    expect((await cast.customer.get(`/api/classes/${classId}/roster.csv`)).status).toBe(403);
  });

  test("the coach and an admin see every attendee by name with the booker's contact, paid or free", async () => {
    for (const client of [cast.coach, cast.admin]) {
      const res = await client.get(`/api/classes/${classId}/roster`);
      expect(res.status).toBe(200);
      expect(res.body.class).toMatchObject({ id: classId, title: 'Little Kickers', ageGroup: 'Kids' });
      expect(res.body.counts).toEqual({ spots: 4, present: 0, noShow: 0 });
      const morgan = res.body.bookings.find((b: any) => b.bookingId === bookingId);
      expect(morgan).toMatchObject({ paid: false, amount: 0, booker: { firstName: 'Casey', lastName: 'Morgan', phone: '+14155550100' } });
      expect(morgan.attendees.map((a: any) => `${a.name} ${a.age}`)).toEqual(['Maya Morgan 7', 'Leo Morgan 5']);
      const legacy = res.body.bookings.find((b: any) => b.bookingId === legacyId);
      expect(legacy.attendees.map((a: any) => a.name)).toEqual(['Jamie Lee', 'Guest 2 of Jamie Lee']);
    }
  });
});

describe('check-in', () => {
  test('is refused before 30 minutes ahead of the start', async () => {
    server.clock.set(new Date(START.getTime() - 31 * 60_000));
    const res = await attendance();
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Check-in opens 30 minutes before the class starts.');
    expect((await cast.coach.get(`/api/classes/${classId}/roster`)).body.checkInOpen).toBe(false);
  });

  test('only the coach or an admin records it (401, 403, 404)', async () => {
    server.clock.set(new Date(START.getTime() - 20 * 60_000));
    expect((await attendance(cast.visitor)).status).toBe(401);
    expect((await attendance(cast.customer)).status).toBe(403);
    expect((await attendance(cast.otherCoach)).status).toBe(403);
    expect((await attendance(cast.coach, 999999)).status).toBe(404);
  });

  test('bad bodies are a clear 400', async () => {
    const tooFar = await attendance(cast.coach, bookingId, { attendee: 2, status: 'present' });
    expect(tooFar.status).toBe(400);
    expect(tooFar.body.message).toBe('This booking has 2 attendees: choose attendee 0 to 1.');
    const status = await attendance(cast.coach, bookingId, { attendee: 0, status: 'maybe' });
    expect(status.status).toBe(400);
    expect(status.body.message).toBe('Attendance is "present", "no_show" or null.');
    expect((await attendance(cast.coach, bookingId, { attendee: 0 })).status).toBe(400);
  });

  test('the coach checks one child in and marks one no-show, from 30 minutes before the start', async () => {
    const present = await attendance(cast.coach, bookingId, { attendee: 0, status: 'present' });
    expect(present.status).toBe(200);
    expect(present.body.attendees[0]).toMatchObject({ name: 'Maya Morgan', attendance: 'present' });
    const noShow = await attendance(cast.admin, bookingId, { attendee: 1, status: 'no_show' });
    expect(noShow.body.attendees.map((a: any) => a.attendance)).toEqual(['present', 'no_show']);
    const roster = await cast.coach.get(`/api/classes/${classId}/roster`);
    expect(roster.body.checkInOpen).toBe(true);
    expect(roster.body.counts).toEqual({ spots: 4, present: 1, noShow: 1 });
  });

  test("a booking made before names were asked gets its attendee's row when checked in", async () => {
    server.clock.set(new Date(START.getTime() + 2 * 3_600_000));
    const res = await attendance(cast.coach, legacyId, { attendee: 1, status: 'present' });
    expect(res.status).toBe(200);
    expect(res.body.attendees[1]).toMatchObject({ name: 'Guest 2 of Jamie Lee', attendance: 'present' });
  });

  test('null clears a mark', async () => {
    const res = await attendance(cast.coach, legacyId, { attendee: 1, status: null });
    expect(res.body.attendees[1].attendance).toBeNull();
  });

  test('opens exactly 30 minutes before the start and is still open exactly 24 hours after it', async () => {
    for (const at of [START.getTime() - 30 * 60_000, START.getTime() + 24 * 3_600_000]) {
      server.clock.set(new Date(at));
      expect((await attendance(cast.coach, legacyId, { attendee: 0, status: 'present' })).status).toBe(200);
      expect((await attendance(cast.coach, legacyId, { attendee: 0, status: null })).status).toBe(200);
    }
  });

  test('is refused more than 24 hours after the start', async () => {
    server.clock.set(new Date(START.getTime() + 24 * 3_600_000 + 60_000));
    const res = await attendance();
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Check-in closed 24 hours after the class started.');
  });
});

describe('the CSV roster', () => {
  test('downloads one line per attendee with the attendance', async () => {
    const res = await fetch(`${server.url}/api/classes/${classId}/roster.csv`, { headers: { cookie: cast.coach.cookieHeader() } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="roster-little-kickers-.*\.csv"$/);
    const lines = (await res.text()).trim().split('\r\n');
    expect(lines[0]).toBe('Attendee,Age,Attendance,Booked by,Email,Phone,Payment,Booking');
    expect(lines).toContain(
      `Maya Morgan,7,Checked in,Casey Morgan,${lines.find((l) => l.startsWith('Maya'))!.split(',')[4]},+14155550100,Free,${bookingId}`,
    );
    expect(lines.some((l) => l.startsWith('Leo Morgan,5,No-show,'))).toBe(true);
    expect(lines.length).toBe(5);
  });
});

describe('Customer Management', () => {
  test("shows each customer's attended and no-show counts", async () => {
    const res = await cast.coach.get('/api/customers');
    const casey = res.body.rows.find((r: any) => r.customerFirstName === 'Casey');
    expect(casey).toMatchObject({ attended: 1, noShows: 1 });
    const jamie = res.body.rows.find((r: any) => r.customerFirstName === 'Jamie');
    expect(jamie).toMatchObject({ attended: 0, noShows: 0 });
  });
});
