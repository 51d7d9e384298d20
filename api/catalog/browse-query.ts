// The browse rules of customer-areas §5 as SQL, so GET /api/classes reads one page and a count, never the whole
// table. Every condition uses the browse indexes of migration 0005 (the start key and the bookable WHERE are
// written exactly as there); q goes through the trigram full-text table classes_search. The pure rules in
// common/class-filters.ts stay the reference: tests/api/catalog/browse-sql.test.ts compares the two.
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { likeContains } from '../lib/like';
import { pacificDay, pacificWallTimeToInstant, startOfPacificDay } from '../../common/pacific';
import { type ClassFilters, cityOf, isTimeOfDay, originOf, TIMES_OF_DAY } from '../../common/class-filters';

/** Start time with "no start time" sorting after every real one (the largest safe integer). */
export const START_KEY = sql.raw('coalesce("classes"."start_time", 9007199254740991)');
/** Not deleted and not a series' parent template: the partial-index condition, verbatim. */
export const BOOKABLE = sql.raw(
  '"classes"."deleted_at" IS NULL AND ("classes"."is_recurring" = 0 OR "classes"."parent_class_id" IS NOT NULL)',
);
/** The city of an address in SQL: its second-to-last comma piece (see cityOf). rtrim(a, <every non-comma character>) keeps a up to its last comma. */
const ADDRESS = '"classes"."address"';
const BEFORE_LAST_COMMA = `substr(${ADDRESS}, 1, length(rtrim(${ADDRESS}, replace(${ADDRESS}, ',', ''))) - 1)`;
const CITY = sql.raw(
  `CASE WHEN instr(${ADDRESS}, ',') = 0 THEN NULL ELSE trim(substr(${BEFORE_LAST_COMMA}, length(rtrim(${BEFORE_LAST_COMMA}, replace(${BEFORE_LAST_COMMA}, ',', ''))) + 1), ' ' || char(9, 10, 13)) END`,
);
const NOTHING = sql`0`;

/** start: soonest first; relevance: best text match (with q); nearest: closest to lat/lng first (classes
 * without coordinates last); price: cheapest first; rating: the coach's best average first (unrated last). */
export const BROWSE_SORTS = ['start', 'relevance', 'nearest', 'price', 'rating'] as const;
export type BrowseSort = (typeof BROWSE_SORTS)[number];
export const isBrowseSort = (value: string | undefined): value is BrowseSort => (BROWSE_SORTS as readonly string[]).includes(value ?? '');

/** Statute miles per degree of latitude (a degree of longitude is this times cos(latitude)). */
const MILES_PER_DEGREE = 69.09;

/**
 * The squared distance in degrees of latitude from `origin` to each class, in SQL: flat-earth (equirectangular)
 * with longitude scaled by cos(origin latitude), within 0.1% over a city's distances and cheap enough to order
 * 10,000 rows by. NULL for a class without coordinates (none stored, or 0,0). `milesOf` turns it into miles.
 */
export function distanceSquared(origin: { lat: number; lng: number }): SQL {
  const scale = Math.cos((origin.lat * Math.PI) / 180);
  // 0,0 is how a class whose address found no coordinates is stored (api/classes): it has no place either.
  return sql`CASE WHEN "classes"."latitude" = 0 AND "classes"."longitude" = 0 THEN NULL ELSE (("classes"."latitude" - ${origin.lat}) * ("classes"."latitude" - ${origin.lat}) + ("classes"."longitude" - ${origin.lng}) * ${scale} * ("classes"."longitude" - ${origin.lng}) * ${scale}) END`;
}
export const milesOf = (squared: number | null): number | null =>
  squared === null ? null : Math.round(Math.sqrt(squared) * MILES_PER_DEGREE * 10) / 10;

/**
 * The Pacific minute of the day a class starts at, in SQL: the UTC instant shifted by -7 h inside daylight
 * saving time (US rules: second Sunday of March 10:00 UTC to first Sunday of November 09:00 UTC) and -8 h
 * outside, for the years around `now` (a class further out is read as standard time).
 */
