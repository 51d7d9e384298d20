// The coach directory and a coach's public card: approved coaches with their rating and expertise names.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { reviews, users } from '../../db/schema';
import { notFound } from '../errors';
import type { Coach, Rating } from './model';
import { coachReviewStats, NO_RATING } from './ratings';
import { listCategories } from './service';

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

const approvedCoach = and(eq(users.role, 'coach'), eq(users.isApproved, true));

/** The coach search of customer-areas §5 in SQL (see matchesCoachSearch): the full name or the bio contains q, case-insensitive. */
function coachSearch(q: string | undefined) {
  const text = q?.trim().toLowerCase();
  if (!text) return approvedCoach;
  return and(approvedCoach, sql`(instr(lower(${users.firstName} || ' ' || ${users.lastName}), ${text}) > 0 OR instr(lower(coalesce(${users.bio}, '')), ${text}) > 0)`);
}

export interface CoachListOptions {
  q?: string;
  limit?: number;
  offset?: number;
}

/** Approved coaches matching q, best rated first (then most reviewed, then by name), one page when limit is given. */
export async function listCoaches(db: Database, options: CoachListOptions = {}): Promise<Coach[]> {
  const stats = db
    .select({ coachId: reviews.coachId, average: sql<number>`round(avg(${reviews.rating}), 1)`.as('average'), total: sql<number>`count(*)`.as('total') })
    .from(reviews)
    .groupBy(reviews.coachId)
    .as('stats');
  const rows = await db
    .select({ user: users, average: stats.average, total: stats.total })
    .from(users)
    .leftJoin(stats, eq(stats.coachId, users.id))
    .where(coachSearch(options.q))
    .orderBy(desc(sql`coalesce(${stats.average}, 0)`), desc(sql`coalesce(${stats.total}, 0)`), sql`${users.firstName} || ' ' || ${users.lastName} COLLATE NOCASE`, users.id)
    .limit(options.limit ?? -1)
    .offset(options.offset ?? 0);
  const names = await categoryNameMap(db);
  return rows.map(({ user, average, total }) => toCoach(user, names, total ? { averageRating: Number(average), totalReviews: Number(total) } : NO_RATING));
}

export async function countCoaches(db: Database, q?: string): Promise<number> {
  return (await db.select({ n: count() }).from(users).where(coachSearch(q)))[0]?.n ?? 0;
}

export async function getCoach(db: Database, id: number): Promise<Coach> {
  const row = await db.select().from(users).where(and(eq(users.id, id), approvedCoach)).get();
  if (!row) throw notFound('Coach not found.');
  const [names, rating] = await Promise.all([categoryNameMap(db), coachReviewStats(db, id)]);
  return toCoach(row, names, rating);
}
