// The forecast cache: the background job (claimed once across processes) fetches for the classes of the next
// 7 days, the API reads only the cache, an hour later it refreshes, and NWS failures back off keeping the last
// forecast with its age. Runs the real NWS and AirNow clients against the local stand-in.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { refreshConditions, REFRESH_CONDITIONS_EVERY_MS } from '../../../api/conditions/refresh';
import { env } from '../../../api/env';
import { runIfDue } from '../../../api/lib/jobs';
import { startTestServer, type TestServer } from '../../helpers/api';
import { classForm, makeCast, type Cast } from '../classes/helpers';
import { type StandIn, startStandIn } from './stand-in';
import { testNow } from '../../helpers/today';

const CRISSY = { latitude: 37.8039, longitude: -122.4648 };
let standIn: StandIn;
let nws: TestServer;
let nwsCast: Cast;
let sample: TestServer;
let sampleCast: Cast;

beforeAll(async () => {
  standIn = startStandIn();
  nws = await startTestServer({
    env: {
      conditions: {
        ...env.conditions,
        weather: 'nws',
        airQuality: 'airnow',
        airNowKey: 'test-key',
        nwsBaseUrl: standIn.url,
        airNowBaseUrl: standIn.url,
      },
    },
  });
  nwsCast = await makeCast(nws);
  sample = await startTestServer();
  sampleCast = await makeCast(sample);
});
afterAll(async () => {
  standIn.stop();
  await nws.stop();
  await sample.stop();
});

/** A class starting `hours` from the server's clock at Crissy Field (ZIP 94129). */
async function classIn(server: TestServer, cast: Cast, hours: number, extra: Record<string, unknown> = {}) {
  const start = new Date(server.clock.now().getTime() + hours * 3_600_000);
  start.setUTCMinutes(0, 0, 0);
  const created = await cast.coach.post(
    '/api/classes',
    classForm(cast.categoryId, { startTime: start.toISOString(), ...CRISSY, ...extra }),
  );
  expect(created.status).toBe(201);
  return created.body as { id: number };
}

