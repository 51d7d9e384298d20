// The browse sorts of GET /api/classes (issue 22): nearest to a shared location (each class's distance measured
// in SQL, "0.8 mi" on the cards), price and the coach's rating, ties by start time; and distances on any
// sort once a location is known. Classes are made for the test through the API, so it holds on any day.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { browseClassIds } from '../../../api/catalog/browse-query';
import { startTestServer, type TestClient, type TestServer } from '../../helpers/api';

let server: TestServer;
let coach: TestClient;
/** Ocean Beach, where the visitor stands. */
const HERE = { lat: 37.7594, lng: -122.5107 };

/** Great-circle miles, the reference the SQL flat-earth distance is checked against. */
function haversineMiles(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.sqrt(h));
}

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  coach = server.client();
  expect((await coach.post('/api/login', { email: 'coach@fogline.test', password: 'demo-password' })).status).toBe(200);
});
afterAll(() => server.stop());

interface Listed {
  id: number;
  title: string;
  price: number;
  latitude: number | null;
  longitude: number | null;
  startTime: string;
  distanceMiles?: number | null;
  coach: { rating: number | null } | null;
}

async function list(query: string): Promise<Listed[]> {
  const res = await server.client().get<Listed[]>(`/api/classes?${query}`);
  expect(res.status).toBe(200);
  return res.body;
}

describe('sorting the browse list', () => {
  test('nearest: closest to lat/lng first, each class with its distance in miles, classes without coordinates last', async () => {
    // Three classes of a word nobody else uses, at known places: 0.0, about 0.8 and about 3 miles away.
    const start = new Date(server.clock.now().getTime() + 5 * 86_400_000).toISOString();
    const places = [
      { title: 'Zephyrine far', latitude: 37.8024, longitude: -122.4058 },
      { title: 'Zephyrine here', latitude: HERE.lat, longitude: HERE.lng },
      { title: 'Zephyrine near', latitude: 37.7594, longitude: -122.496 },
      { title: 'Zephyrine nowhere', latitude: null, longitude: null },
    ];
    for (const place of places) {
      const res = await coach.post('/api/classes', {
        title: place.title,
        description: 'A class to measure distances by.',
        price: 20,
        capacity: 10,
        categoryId: 1,
        startTime: start,
        duration: 60,
        location: 'Somewhere',
        address: '1 Great Hwy, San Francisco, CA 94121',
        ...(place.latitude === null ? {} : { latitude: place.latitude, longitude: place.longitude }),
      });
      expect(res.status).toBe(201);
    }
    const nearest = await list(`q=zephyrine&lat=${HERE.lat}&lng=${HERE.lng}&sort=nearest`);
    expect(nearest.map((c) => c.title)).toEqual(['Zephyrine here', 'Zephyrine near', 'Zephyrine far', 'Zephyrine nowhere']);
    expect(nearest.map((c) => c.distanceMiles)).toEqual([0, expect.any(Number), expect.any(Number), null]);
    for (const c of nearest.slice(1, 3))
      expect(Math.abs(c.distanceMiles! - haversineMiles(HERE, { lat: c.latitude!, lng: c.longitude! }))).toBeLessThan(0.1);
    expect(nearest[1]!.distanceMiles).toBeCloseTo(0.8, 1);
    // Soonest (the default) keeps its order but still says how far each class is; without a location, no distance.
    expect((await list(`q=zephyrine&lat=${HERE.lat}&lng=${HERE.lng}`)).every((c) => c.distanceMiles !== undefined)).toBe(true);
    expect((await list('q=zephyrine&sort=nearest')).every((c) => c.distanceMiles === undefined)).toBe(true);
  });

  test('nearest over every class: distances never decrease down the pages', async () => {
    const first = await list(`lat=${HERE.lat}&lng=${HERE.lng}&sort=nearest&limit=50`);
    const second = await list(`lat=${HERE.lat}&lng=${HERE.lng}&sort=nearest&limit=50&offset=50`);
    const miles = [...first, ...second].map((c) => c.distanceMiles).filter((d): d is number => d !== null && d !== undefined);
    expect(miles.length).toBeGreaterThan(20);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
  });

  test('nearest pages read from a circle around the visitor are slices of the whole list measured class by class', async () => {
    const now = server.clock.now();
    for (const [lat, lng] of [
      [37.7694, -122.4862],
      [37.8024, -122.4058],
      [37.7, -122.3],
    ]) {
      for (const extra of [{}, { ageGroup: 'Kids' }, { q: 'yoga' }]) {
        const filters = { ...extra, lat: String(lat), lng: String(lng) };
        // A page bigger than every match: no circle holds it, so every class is measured.
        const whole = await browseClassIds(server.ctx.db, now, { filters, sort: 'nearest', limit: 100_000, offset: 0 });
        for (const [offset, limit] of [
          [0, 5],
          [0, 24],
          [7, 10],
          [30, 24],
        ] as [number, number][]) {
          const page = await browseClassIds(server.ctx.db, now, { filters, sort: 'nearest', limit, offset });
          expect({ filters, offset, ids: page.ids, total: page.total }).toEqual({
            filters,
            offset,
            ids: whole.ids.slice(offset, offset + limit),
            total: whole.total,
          });
          expect([...page.miles!.values()]).toEqual(page.ids.filter((id) => whole.miles!.has(id)).map((id) => whole.miles!.get(id)!));
        }
      }
    }
  });

  test('price: cheapest first; rating: the best-rated coaches first, unrated last', async () => {
    const byPrice = await list('sort=price&limit=100');
    expect(byPrice.map((c) => c.price)).toEqual([...byPrice.map((c) => c.price)].sort((a, b) => a - b));
    const byRating = await list('sort=rating&limit=100');
    const ratings = byRating.map((c) => c.coach?.rating ?? -1);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  });

  test('an unknown sort is a 400 naming the choices', async () => {
    const res = await server.client().get('/api/classes?sort=closest');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('sort must be start, relevance, nearest, price or rating.');
  });
});
