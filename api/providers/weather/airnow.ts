// AirNow's AQI forecast by ZIP code (AIR_QUALITY=airnow with AIRNOW_API_KEY): GET
// /aq/forecast/zipCode/?format=application/json&zipCode=94129&distance=25&API_KEY=... answers one row per day and
// pollutant ({DateForecast, ParameterName, AQI, Category: {Number, Name}}); a day's AQI is its worst pollutant.
// AQI -1 means the agency gave only a category: the category's top value stands in.
import { aqiCategory } from './sample';
import { type AirQualityProvider, ConditionsFetchError, type DailyAqi } from './types';

interface AirNowRow {
  DateForecast: string;
  ParameterName: string;
  AQI: number;
  Category?: { Number: number; Name: string };
}

const CATEGORY_TOP = [0, 50, 100, 150, 200, 300, 500];

export function dailyAqiFromAirNow(rows: AirNowRow[]): DailyAqi[] {
  const byDate = new Map<string, DailyAqi>();
  for (const row of rows) {
    const date = row.DateForecast.trim().slice(0, 10);
    const aqi = row.AQI >= 0 ? row.AQI : (CATEGORY_TOP[row.Category?.Number ?? 0] ?? -1);
    if (aqi < 0) continue;
    const seen = byDate.get(date);
    if (!seen || aqi > seen.aqi)
      byDate.set(date, { date, aqi, category: row.Category?.Number ?? aqiCategory(aqi), parameter: row.ParameterName });
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}

export function createAirNow(options: { baseUrl: string; apiKey: string; fetcher?: typeof fetch }): AirQualityProvider {
  const fetcher = options.fetcher ?? fetch;
  return {
    kind: 'airnow',
    async forecastByZip(zip) {
      const url = new URL(`${options.baseUrl.replace(/\/$/, '')}/aq/forecast/zipCode/`);
      for (const [k, v] of Object.entries({ format: 'application/json', zipCode: zip, distance: '25', API_KEY: options.apiKey }))
        url.searchParams.set(k, v);
      let response: Response;
      try {
        response = await fetcher(url, { signal: AbortSignal.timeout(10_000) });
      } catch (error) {
        throw new ConditionsFetchError(`AirNow unreachable: ${(error as Error).message}`);
      }
      if (!response.ok) {
        const retry = Number(response.headers.get('retry-after'));
        throw new ConditionsFetchError(`AirNow ${response.status}`, Number.isFinite(retry) && retry > 0 ? retry * 1000 : null);
      }
      const rows = (await response.json().catch(() => null)) as AirNowRow[] | { WebServiceError?: unknown } | null;
      if (!Array.isArray(rows)) throw new ConditionsFetchError('AirNow answered without a forecast list');
      return dailyAqiFromAirNow(rows);
    },
  };
}
