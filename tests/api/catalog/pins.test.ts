// GET /api/classes/pins: the browse map's markers for a view, clustered on the server (issue 9).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestServer, type TestServer } from '../../helpers/api';
import { addCategory, addClass, addCoach, DAY } from './fixtures';

let server: TestServer;
let yoga: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  server = await startTestServer();
  const ctx = server.ctx;
  yoga = await addCategory(ctx, 'Yoga');
  const coach = await addCoach(ctx, { firstName: 'Maya', lastName: 'Chen' });
  const later = (days: number) => new Date(ctx.clock.now().getTime() + days * DAY);
  // Three classes a few metres apart in Dolores Park, one at Ocean Beach, one without coordinates, one past.
  for (const [key, lat, lng] of [
    ['a', 37.7596, -122.4269],
    ['b', 37.7597, -122.427],
    ['c', 37.7595, -122.4268],
  ] as const) {
    ids[key] = await addClass(ctx, {
      coachId: coach,
      categoryId: yoga,
      title: `Dolores ${key}`,
      latitude: lat,
      longitude: lng,
      priceCents: 2000,
    });
  }
  ids.ocean = await addClass(ctx, {
    coachId: coach,
    title: 'Ocean Beach Run',
    latitude: 37.7537,
    longitude: -122.5083,
    priceCents: 1550,
    startTime: later(3),
  });
  ids.nowhere = await addClass(ctx, { coachId: coach, title: 'Somewhere', latitude: null, longitude: null });
  ids.past = await addClass(ctx, { coachId: coach, title: 'Long Ago', latitude: 37.76, longitude: -122.43, startTime: later(-5) });
});
afterAll(() => server.stop());

const get = (path: string) => server.client().get(path);

describe('GET /api/classes/pins', () => {
  test('at the default zoom, classes close together are one cluster and a lone class is a pin with id, coordinates, price and title', async () => {
    const res = await get('/api/classes/pins');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(4);
    expect(res.body.clusters).toEqual([{ lat: expect.closeTo(37.7596, 3), lng: expect.closeTo(-122.4269, 3), count: 3 }]);
    expect(res.body.pins).toEqual([{ id: ids.ocean, lat: 37.7537, lng: -122.5083, price: 15.5, title: 'Ocean Beach Run' }]);
  });

  test('zoomed in past the cluster zoom, every class is its own pin', async () => {
    const res = await get('/api/classes/pins?zoom=19');
    expect(res.body.clusters).toEqual([]);
    expect(res.body.pins.map((p: { title: string }) => p.title).sort()).toEqual(['Dolores a', 'Dolores b', 'Dolores c', 'Ocean Beach Run']);
  });

  test('only the classes inside the bounds, with the browse filters applied', async () => {
    const oceanOnly = await get('/api/classes/pins?bounds=37.70,-122.52,37.78,-122.48');
    expect(oceanOnly.body).toEqual({ total: 1, pins: [expect.objectContaining({ id: ids.ocean })], clusters: [] });
    const yogaOnly = await get(`/api/classes/pins?type=${yoga}&zoom=19`);
    expect(yogaOnly.body.total).toBe(3);
    expect((await get('/api/classes/pins?q=ocean,%20beach')).body.total).toBe(0);
    expect((await get('/api/classes/pins?q=ocean%20beach')).body.total).toBe(1);
  });

  test('malformed bounds or zoom are a 400 naming the field', async () => {
    for (const bounds of ['1,2', 'a,b,c,d', '95,0,96,1', '10,0,5,1']) {
      const res = await get(`/api/classes/pins?bounds=${bounds}`);
      expect(res.status).toBe(400);
      expect(res.body.errors.bounds).toEqual(['bounds must be south,west,north,east in degrees.']);
    }
    const res = await get('/api/classes/pins?zoom=30');
    expect(res.status).toBe(400);
    expect(res.body.errors.zoom).toEqual(['zoom must be a whole number from 0 to 22.']);
  });
});

describe('query values with commas or brackets stay text', () => {
  test('q and city may hold a comma', async () => {
    const res = await get('/api/classes?q=ocean,%20beach&city=Francisco,');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    expect((await get('/api/classes?q=[yoga]')).status).toBe(200);
  });
});

describe('the OpenAPI document', () => {
  test('describes every catalogue paging, sorting and map parameter', async () => {
    const doc = (await get('/api/docs/json')).body;
    const names = (path: string) =>
      Object.fromEntries(
        (doc.paths[path].get.parameters as { name: string; description?: string; schema?: { description?: string } }[]).map((p) => [
          p.name,
          p.description ?? p.schema?.description,
        ]),
      );
    expect(names('/api/classes')).toMatchObject({
      limit: expect.stringContaining('1 to 100'),
      offset: expect.any(String),
      sort: expect.stringContaining('relevance'),
      all: expect.stringContaining('200'),
      q: expect.stringContaining('coach'),
    });
    expect(names('/api/classes/pins')).toMatchObject({
      bounds: expect.stringContaining('south,west,north,east'),
      zoom: expect.any(String),
    });
    expect(names('/api/coaches/{id}/classes')).toMatchObject({ when: expect.stringContaining('upcoming') });
  });
});