test('WEATHER=sample (tests, development, the demo) is the default: the job caches a sample forecast and AQI the class page reads', async () => {
  expect(sample.ctx.weather.kind).toBe('sample');
  expect(sample.ctx.airQuality.kind).toBe('sample');
  const cls = await classIn(sample, sampleCast, 30);
  const before = await sample.client().get(`/api/classes/${cls.id}/conditions`);
  // Never fetched on the request: nothing until the job has run.
  expect(before.body.conditions).toMatchObject({ status: 'pending', sample: true, hour: null });
  await refreshConditions(sample.ctx);
  const after = await sample.client().get(`/api/classes/${cls.id}/conditions`);
  expect(after.status).toBe(200);
  const { conditions } = after.body;
  expect(conditions).toMatchObject({ status: 'forecast', source: 'sample', sample: true });
  expect(conditions.hour.time).toBe(new Date(Date.parse(conditions.hour.time)).toISOString());
  expect(typeof conditions.hour.temperatureF).toBe('number');
  expect(conditions.aqi).toMatchObject({ category: expect.any(String), color: expect.stringMatching(/^#[0-9a-f]{6}$/) });
  expect(Date.parse(conditions.fetchedAt)).toBe(sample.clock.now().getTime());
  // The same answer for several classes at once (My Bookings).
  const many = await sample.client().get(`/api/conditions?classIds=${cls.id},999999`);
  expect(many.body).toEqual([{ classId: cls.id, conditions, watch: null }]);
});

test('further than 7 days out the class says from which day its forecast shows', async () => {
  const cls = await classIn(sample, sampleCast, 24 * 9);
  await refreshConditions(sample.ctx);
  const { body } = await sample.client().get(`/api/classes/${cls.id}/conditions`);
  expect(body.conditions.status).toBe('later');
  const start = Date.parse((await sample.client().get(`/api/classes/${cls.id}`)).body.startTime);
  expect(body.conditions.forecastFrom).toBe(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date(start - 7 * 86_400_000)),
  );
});

test('sunset shows for a class that ends within an hour of it, not for a morning class', async () => {
  // 4:00-5:00 PM Pacific on a day 2 days on: sunset in San Francisco is between 4:50 and 8:40 PM all year.
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(
    new Date(sample.clock.now().getTime() + 2 * 86_400_000),
  );
  const { pacificWallTimeToInstant } = await import('../../../common/pacific');
  const { sunsetOn } = await import('../../../common/sun');
  const sunset = sunsetOn(pacificWallTimeToInstant(day, '12:00'))!;
  const evening = await sampleCast.coach.post(
    '/api/classes',
    classForm(sampleCast.categoryId, { startTime: new Date(sunset.getTime() - 90 * 60_000).toISOString(), ...CRISSY }),
  );
  const morning = await sampleCast.coach.post(
    '/api/classes',
    classForm(sampleCast.categoryId, { startTime: pacificWallTimeToInstant(day, '08:00').toISOString(), ...CRISSY }),
  );
  const read = async (id: number) => (await sample.client().get(`/api/classes/${id}/conditions`)).body.conditions;
  expect(Math.abs(Date.parse((await read(evening.body.id)).sunset) - sunset.getTime())).toBeLessThan(60_000);
  expect((await read(morning.body.id)).sunset).toBeNull();
});

test('WEATHER=nws: the real clients fill the cache from the stand-in once an hour; a 503 backs off and keeps the last forecast with its age', async () => {
  const cls = await classIn(nws, nwsCast, 26);
  standIn.mode = 'ok';
  standIn.temperature = 54;
  const first = await refreshConditions(nws.ctx);
  expect(first).toEqual({ fetched: 3, failed: 0 }); // the point's grid, its hourly forecast, the ZIP's AQI
  const read = async () => (await nws.client().get(`/api/classes/${cls.id}/conditions`)).body.conditions;
  const fetchedAt = nws.clock.now().toISOString();
  expect(await read()).toMatchObject({
    status: 'forecast',
    source: 'nws',
    sample: false,
    fetchedAt,
    hour: { temperatureF: 54, sky: 'rain', rainChance: 80, windMph: 20 },
  });
  expect(standIn.requests.filter((r) => !r.path.startsWith('/aq/')).every((r) => r.userAgent?.startsWith('Fogline ('))).toBe(true);
  // Within the hour nothing is fetched again.
  standIn.requests.length = 0;
  nws.clock.advance(30 * 60_000);
  expect(await refreshConditions(nws.ctx)).toEqual({ fetched: 0, failed: 0 });
  expect(standIn.requests).toEqual([]);
  // An hour on NWS is down: the job backs off, the class keeps the last forecast and its time.
  nws.clock.advance(31 * 60_000);
  standIn.mode = 'unavailable';
  expect(await refreshConditions(nws.ctx)).toEqual({ fetched: 0, failed: 2 });
  expect(await read()).toMatchObject({ status: 'forecast', fetchedAt, hour: { temperatureF: 54 } });
  // Retry-After (10 minutes) is honoured: nothing asked before it.
  standIn.requests.length = 0;
  standIn.mode = 'ok';
  standIn.temperature = 61;
  nws.clock.advance(5 * 60_000);
  expect(await refreshConditions(nws.ctx)).toEqual({ fetched: 0, failed: 0 });
  expect(standIn.requests).toEqual([]);
  nws.clock.advance(6 * 60_000);
  expect(await refreshConditions(nws.ctx)).toEqual({ fetched: 2, failed: 0 });
  expect(await read()).toMatchObject({ fetchedAt: nws.clock.now().toISOString(), hour: { temperatureF: 61 } });
  // The AQI of the day (the worst pollutant) with its EPA category and colour.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(
    new Date(Date.parse((await nws.client().get(`/api/classes/${cls.id}`)).body.startTime)),
  );
  const now = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date(testNow()));
  if (today === now) expect((await read()).aqi).toEqual({ value: 162, category: 'Unhealthy', color: '#ff0000' });
});

test('the refresh job runs once per period however many processes tick it at the same moment', async () => {
  const spec = { name: 'refresh-conditions', everyMs: REFRESH_CONDITIONS_EVERY_MS, run: refreshConditions };
  const ran = await Promise.all([runIfDue(sample.ctx, spec), runIfDue(sample.ctx, spec), runIfDue(sample.ctx, spec)]);
  expect(ran.filter(Boolean)).toHaveLength(1);
});
