// GET /api/classes, /api/classes/{id} and /api/classes/{id}/bookings/count against the real server.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { pacificWallTimeToInstant } from '../../../common/pacific';
import { startTestServer, type TestServer } from '../../helpers/api';
import { addBooking, addCategory, addClass, addCoach, addReview, addUser, DAY, HOUR } from './fixtures';

let server: TestServer;
let yoga: number;
let soccer: number;
let coach: number;
const ids: Record<string, number> = {};
// The test clock: Wednesday 10 March 2027, 3 PM Pacific.
const NOW = pacificWallTimeToInstant('2027-03-10', '15:00');
const at = (day: string, time = '09:00') => pacificWallTimeToInstant(day, time);

beforeAll(async () => {
  server = await startTestServer();
  server.clock.set(NOW);
  const ctx = server.ctx;
  yoga = await addCategory(ctx, 'Yoga');
  soccer = await addCategory(ctx, 'Soccer');
  coach = await addCoach(ctx, { firstName: 'Maya', lastName: 'Chen' });
  ids.past = await addClass(ctx, { coachId: coach, categoryId: yoga, title: 'Yesterday Yoga', startTime: at('2027-03-09') });
  ids.earlyToday = await addClass(ctx, {
    coachId: coach,
    categoryId: yoga,
    title: 'Early Today Yoga',
    startTime: at('2027-03-10', '07:00'),
  });
  ids.kids = await addClass(ctx, {
    coachId: coach,
    categoryId: soccer,
    title: 'Kids Soccer',
    ageGroup: 'Kids',
    startTime: at('2027-03-13', '10:00'),
    address: '1 Park Rd, Oakland, CA 94610',
  });
  ids.sunset = await addClass(ctx, {
    coachId: coach,
    categoryId: yoga,
    title: 'Sunset Flow',
    description: 'Gentle YOGA by the bay',
    startTime: at('2027-03-12', '23:30'),
    priceCents: 1999,
    capacity: 4,
  });
  ids.noStart = await addClass(ctx, { coachId: coach, categoryId: soccer, title: 'Open Pickup Soccer', startTime: null, endTime: null });
  ids.series = await addClass(ctx, {
    coachId: coach,
    categoryId: yoga,
    title: 'Weekly Yoga',
    isRecurring: true,
    recurrenceType: 'weekly',
    recurrenceDaysOfWeek: '[1,3]',
    startTime: at('2027-03-15', '18:00'),
    endTime: at('2027-03-15', '19:00'),
  });
  ids.session = await addClass(ctx, {
    coachId: coach,
    categoryId: yoga,
    title: 'Weekly Yoga',
    isRecurring: true,
    parentClassId: ids.series,
    startTime: at('2027-03-15', '18:00'),
    endTime: at('2027-03-15', '19:00'),
  });
  const customer = await addUser(ctx);
  await addReview(ctx, { classId: ids.past, userId: customer, coachId: coach, rating: 5 });
  await addReview(ctx, { classId: ids.past, userId: await addUser(ctx), coachId: coach, rating: 4 });
});
afterAll(() => server.stop());

const get = (path: string) => server.client().get(path);
const titles = (body: { title: string }[]) => body.map((c) => c.title);