function pacificMinuteOfDay(now: Date): SQL {
  const year = now.getUTCFullYear();
  const sunday = (y: number, month: number, nth: number, hourUtc: number) => {
    const first = new Date(Date.UTC(y, month, 1));
    const day = 1 + ((7 - first.getUTCDay()) % 7) + (nth - 1) * 7;
    return Date.UTC(y, month, day, hourUtc);
  };
  const summers = [];
  for (let y = year - 1; y <= year + 5; y++)
    summers.push(sql`(${START_KEY} >= ${sunday(y, 2, 2, 10)} AND ${START_KEY} < ${sunday(y, 10, 1, 9)})`);
  const offset = sql`CASE WHEN ${sql.join(summers, sql` OR `)} THEN ${-7 * 3_600_000} ELSE ${-8 * 3_600_000} END`;
  return sql`(((${START_KEY} + ${offset}) / 60000) % 1440)`;
}

export interface BrowseOptions {
  filters: ClassFilters;
  limit: number;
  offset: number;
  sort?: BrowseSort;
  /** Only classes that have not started by then (the home page's featured ones). */
  notStartedBy?: Date;
}

const present = (value: string | undefined): value is string => value !== undefined && value.trim() !== '';

/** The Pacific day a date filter names (YYYY-MM-DD or an instant), or null when it names none. */
function dayRange(value: string): [Date, Date] | null {
  let day: string | null = value;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const date = new Date(value);
    day = Number.isNaN(date.getTime()) ? null : pacificDay(date);
  }
  if (!day) return null;
  const from = pacificWallTimeToInstant(day, '00:00');
  // A day that does not exist (2027-02-30) rolls over: nothing can start on it.
  if (pacificDay(from) !== day) return null;
  // 36 hours on is always inside the next day, whatever daylight saving does to this one.
  return [from, startOfPacificDay(new Date(from.getTime() + 36 * 3_600_000))];
}

/** An FTS5 phrase: the text in double quotes, inner quotes doubled (everything inside is literal). */
export const ftsPhrase = (text: string) => `"${text.replace(/\p{Cc}/gu, '').replaceAll('"', '""')}"`;

/** Above this many text matches, a page walks the browse index in order and stops at the page's end. */
const MANY_MATCHES = 400;

/** How many matches of a 1- or 2-character q are counted at most: the trigram index cannot find them, so
 * they are read row by row, and past this the total says "at least". */
export const SHORT_QUERY_COUNT_CAP = 1000;

export interface BrowseWhere {
  /** The condition for listing a page, written so SQLite walks the browse index in order. */
  page: SQL;
  /** The same condition for counting. */
  count: SQL;
  /** The number of matches when already known (a short q); `atLeast` past SHORT_QUERY_COUNT_CAP. */
  total?: { value: number; atLeast: boolean };
}

/**
 * q of 3 characters or more, with the trigram index: for counting, each match is looked up by id; for a page,
 * when the matches are many, the browse index is walked in start order (the unary + keeps SQLite from looking
 * up by id) and testing stops once the page is full.
 */
