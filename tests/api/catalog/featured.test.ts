// The home page's featured classes (customer-areas §1, §9) at scale: chosen in SQL, so they are there even
// when the first rows of the browse list (it keeps classes that started earlier today) all started and are full.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { homePageData } from '../../../api/catalog/page-data';
import { pacificWallTimeToInstant } from '../../../common/pacific';
import { startTestServer, type TestServer } from '../../helpers/api';
import { addBooking, addClass, addCoach, addUser } from './fixtures';

let server: TestServer;
const expected: number[] = [];
// Wednesday 10 March 2027, 3 PM Pacific.
const NOW = pacificWallTimeToInstant('2027-03-10', '15:00');

beforeAll(async () => {
  server = await startTestServer();
  server.clock.set(NOW);
  const ctx = server.ctx;
  const coach = await addCoach(ctx, { firstName: 'Maya', lastName: 'Chen' });
  const customer = await addUser(ctx);
  // 30 classes that started this morning, each full.
  for (let i = 0; i < 30; i++) {
    const id = await addClass(ctx, {
      coachId: coach,
      title: `Started ${i}`,
      capacity: 1,
      startTime: new Date(NOW.getTime() - (8 * 60 - i * 10) * 60_000),
    });
    await addBooking(ctx, { classId: id, userId: customer, status: 'confirmed' });
  }
  // Not bookable, though not started: a deleted class and a series' parent template.
  await addClass(ctx, { coachId: coach, title: 'Deleted', startTime: new Date(NOW.getTime() + 30 * 60_000), deletedAt: NOW });
  await addClass(ctx, {
    coachId: coach,
    title: 'Template',
    isRecurring: true,
    recurrenceType: 'weekly',
    startTime: new Date(NOW.getTime() + 40 * 60_000),
  });
  await addClass(ctx, { coachId: coach, title: 'No start time', startTime: null, endTime: null });
  expected.push(await addClass(ctx, { coachId: coach, title: 'Tomorrow', startTime: pacificWallTimeToInstant('2027-03-11', '09:00') }));
  expected.unshift(await addClass(ctx, { coachId: coach, title: 'In an hour', startTime: new Date(NOW.getTime() + 60 * 60_000) }));
  expected.unshift(await addClass(ctx, { coachId: coach, title: 'In a minute', startTime: new Date(NOW.getTime() + 60_000) }));
});
afterAll(() => server.stop());

const ids = (list: { id: number }[] | null) => (list ?? []).map((c) => c.id);

describe('featured classes when the first rows all started and are full', () => {
  test('the browse list itself starts with the started ones (what the home page used to pick among)', async () => {
    const res = await server.client().get('/api/classes?limit=20');
    expect(
      res.body.every((c: { startTime: string; spotsLeft: number }) => Date.parse(c.startTime) < NOW.getTime() && c.spotsLeft === 0),
    ).toBe(true);
  });

  test('GET /api/classes?upcoming=true answers the classes not started yet, bookable, soonest first', async () => {
    const res = await server.client().get('/api/classes?upcoming=true&limit=3');
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual(expected);
    expect(res.headers.get('x-total-count')).toBe('4');
    expect((await server.client().get('/api/classes?upcoming=true&limit=10')).body.at(-1).title).toBe('No start time');
    expect((await server.client().get('/api/classes?upcoming=soon')).status).toBe(400);
  });

  test("the home page's first render shows the same three", async () => {
    expect(ids((await homePageData(server.ctx)).classes)).toEqual(expected);
  });

  test('a class starting now leaves the featured ones', async () => {
    server.clock.set(new Date(NOW.getTime() + 60_000));
    try {
      expect(ids((await server.client().get('/api/classes?upcoming=true&limit=3')).body)[0]).toBe(expected[1]!);
    } finally {
      server.clock.set(NOW);
    }
  });
});
