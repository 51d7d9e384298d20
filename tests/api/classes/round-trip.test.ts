// A black-box client that reads a class and posts what it read: create (POST the class read), change (PATCH
// the class read, or any subset), the edit page's PUT (its subset with an RFC 3339 start), and the series
// scope as a query parameter. Everything it sends is the resource as the API returned it.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { TestServer } from '../../helpers/api';
import { type Cast, classForm, startWithCast } from './helpers';

let server: TestServer;
let cast: Cast;
beforeAll(async () => ({ server, cast } = await startWithCast('2027-03-01T20:00:00Z')));
afterAll(() => server.stop());

/** What a client would compare: the class without its identity and timestamps. */
const content = ({ id, createdAt, parentClassId, recurringSeriesId, sessionCount, updatedCount, locationNotice, ...rest }: any) => rest;
const EDIT_PAGE_FIELDS = ['title', 'description', 'price', 'capacity', 'location', 'address', 'duration', 'startTime'] as const;
const pick = (cls: any, keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, cls[k]]));

describe('posting the class it reads', () => {
  test('POST the class read from GET /api/classes/{id} creates the same class', async () => {
    const created = await cast.coach.post(
      '/api/classes',
      classForm(cast.categoryId, { startTime: '2027-03-09T17:30:00Z', whatToBring: null, image: '/uploads/yoga.webp' }),
    );
    expect(created.status).toBe(201);
    const read = (await cast.visitor.get(`/api/classes/${created.body.id}`)).body;
    const copy = await cast.coach.post('/api/classes', read);
    expect(copy.status).toBe(201);
    expect(content(copy.body)).toEqual(content(created.body));
    const readCopy = (await cast.visitor.get(`/api/classes/${copy.body.id}`)).body;
    expect(content(readCopy)).toEqual(content(read));
  });

  test('a row of the managed list posts back too, and an admin posting it keeps its coach', async () => {
    const created = await cast.coach.post('/api/classes', classForm(cast.categoryId, { title: 'Managed Copy' }));
    const row = (await cast.admin.get('/api/classes/managed')).body.find((c: any) => c.id === created.body.id);
    const copy = await cast.admin.post('/api/classes', row);
    expect(copy.status).toBe(201);
    expect(copy.body.coachId).toBe(cast.coachId);
    expect(content(copy.body)).toEqual(content(created.body));
  });

  test('a series parent posts back as the same series: its recurrence is read as a nested object', async () => {
    const series = await cast.coach.post(
      '/api/classes',
      classForm(cast.categoryId, {
        title: 'Read Series',
        recurrence: { type: 'weekly', daysOfWeek: [0, 3], endType: 'date', endDate: '2027-04-30' },
      }),
    );
    expect(series.body.recurrence).toEqual({
      type: 'weekly',
      interval: 1,
      daysOfWeek: [0, 3],
      endType: 'date',
      endDate: '2027-04-30',
      endCount: null,
    });
    const read = (await cast.visitor.get(`/api/classes/${series.body.id}`)).body;
    const copy = await cast.coach.post('/api/classes', read);
    expect(copy.status).toBe(201);
    expect(copy.body.sessionCount).toBe(series.body.sessionCount);
    expect(content(copy.body)).toEqual(content(series.body));
  });
});

describe('changing the class it reads', () => {
  test('PATCH with the whole class read changes nothing; PATCH with a subset changes only that', async () => {
    const created = await cast.coach.post('/api/classes', classForm(cast.categoryId, { title: 'Patch Me' }));
    const read = (await cast.visitor.get(`/api/classes/${created.body.id}`)).body;
    const same = await cast.coach.request('PATCH', `/api/classes/${read.id}`, read);
    expect(same.status).toBe(200);
    expect(content(same.body)).toEqual(content(created.body));
    const cheaper = await cast.coach.request('PATCH', `/api/classes/${read.id}`, { price: 12.5 });
    expect(content(cheaper.body)).toEqual({ ...content(created.body), price: 12.5 });
  });

  test('a session cannot be moved into the past, whichever page or client sends it (400, nothing changed)', async () => {
    const created = await cast.coach.post('/api/classes', classForm(cast.categoryId, { title: 'Not Backwards' }));
    const res = await cast.coach.request('PATCH', `/api/classes/${created.body.id}`, { startTime: '2027-02-28T17:00:00Z' });
    expect(res.status).toBe(400);
    expect(res.body.errors.startTime).toEqual(['Start time cannot be in the past']);
    expect((await cast.visitor.get(`/api/classes/${created.body.id}`)).body.startTime).toBe(created.body.startTime);
  });

  test("the edit page's PUT: its subset of the class read, start moved by an hour in another offset", async () => {
    const created = await cast.coach.post('/api/classes', classForm(cast.categoryId, { title: 'Edit Page Class' }));
    const read = (await cast.visitor.get(`/api/classes/${created.body.id}`)).body;
    const later = new Date(Date.parse(read.startTime) + 3_600_000).toISOString().replace('Z', '+00:00');
    const res = await cast.coach.put(`/api/classes/${read.id}`, {
      ...pick(read, EDIT_PAGE_FIELDS),
      title: 'Edit Page Class, Later',
      startTime: later,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'Edit Page Class, Later',
      startTime: '2027-03-07T18:00:00.000Z',
      endTime: '2027-03-07T19:00:00.000Z',
      address: read.address,
      addressLine1: read.addressLine1,
    });
  });

  test('the series scope is a query parameter: ?scope=following changes this session and the later ones', async () => {
    const series = await cast.coach.post(
      '/api/classes',
      classForm(cast.categoryId, {
        title: 'Scoped Series',
        recurrence: { type: 'weekly', daysOfWeek: [0], endType: 'count', endCount: 4 },
      }),
    );
    const sessions = (await cast.coach.get('/api/classes/managed')).body
      .filter((c: any) => c.parentClassId === series.body.id)
      .sort((a: any, b: any) => a.startTime.localeCompare(b.startTime));
    const third = (await cast.visitor.get(`/api/classes/${sessions[2].id}`)).body;
    const onlyThis = await cast.coach.request('PATCH', `/api/classes/${sessions[0].id}?scope=this`, { capacity: 11 });
    expect(onlyThis.body.updatedCount).toBe(1);
    const res = await cast.coach.put(`/api/classes/${third.id}?scope=following`, {
      ...pick(third, EDIT_PAGE_FIELDS),
      title: 'Scoped Series, Renamed',
    });
    expect(res.status).toBe(200);
    expect(res.body.updatedCount).toBe(2);
    const after = (await cast.coach.get('/api/classes/managed')).body
      .filter((c: any) => c.parentClassId === series.body.id)
      .sort((a: any, b: any) => a.startTime.localeCompare(b.startTime));
    expect(after.map((s: any) => [s.title, s.capacity])).toEqual([
      ['Scoped Series', 11],
      ['Scoped Series', 10],
      ['Scoped Series, Renamed', 10],
      ['Scoped Series, Renamed', 10],
    ]);
  });
});
