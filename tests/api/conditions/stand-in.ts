// A local stand-in for api.weather.gov and AirNow, answering their documented JSON shapes, so the real NWS and
// AirNow clients are tested over HTTP with no network: /points/{lat},{lon} (GeoJSON with gridId, gridX, gridY and
// forecastHourly), /gridpoints/{office}/{x},{y}/forecast/hourly (properties.periods), AirNow's
// /aq/forecast/zipCode/ rows, problem+json errors, and a 503 with Retry-After when told to fail.

import { testNow } from '../../helpers/today';

export interface StandIn {
  url: string;
  /** Requests seen, as "METHOD path?query" with the User-Agent. */
  requests: { path: string; userAgent: string | null }[];
  /** What the next requests answer: normal, a 503 with Retry-After, or a 429. */
  mode: 'ok' | 'unavailable' | 'rate-limited';
  /** The temperature the hourly forecast reports (°F), to see a refresh land. */
  temperature: number;
  stop(): void;
}

export function startStandIn(): StandIn {
  const state: StandIn = { url: '', requests: [], mode: 'ok', temperature: 54, stop: () => server.stop(true) };
  const problem = (status: number, title: string, detail: string, headers: Record<string, string> = {}) =>
    Response.json(
      {
        correlationId: 'abc',
        title,
        type: 'https://api.weather.gov/problems/Error',
        status,
        detail,
        instance: 'https://api.weather.gov/requests/abc',
      },
      { status, headers: { 'content-type': 'application/problem+json', ...headers } },
    );
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch(request) {
      const url = new URL(request.url);
      state.requests.push({ path: url.pathname + url.search, userAgent: request.headers.get('user-agent') });
      if (state.mode === 'unavailable')
        return problem(503, 'Service Unavailable', 'The service is temporarily unavailable', { 'retry-after': '600' });
      if (state.mode === 'rate-limited') return problem(429, 'Too Many Requests', 'Rate limit exceeded', { 'retry-after': '120' });
      const point = url.pathname.match(/^\/points\/(-?[\d.]+),(-?[\d.]+)$/);
      if (point) {
        if (Number(point[1]) > 50)
          return problem(404, 'Data Unavailable For Requested Point', 'Unable to provide data for requested point 60,-122');
        return Response.json(
          {
            '@context': [],
            id: `https://api.weather.gov/points/${point[1]},${point[2]}`,
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [Number(point[2]), Number(point[1])] },
            properties: {
              gridId: 'MTR',
              gridX: 85,
              gridY: 105,
              forecast: 'https://api.weather.gov/gridpoints/MTR/85,105/forecast',
              forecastHourly: 'https://api.weather.gov/gridpoints/MTR/85,105/forecast/hourly',
              timeZone: 'America/Los_Angeles',
            },
          },
          { headers: { 'content-type': 'application/geo+json' } },
        );
      }
      if (url.pathname === '/gridpoints/MTR/85,105/forecast/hourly') {
        const first = Math.floor(testNow() / 3_600_000) * 3_600_000 - 3_600_000;
        // A week of hours starting before "now", as NWS does; the test's clock may be anywhere in it.
        const periods = Array.from({ length: 24 * 8 }, (_, i) => ({
          number: i + 1,
          name: '',
          startTime: new Date(first + i * 3_600_000).toISOString().replace('.000Z', '+00:00'),
          endTime: new Date(first + (i + 1) * 3_600_000).toISOString().replace('.000Z', '+00:00'),
          isDaytime: true,
          temperature: state.temperature,
          temperatureUnit: 'F',
          temperatureTrend: '',
          probabilityOfPrecipitation: { unitCode: 'wmoUnit:percent', value: 80 },
          dewpoint: { unitCode: 'wmoUnit:degC', value: 10 },
          relativeHumidity: { unitCode: 'wmoUnit:percent', value: 90 },
          windSpeed: '10 to 20 mph',
          windDirection: 'W',
          icon: 'https://api.weather.gov/icons/land/day/rain,80?size=small',
          shortForecast: 'Rain Likely',
          detailedForecast: '',
        }));
        return Response.json(
          { type: 'Feature', properties: { units: 'us', generatedAt: new Date(testNow()).toISOString(), periods } },
          { headers: { 'content-type': 'application/geo+json' } },
        );
      }
      if (url.pathname === '/aq/forecast/zipCode/') {
        if (url.searchParams.get('API_KEY') !== 'test-key')
          return Response.json({ WebServiceError: [{ Message: 'Invalid API key' }] }, { status: 401 });
        const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date(testNow()));
        const rows = [
          {
            DateIssue: `${today} `,
            DateForecast: `${today} `,
            ReportingArea: 'San Francisco',
            StateCode: 'CA',
            Latitude: 37.75,
            Longitude: -122.43,
            ParameterName: 'O3',
            AQI: 38,
            Category: { Number: 1, Name: 'Good' },
            ActionDay: false,
            Discussion: '',
          },
          {
            DateIssue: `${today} `,
            DateForecast: `${today} `,
            ReportingArea: 'San Francisco',
            StateCode: 'CA',
            Latitude: 37.75,
            Longitude: -122.43,
            ParameterName: 'PM2.5',
            AQI: 162,
            Category: { Number: 4, Name: 'Unhealthy' },
            ActionDay: true,
            Discussion: 'Smoke',
          },
          {
            DateIssue: `${today} `,
            DateForecast: '2099-01-02 ',
            ReportingArea: 'San Francisco',
            StateCode: 'CA',
            Latitude: 37.75,
            Longitude: -122.43,
            ParameterName: 'PM2.5',
            AQI: -1,
            Category: { Number: 2, Name: 'Moderate' },
            ActionDay: false,
            Discussion: '',
          },
        ];
        return Response.json(rows);
      }
      return problem(404, 'Not Found', `No route for ${url.pathname}`);
    },
  });
  state.url = `http://127.0.0.1:${server.port}`;
  return state;
}
