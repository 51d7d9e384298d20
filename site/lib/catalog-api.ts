// The public catalogue islands' calls (browse list, map pins, cities, the home page's featured classes) in one
// typed module: each answer is the documented response type (the valibot schemas of api/catalog/model.ts, by a
// type-only import). Eden is not loaded here on purpose: these islands ship on / and /classes, whose first-load
// JavaScript budget is 80 KB (`npm run bench:pages`), and Eden's client and its proxy cost a few KB on every
// one of those visits for four GET requests; the signed-in app and the booking card use Eden (site/lib/api.ts).
import type * as v from 'valibot';
import { featuredClassesPath } from '../../common/featured-classes';
import type { ClassItem, MapPins } from '../../api/catalog/model';

export type ClassListItem = v.InferOutput<typeof ClassItem>;
export type MapPinsAnswer = v.InferOutput<typeof MapPins>;

/** A page of the browse list, with the total the server counted (a lower bound when `totalIsAtLeast`). */
export interface ClassPage {
  items: ClassListItem[];
  total: number;
  totalIsAtLeast: boolean;
}

async function getJson<T>(path: string, failure: string): Promise<{ body: T; headers: Headers }> {
  const response = await fetch(path, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(failure);
  return { body: (await response.json()) as T, headers: response.headers };
}

/** GET /api/classes with a /classes query string (filters and sort), one page of it. */
export async function fetchClassPage(query: string, page: { limit: number; offset: number }): Promise<ClassPage> {
  const { body, headers } = await getJson<ClassListItem[]>(
    `/api/classes?${query ? `${query}&` : ''}limit=${page.limit}&offset=${page.offset}`,
    'Failed to fetch classes',
  );
  return {
    items: body,
    total: Number(headers.get('x-total-count') ?? body.length),
    totalIsAtLeast: headers.get('x-total-count-capped') === 'true',
  };
}

/** GET /api/classes?upcoming=true: the home page's featured classes for a search. */
export async function fetchFeaturedClasses(query: string): Promise<ClassListItem[]> {
  return (await getJson<ClassListItem[]>(featuredClassesPath(query), 'Failed to fetch classes')).body;
}

/** GET /api/cities. */
export async function fetchCities(): Promise<string[]> {
  return (await getJson<string[]>('/api/cities', 'Failed to fetch cities')).body;
}

/** GET /api/classes/pins: the browse matches in a map view, clustered by the server. */
export async function fetchMapPins(query: URLSearchParams): Promise<MapPinsAnswer> {
  return (await getJson<MapPinsAnswer>(`/api/classes/pins?${query}`, 'Failed to fetch classes')).body;
}
