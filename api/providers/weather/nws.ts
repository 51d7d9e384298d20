// The National Weather Service API (WEATHER=nws, the production default; no key, a User-Agent required):
// GET /points/{lat},{lon} names the grid and its forecastHourly URL; that URL answers GeoJSON whose
// properties.periods are the hours to come. Errors come as application/problem+json; 429 and 5xx are retried
// later by the refresh job (ConditionsFetchError.retryAfterMs from Retry-After).
import { type ForecastGrid, type ForecastHour, type Sky, ConditionsFetchError, type WeatherProvider } from './types';

interface NwsPoint {
  properties?: { gridId?: string; gridX?: number; gridY?: number; forecastHourly?: string };
}
interface NwsPeriod {
  startTime: string;
  temperature: number;
  temperatureUnit?: string;
  probabilityOfPrecipitation?: { value: number | null } | null;
  windSpeed?: string;
  shortForecast?: string;
}
interface NwsForecast {
  properties?: { periods?: NwsPeriod[] };
}

/** "10 mph", "10 to 20 mph", "15 km/h": the highest number, in mph. */
export function windMphOf(text: string | undefined): number {
  const numbers = (text ?? '').match(/\d+(\.\d+)?/g)?.map(Number) ?? [0];
  const top = Math.max(...numbers);
  return Math.round(/km/i.test(text ?? '') ? top / 1.609 : top);
}

/** NWS's shortForecast words as one of our skies. */
export function skyOf(shortForecast: string): Sky {
  const text = shortForecast.toLowerCase();
  if (text.includes('thunder')) return 'thunderstorms';
  if (text.includes('drizzle') || /(chance|slight chance) (light )?(rain|showers)/.test(text)) return 'drizzle';
  if (text.includes('rain') || text.includes('showers')) return 'rain';
  if (text.includes('fog') || text.includes('haze') || text.includes('smoke')) return 'fog';
  if (text.includes('partly') || text.includes('mostly sunny') || text.includes('mostly clear')) return 'partly cloudy';
  if (text.includes('cloudy') || text.includes('overcast')) return 'cloudy';
  return 'clear';
}

export function hourFromNws(period: NwsPeriod): ForecastHour {
  const celsius = period.temperatureUnit === 'C';
  const summary = period.shortForecast ?? '';
  return {
    startTime: new Date(period.startTime).toISOString(),
    temperatureF: Math.round(celsius ? period.temperature * 1.8 + 32 : period.temperature),
    sky: skyOf(summary),
    summary,
    rainChance: Math.round(period.probabilityOfPrecipitation?.value ?? 0),
    windMph: windMphOf(period.windSpeed),
  };
}

function retryAfterMs(response: Response): number | null {
  const header = response.headers.get('retry-after');
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

export function createNwsWeather(options: { baseUrl: string; userAgent: string; fetcher?: typeof fetch }): WeatherProvider {
  const fetcher = options.fetcher ?? fetch;
  const base = options.baseUrl.replace(/\/$/, '');
  async function getJson<T>(url: string): Promise<T> {
    let response: Response;
    try {
      response = await fetcher(url, {
        headers: { 'user-agent': options.userAgent, accept: 'application/geo+json' },
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      throw new ConditionsFetchError(`NWS unreachable: ${(error as Error).message}`);
    }
    if (!response.ok) {
      // problem+json: {title, detail, status}; keep its words for the job's last_error.
      const problem = (await response.json().catch(() => null)) as { title?: string; detail?: string } | null;
      throw new ConditionsFetchError(
        `NWS ${response.status}: ${problem?.detail ?? problem?.title ?? response.statusText}`,
        retryAfterMs(response),
      );
    }
    return (await response.json()) as T;
  }
  return {
    kind: 'nws',
    async locate(latitude, longitude): Promise<ForecastGrid> {
      // NWS asks for at most 4 decimals; 2 (about 1 km) already sits inside one 2.5 km grid cell.
      const point = await getJson<NwsPoint>(`${base}/points/${latitude.toFixed(4)},${longitude.toFixed(4)}`);
      const p = point.properties;
      if (!p?.gridId || p.gridX === undefined || p.gridY === undefined || !p.forecastHourly)
        throw new ConditionsFetchError('NWS points answer without a grid');
      return { grid: `${p.gridId}/${p.gridX},${p.gridY}`, hourlyUrl: p.forecastHourly };
    },
    async hourly(grid) {
      const url = grid.hourlyUrl ?? `${base}/gridpoints/${grid.grid}/forecast/hourly`;
      // forecastHourly is an absolute api.weather.gov URL: keep its path under our (possibly overridden) base.
      const target = url.startsWith(base) ? url : `${base}${new URL(url).pathname}`;
      const forecast = await getJson<NwsForecast>(target);
      const periods = forecast.properties?.periods;
      if (!Array.isArray(periods)) throw new ConditionsFetchError('NWS forecast answer without periods');
      return periods.map(hourFromNws);
    },
  };
}
