// The forecast cache (conditions_cache): keys, reads for pages, and the writes of the refresh job. A page or
// render reads only these rows, never a provider, and tags itself 'conditions:<key>' for each row it read, so the
// row's trigger (migration 0013) drops the page when the job writes a newer forecast.
import { eq, inArray, sql } from 'drizzle-orm';
import { conditionsCache } from '../../db/schema';
import type { Db } from '../../db/client';
import type { DailyAqi, ForecastGrid, ForecastHour } from '../providers/weather/types';

/** The place a class's forecast is for: its meeting pin, else its own coordinates; null without a place. */
export function forecastPlace(cls: {
  latitude: number | null;
  longitude: number | null;
  meetingLatitude?: number | null;
  meetingLongitude?: number | null;
}) {
  const latitude = cls.meetingLatitude ?? cls.latitude;
  const longitude = cls.meetingLongitude ?? cls.longitude;
  // 0,0 is how the class form records "no coordinates found" (address only).
  if (latitude === null || longitude === null || (latitude === 0 && longitude === 0)) return null;
  return { latitude, longitude };
}

/** A point (about 1 km) to its forecast grid. */
export const pointKey = (kind: string, latitude: number, longitude: number) =>
  `point:${kind}:${latitude.toFixed(2)},${longitude.toFixed(2)}`;
export const weatherKey = (grid: string) => `weather:${grid}`;
export const aqiKey = (kind: string, zip: string) => `aqi:${kind}:${zip}`;

/** A ZIP code's first five digits, or null. */
export function zip5(zip: string | null | undefined): string | null {
  const match = zip?.match(/\b(\d{5})\b/);
  return match ? match[1]! : null;
}

export type CacheRow = typeof conditionsCache.$inferSelect;

export async function readCacheRows(db: Db, keys: string[]): Promise<Map<string, CacheRow>> {
  if (keys.length === 0) return new Map();
  const rows = await db.select().from(conditionsCache).where(inArray(conditionsCache.key, keys));
  return new Map(rows.map((row) => [row.key, row]));
}

export const gridOf = (row: CacheRow | undefined) => (row?.data as ForecastGrid | null | undefined) ?? null;
export const hoursOf = (row: CacheRow | undefined) => (row?.data as ForecastHour[] | null | undefined) ?? null;
export const aqiDaysOf = (row: CacheRow | undefined) => (row?.data as DailyAqi[] | null | undefined) ?? null;

/** A successful fetch: the data, its time, the failures forgotten. */
export async function storeFetched(db: Db, key: string, data: unknown, at: number): Promise<void> {
  await db.write((tx) =>
    tx
      .insert(conditionsCache)
      .values({ key, data, fetchedAt: at, failures: 0, retryAt: 0, lastError: null })
      .onConflictDoUpdate({ target: conditionsCache.key, set: { data, fetchedAt: at, failures: 0, retryAt: 0, lastError: null } }),
  );
}

/** A failed fetch keeps the last data (and its age) and waits: 1, 2, 4 ... minutes, at most an hour, or as long
 * as the source asked (a 429's or 503's Retry-After). */
export async function storeFailure(
  db: Db,
  key: string,
  error: string,
  at: number,
  failures: number,
  retryAfterMs: number | null,
): Promise<void> {
  const backoff = Math.min(60, 2 ** failures) * 60_000;
  const retryAt = at + Math.max(backoff, retryAfterMs ?? 0);
  await db.write((tx) =>
    tx
      .insert(conditionsCache)
      .values({ key, data: null, fetchedAt: null, failures: failures + 1, retryAt, lastError: error })
      .onConflictDoUpdate({
        target: conditionsCache.key,
        set: { failures: sql`${conditionsCache.failures} + 1`, retryAt, lastError: error },
      }),
  );
}

export async function readCacheRow(db: Db, key: string): Promise<CacheRow | undefined> {
  return db.select().from(conditionsCache).where(eq(conditionsCache.key, key)).get();
}
