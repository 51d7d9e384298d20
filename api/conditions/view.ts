// A class's conditions as pages, the API and the weather call read them: the forecast hour of its start, the
// day's AQI, sunset when the class ends near it, and which of the coach's thresholds the forecast reaches. Only
// the database cache is read (cache.ts); the answer names the cache rows it read for the render cache's tags.
import type { Db } from '../../db/client';
import type { classes } from '../../db/schema';
import { pacificDay, pacificWallTimeToInstant } from '../../common/pacific';
import { sunsetOn } from '../../common/sun';
import type { DailyAqi, ForecastHour } from '../providers/weather/types';
import { aqiDaysOf, aqiKey, forecastPlace, gridOf, hoursOf, pointKey, readCacheRows, weatherKey, zip5 } from './cache';
import { type ClassConditions, policyOf, type WeatherPolicy } from './model';
import { FORECAST_DAYS } from './refresh';

type ClassRow = typeof classes.$inferSelect;
export type ConditionsClass = Pick<
  ClassRow,
  | 'startTime'
  | 'endTime'
  | 'duration'
  | 'latitude'
  | 'longitude'
  | 'meetingLatitude'
  | 'meetingLongitude'
  | 'zipCode'
  | 'ageGroup'
  | 'weatherPolicy'
>;

const HOUR = 3_600_000;

/** EPA's AQI categories with their official colours. */
export const AQI_CATEGORIES = [
  { max: 50, name: 'Good', color: '#00e400' },
  { max: 100, name: 'Moderate', color: '#ffff00' },
  { max: 150, name: 'Unhealthy for Sensitive Groups', color: '#ff7e00' },
  { max: 200, name: 'Unhealthy', color: '#ff0000' },
  { max: 300, name: 'Very Unhealthy', color: '#8f3f97' },
  { max: Infinity, name: 'Hazardous', color: '#7e0023' },
] as const;

export function aqiView(aqi: number) {
  const category = AQI_CATEGORIES.find((c) => aqi <= c.max)!;
  return { value: aqi, category: category.name, color: category.color };
}

/** The thresholds a forecast reaches over the class's hours, in words ("Chance of rain 80% (limit 70%)"). */
export function crossedThresholds(policy: WeatherPolicy, hours: ForecastHour[], aqi: number | null): string[] {
  const crossed: string[] = [];
  if (hours.length) {
    const rain = Math.max(...hours.map((h) => h.rainChance));
    const wind = Math.max(...hours.map((h) => h.windMph));
    const heat = Math.max(...hours.map((h) => h.temperatureF));
    if (policy.rainChance !== null && rain >= policy.rainChance) crossed.push(`Chance of rain ${rain}% (limit ${policy.rainChance}%)`);
    if (policy.windMph !== null && wind >= policy.windMph) crossed.push(`Wind ${wind} mph (limit ${policy.windMph} mph)`);
    if (policy.heatF !== null && heat >= policy.heatF) crossed.push(`Heat ${heat} °F (limit ${policy.heatF} °F)`);
  }
  if (policy.aqi !== null && aqi !== null && aqi >= policy.aqi) crossed.push(`AQI ${aqi} (limit ${policy.aqi})`);
  return crossed;
}

/** Sunset on the class's day when the class ends within an hour of it (or after it), else null. */
export function sunsetNear(start: Date, end: Date, place: { latitude: number; longitude: number } | null): Date | null {
  const sunset = sunsetOn(pacificWallTimeToInstant(pacificDay(start), '12:00'), place?.latitude, place?.longitude);
  return sunset && end.getTime() >= sunset.getTime() - HOUR ? sunset : null;
}

export interface ConditionsRead {
  conditions: ClassConditions;
  /** The cache rows read, as render-cache tags ('conditions:<key>'). */
  tags: string[];
  /** The forecast hours the class spans (the weather call checks all of them). */
  hours: ForecastHour[];
}

const empty = (
  source: ClassConditions['source'],
  status: ClassConditions['status'],
  extra: Partial<ClassConditions> = {},
): ClassConditions => ({
  status,
  source,
  sample: source === 'sample',
  hour: null,
  aqi: null,
  sunset: null,
  forecastFrom: null,
  fetchedAt: null,
  crossed: [],
  ...extra,
});

/** Reads a class's conditions from the cache. `sources` are the configured providers' kinds. */
export async function readClassConditions(
  db: Db,
  cls: ConditionsClass,
  now: Date,
  sources: { weather: 'nws' | 'sample' | 'off'; airQuality: 'airnow' | 'sample' | 'off' },
): Promise<ConditionsRead> {
  const source = sources.weather;
  if (!cls.startTime) return { conditions: empty(source, 'none'), tags: [], hours: [] };
  const start = cls.startTime;
  const end = cls.endTime ?? new Date(start.getTime() + cls.duration * 60_000);
  const place = forecastPlace(cls);
  const sunset = sunsetNear(start, end, place)?.toISOString() ?? null;
  if (end.getTime() <= now.getTime() || source === 'off' || !place)
    return { conditions: empty(source, 'none', { sunset }), tags: [], hours: [] };
  if (start.getTime() - now.getTime() > FORECAST_DAYS * 24 * HOUR) {
    const forecastFrom = pacificDay(new Date(start.getTime() - FORECAST_DAYS * 24 * HOUR));
    return { conditions: empty(source, 'later', { sunset, forecastFrom }), tags: [], hours: [] };
  }
  const point = pointKey(source, place.latitude, place.longitude);
  const zip = zip5(cls.zipCode);
  const aqiRowKey = zip && sources.airQuality !== 'off' ? aqiKey(sources.airQuality, zip) : null;
  const first = await readCacheRows(db, [point, ...(aqiRowKey ? [aqiRowKey] : [])]);
  const grid = gridOf(first.get(point));
  const forecastKey = grid ? weatherKey(grid.grid) : null;
  const forecastRow = forecastKey ? (await readCacheRows(db, [forecastKey])).get(forecastKey) : undefined;
  const tags = [point, ...(forecastKey ? [forecastKey] : []), ...(aqiRowKey ? [aqiRowKey] : [])].map((key) => `conditions:${key}`);
  const all = hoursOf(forecastRow) ?? [];
  const spanned = all.filter((h) => {
    const from = new Date(h.startTime).getTime();
    return from + HOUR > start.getTime() && from < end.getTime();
  });
  const day: DailyAqi | undefined = aqiRowKey ? aqiDaysOf(first.get(aqiRowKey))?.find((d) => d.date === pacificDay(start)) : undefined;
  const aqi = day ? aqiView(day.aqi) : null;
  const hour = spanned[0];
  const conditions = empty(source, hour ? 'forecast' : 'pending', {
    sunset,
    aqi,
    fetchedAt: forecastRow?.fetchedAt != null ? new Date(forecastRow.fetchedAt).toISOString() : null,
    hour: hour
      ? {
          time: hour.startTime,
          temperatureF: hour.temperatureF,
          sky: hour.sky,
          summary: hour.summary,
          rainChance: hour.rainChance,
          windMph: hour.windMph,
        }
      : null,
    crossed: crossedThresholds(policyOf(cls), spanned, day?.aqi ?? null),
  });
  return { conditions, tags, hours: spanned };
}