async function indexedTextConditions(db: Database, q: string): Promise<BrowseWhere> {
  const ids = sql`SELECT rowid FROM classes_search WHERE classes_search MATCH ${ftsPhrase(q)}`;
  const many = Number((await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM (${ids})`))[0]?.n ?? 0) > MANY_MATCHES;
  return { page: many ? sql`+"classes"."id" IN (${ids})` : sql`"classes"."id" IN (${ids})`, count: sql`"classes"."id" IN (${ids})` };
}

/**
 * q of 1 or 2 characters, too short for trigrams: LIKE (which folds ASCII case as lower() does) on the index's
 * own stored copy of the columns (classes_search_content: id, then c0..c4 = title, description, category,
 * coach, location). One pass over that table in id order, with the other conditions, collects the matches up
 * to SHORT_QUERY_COUNT_CAP: fewer, and they are the answer's id list; more, and a page tests row by row as the
 * browse index is walked in start order, stopping once full, and the total is "at least" the cap.
 */
async function shortTextConditions(db: Database, q: string, others: SQL): Promise<BrowseWhere> {
  const pattern = likeContains(q);
  const contains = sql.join(
    ['c0', 'c1', 'c2', 'c3', 'c4'].map((column) => sql`s.${sql.raw(column)} LIKE ${pattern} ESCAPE '\\'`),
    sql` OR `,
  );
  // CROSS JOIN keeps the content table as the outer loop: one sequential pass, not a lookup per browse row.
  const rows = await db.all<{ id: number }>(
    sql`SELECT s.id AS id FROM classes_search_content s CROSS JOIN classes ON "classes"."id" = s.id WHERE (${contains}) AND ${others} LIMIT ${SHORT_QUERY_COUNT_CAP + 1}`,
  );
  if (rows.length > SHORT_QUERY_COUNT_CAP) {
    const exists = sql`EXISTS (SELECT 1 FROM classes_search_content s WHERE s.id = "classes"."id" AND (${contains}))`;
    return { page: exists, count: exists, total: { value: SHORT_QUERY_COUNT_CAP, atLeast: true } };
  }
  const listed = sql`"classes"."id" IN (SELECT value FROM json_each(${JSON.stringify(rows.map((row) => Number(row.id)))}))`;
  return { page: listed, count: listed, total: { value: rows.length, atLeast: false } };
}

/** Past this many distinct addresses, the city is read from each row in SQL instead of listed. */
const MAX_LISTED_ADDRESSES = 2000;

/**
 * The distinct addresses of the classes WHERE `where` (at most `limit`), by a skip scan of classes_address_idx:
 * one index seek per address rather than one step per class. `where` must be a condition on bookable rows.
 */
export async function distinctAddresses(db: Database, where: SQL, limit: number): Promise<string[]> {
  const rows = await db.all<{ address: string }>(sql`
    WITH RECURSIVE seen(address) AS (
      SELECT min("classes"."address") FROM classes WHERE ${where} AND "classes"."address" IS NOT NULL
      UNION ALL
      SELECT (SELECT min("classes"."address") FROM classes WHERE ${where} AND "classes"."address" > seen.address) FROM seen WHERE seen.address IS NOT NULL
      LIMIT ${limit + 1}
    )
    SELECT address FROM seen WHERE address IS NOT NULL`);
  return rows.map((row) => row.address);
}

/**
 * The city filter: the distinct addresses of bookable classes (read from classes_address_idx alone) whose city
 * contains the text, by cityOf itself, then an IN list: a page tests it row by row as the browse index is
 * walked in start order (the unary + keeps SQLite from going through the list instead), a count reads it
 * from the address index alone.
 */
async function cityConditions(db: Database, city: string): Promise<{ page: SQL; count: SQL }> {
  const rows = await distinctAddresses(db, BOOKABLE, MAX_LISTED_ADDRESSES + 1);
  if (rows.length > MAX_LISTED_ADDRESSES) return both(sql`instr(lower(${CITY}), ${city}) > 0`);
  const matching = rows.filter((address) => (cityOf(address) ?? '').toLowerCase().includes(city));
  if (!matching.length) return both(NOTHING);
  const list = sql.join(
    matching.map((address) => sql`${address}`),
    sql`, `,
  );
  return { page: sql`+"classes"."address" IN (${list})`, count: sql`"classes"."address" IN (${list})` };
}

const both = (condition: SQL) => ({ page: condition, count: condition });

/** The WHERE of a browse: bookable, started today or later (or never), and each filter given. */
export async function browseConditions(db: Database, filters: ClassFilters, now: Date, notStartedBy?: Date): Promise<BrowseWhere> {
  const conditions: BrowseWhere[] = [both(BOOKABLE), both(sql`${START_KEY} >= ${startOfPacificDay(now).getTime()}`)];
  if (notStartedBy) conditions.push(both(sql`${START_KEY} > ${notStartedBy.getTime()}`));
  for (const value of [filters.type, filters.category].filter(present)) {
    const id = Number(value);
    conditions.push(both(Number.isSafeInteger(id) ? sql`"classes"."category_id" = ${id}` : NOTHING));
  }
  if (present(filters.ageGroup)) conditions.push(both(sql`"classes"."age_group" = ${filters.ageGroup}`));
  if (present(filters.city)) conditions.push(await cityConditions(db, filters.city.trim().toLowerCase()));
  if (present(filters.date)) {
    const range = dayRange(filters.date.trim());
    conditions.push(both(range ? sql`${START_KEY} >= ${range[0].getTime()} AND ${START_KEY} < ${range[1].getTime()}` : NOTHING));
  }
  if (present(filters.time)) {
    const time = isTimeOfDay(filters.time) ? TIMES_OF_DAY[filters.time] : null;
    const minute = pacificMinuteOfDay(now);
    conditions.push(
      both(time ? sql`"classes"."start_time" IS NOT NULL AND ${minute} >= ${time.from} AND ${minute} < ${time.to}` : NOTHING),
    );
  }
  const q = present(filters.q) ? filters.q.trim().toLowerCase() : null;
  const joined = (kind: 'page' | 'count') =>
    sql.join(
      conditions.map((c) => c[kind]),
      sql` AND `,
    );
  if (q !== null && [...q].length < 3) {
    const text = await shortTextConditions(db, q, joined('count'));
    return { page: sql`${joined('page')} AND ${text.page}`, count: sql`${joined('count')} AND ${text.count}`, total: text.total };
  }
  if (q !== null) conditions.push(await indexedTextConditions(db, q));
  return { page: joined('page'), count: joined('count') };
}

/** A page of ids and how many match in all; `totalIsAtLeast` when counting stopped at SHORT_QUERY_COUNT_CAP. */
export interface IdPage {
  ids: number[];
  total: number;
  totalIsAtLeast?: boolean;
  /** Miles from the visitor's lat/lng to each class of the page with coordinates (when a location was given). */
  miles?: Map<number, number>;
}

/** One page of ids of the classes WHERE `where`, in `order`, and how many there are in all; with `distance`,
 * each row's distance as well (see distanceSquared). */
async function pageOfIds(
  db: Database,
  where: SQL | BrowseWhere,
  order: SQL,
  page: { limit: number; offset: number },
  from: SQL = sql`classes`,
  distance?: SQL,
): Promise<IdPage> {
  const { page: listed, count, total: known } = 'page' in where ? where : { page: where, count: where, total: undefined };
  const [rows, counted] = await Promise.all([
    db.all<{ id: number; d: number | null }>(
      sql`SELECT "classes"."id" AS id${distance ? sql`, ${distance} AS d` : sql``} FROM ${from} WHERE ${listed} ORDER BY ${order} LIMIT ${page.limit} OFFSET ${page.offset}`,
    ),
    known ? [{ total: known.value }] : db.all<{ total: number }>(sql`SELECT count(*) AS total FROM ${from} WHERE ${count}`),
  ]);
  const miles = distance
    ? new Map(rows.flatMap((row) => (row.d === null || row.d === undefined ? [] : [[Number(row.id), milesOf(Number(row.d))!] as const])))
    : undefined;
  return {
    ids: rows.map((row) => Number(row.id)),
    total: Number(counted[0]?.total ?? 0),
    ...(known?.atLeast ? { totalIsAtLeast: true } : {}),
    ...(miles ? { miles } : {}),
  };
}

const BY_START = sql`${START_KEY}, "classes"."id"`;

/** Circles tried for sort=nearest, in miles: the first holding the whole page (offset + limit) answers it. */
const NEAREST_RADII_MILES = [0.5, 1, 2, 4, 8, 16, 32, 64];

/**
 * A nearest-first page read from the smallest circle around `origin` that holds offset + limit matches: every
 * class outside a circle is farther than every class inside it, so the circle's own order is the whole list's.
 * The circle's bounding box is a range of classes_geo_idx (migration 0019), so only the classes near the visitor
 * are measured. Null when even the widest circle is too small (the caller then measures every match).
 */
async function nearestWithin(
  db: Database,
  where: BrowseWhere,
  origin: { lat: number; lng: number },
  distance: SQL,
  page: { limit: number; offset: number },
): Promise<IdPage | null> {
  const needed = page.offset + page.limit;
  const scale = Math.cos((origin.lat * Math.PI) / 180);
  for (const miles of NEAREST_RADII_MILES) {
    const r = miles / MILES_PER_DEGREE;
    const circle = sql`"classes"."latitude" BETWEEN ${origin.lat - r} AND ${origin.lat + r} AND "classes"."longitude" BETWEEN ${origin.lng - r / scale} AND ${origin.lng + r / scale} AND ${distance} <= ${r * r}`;
    const inside = Number(
      (await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM classes WHERE ${where.count} AND ${circle}`))[0]?.n ?? 0,
    );
    if (inside < needed) continue;
    const [found, counted] = await Promise.all([
      pageOfIds(
        db,
        { page: sql`${where.page} AND ${circle}`, count: sql`${where.count} AND ${circle}`, total: { value: inside, atLeast: false } },
        sql`${distance}, ${BY_START}`,
        page,
        sql`classes`,
        distance,
      ),
      where.total
        ? [{ total: where.total.value }]
        : db.all<{ total: number }>(sql`SELECT count(*) AS total FROM classes WHERE ${where.count}`),
    ]);
    return { ...found, total: Number(counted[0]?.total ?? 0), ...(where.total?.atLeast ? { totalIsAtLeast: true } : {}) };
  }
  return null;
}

