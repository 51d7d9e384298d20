// The classes a coach (own) or an admin (all) manages (My Classes, My Calendar, the admin's Class Management),
// one bounded page at a time. Writes: create.ts, update.ts and delete.ts; addresses and geocoding: places.ts.
// view=sessions (default): bookable rows and series parents, by start, optionally only those starting in
// [from, to) (My Calendar asks for its month). view=series: one row per series parent or one-time class
// (and a session whose series is gone), with its active spots summed over its sessions, its number of
// sessions and its next session (My Classes, the admin's class table); q searches title and place.
import { and, asc, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import { categories, classes, users } from '../../db/schema';
import type { SessionUser } from '../auth/session';
import { requireRole } from '../auth/plugin';
import { spotsTakenByClass } from '../spots/taken';
import type { AppContext } from '../context';
import { contains } from '../lib/like';
import { pageEntries, type PageRequest } from '../../common/pagination';
import { FIRST_YEAR, inSupportedYears, LAST_YEAR } from '../../common/schema';
import { waitlistCounts } from '../spots/waitlist-counts';
import { liveClasses } from '../spots/classes';
import { toClassJson } from './shape';

const instant = (name: string) =>
  v.pipe(
    v.string(),
    v.isoTimestamp(`${name} must be an ISO date-time such as 2027-03-01T08:00:00Z.`),
    v.check(inSupportedYears, `${name} must be between the years ${FIRST_YEAR} and ${LAST_YEAR}.`),
  );

export const ManagedQuery = v.object({
  view: v.optional(v.picklist(['sessions', 'series'], 'view must be sessions or series.')),
  from: v.optional(instant('from')),
  to: v.optional(instant('to')),
  q: v.optional(v.pipe(v.string(), v.maxLength(200, 'The search text must not exceed 200 characters.'))),
  /** series only: next (upcoming first, soonest first, then ended ones, latest first) or created (newest first). */
  sort: v.optional(v.picklist(['next', 'created'], 'sort must be next or created.')),
  /** series only: upcoming (a session not yet ended) or past (every session ended): My Classes' two tabs. */
  when: v.optional(v.picklist(['upcoming', 'past'], 'when must be upcoming or past.')),
  /** sessions only: the sessions of one series (its parent's id). */
  series: v.optional(v.pipe(v.string(), v.regex(/^\d{1,12}$/, 'series must be a class id.'))),
  ...pageEntries,
});
export type ManagedQuery = v.InferOutput<typeof ManagedQuery>;

// Raw SQL over the sessions of the row `classes` heads (a session's own row when it has no series).
const upcomingSessionStart = (now: number) =>
  sql<
    number | null
  >`(select min(s.start_time) from classes s where s.deleted_at is null and s.end_time >= ${now} and (s.parent_class_id = ${classes.id} or s.id = ${classes.id}) and not (s.is_recurring = 1 and s.parent_class_id is null))`;
const lastSessionStart = sql<
  number | null
>`(select max(s.start_time) from classes s where s.deleted_at is null and (s.parent_class_id = ${classes.id} or s.id = ${classes.id}))`;
/** Top of My Classes: series parents and one-time classes, and sessions whose series was deleted. */
const headsOnly = or(
  isNull(classes.parentClassId),
  sql`not exists (select 1 from classes p where p.id = ${classes.parentClassId} and p.deleted_at is null)`,
)!;

function filters(user: SessionUser, query: ManagedQuery, now: number): SQL {
  const conditions: (SQL | undefined)[] = [liveClasses];
  if (user.role !== 'admin') conditions.push(eq(classes.coachId, user.id));
  if (query.from) conditions.push(gte(classes.startTime, new Date(query.from)));
  if (query.to) conditions.push(lt(classes.startTime, new Date(query.to)));
  if (query.q?.trim())
    conditions.push(
      or(
        contains(classes.title, query.q),
        contains(sql`coalesce(${classes.location}, '')`, query.q),
        contains(sql`coalesce(${classes.address}, '')`, query.q),
      ),
    );
  if (query.view === 'series') conditions.push(headsOnly);
  if (query.view === 'series' && query.when)
    conditions.push(sql`${upcomingSessionStart(now)} is ${query.when === 'upcoming' ? sql`not null` : sql`null`}`);
  if (query.view !== 'series' && query.series) conditions.push(eq(classes.parentClassId, Number(query.series)));
  return and(...conditions)!;
}

function ordering(query: ManagedQuery, now: number): SQL[] {
  if (query.view !== 'series') return [asc(classes.startTime), asc(classes.id)];
  if (query.sort === 'created') return [desc(classes.createdAt), desc(classes.id)];
  const next = upcomingSessionStart(now);
  return [sql`${next} is null`, asc(next), desc(lastSessionStart), desc(classes.id)];
}

/** Per series parent on the page: its live sessions' count, active spots, and the next one not yet ended. */
async function seriesFigures(ctx: AppContext, parentIds: number[], now: Date) {
  type Session = { id: number; startTime: Date | null; capacity: number };
  const figures = new Map<number, { sessionCount: number; sessionIds: number[]; next: Session | null; last: Session | null }>();
  if (!parentIds.length) return figures;
  const sessions = await ctx.db
    .select({
      id: classes.id,
      parentClassId: classes.parentClassId,
      startTime: classes.startTime,
      endTime: classes.endTime,
      capacity: classes.capacity,
    })
    .from(classes)
    .where(and(inArray(classes.parentClassId, parentIds), liveClasses))
    .orderBy(asc(classes.startTime), asc(classes.id));
  for (const s of sessions) {
    const entry = figures.get(s.parentClassId!) ?? { sessionCount: 0, sessionIds: [], next: null, last: null };
    entry.sessionCount++;
    entry.sessionIds.push(s.id);
    if (!entry.next && s.endTime && s.endTime.getTime() >= now.getTime())
      entry.next = { id: s.id, startTime: s.startTime, capacity: s.capacity };
    entry.last = { id: s.id, startTime: s.startTime, capacity: s.capacity };
    figures.set(s.parentClassId!, entry);
  }
  return figures;
}

export async function listManagedClasses(ctx: AppContext, user: SessionUser | null, query: ManagedQuery, page: PageRequest) {
  const signedIn = requireRole(user, 'coach', 'admin');
  const now = ctx.clock.now();
  const where = filters(signedIn, query, now.getTime());
  const [count] = await ctx.db.select({ total: sql<number>`count(*)` }).from(classes).where(where);
  const rows = await ctx.db
    .select({ row: classes, coachFirstName: users.firstName, coachLastName: users.lastName, categoryName: categories.name })
    .from(classes)
    .leftJoin(users, eq(users.id, classes.coachId))
    .leftJoin(categories, eq(categories.id, classes.categoryId))
    .where(where)
    .orderBy(...ordering(query, now.getTime()))
    .limit(page.limit)
    .offset(page.offset);
  const parents = rows.filter(({ row }) => row.isRecurring && row.parentClassId === null).map(({ row }) => row.id);
  const series = await seriesFigures(ctx, parents, now);
  const counted = [...rows.map(({ row }) => row.id), ...[...series.values()].flatMap((s) => s.sessionIds)];
  const spots = await spotsTakenByClass(ctx.db, counted, now);
  const waiting = await waitlistCounts(ctx.db, counted);
  const sum = (ids: number[], of: Map<number, number>) => ids.reduce((n, id) => n + (of.get(id) ?? 0), 0);
  const answer = rows.map(({ row, coachFirstName, coachLastName, categoryName }) => {
    const own = series.get(row.id);
    // A series' figures are its sessions' (in the series view; the sessions view lists them one by one).
    const ids = own && query.view === 'series' ? own.sessionIds : [row.id];
    const next = own ? (own.next ?? own.last) : { id: row.id, startTime: row.startTime, capacity: row.capacity };
    return {
      ...toClassJson(row),
      coach: coachFirstName !== null ? { id: row.coachId, firstName: coachFirstName, lastName: coachLastName ?? '' } : null,
      categoryName,
      activeBookings: sum(ids, spots),
      waitlistCount: sum(ids, waiting),
      sessionCount: own ? own.sessionCount : 1,
      nextSession: next
        ? {
            id: next.id,
            startTime: next.startTime?.toISOString() ?? null,
            activeBookings: spots.get(next.id) ?? 0,
            capacity: next.capacity,
            waitlistCount: waiting.get(next.id) ?? 0,
          }
        : null,
    };
  });
  return { rows: answer, total: Number(count?.total ?? 0) };
}
