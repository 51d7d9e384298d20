// Catalogue reads: categories, cities, and bookable classes with their coach, category and spots (coaches
// are in ./coaches.ts, ratings and reviews in ./ratings.ts). Plain arguments, for the API routes and pages alike.
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { categories, classes, users } from '../../db/schema';
import { liveClass, liveClasses } from '../spots/classes';
import { type ClassRow, schedulesOf, toClassJson } from '../lib/class-json';
import { notFound } from '../errors';
import { boundPage, MAX_PAGE_SIZE, type PageRequest } from '../../common/pagination';
import { BOOKABLE, type BrowseSort, browseClassIds, coachClassIds, distinctAddresses, isBrowseSort, START_KEY } from './browse-query';
import { type ClassFilters, cityOf, hasClassFilters } from '../../common/class-filters';
import type { Category, Rating } from './model';
import { ratingsByCoach } from './ratings';
import { spotsTakenByClass, spotsLeftOf } from '../spots/taken';

// ---------------------------------------------------------------- categories and cities

export async function listCategories(db: Database): Promise<Category[]> {
  return db.select({ id: categories.id, name: categories.name, image: categories.image }).from(categories).orderBy(asc(categories.name));
}

export async function getCategory(db: Database, id: number): Promise<Category> {
  const row = await db
    .select({ id: categories.id, name: categories.name, image: categories.image })
    .from(categories)
    .where(eq(categories.id, id))
    .get();
  if (!row) throw notFound('Category not found.');
  return row;
}

/** The distinct cities of upcoming bookable classes, read the way the city filter reads them. */
export async function listCities(db: Database, now: Date): Promise<string[]> {
  const upcoming = sql`${BOOKABLE} AND ${START_KEY} >= ${now.getTime()} AND "classes"."start_time" IS NOT NULL`;
  const addresses = await distinctAddresses(db, upcoming, 100_000);
  // An address without a city piece, or none at all, falls back to the class's city column.
  const bare = addresses.filter((address) => cityOf(address) === null);
  const fallback = await db.all<{ city: string | null }>(
    sql`SELECT DISTINCT "classes"."city" AS city FROM classes WHERE ${upcoming} AND ("classes"."address" IS NULL${
      bare.length
        ? sql` OR "classes"."address" IN (${sql.join(
            bare.map((a) => sql`${a}`),
            sql`, `,
          )})`
        : sql``
    })`,
  );
  const byKey = new Map<string, string>();
  for (const name of [...addresses.map(cityOf), ...fallback.map((row) => row.city)]) {
    const city = (name ?? '').trim();
    if (city && !byKey.has(city.toLowerCase())) byKey.set(city.toLowerCase(), city);
  }
  return [...byKey.values()].sort((a, b) => a.localeCompare(b));
}

// ---------------------------------------------------------------- classes

const classColumns = {
  row: classes,
  coachFirstName: users.firstName,
  coachLastName: users.lastName,
  coachImage: users.profileImage,
  categoryName: categories.name,
};

type JoinedClass = {
  row: ClassRow;
  coachFirstName: string | null;
  coachLastName: string | null;
  coachImage: string | null;
  categoryName: string | null;
};

function baseClassQuery(db: Database) {
  return db
    .select(classColumns)
    .from(classes)
    .leftJoin(users, eq(users.id, classes.coachId))
    .leftJoin(categories, eq(categories.id, classes.categoryId));
}

/** The spec's Class plus the list row's coach, category and spots. */
export function toClassItem(
  joined: JoinedClass,
  taken: number,
  rating: Rating | undefined,
  options: { includeSchedules?: boolean; parent?: ClassRow | null } = {},
) {
  const { row } = joined;
  const json = toClassJson(row);
  return {
    ...json,
    ...(options.includeSchedules ? { schedules: schedulesOf(options.parent ?? row) } : {}),
    coach:
      joined.coachFirstName !== null
        ? {
            id: row.coachId,
            firstName: joined.coachFirstName,
            lastName: joined.coachLastName ?? '',
            profileImage: joined.coachImage,
            rating: rating && rating.totalReviews > 0 ? rating.averageRating : null,
            totalReviews: rating?.totalReviews ?? 0,
          }
        : null,
    category: row.categoryId !== null && joined.categoryName !== null ? { id: row.categoryId, name: joined.categoryName } : null,
    spotsLeft: spotsLeftOf(row.capacity, taken),
    bookedSpots: taken,
  };
}

export type ClassItem = ReturnType<typeof toClassItem>;

async function decorate(db: Database, joined: JoinedClass[], now: Date, includeSchedules: boolean): Promise<ClassItem[]> {
  const [spots, ratings] = await Promise.all([
    spotsTakenByClass(
      db,
      joined.map((j) => j.row.id),
      now,
    ),
    ratingsByCoach(
      db,
      joined.map((j) => j.row.coachId),
    ),
  ]);
  let parents = new Map<number, ClassRow>();
  if (includeSchedules) {
    const parentIds = [...new Set(joined.map((j) => j.row.parentClassId).filter((id): id is number => id !== null))];
    if (parentIds.length) parents = new Map((await db.select().from(classes).where(inArray(classes.id, parentIds))).map((p) => [p.id, p]));
  }
  return joined.map((j) =>
    toClassItem(j, spots.get(j.row.id) ?? 0, ratings.get(j.row.coachId), {
      includeSchedules,
      parent: j.row.parentClassId !== null ? parents.get(j.row.parentClassId) : null,
    }),
  );
}

