// The real NWS and AirNow clients against a local stand-in answering their documented shapes (points,
// forecastHourly, AirNow's rows, problem+json errors, a 503 and a 429 with Retry-After); the sample provider's
// determinism.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { createAirNow } from '../../../api/providers/weather/airnow';
import { createNwsWeather, skyOf, windMphOf } from '../../../api/providers/weather/nws';
import { createSampleWeather, sampleHour } from '../../../api/providers/weather/sample';
import { ConditionsFetchError } from '../../../api/providers/weather/types';
import { type StandIn, startStandIn } from './stand-in';
import { testNow } from '../../helpers/today';

let standIn: StandIn;
beforeAll(() => {
  standIn = startStandIn();
});
afterAll(() => standIn.stop());

test('the NWS client finds the grid from /points, reads forecastHourly under its base URL and names itself in the User-Agent', async () => {
  standIn.mode = 'ok';
  const nws = createNwsWeather({ baseUrl: standIn.url, userAgent: 'Fogline (http://localhost, hello@fogline.test)' });
  const grid = await nws.locate(37.80393, -122.46477);
  expect(grid).toEqual({ grid: 'MTR/85,105', hourlyUrl: 'https://api.weather.gov/gridpoints/MTR/85,105/forecast/hourly' });
  expect(standIn.requests.at(-1)).toEqual({
    path: '/points/37.8039,-122.4648',
    userAgent: 'Fogline (http://localhost, hello@fogline.test)',
  });
  const hours = await nws.hourly(grid);
  expect(hours.length).toBe(24 * 8);
  expect(hours[0]).toMatchObject({ temperatureF: 54, sky: 'rain', summary: 'Rain Likely', rainChance: 80, windMph: 20 });
  expect(new Date(hours[0]!.startTime).toISOString()).toBe(hours[0]!.startTime);
  expect(standIn.requests.at(-1)!.path).toBe('/gridpoints/MTR/85,105/forecast/hourly');
});

test('NWS errors: a problem+json 404 carries its detail; a 503 and a 429 carry their Retry-After for the backoff', async () => {
  const nws = createNwsWeather({ baseUrl: standIn.url, userAgent: 'Fogline test' });
  standIn.mode = 'ok';
  const notFound = await nws.locate(60, -122).catch((e) => e);
  expect(notFound).toBeInstanceOf(ConditionsFetchError);
  expect(notFound.message).toBe('NWS 404: Unable to provide data for requested point 60,-122');
  standIn.mode = 'unavailable';
  const unavailable = await nws.hourly({ grid: 'MTR/85,105', hourlyUrl: null }).catch((e) => e);
  expect(unavailable.message).toBe('NWS 503: The service is temporarily unavailable');
  expect(unavailable.retryAfterMs).toBe(600_000);
  standIn.mode = 'rate-limited';
  const limited = await nws.locate(37.8, -122.4).catch((e) => e);
  expect(limited.retryAfterMs).toBe(120_000);
  standIn.mode = 'ok';
  const unreachable = await createNwsWeather({ baseUrl: 'http://127.0.0.1:9', userAgent: 'x' })
    .locate(37.8, -122.4)
    .catch((e) => e);
  expect(unreachable).toBeInstanceOf(ConditionsFetchError);
});

test("the AirNow client reads a day's worst pollutant per date, a category-only row as its category's top, and refuses a bad key", async () => {
  standIn.mode = 'ok';
  const airnow = createAirNow({ baseUrl: standIn.url, apiKey: 'test-key' });
  const days = await airnow.forecastByZip('94129');
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date(testNow()));
  expect(days).toEqual([
    { date: today, aqi: 162, category: 4, parameter: 'PM2.5' },
    { date: '2099-01-02', aqi: 100, category: 2, parameter: 'PM2.5' },
  ]);
  const request = standIn.requests.at(-1)!.path;
  expect(request).toContain('/aq/forecast/zipCode/?format=application%2Fjson&zipCode=94129&distance=25&API_KEY=test-key');
  const refused = await createAirNow({ baseUrl: standIn.url, apiKey: 'wrong' })
    .forecastByZip('94129')
    .catch((e) => e);
  expect(refused).toBeInstanceOf(ConditionsFetchError);
  expect(refused.message).toBe('AirNow 401');
  standIn.mode = 'unavailable';
  expect((await airnow.forecastByZip('94129').catch((e) => e)).message).toBe('AirNow 503');
  standIn.mode = 'ok';
});

test('NWS words become our skies and wind texts mph', () => {
  expect(skyOf('Patchy Fog')).toBe('fog');
  expect(skyOf('Chance Light Rain')).toBe('drizzle');
  expect(skyOf('Rain Showers Likely')).toBe('rain');
  expect(skyOf('Mostly Sunny')).toBe('partly cloudy');
  expect(skyOf('Sunny')).toBe('clear');
  expect(windMphOf('5 to 15 mph')).toBe(15);
  expect(windMphOf('16 km/h')).toBe(10);
});

test('the sample forecast is the same for a place and hour whenever it is asked, and differs between places', async () => {
  const hour = Date.parse('2027-03-07T17:00:00Z');
  expect(sampleHour('sample/37.80,-122.46', hour)).toEqual(sampleHour('sample/37.80,-122.46', hour));
  const a = createSampleWeather(() => new Date('2027-03-07T10:20:00Z'));
  const b = createSampleWeather(() => new Date('2027-03-07T10:50:00Z'));
  const grid = await a.locate(37.8039, -122.4648);
  expect(grid.grid).toBe('sample/37.80,-122.46');
  expect((await a.hourly(grid)).slice(0, 30)).toEqual((await b.hourly(grid)).slice(0, 30));
  const days = Array.from({ length: 40 }, (_, i) => sampleHour('sample/37.80,-122.46', hour + i * 86_400_000));
  const elsewhere = Array.from({ length: 40 }, (_, i) => sampleHour('sample/37.76,-122.42', hour + i * 86_400_000));
  expect(days).not.toEqual(elsewhere);
  // San Francisco weather: every kind of sky shows up over weeks, temperatures stay plausible.
  expect(new Set(days.map((d) => d.sky)).size).toBeGreaterThan(2);
  expect(days.every((d) => d.temperatureF >= 45 && d.temperatureF <= 80 && d.rainChance >= 0 && d.rainChance <= 100)).toBe(true);
});