describe('GET /api/classes', () => {
  test('without parameters: the first page of the browse list, never a series parent row', async () => {
    const res = await get('/api/classes');
    expect(res.status).toBe(200);
    const list = res.body.map((c: { id: number }) => c.id);
    expect(list).toContain(ids.session);
    expect(list).not.toContain(ids.series);
    expect(list).not.toContain(ids.past);
    expect(res.headers.get('x-total-count')).toBe(String(list.length));
  });

  test('all=true: the original whole list, past classes included, never a series parent row', async () => {
    const res = await get('/api/classes?all=true');
    expect(res.status).toBe(200);
    const list = res.body.map((c: { id: number }) => c.id);
    expect(list).toContain(ids.past);
    expect(list).toContain(ids.session);
    expect(list).not.toContain(ids.series);
    expect(list).toHaveLength(6);
  });

  test('each class has the spec shape: price in dollars, ISO times, age group, coach, category and spots', async () => {
    const res = await get('/api/classes?all=true');
    const sunset = res.body.find((c: { id: number }) => c.id === ids.sunset);
    expect(sunset).toMatchObject({
      title: 'Sunset Flow',
      price: 19.99,
      capacity: 4,
      startTime: at('2027-03-12', '23:30').toISOString(),
      ageGroup: 'Adults',
      isRecurring: false,
      parentClassId: null,
      coachId: coach,
      categoryId: yoga,
      coach: { id: coach, firstName: 'Maya', lastName: 'Chen', rating: 4.5, totalReviews: 2 },
      category: { id: yoga, name: 'Yoga' },
      spotsLeft: 4,
      bookedSpots: 0,
    });
    expect(sunset).not.toHaveProperty('priceCents');
  });

  test('with filters: classes that started before today are hidden, and earlier today stays', async () => {
    const res = await get('/api/classes?limit=50');
    expect(titles(res.body)).not.toContain('Yesterday Yoga');
    expect(titles(res.body)).toContain('Early Today Yoga');
  });

  test('the text query matches title or description, case-insensitive', async () => {
    const res = await get('/api/classes?q=yoga');
    expect(titles(res.body)).toEqual(['Early Today Yoga', 'Sunset Flow', 'Weekly Yoga']);
  });

  test('type and category match the category id', async () => {
    expect(titles((await get(`/api/classes?type=${soccer}`)).body)).toEqual(['Kids Soccer', 'Open Pickup Soccer']);
    expect(titles((await get(`/api/classes?category=${soccer}`)).body)).toEqual(['Kids Soccer', 'Open Pickup Soccer']);
    expect((await get('/api/classes?type=abc')).body).toEqual([]);
  });

  test('the age group must match exactly', async () => {
    expect(titles((await get('/api/classes?ageGroup=Kids')).body)).toEqual(['Kids Soccer']);
    expect((await get('/api/classes?ageGroup=kids')).body).toEqual([]);
  });

  test('the city is the second-to-last piece of the address, case-insensitive contains', async () => {
    expect(titles((await get('/api/classes?city=oak')).body)).toEqual(['Kids Soccer']);
    expect(titles((await get('/api/classes?city=San%20Francisco')).body)).toEqual([
      'Early Today Yoga',
      'Sunset Flow',
      'Weekly Yoga',
      'Open Pickup Soccer',
    ]);
  });

  test('the date equals the Pacific start day, and classes without a start time are excluded', async () => {
    // 11:30 PM Pacific on March 12 is already March 13 in UTC: still a March 12 class.
    expect(titles((await get('/api/classes?date=2027-03-12')).body)).toEqual(['Sunset Flow']);
    expect(titles((await get('/api/classes?date=2027-03-13')).body)).toEqual(['Kids Soccer']);
  });

  test('lat and lng are read but do not filter', async () => {
    const all = await get('/api/classes?limit=50');
    const located = await get('/api/classes?limit=50&lat=37.77&lng=-122.41');
    expect(titles(located.body)).toEqual(titles(all.body));
  });

  test('sorted by start time, classes without a start time last', async () => {
    const res = await get('/api/classes?limit=50');
    expect(titles(res.body)).toEqual(['Early Today Yoga', 'Sunset Flow', 'Kids Soccer', 'Weekly Yoga', 'Open Pickup Soccer']);
  });

  test('limit and offset page the filtered list, X-Total-Count gives all matches', async () => {
    const res = await get('/api/classes?limit=2&offset=1');
    expect(titles(res.body)).toEqual(['Sunset Flow', 'Kids Soccer']);
    expect(res.headers.get('x-total-count')).toBe('5');
  });

  test('a malformed limit is a 400 with the field named', async () => {
    const res = await get('/api/classes?limit=lots');
    expect(res.status).toBe(400);
    expect(res.body.errors.limit).toEqual(['limit must be a whole number.']);
  });

  test('a page holds at most 100 classes', async () => {
    for (const limit of ['0', '101', '500']) {
      const res = await get(`/api/classes?limit=${limit}`);
      expect(res.status).toBe(400);
      expect(res.body.errors.limit).toEqual(['limit must be between 1 and 100.']);
    }
    expect((await get('/api/classes?limit=100')).status).toBe(200);
  });

  test('q also finds the coach, the category and the location, and any part of a word', async () => {
    expect(titles((await get('/api/classes?q=maya%20ch')).body)).toEqual([
      'Early Today Yoga',
      'Sunset Flow',
      'Kids Soccer',
      'Weekly Yoga',
      'Open Pickup Soccer',
    ]);
    expect(titles((await get('/api/classes?q=socc')).body)).toEqual(['Kids Soccer', 'Open Pickup Soccer']);
    expect(titles((await get('/api/classes?q=ickup')).body)).toEqual(['Open Pickup Soccer']);
    expect(titles((await get('/api/classes?q=ow')).body)).toEqual(['Sunset Flow']);
  });

  test('sort=relevance puts the best text match first', async () => {
    const res = await get('/api/classes?q=yoga&sort=relevance');
    expect(titles(res.body).sort()).toEqual(['Early Today Yoga', 'Sunset Flow', 'Weekly Yoga']);
    expect(titles(res.body).at(-1)).toBe('Sunset Flow');
    expect((await get('/api/classes?sort=best')).status).toBe(400);
  });

  test('a search kept in sync: a renamed class is found by its new title only', async () => {
    const classId = await addClass(server.ctx, { coachId: coach, title: 'Quokka Stretch' });
    expect(titles((await get('/api/classes?q=quokka')).body)).toEqual(['Quokka Stretch']);
    await server.ctx.db.client.execute({ sql: "update classes set title = 'Wombat Stretch' where id = ?", args: [classId] });
    expect((await get('/api/classes?q=quokka')).body).toEqual([]);
    expect(titles((await get('/api/classes?q=wombat')).body)).toEqual(['Wombat Stretch']);
    await server.ctx.db.client.execute({ sql: 'delete from classes where id = ?', args: [classId] });
    expect((await get('/api/classes?q=wombat')).body).toEqual([]);
  });

  test('includeSchedules=true adds the weekly schedule of a series to its sessions', async () => {
    const res = await get(`/api/classes?includeSchedules=true&q=weekly`);
    expect(res.body[0].schedules).toEqual([
      { dayOfWeek: 1, startTime: '18:00', endTime: '19:00' },
      { dayOfWeek: 3, startTime: '18:00', endTime: '19:00' },
    ]);
    expect((await get('/api/classes?q=weekly')).body[0]).not.toHaveProperty('schedules');
  });
});