export interface ClassListOptions {
  filters?: ClassFilters;
  limit?: number;
  offset?: number;
  sort?: BrowseSort;
  includeSchedules?: boolean;
  /** The spec's original answer (every bookable class, past ones too, when unfiltered), up to ALL_CAP rows. */
  all?: boolean;
  /** Only classes not started by then (the home page's featured ones). */
  notStartedBy?: Date;
}

export const DEFAULT_PAGE = 24;
/** ?all=true stays a bounded answer at any scale (about 260 KB of JSON at most, with each class's weather policy
 * and meeting point: under the 300 KB every public answer keeps). */
export const ALL_CAP = 140;

/** The rows of these ids, in this order, with coach, category, rating and spots. */
async function classItemsOf(db: Database, ids: number[], now: Date, includeSchedules: boolean): Promise<ClassItem[]> {
  const rows = ids.length ? await baseClassQuery(db).where(inArray(classes.id, ids)) : [];
  const order = new Map(ids.map((id, index) => [id, index]));
  rows.sort((a, b) => order.get(a.row.id)! - order.get(b.row.id)!);
  return decorate(db, rows, now, includeSchedules);
}

/**
 * Bookable classes (never a series' parent row), one page at a time: the §5 browse rules in SQL
 * (./browse-query.ts), DEFAULT_PAGE rows unless a limit (at most MAX_PAGE_SIZE) is given, and the number of matches.
 * A q of 1 or 2 characters counts at most SHORT_QUERY_COUNT_CAP matches (`totalIsAtLeast` past it).
 * With `all` and no filter: every bookable class as the spec's client first read them, capped at ALL_CAP.
 */
export async function listClasses(
  db: Database,
  now: Date,
  options: ClassListOptions = {},
): Promise<{ items: ClassItem[]; total: number; totalIsAtLeast?: boolean }> {
  const filters = options.filters ?? {};
  const includeSchedules = options.includeSchedules ?? false;
  if (options.all && !hasClassFilters(filters) && !options.notStartedBy) {
    const [rows, counted] = await Promise.all([
      db.select({ id: classes.id }).from(classes).where(BOOKABLE).orderBy(asc(classes.startTime), asc(classes.id)).limit(ALL_CAP),
      db.select({ n: count() }).from(classes).where(BOOKABLE),
    ]);
    return {
      items: await classItemsOf(
        db,
        rows.map((r) => r.id),
        now,
        includeSchedules,
      ),
      total: counted[0]?.n ?? 0,
    };
  }
  const page = options.all ? { limit: ALL_CAP, offset: 0 } : boundPage(options, DEFAULT_PAGE);
  const sort = options.sort ?? (isBrowseSort(filters.sort) ? filters.sort : undefined);
  const { ids, miles, ...counted } = await browseClassIds(db, now, { filters, ...page, sort, notStartedBy: options.notStartedBy });
  const items = await classItemsOf(db, ids, now, includeSchedules);
  // A location was given: every row says how far it is (null for a class without coordinates).
  return { items: miles ? items.map((item) => ({ ...item, distanceMiles: miles.get(item.id) ?? null })) : items, ...counted };
}

export async function getClass(db: Database, id: number, now: Date, options: { includeSchedules?: boolean } = {}): Promise<ClassItem> {
  const row = await baseClassQuery(db).where(liveClass(id)).get();
  if (!row) throw notFound('Class not found.');
  const [item] = await decorate(db, [row], now, options.includeSchedules ?? false);
  return item!;
}

/** Spots left of capacity and the spots held by active bookings (confirmed, or pending with a live hold). */
export async function classBookingCount(
  db: Database,
  id: number,
  now: Date,
): Promise<{ spotsLeft: number; capacity: number; active: number }> {
  const row = await db.select({ capacity: classes.capacity }).from(classes).where(liveClass(id)).get();
  if (!row) throw notFound('Class not found.');
  const active = (await spotsTakenByClass(db, [id], now)).get(id) ?? 0;
  return { spotsLeft: spotsLeftOf(row.capacity, active), capacity: row.capacity, active };
}

/** A page of a coach's classes (series templates included, for the coach's own tools) by start time, and how many there are. */
export async function listCoachClasses(
  db: Database,
  coachId: number,
  now: Date,
  page: PageRequest,
  options: { includeSchedules?: boolean } = {},
): Promise<{ items: ClassItem[]; total: number }> {
  const owner = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, coachId), inArray(users.role, ['coach', 'admin'])))
    .get();
  if (!owner) throw notFound('Coach not found.');
  const ofCoach = and(eq(classes.coachId, coachId), liveClasses);
  const [rows, counted] = await Promise.all([
    baseClassQuery(db).where(ofCoach).orderBy(asc(classes.startTime), asc(classes.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(classes).where(ofCoach),
  ]);
  return { items: await decorate(db, rows, now, options.includeSchedules ?? false), total: counted[0]?.n ?? 0 };
}

/** A page of a coach's public profile classes, upcoming or past (see coachClassIds), and how many there are. */
export async function coachProfileClasses(
  db: Database,
  coachId: number,
  now: Date,
  when: 'upcoming' | 'past',
  page: { limit: number; offset: number },
): Promise<{ items: ClassItem[]; total: number }> {
  const { ids, total } = await coachClassIds(db, coachId, now, when, page);
  return { items: await classItemsOf(db, ids, now, false), total };
}