/** One page of matching class ids in browse order, and how many match in all. */
export async function browseClassIds(db: Database, now: Date, options: BrowseOptions): Promise<IdPage> {
  const where = await browseConditions(db, options.filters, now, options.notStartedBy);
  const q = options.filters.q?.trim() ?? '';
  const origin = originOf(options.filters);
  const distance = origin ? distanceSquared(origin) : undefined;
  if (options.sort === 'nearest' && origin && distance) {
    const near = await nearestWithin(db, where, origin, distance, options);
    if (near) return near;
    // The page reaches past the widest circle (or into the classes without coordinates): measure every match.
    return pageOfIds(db, where, sql`${distance} IS NULL, ${distance}, ${BY_START}`, options, sql`classes`, distance);
  }
  if (options.sort === 'price') return pageOfIds(db, where, sql`"classes"."price_cents", ${BY_START}`, options, sql`classes`, distance);
  if (options.sort === 'rating') {
    // Each coach's average once (the reviews index), joined to their classes; unrated coaches last.
    const rated = sql`classes LEFT JOIN (SELECT coach_id, avg(rating) AS average FROM reviews GROUP BY coach_id) AS coach_rating ON coach_rating.coach_id = "classes"."coach_id"`;
    return pageOfIds(
      db,
      where,
      sql`coach_rating.average IS NULL, round(coach_rating.average, 1) DESC, ${BY_START}`,
      options,
      rated,
      distance,
    );
  }
  if (options.sort !== 'relevance' || [...q].length < 3) return pageOfIds(db, where, BY_START, options, sql`classes`, distance);
  // bm25 weights: title counts most, then category and coach, then description and location.
  const matching = sql`classes_search MATCH ${ftsPhrase(q.toLowerCase())} AND ${where.count}`;
  const ranked = sql`bm25(classes_search, 10.0, 2.0, 4.0, 4.0, 2.0), ${BY_START}`;
  return pageOfIds(db, matching, ranked, options, sql`classes JOIN classes_search ON classes_search.rowid = "classes"."id"`, distance);
}

/** A page of a coach's bookable classes: upcoming (not started by now, soonest first, no start time last) or past (latest first). */
export function coachClassIds(
  db: Database,
  coachId: number,
  now: Date,
  when: 'upcoming' | 'past',
  page: { limit: number; offset: number },
): Promise<{ ids: number[]; total: number }> {
  const started = when === 'upcoming' ? sql`${START_KEY} > ${now.getTime()}` : sql`${START_KEY} <= ${now.getTime()}`;
  const order = when === 'upcoming' ? BY_START : sql`${START_KEY} DESC, "classes"."id" DESC`;
  return pageOfIds(db, sql`${BOOKABLE} AND "classes"."coach_id" = ${coachId} AND ${started}`, order, page);
}
