// GET /api/classes/managed is bounded (issue 9): a page of rows with X-Total-Count, My Calendar's month only
// (from/to), and the series view that My Classes and the admin's class table page through.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { TestServer } from '../../helpers/api';
import { expectRefused, total } from './helpers';
import { addBooking, addClass, type Cast, startWithCast } from '../classes/helpers';

const DAY = 24 * 60 * 60 * 1000;
const START = '2027-03-01T18:00:00Z';
const SESSIONS = 60;
let server: TestServer;
let cast: Cast;
let ids: { series: number; sessions: number[]; soon: number; later: number; past: number };

beforeAll(async () => {
  const started = await startWithCast(START);
  ({ server, cast } = started);
  const { now } = started;
  const { ctx } = server;
  const coachId = cast.coachId;
  // Created in this order, so "newest first" is: past, later, soon, series.
  const series = await addClass(ctx, { coachId, title: 'Weekly Hill Run', isRecurring: true, startTime: new Date(now + DAY) });
  const sessions: number[] = [];
  for (let i = 0; i < SESSIONS; i++)
    sessions.push(
      await addClass(ctx, { coachId, title: 'Weekly Hill Run', parentClassId: series, startTime: new Date(now + (i * 7 + 1) * DAY) }),
    );
  const soon = await addClass(ctx, { coachId, title: 'Sunrise Yoga', startTime: new Date(now + 0.5 * DAY), location: 'Crissy Field' });
  const later = await addClass(ctx, { coachId, title: 'Beach Bootcamp', startTime: new Date(now + 40 * DAY) });
  const past = await addClass(ctx, { coachId, title: 'Old Pilates', startTime: new Date(now - 5 * DAY) });
  await addBooking(ctx, { classId: sessions[0]!, userId: cast.customerId, status: 'confirmed', quantity: 2 });
  await addBooking(ctx, { classId: sessions[1]!, userId: cast.customerId, status: 'confirmed', quantity: 3 });
  ids = { series, sessions, soon, later, past };
}, 60_000);
afterAll(() => server.stop());

const titles = (rows: { title: string }[]) => rows.map((r) => r.title);

describe('every row, by start', () => {
  test('50 rows by default and the total in X-Total-Count (the series parent, its sessions, three classes)', async () => {
    const res = await cast.coach.get('/api/classes/managed');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(50);
    expect(total(res)).toBe(1 + SESSIONS + 3);
    expect(res.body[0].title).toBe('Old Pilates');
  });

  test('from and to keep one month: My Calendar asks only for the month it shows', async () => {
    const res = await cast.coach.get('/api/classes/managed?from=2027-04-01T07:00:00Z&to=2027-05-01T07:00:00Z');
    const starts = res.body.map((c: { startTime: string }) => c.startTime);
    expect(starts.length).toBeGreaterThan(3);
    expect(starts.every((s: string) => s >= '2027-04-01T07:00:00Z' && s < '2027-05-01T07:00:00Z')).toBe(true);
    expect(total(res)).toBe(starts.length);
  });

  test('a from that is not a date-time is refused with a message', async () => {
    await expectRefused(cast.coach.get('/api/classes/managed?from=March'), 'from must be an ISO date-time such as 2027-03-01T08:00:00Z.');
  });
});

describe('view=series: one row per series or one-time class', () => {
  test('upcoming first, soonest first, the ended class last; a series carries its sessions, spots and next session', async () => {
    const res = await cast.coach.get('/api/classes/managed?view=series');
    expect(total(res)).toBe(4);
    expect(titles(res.body)).toEqual(['Sunrise Yoga', 'Weekly Hill Run', 'Beach Bootcamp', 'Old Pilates']);
    const series = res.body[1];
    expect(series).toMatchObject({ id: ids.series, sessionCount: SESSIONS, activeBookings: 5, nextSession: { id: ids.sessions[0] } });
    expect(res.body[0].nextSession).toMatchObject({ id: ids.soon });
  });

  test('paged: limit and offset walk the rows', async () => {
    const first = await cast.coach.get('/api/classes/managed?view=series&limit=2');
    const second = await cast.coach.get('/api/classes/managed?view=series&limit=2&offset=2');
    expect([...titles(first.body), ...titles(second.body)]).toEqual(['Sunrise Yoga', 'Weekly Hill Run', 'Beach Bootcamp', 'Old Pilates']);
  });

  test('sort=created: newest first (the admin table); q searches title and location', async () => {
    const created = await cast.admin.get('/api/classes/managed?view=series&sort=created');
    expect(titles(created.body).slice(0, 4)).toEqual(['Old Pilates', 'Beach Bootcamp', 'Sunrise Yoga', 'Weekly Hill Run']);
    expect(titles((await cast.admin.get('/api/classes/managed?view=series&q=crissy')).body)).toEqual(['Sunrise Yoga']);
    expect(titles((await cast.admin.get('/api/classes/managed?view=series&q=HILL')).body)).toEqual(['Weekly Hill Run']);
  });

  test('when=upcoming and when=past split My Classes; the next session carries its own spots, capacity and waitlist', async () => {
    const upcoming = await cast.coach.get('/api/classes/managed?view=series&when=upcoming');
    expect(titles(upcoming.body)).toEqual(['Sunrise Yoga', 'Weekly Hill Run', 'Beach Bootcamp']);
    expect(total(upcoming)).toBe(3);
    // The series sums 5 spots over its sessions; its next session has its own 2 of 10.
    expect(upcoming.body[1].nextSession).toEqual({
      id: ids.sessions[0],
      startTime: expect.any(String),
      activeBookings: 2,
      capacity: 10,
      waitlistCount: 0,
    });
    const past = await cast.coach.get('/api/classes/managed?view=series&when=past');
    expect(titles(past.body)).toEqual(['Old Pilates']);
    await expectRefused(cast.coach.get('/api/classes/managed?view=series&when=soon'), 'when must be upcoming or past.');
  });

  test('series={id} lists the sessions of one series, from a date on', async () => {
    const res = await cast.coach.get(`/api/classes/managed?series=${ids.series}&from=2027-03-10T00:00:00Z&limit=3`);
    expect(res.body.map((c: { id: number }) => c.id)).toEqual(ids.sessions.slice(2, 5));
    expect(total(res)).toBe(SESSIONS - 2);
  });

  test('another coach sees none of them', async () => {
    const res = await cast.otherCoach.get('/api/classes/managed?view=series');
    expect(res.body).toEqual([]);
    expect(total(res)).toBe(0);
  });
});
