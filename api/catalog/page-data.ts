// What the public pages render, gathered from the catalogue services in one call per page. Each part
// fails on its own (null), so a page can show the spec's error text for that part and the rest as usual.
import type { AppContext } from '../context';
import { DomainError } from '../errors';
import { getCoach, listCoaches } from './coaches';
import { HOME_CLASSES, HOME_COACHES } from '../../common/featured-classes';
import type { ClassFilters } from '../../common/class-filters';
import type { Category, Coach, Review } from './model';
import { coachReviews } from './ratings';
import { type ClassItem, coachProfileClasses, getClass, listCategories, listCities, listClasses } from './service';

async function attempt<T>(label: string, work: () => Promise<T>, quiet: (error: unknown) => boolean = () => false): Promise<T | null> {
  try {
    return await work();
  } catch (error) {
    if (!quiet(error)) console.error(`[catalog] ${label}`, error);
    return null;
  }
}

export const CLASS_PAGE_REVIEWS = 2;

export async function homePageData(ctx: AppContext) {
  const db = ctx.db;
  const now = ctx.clock.now();
  const [classes, coaches, categories, cities] = await Promise.all([
    // Featured: the first classes of the browse list that have not started yet (it keeps earlier-today ones).
    attempt('featured classes', async () => (await listClasses(db, now, { limit: HOME_CLASSES, notStartedBy: now })).items),
    attempt('top coaches', async () => (await listCoaches(db, { limit: HOME_COACHES })).items),
    attempt('categories', () => listCategories(db)),
    attempt('cities', () => listCities(db, now)),
  ]);
  return { classes, coaches, categories, cities };
}

export async function browsePageData(ctx: AppContext, filters: ClassFilters, pageSize: number) {
  const db = ctx.db;
  const now = ctx.clock.now();
  const [page, categories, cities] = await Promise.all([
    attempt('browse classes', () => listClasses(db, now, { filters, limit: pageSize })),
    attempt('categories', () => listCategories(db)),
    attempt('cities', () => listCities(db, now)),
  ]);
  return { page, categories: categories ?? ([] as Category[]), cities: cities ?? [] };
}

/** The coach directory's first page for a search, and how many coaches match; null when it fails to load. */
export async function coachDirectoryData(ctx: AppContext, q: string, pageSize: number) {
  return attempt('coaches', async () => {
    const { items, total } = await listCoaches(ctx.db, { q, limit: pageSize });
    return { coaches: items, total };
  });
}

const isNotFound = (error: unknown) => error instanceof DomainError && error.status === 404;

/** The class with its schedules, its coach and the coach's 2 most recent reviews; null when not found. */
export async function classPageData(
  ctx: AppContext,
  id: number,
): Promise<{ item: ClassItem; coach: Coach | null; reviews: Review[] } | null> {
  const db = ctx.db;
  // Not found, or failing to load: the page shows Class Not Found (customer-areas §8).
  const item = await attempt('class details', () => getClass(db, id, ctx.clock.now(), { includeSchedules: true }), isNotFound);
  if (!item) return null;
  const [coach, reviews] = await Promise.all([
    attempt('class coach', () => getCoach(db, item.coachId), isNotFound),
    attempt('class reviews', () => coachReviews(db, item.coachId, { limit: CLASS_PAGE_REVIEWS })),
  ]);
  return { item, coach, reviews: reviews ?? [] };
}

/** How many classes or reviews of each kind a coach profile shows first (more load from the API). */
export const PROFILE_CLASSES = 12;
export const PROFILE_REVIEWS = 5;

export interface CoachPage {
  coach: Coach;
  reviews: { items: Review[]; total: number };
  upcoming: { items: ClassItem[]; total: number };
  past: { items: ClassItem[]; total: number };
}

/** An approved coach with the first reviews and the first upcoming and past classes, with their totals; null when not found. */
export async function coachPageData(ctx: AppContext, id: number): Promise<CoachPage | null> {
  const db = ctx.db;
  const now = ctx.clock.now();
  const first = { limit: PROFILE_CLASSES, offset: 0 };
  // Not found, or failing to load: the page shows Coach Not Found.
  return attempt(
    'coach profile',
    async () => {
      const coach = await getCoach(db, id);
      const [reviews, upcoming, past] = await Promise.all([
        coachReviews(db, id, { limit: PROFILE_REVIEWS }),
        coachProfileClasses(db, id, now, 'upcoming', first),
        coachProfileClasses(db, id, now, 'past', first),
      ]);
      return { coach, reviews: { items: reviews, total: coach.rating.totalReviews }, upcoming, past };
    },
    isNotFound,
  );
}
