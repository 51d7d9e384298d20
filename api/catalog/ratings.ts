// Coach ratings (average with 1 decimal, and count) and coach reviews, read by the class list, the coach
// directory and the profile pages.
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { classes, reviews, users } from '../../db/schema';
import { boundPage, MAX_PAGE_SIZE } from '../../common/pagination';
import type { Rating, Review } from './model';

export const NO_RATING: Rating = { averageRating: 0, totalReviews: 0 };

/** The one rating computation: each coach's review count and average rounded to 1 decimal, per coach id
 * (of these coaches, or of all as a subquery to join). */
export function coachRatings(db: Database, coachIds?: number[]) {
  return db
    .select({
      coachId: reviews.coachId,
      average: sql<number>`round(avg(${reviews.rating}), 1)`.as('average'),
      total: sql<number>`count(*)`.as('total'),
    })
    .from(reviews)
    .where(coachIds ? inArray(reviews.coachId, coachIds) : undefined)
    .groupBy(reviews.coachId);
}

/** A row of coachRatings (null when the coach has no review) as a Rating. */
export const toRating = (row: { average: number | null; total: number | null }): Rating =>
  row.total ? { averageRating: Number(row.average), totalReviews: Number(row.total) } : NO_RATING;

/** Average (1 decimal) and count of each coach's reviews. */
export async function ratingsByCoach(db: Database, coachIds: number[]): Promise<Map<number, Rating>> {
  if (coachIds.length === 0) return new Map();
  const rows = await coachRatings(db, [...new Set(coachIds)]);
  return new Map(rows.map((row) => [row.coachId, toRating(row)]));
}

export async function coachReviewStats(db: Database, coachId: number): Promise<Rating> {
  return (await ratingsByCoach(db, [coachId])).get(coachId) ?? NO_RATING;
}

/** A page of a coach's reviews (MAX_PAGE_SIZE unless a smaller limit is given), most recent first. Customers
 * are named by first name and last initial. */
export async function coachReviews(db: Database, coachId: number, request: { limit?: number; offset?: number } = {}): Promise<Review[]> {
  const page = boundPage(request, MAX_PAGE_SIZE);
  const rows = await db
    .select({ review: reviews, firstName: users.firstName, lastName: users.lastName, className: classes.title })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .leftJoin(classes, eq(classes.id, reviews.classId))
    .where(eq(reviews.coachId, coachId))
    .orderBy(desc(reviews.updatedAt), desc(reviews.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(({ review, firstName, lastName, className }) => ({
    id: review.id,
    classId: review.classId,
    bookingId: review.bookingId,
    rating: review.rating,
    comment: review.comment,
    customerName: `${firstName} ${lastName ? `${lastName[0]}.` : ''}`.trim(),
    customerFirstName: firstName,
    className,
    createdAt: review.createdAt.toISOString(),
    updatedAt: review.updatedAt.toISOString(),
  }));
}
