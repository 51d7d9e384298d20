// What the public pages render, gathered from the catalogue services in one call per page. Each part
// fails on its own (null), so a page can show the spec's error text for that part and the rest as usual.
import type { AppContext } from '../context';
import { DomainError } from '../errors';
import { FEATURED_CANDIDATES, HOME_COACHES, pickFeatured } from './featured';
import type { ClassFilters } from './filter-classes';
import type { Category, Coach, Review } from './model';
import { type ClassItem, coachProfileClasses, coachReviews, getClass, getCoach, listCategories, listCities, listClasses, listCoaches } from './service';

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
    // Featured: the next classes that have not started yet (the browse rules keep earlier-today ones).
    attempt('featured classes', async () => pickFeatured((await listClasses(db, now, { limit: FEATURED_CANDIDATES })).items, now)),
    attempt('top coaches', async () => (await listCoaches(db)).slice(0, HOME_COACHES)),
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

const isNotFound = (error: unknown) => error instanceof DomainError && error.status === 404;

/** The class with its schedules, its coach and the coach's 2 most recent reviews; null when not found. */
export async function classPageData(ctx: AppContext, id: number): Promise<{ item: ClassItem; coach: Coach | null; reviews: Review[] } | null> {
  const db = ctx.db;
  // Not found, or failing to load: the page shows Class Not Found (customer-areas §8).
  const item = await attempt('class details', () => getClass(db, id, ctx.clock.now(), { includeSchedules: true }), isNotFound);
  if (!item) return null;
  const [coach, reviews] = await Promise.all([
    attempt('class coach', () => getCoach(db, item.coachId), isNotFound),
    attempt('class reviews', () => coachReviews(db, item.coachId, CLASS_PAGE_REVIEWS)),
  ]);
  return { item, coach, reviews: reviews ?? [] };
}

/** An approved coach with every review and their classes split into upcoming and past; null when not found. */
export async function coachPageData(ctx: AppContext, id: number): Promise<{ coach: Coach; reviews: Review[]; upcoming: ClassItem[]; past: ClassItem[] } | null> {
  const db = ctx.db;
  // Not found, or failing to load: the page shows Coach Not Found.
  return attempt(
    'coach profile',
    async () => {
      const coach = await getCoach(db, id);
      const [reviews, classes] = await Promise.all([coachReviews(db, id), coachProfileClasses(db, id, ctx.clock.now())]);
      return { coach, reviews, ...classes };
    },
    isNotFound,
  );
}
