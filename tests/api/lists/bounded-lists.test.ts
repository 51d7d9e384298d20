// Signed-in lists are bounded (issue 9): each answers one page (limit, capped at 100, and offset) with the
// total before paging in X-Total-Count; summaries and stat figures still count every row.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { MAX_PAGE_SIZE } from '../../../common/pagination';
import { bookings } from '../../../db/schema';
import type { TestServer } from '../../helpers/api';
import { expectRefused, total } from './helpers';
import { addPost } from '../catalog/fixtures';
import { addBooking, addClass, addUser, type Cast, startWithCast } from '../classes/helpers';

const DAY = 24 * 60 * 60 * 1000;
const BOOKINGS = 130;
const POSTS = 45;
const START = '2027-06-01T19:00:00Z';
let server: TestServer;
let cast: Cast;
const sessions: number[] = [];

beforeAll(async () => {
  const started = await startWithCast(START);
  ({ server, cast } = started);
  const { now } = started;
  const { ctx } = server;
  const past = await addClass(ctx, { coachId: cast.coachId, title: 'Past Yoga', startTime: new Date(now - 3 * DAY), capacity: 500 });
  const upcoming = await addClass(ctx, {
    coachId: cast.coachId,
    title: 'Upcoming Yoga',
    startTime: new Date(now + 3 * DAY),
    capacity: 500,
  });
  for (let i = 0; i < BOOKINGS; i++) {
    const userId = await addUser(ctx, { firstName: `Guest${i}`, lastName: 'Lister', email: `guest${i}@lists.test` });
    await addBooking(ctx, { classId: i % 2 ? past : upcoming, userId, status: 'confirmed' });
  }
  // The customer: 15 upcoming and 15 past sessions booked, one upcoming booking cancelled before reasons were kept.
  for (let i = 0; i < 30; i++) {
    const classId = await addClass(ctx, {
      coachId: cast.otherCoachId,
      title: `Session ${i}`,
      startTime: new Date(now + (i < 15 ? i + 1 : -(i - 14)) * DAY),
    });
    sessions.push(classId);
    await addBooking(ctx, { classId, userId: cast.customerId, status: 'confirmed' });
  }
  const dropped = await addClass(ctx, { coachId: cast.otherCoachId, title: 'Dropped', startTime: new Date(now + 4 * DAY) });
  await addBooking(ctx, { classId: dropped, userId: cast.customerId, status: 'cancelled' });
  // A class its coach deleted: the booking stays in Upcoming (with its refund) until the class time.
  const deleted = await addClass(ctx, { coachId: cast.otherCoachId, title: 'Deleted Session', startTime: new Date(now + 20 * DAY) });
  await ctx.db.write((tx) =>
    tx.insert(bookings).values({
      classId: deleted,
      userId: cast.customerId,
      quantity: 1,
      status: 'cancelled',
      cancelReason: 'class_deleted',
      refundAmountCents: 2000,
    }),
  );
  for (let i = 0; i < POSTS; i++)
    await addPost(ctx, { slug: `post-${i}`, status: i % 3 === 0 ? 'draft' : i % 3 === 1 ? 'published' : 'archived' });
}, 60_000);
afterAll(() => server.stop());

describe('GET /api/customers is paged', () => {
  test('25 rows by default, the total in X-Total-Count, the summary over every row', async () => {
    const res = await cast.coach.get('/api/customers');
    expect(res.status).toBe(200);
    expect(res.body.rows).toHaveLength(25);
    expect(total(res)).toBe(BOOKINGS);
    expect(res.body.summary).toEqual({ totalBookings: BOOKINGS, uniqueCustomers: BOOKINGS, completedClasses: 1 });
  });

  test('limit is capped at 100 and offset walks the rows without repeats', async () => {
    const first = await cast.coach.get('/api/customers?limit=1000');
    expect(first.body.rows).toHaveLength(MAX_PAGE_SIZE);
    const rest = await cast.coach.get('/api/customers?limit=100&offset=100');
    expect(rest.body.rows).toHaveLength(BOOKINGS - 100);
    const ids = new Set([...first.body.rows, ...rest.body.rows].map((r: { id: number }) => r.id));
    expect(ids.size).toBe(BOOKINGS);
  });

  test('a limit that is not a whole number is refused with a message', async () => {
    await expectRefused(cast.coach.get('/api/customers?limit=ten'), 'limit must be a whole number.');
  });
});

