// The coach directory and a coach's public card: approved coaches with their rating and expertise names.
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { notFound } from '../errors';
import { boundPage } from '../../common/pagination';
import type { Coach, Rating } from './model';
import { coachSearchIds } from './coach-search';
import { coachRatings, coachReviewStats, NO_RATING, toRating } from './ratings';
import { DEFAULT_PAGE, listCategories } from './service';

type UserRow = typeof users.$inferSelect;

function toCoach(user: UserRow, categoryNames: Map<number, string>, rating: Rating | undefined): Coach {
  const areas = Array.isArray(user.areasOfExpertise) ? user.areasOfExpertise.filter((id) => Number.isInteger(id)) : [];
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    bio: user.bio,
    profileImage: user.profileImage,
    certifications: user.certifications,
    areasOfExpertise: areas,
    expertise: areas.map((id) => categoryNames.get(id)).filter((name): name is string => Boolean(name)),
    rating: rating ?? NO_RATING,
  };
}

async function categoryNameMap(db: Database): Promise<Map<number, string>> {
  return new Map((await listCategories(db)).map((c) => [c.id, c.name]));
}

// A suspended coach leaves the directory with their classes (api/admin/coach-review.ts).
const approvedCoach = and(eq(users.role, 'coach'), eq(users.isApproved, true), isNull(users.suspendedAt));

/** Approved coaches whose full name or bio contains q, ignoring case and accents (./coach-search.ts). */
function coachSearch(q: string | undefined) {
  const ids = coachSearchIds(q);
  return ids ? and(approvedCoach, sql`${users.id} IN (${ids})`) : approvedCoach;
}

export interface CoachListOptions {
  q?: string;
  limit?: number;
  offset?: number;
}

/** One page (DEFAULT_PAGE unless a limit, at most MAX_PAGE_SIZE, is given) of the approved coaches matching q,
 * best rated first (then most reviewed, then by name), and how many match in all. */
export async function listCoaches(db: Database, options: CoachListOptions = {}): Promise<{ items: Coach[]; total: number }> {
  const page = boundPage(options, DEFAULT_PAGE);
  const stats = coachRatings(db).as('stats');
  const [rows, counted, names] = await Promise.all([
    db
      .select({ user: users, average: stats.average, total: stats.total })
      .from(users)
      .leftJoin(stats, eq(stats.coachId, users.id))
      .where(coachSearch(options.q))
      .orderBy(
        desc(sql`coalesce(${stats.average}, 0)`),
        desc(sql`coalesce(${stats.total}, 0)`),
        sql`${users.firstName} || ' ' || ${users.lastName} COLLATE NOCASE`,
        users.id,
      )
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(users).where(coachSearch(options.q)),
    categoryNameMap(db),
  ]);
  return { items: rows.map(({ user, average, total }) => toCoach(user, names, toRating({ average, total }))), total: counted[0]?.n ?? 0 };
}

export async function getCoach(db: Database, id: number): Promise<Coach> {
  const row = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), approvedCoach))
    .get();
  if (!row) throw notFound('Coach not found.');
  const [names, rating] = await Promise.all([categoryNameMap(db), coachReviewStats(db, id)]);
  return toCoach(row, names, rating);
}
