// GET /api/customers: coach or admin only, a coach sees rows of their own classes only, admins see all with
// coach names; every field of the Customer booking row; completedClasses and the three summary figures.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { bookingAttendees } from '../../../db/schema';
import type { TestServer } from '../../helpers/api';
import { addBooking, addClass, addUser, type Cast, startWithCast } from '../classes/helpers';

const DAY = 24 * 60 * 60 * 1000;
let server: TestServer;
let cast: Cast;
let ids: Record<string, number>;

beforeAll(async () => {
  ({ server, cast } = await startWithCast('2027-05-01T19:00:00Z'));
  const ctx = server.ctx;
  const now = server.clock.now().getTime();
  const pastA = await addClass(ctx, { coachId: cast.coachId, title: 'Past Yoga', startTime: new Date(now - 7 * DAY) });
  const pastB = await addClass(ctx, { coachId: cast.coachId, title: 'Past Pilates', startTime: new Date(now - 3 * DAY) });
  const upcoming = await addClass(ctx, { coachId: cast.coachId, title: 'Upcoming Yoga', startTime: new Date(now + 2 * DAY) });
  const undated = await addClass(ctx, { coachId: cast.coachId, title: 'Undated', startTime: null, endTime: null });
  const othersClass = await addClass(ctx, { coachId: cast.otherCoachId, title: 'Other Coach Boxing', startTime: new Date(now - 2 * DAY) });
  const jamie = await addUser(ctx, { firstName: 'Jamie', lastName: 'Lee', phone: null, email: 'jamie@example.test' });
  ids = { pastA, pastB, upcoming, undated, othersClass, jamie };
  await addBooking(ctx, { classId: pastA, userId: cast.customerId, status: 'confirmed' });
  await addBooking(ctx, { classId: pastB, userId: cast.customerId, status: 'confirmed' });
  const caseyUpcoming = await addBooking(ctx, { classId: upcoming, userId: cast.customerId, status: 'confirmed', quantity: 2 });
  await ctx.db.write((tx) =>
    tx.insert(bookingAttendees).values([
      { bookingId: caseyUpcoming, position: 0, name: 'Casey Morgan' },
      { bookingId: caseyUpcoming, position: 1, name: 'Robin Morgan' },
    ]),
  );
  await addBooking(ctx, { classId: upcoming, userId: jamie, status: 'pending', holdExpiresAt: new Date(now + 10 * 60_000) });
  await addBooking(ctx, { classId: pastA, userId: jamie, status: 'cancelled' });
  await addBooking(ctx, { classId: undated, userId: jamie, status: 'pending', holdExpiresAt: new Date(now - 60_000) }); // hold expired
  await addBooking(ctx, { classId: othersClass, userId: cast.customerId, status: 'confirmed' });
});
afterAll(() => server.stop());

describe('who sees Customer Management', () => {
  test('a visitor gets 401 and a customer 403', async () => {
    expect((await cast.visitor.get('/api/customers')).status).toBe(401);
    expect((await cast.customer.get('/api/customers')).status).toBe(403);
  });

  test('a coach sees only the rows of their own classes', async () => {
    const res = await cast.coach.get('/api/customers');
    expect(res.status).toBe(200);
    expect(res.body.rows.map((r: any) => r.className).sort()).toEqual(['Past Pilates', 'Past Yoga', 'Upcoming Yoga', 'Upcoming Yoga']);
    expect(res.body.rows.some((r: any) => r.className === 'Other Coach Boxing')).toBe(false);
  });

  test('an admin sees every active booking, with the coach names', async () => {
    const res = await cast.admin.get('/api/customers');
    const boxing = res.body.rows.find((r: any) => r.className === 'Other Coach Boxing');
    expect(boxing).toMatchObject({ coachFirstName: 'Omar', coachLastName: 'Diaz' });
    expect(res.body.rows.length).toBe(5);
  });
});

