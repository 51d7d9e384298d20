// The background job that fetches forecasts (api/background.ts: claimed once across processes through its
// lease): for every class in the next 7 days with a place, its point's grid (kept a week), the grid's hourly
// forecast (kept an hour) and its ZIP's AQI forecast (kept an hour). Failures and rate limits back off per key
// and leave the last forecast in place (cache.ts storeFailure). Never called on a request's path.
import { and, gt, isNotNull, isNull, lte } from 'drizzle-orm';
import { classes } from '../../db/schema';
import type { AppContext } from '../context';
import { ConditionsFetchError } from '../providers/weather/types';
import { aqiKey, forecastPlace, pointKey, readCacheRow, storeFailure, storeFetched, weatherKey, zip5 } from './cache';

/** Every minute: a new class gets its forecast within a minute, while each key is fetched at most hourly. */
export const REFRESH_CONDITIONS_EVERY_MS = 60_000;
export const FORECAST_DAYS = 7;
export const FORECAST_TTL_MS = 60 * 60_000;
const GRID_TTL_MS = 7 * 24 * 60 * 60_000;
/** Keys fetched per run at most: NWS asks clients to be gentle; the next run (a minute on) does the rest. */
const FETCHES_PER_RUN = 60;

interface Counters {
  fetched: number;
  failed: number;
}

/** Fetches one key if it is stale and not backing off; answers the row's data afterwards (possibly the old one). */
async function refreshKey<T>(ctx: AppContext, key: string, ttlMs: number, counters: Counters, fetch: () => Promise<T>): Promise<T | null> {
  const now = ctx.clock.now().getTime();
  const row = await readCacheRow(ctx.db, key);
  const fresh = row?.fetchedAt != null && now - row.fetchedAt < ttlMs;
  if (fresh || (row && row.retryAt > now) || counters.fetched + counters.failed >= FETCHES_PER_RUN) return (row?.data as T | null) ?? null;
  try {
    const data = await fetch();
    counters.fetched++;
    await storeFetched(ctx.db, key, data, now);
    return data;
  } catch (error) {
    counters.failed++;
    const retryAfter = error instanceof ConditionsFetchError ? error.retryAfterMs : null;
    await storeFailure(ctx.db, key, (error as Error).message, now, row?.failures ?? 0, retryAfter);
    console.warn(`[conditions] ${key}: ${(error as Error).message}`);
    return (row?.data as T | null) ?? null;
  }
}

/** One run: every place and ZIP of the classes starting in the next 7 days (or now running). */
export async function refreshConditions(ctx: AppContext): Promise<Counters> {
  const counters = { fetched: 0, failed: 0 };
  if (ctx.weather.kind === 'off' && ctx.airQuality.kind === 'off') return counters;
  const now = ctx.clock.now();
  const upcoming = await ctx.db
    .selectDistinct({
      latitude: classes.latitude,
      longitude: classes.longitude,
      meetingLatitude: classes.meetingLatitude,
      meetingLongitude: classes.meetingLongitude,
      zipCode: classes.zipCode,
    })
    .from(classes)
    .where(
      and(
        isNull(classes.deletedAt),
        isNotNull(classes.startTime),
        gt(classes.startTime, new Date(now.getTime() - 3 * 3_600_000)),
        lte(classes.startTime, new Date(now.getTime() + FORECAST_DAYS * 24 * 3_600_000)),
      ),
    );
  const points = new Map<string, { latitude: number; longitude: number }>();
  const zips = new Set<string>();
  for (const cls of upcoming) {
    const place = forecastPlace(cls);
    if (place) points.set(pointKey(ctx.weather.kind, place.latitude, place.longitude), place);
    const zip = zip5(cls.zipCode);
    if (zip) zips.add(zip);
  }
  if (ctx.weather.kind !== 'off') {
    const grids = new Map<string, { grid: string; hourlyUrl: string | null }>();
    for (const [key, place] of points) {
      const grid = await refreshKey(ctx, key, GRID_TTL_MS, counters, () => ctx.weather.locate(place.latitude, place.longitude));
      if (grid) grids.set(grid.grid, grid);
    }
    for (const grid of grids.values())
      await refreshKey(ctx, weatherKey(grid.grid), FORECAST_TTL_MS, counters, () => ctx.weather.hourly(grid));
  }
  if (ctx.airQuality.kind !== 'off') {
    for (const zip of zips)
      await refreshKey(ctx, aqiKey(ctx.airQuality.kind, zip), FORECAST_TTL_MS, counters, () => ctx.airQuality.forecastByZip(zip));
  }
  return counters;
}