describe('GET /api/admin/users is paged and filtered on the server', () => {
  test('a page of users, newest first, with the total', async () => {
    const res = await cast.admin.get('/api/admin/users?limit=10');
    expect(res.body).toHaveLength(10);
    expect(total(res)).toBe(BOOKINGS + 5);
  });

  test('role, approval and a name or email search narrow the rows and the total', async () => {
    const coaches = await cast.admin.get('/api/admin/users?role=coach');
    expect(total(coaches)).toBe(3);
    const pending = await cast.admin.get('/api/admin/users?role=coach&approved=false');
    expect(pending.body.map((u: { firstName: string }) => u.firstName)).toEqual(['Noah']);
    const byName = await cast.admin.get('/api/admin/users?q=guest12%20lister');
    expect(byName.body.map((u: { email: string }) => u.email)).toEqual(['guest12@lists.test']);
    const byEmail = await cast.admin.get('/api/admin/users?q=GUEST1&limit=100');
    expect(total(byEmail)).toBe(1 + 10 + 30); // guest1, guest10-19, guest100-129
    expect((await cast.admin.get('/api/admin/users?q=%25')).body).toEqual([]);
  });

  test('an unknown role is refused with a message', async () => {
    await expectRefused(cast.admin.get('/api/admin/users?role=owner'), 'role must be customer, coach or admin.');
  });
});

describe('GET /api/blog/admin is paged; the stat figures count every post', () => {
  test('20 posts by default, the total in X-Total-Count, a second page', async () => {
    const first = await cast.admin.get('/api/blog/admin');
    expect(first.body).toHaveLength(20);
    expect(total(first)).toBe(POSTS);
    const last = await cast.admin.get('/api/blog/admin?offset=40');
    expect(last.body).toHaveLength(POSTS - 40);
  });

  test('GET /api/blog/admin/stats: total, published, drafts, archived', async () => {
    expect((await cast.admin.get('/api/blog/admin/stats')).body).toEqual({ total: POSTS, published: 15, draft: 15, archived: 15 });
    expect((await cast.coach.get('/api/blog/admin/stats')).status).toBe(403);
  });
});

describe('GET /api/bookings (My Bookings) is paged', () => {
  test('20 bookings by default, every booking counted in X-Total-Count', async () => {
    const res = await cast.customer.get('/api/bookings');
    expect(res.body).toHaveLength(20);
    expect(total(res)).toBe(32);
  });

  test('when=upcoming: active bookings of classes not started, soonest first; the cancelled one is left out', async () => {
    const res = await cast.customer.get('/api/bookings?when=upcoming&limit=5');
    expect(total(res)).toBe(16);
    expect(res.body.map((b: { class: { title: string } }) => b.class.title)).toEqual([
      'Session 0',
      'Session 1',
      'Session 2',
      'Session 3',
      'Session 4',
    ]);
    const next = await cast.customer.get('/api/bookings?when=upcoming&limit=5&offset=5');
    expect(next.body[0].class.title).toBe('Session 5');
  });

  test('a booking cancelled by the class deletion stays in Upcoming, outside the active count', async () => {
    const upcoming = await cast.customer.get('/api/bookings?when=upcoming&limit=100');
    expect(upcoming.body.find((b: { class: { title: string } }) => b.class.title === 'Deleted Session')).toMatchObject({
      status: 'cancelled',
      cancelReason: 'class_deleted',
    });
    const active = await cast.customer.get('/api/bookings?when=upcoming&active=true&limit=1');
    expect(total(active)).toBe(15);
  });

  test('once its class time has passed, the booking cancelled by the coach moves to Past', async () => {
    server.clock.set(new Date(server.clock.now().getTime() + 21 * DAY).toISOString());
    try {
      const past = await cast.customer.get('/api/bookings?when=past&limit=100');
      expect(past.body.some((b: { class: { title: string } }) => b.class.title === 'Deleted Session')).toBe(true);
      const upcoming = await cast.customer.get('/api/bookings?when=upcoming&limit=100');
      expect(upcoming.body.some((b: { class: { title: string } }) => b.class.title === 'Deleted Session')).toBe(false);
    } finally {
      server.clock.set(START);
    }
  });

  test('when=past: classes that started, most recent first', async () => {
    const res = await cast.customer.get('/api/bookings?when=past&limit=2');
    expect(total(res)).toBe(15);
    expect(res.body.map((b: { class: { title: string } }) => b.class.title)).toEqual(['Session 15', 'Session 16']);
  });

  test('classId and active=true find the booking of one class', async () => {
    const res = await cast.customer.get(`/api/bookings?classId=${sessions[3]}&active=true`);
    expect(res.body).toHaveLength(1);
    expect(res.body[0].classId).toBe(sessions[3]);
  });

  test('a bad filter is refused with a message', async () => {
    await expectRefused(cast.customer.get('/api/bookings?when=later'), 'when must be upcoming, past or cancelled.');
  });
});