describe('GET /api/classes/{id}', () => {
  test('answers the class with coach and category', async () => {
    const res = await get(`/api/classes/${ids.kids}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: ids.kids,
      title: 'Kids Soccer',
      ageGroup: 'Kids',
      category: { name: 'Soccer' },
      coach: { firstName: 'Maya' },
    });
  });

  test('includeSchedules=true answers the schedules', async () => {
    const res = await get(`/api/classes/${ids.session}?includeSchedules=true`);
    expect(res.body.schedules).toHaveLength(2);
  });

  test('an unknown or malformed id is a 404 with a message', async () => {
    for (const id of ['999999', 'abc', '-1', '1.5', '%ff']) {
      const res = await get(`/api/classes/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Class not found.' });
    }
  });
});

describe('GET /api/classes/{id}/bookings/count', () => {
  test('counts confirmed bookings and unexpired payment holds, not cancelled or expired ones', async () => {
    const ctx = server.ctx;
    const classId = await addClass(ctx, { coachId: coach, title: 'Counted', capacity: 10 });
    await addBooking(ctx, { classId, userId: await addUser(ctx), status: 'confirmed', quantity: 3 });
    await addBooking(ctx, {
      classId,
      userId: await addUser(ctx),
      status: 'pending',
      quantity: 2,
      holdExpiresAt: new Date(NOW.getTime() + 10 * 60_000),
    });
    await addBooking(ctx, {
      classId,
      userId: await addUser(ctx),
      status: 'pending',
      quantity: 4,
      holdExpiresAt: new Date(NOW.getTime() - 60_000),
    });
    await addBooking(ctx, { classId, userId: await addUser(ctx), status: 'cancelled', quantity: 1 });
    const res = await get(`/api/classes/${classId}/bookings/count`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ spotsLeft: 5, capacity: 10, active: 5 });
    const listed = (await get(`/api/classes/${classId}`)).body;
    expect(listed.spotsLeft).toBe(5);
    expect(listed.bookedSpots).toBe(5);
  });

  test('a payment hold stops counting once it expires', async () => {
    const ctx = server.ctx;
    const classId = await addClass(ctx, { coachId: coach, title: 'Held', capacity: 2 });
    await addBooking(ctx, {
      classId,
      userId: await addUser(ctx),
      status: 'pending',
      quantity: 2,
      holdExpiresAt: new Date(NOW.getTime() + HOUR),
    });
    expect((await get(`/api/classes/${classId}/bookings/count`)).body.spotsLeft).toBe(0);
    server.clock.set(new Date(NOW.getTime() + 2 * HOUR));
    expect((await get(`/api/classes/${classId}/bookings/count`)).body).toEqual({ spotsLeft: 2, capacity: 2, active: 0 });
    server.clock.set(NOW);
  });

  test('spots left never go below zero', async () => {
    const ctx = server.ctx;
    const classId = await addClass(ctx, { coachId: coach, title: 'Overbooked', capacity: 1 });
    await addBooking(ctx, { classId, userId: await addUser(ctx), status: 'confirmed', quantity: 3 });
    expect((await get(`/api/classes/${classId}/bookings/count`)).body.spotsLeft).toBe(0);
  });

  test('an unknown class is a 404', async () => {
    const res = await get('/api/classes/424242/bookings/count');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Class not found.');
  });
});

describe('GET /api/cities', () => {
  test('lists the distinct cities of upcoming classes, read from the address', async () => {
    const ctx = server.ctx;
    await addClass(ctx, {
      coachId: coach,
      title: 'Past in Berkeley',
      address: '1 Uni Ave, Berkeley, CA 94704',
      startTime: new Date(NOW.getTime() - 3 * DAY),
    });
    const res = await get('/api/cities');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(['Oakland', 'San Francisco']);
  });
});

describe('compression', () => {
  test('a large class list is sent gzipped, with the total count header kept', async () => {
    const res = await fetch(`${server.url}/api/classes?limit=50`, {
      headers: { 'accept-encoding': 'gzip' },
      decompress: false,
    } as RequestInit);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const plain = await get('/api/classes?limit=50');
    expect(res.headers.get('x-total-count')).toBe(plain.headers.get('x-total-count'));
    const list = JSON.parse(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await res.arrayBuffer()))));
    expect(list).toEqual(plain.body);
  });
});
