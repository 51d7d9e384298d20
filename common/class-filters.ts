// The browse rules of customer-areas §5, as one pure function: GET /api/classes applies it on the server,
// and the /classes page and its island use the very same module (with the URL <-> filter helpers below).
import { pacificDay, pacificHHMM, startOfPacificDay } from './pacific';

export interface ClassFilters {
  q?: string;
  /** Category id (the home search calls it "type"). */
  type?: string;
  /** Category id as well: both type and category must match when both are given. */
  category?: string;
  ageGroup?: string;
  city?: string;
  /** A day (YYYY-MM-DD) or an ISO instant; matched against the class's Pacific start day. */
  date?: string;
  /** Time of day of the Pacific start: morning (before noon), afternoon (noon to 5 PM), evening (5 PM on). */
  time?: string;
  /** Never used to filter (customer-areas §5): a known location gives each class its distance, and sort=nearest. */
  lat?: string;
  lng?: string;
  /** The order of the list (see BrowseSort), kept in the URL with the filters; never filters. */
  sort?: string;
}

export const FILTER_KEYS = ['q', 'type', 'category', 'ageGroup', 'city', 'date', 'time', 'lat', 'lng', 'sort'] as const;

/** The time-of-day chips: each is a half-open range of Pacific minutes after midnight. */
export const TIMES_OF_DAY = {
  morning: { label: 'Morning', from: 0, to: 12 * 60 },
  afternoon: { label: 'Afternoon', from: 12 * 60, to: 17 * 60 },
  evening: { label: 'Evening', from: 17 * 60, to: 24 * 60 },
} as const;
export type TimeOfDay = keyof typeof TIMES_OF_DAY;
export const isTimeOfDay = (value: string | undefined): value is TimeOfDay => value !== undefined && Object.hasOwn(TIMES_OF_DAY, value);

/** The place the visitor shared (lat/lng within range), or null. */
export function originOf(filters: ClassFilters): { lat: number; lng: number } | null {
  const lat = Number(filters.lat);
  const lng = Number(filters.lng);
  if (!present(filters.lat) || !present(filters.lng) || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : null;
}

export interface FilterableClass {
  title: string;
  description: string | null;
  categoryId: number | null;
  ageGroup: string;
  address: string | null;
  startTime: string | Date | null;
}

/** The city of an address "street, city, ST zip": its second-to-last comma-separated piece. */
export function cityOf(address: string | null | undefined): string | null {
  if (!address) return null;
  const pieces = address.split(',').map((piece) => piece.trim());
  if (pieces.length < 2) return null;
  return pieces[pieces.length - 2] || null;
}

function dayOfFilter(value: string): string | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : pacificDay(date);
}

function startMs(value: string | Date | null): number | null {
  if (value === null || value === '') return null;
  const ms = value instanceof Date ? value.getTime() : Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

const present = (value: string | undefined): value is string => value !== undefined && value.trim() !== '';

/**
 * Applies the browse rules and sorts by start time (classes without one last):
 * started before today (Pacific midnight) hidden; q on title or description, case-insensitive; type and
 * category equal to categoryId as numbers; exact age group; city contained (case-insensitive) in the
 * address's second-to-last piece; date equal to the Pacific start day (no start time: excluded); time the
 * Pacific time of day of the start (an unknown value matches nothing); lat/lng and sort never filter.
 */
export function filterClasses<T extends FilterableClass>(list: readonly T[], filters: ClassFilters, now: Date): T[] {
  const todayStart = startOfPacificDay(now).getTime();
  const q = present(filters.q) ? filters.q.trim().toLowerCase() : null;
  const categoryIds = [filters.type, filters.category].filter(present).map((value) => Number(value));
  const ageGroup = present(filters.ageGroup) ? filters.ageGroup : null;
  const city = present(filters.city) ? filters.city.trim().toLowerCase() : null;
  const day = present(filters.date) ? (dayOfFilter(filters.date.trim()) ?? 'invalid') : null;
  const time = present(filters.time) ? (isTimeOfDay(filters.time) ? TIMES_OF_DAY[filters.time] : { from: 0, to: 0 }) : null;

  const kept = list.filter((item) => {
    const start = startMs(item.startTime);
    if (start !== null && start < todayStart) return false;
    if (q && !item.title.toLowerCase().includes(q) && !(item.description ?? '').toLowerCase().includes(q)) return false;
    if (categoryIds.some((id) => item.categoryId === null || id !== Number(item.categoryId))) return false;
    if (ageGroup && item.ageGroup !== ageGroup) return false;
    if (city && !(cityOf(item.address) ?? '').toLowerCase().includes(city)) return false;
    if (day && (start === null || pacificDay(start) !== day)) return false;
    if (time) {
      if (start === null) return false;
      const [hours, minutes] = pacificHHMM(start).split(':').map(Number);
      const minute = hours! * 60 + minutes!;
      if (minute < time.from || minute >= time.to) return false;
    }
    return true;
  });
  return kept
    .map((item, index) => ({ item, index, start: startMs(item.startTime) }))
    .sort((a, b) => {
      if (a.start === null || b.start === null) return a.start === b.start ? a.index - b.index : a.start === null ? 1 : -1;
      return a.start - b.start || a.index - b.index;
    })
    .map(({ item }) => item);
}

/** The filters in a URL query (empty values dropped). */
export function parseClassFilters(params: URLSearchParams | Record<string, string | undefined>): ClassFilters {
  const get = (key: string) => (params instanceof URLSearchParams ? (params.get(key) ?? undefined) : params[key]);
  const filters: ClassFilters = {};
  for (const key of FILTER_KEYS) {
    const value = get(key)?.trim();
    if (value) filters[key] = value;
  }
  return filters;
}

/** The /classes query string for a set of filters, in a stable order, empty values left out. */
export function classFiltersToQuery(filters: ClassFilters): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key]?.trim();
    if (value) params.set(key, value);
  }
  return params.toString();
}

/** True when any filter that narrows the list is set (lat/lng and sort never narrow). */
export function hasClassFilters(filters: ClassFilters): boolean {
  return FILTER_KEYS.some((key) => key !== 'lat' && key !== 'lng' && key !== 'sort' && present(filters[key]));
}