describe('the customer booking row', () => {
  test('carries every field of the spec: date, time, class, coach, customer, phone, email, status, completed classes', async () => {
    const res = await cast.coach.get('/api/customers');
    const row = res.body.rows.find((r: any) => r.className === 'Upcoming Yoga' && r.customerFirstName === 'Casey');
    expect(Object.keys(row).sort()).toEqual(
      [
        'id',
        'classId',
        'classDate',
        'classTime',
        'className',
        'coachFirstName',
        'coachLastName',
        'customerFirstName',
        'customerLastName',
        'customerPhone',
        'customerEmail',
        'status',
        'quantity',
        'completedClasses',
        'attended',
        'noShows',
        // Passes (issue 19): how the booking was paid, by which pass, and the passes the customer holds.
        'paidWith',
        'passName',
        'passes',
      ].sort(),
    );
    expect(row).toMatchObject({
      classId: ids.upcoming,
      coachFirstName: 'Maya',
      coachLastName: 'Chen',
      customerLastName: 'Morgan',
      customerPhone: '+14155550100',
      status: 'confirmed',
      quantity: 2,
    });
    expect(new Date(row.classDate).getTime()).toBe(server.clock.now().getTime() + 2 * DAY);
  });

  test('a missing phone is null (shown N/A) and a pending booking keeps its status', async () => {
    const res = await cast.coach.get('/api/customers');
    const jamie = res.body.rows.find((r: any) => r.customerEmail === 'jamie@example.test');
    expect(jamie).toMatchObject({ customerPhone: null, status: 'pending' });
  });

  test('cancelled bookings and expired payment holds are not customer bookings', async () => {
    const res = await cast.coach.get('/api/customers');
    expect(res.body.rows.some((r: any) => r.status === 'cancelled')).toBe(false);
    expect(res.body.rows.some((r: any) => r.className === 'Undated')).toBe(false);
  });

  test('completedClasses counts the past classes each customer attended, within the coach scope', async () => {
    const coachRows = (await cast.coach.get('/api/customers')).body.rows;
    expect(coachRows.find((r: any) => r.customerFirstName === 'Casey').completedClasses).toBe(2);
    expect(coachRows.find((r: any) => r.customerFirstName === 'Jamie').completedClasses).toBe(0);
    const adminRows = (await cast.admin.get('/api/customers')).body.rows;
    expect(adminRows.find((r: any) => r.customerFirstName === 'Casey').completedClasses).toBe(3);
  });
});

describe('the three summary figures, computed on the server', () => {
  test('Total Bookings counts rows, Unique Customers counts emails, Completed Classes counts past classes', async () => {
    expect((await cast.coach.get('/api/customers')).body.summary).toEqual({ totalBookings: 4, uniqueCustomers: 2, completedClasses: 2 });
    expect((await cast.admin.get('/api/customers')).body.summary).toEqual({ totalBookings: 5, uniqueCustomers: 2, completedClasses: 3 });
  });

  test('a coach without bookings gets no rows and zeros', async () => {
    const res = await cast.pendingCoach.get('/api/customers');
    expect(res.body).toEqual({ rows: [], summary: { totalBookings: 0, uniqueCustomers: 0, completedClasses: 0 } });
  });
});

describe('customers grouped by person (GET /api/customers/people)', () => {
  test('one row per customer with bookings, spots, completed and upcoming classes and the names booked', async () => {
    const res = await cast.coach.get('/api/customers/people');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('2');
    const casey = res.body.find((p: any) => p.firstName === 'Casey');
    expect(casey).toMatchObject({
      id: cast.customerId,
      bookings: 3,
      spots: 4,
      completedClasses: 2,
      upcomingClasses: 1,
      attended: 0,
      noShows: 0,
      attendeeNames: ['Casey Morgan', 'Robin Morgan'],
    });
    expect(new Date(casey.nextClassAt).getTime()).toBe(server.clock.now().getTime() + 2 * DAY);
    const jamie = res.body.find((p: any) => p.firstName === 'Jamie');
    expect(jamie).toMatchObject({ id: ids.jamie, bookings: 1, spots: 1, completedClasses: 0, upcomingClasses: 1, phone: null });
  });

  test('q finds a customer by the name of someone they booked for, by email, or not at all', async () => {
    const byGuest = (await cast.coach.get('/api/customers/people?q=robin')).body;
    expect(byGuest.map((p: any) => p.firstName)).toEqual(['Casey']);
    expect(byGuest[0].bookings).toBe(3); // every booking of theirs still counts
    expect((await cast.coach.get('/api/customers/people?q=JAMIE@EXAMPLE')).body.map((p: any) => p.firstName)).toEqual(['Jamie']);
    expect((await cast.coach.get('/api/customers/people?q=nobody')).body).toEqual([]);
  });

  test("one customer's bookings with their attendees; another coach and a customer are refused", async () => {
    const res = await cast.coach.get(`/api/customers/people/${cast.customerId}`);
    expect(res.status).toBe(200);
    expect(res.body.customer).toMatchObject({ firstName: 'Casey', lastName: 'Morgan', phone: '+14155550100' });
    expect(res.body.summary).toEqual({ bookings: 3, spots: 4, completedClasses: 2, upcomingClasses: 1, attended: 0, noShows: 0 });
    expect(res.body.bookings.map((b: any) => b.className)).toEqual(['Upcoming Yoga', 'Past Pilates', 'Past Yoga']);
    expect(res.body.bookings[0].attendees.map((a: any) => a.name)).toEqual(['Casey Morgan', 'Robin Morgan']);
    // The other coach's class counts for the admin only.
    expect((await cast.admin.get(`/api/customers/people/${cast.customerId}`)).body.summary.bookings).toBe(4);
    expect((await cast.otherCoach.get(`/api/customers/people/${ids.jamie}`)).status).toBe(404);
    expect((await cast.customer.get(`/api/customers/people/${cast.customerId}`)).status).toBe(403);
  });
});
