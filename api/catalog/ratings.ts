// Coach ratings (average with 1 decimal, and count) and coach reviews, read by the class list, the coach
// directory and the profile pages.
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { classes, reviews, users } from '../../db/schema';
import type { Rating, Review } from './model';

export const NO_RATING: Rating = { averageRating: 0, totalReviews: 0 };

/** Average (1 decimal) and count of each coach's reviews. */
export async function ratingsByCoach(db: Database, coachIds: number[]): Promise<Map<number, Rating>> {
  const result = new Map<number, Rating>();
  if (coachIds.length === 0) return result;
  const rows = await db
    .select({ coachId: reviews.coachId, average: sql<number>`avg(${reviews.rating})`, total: sql<number>`count(*)` })
    .from(reviews)
    .where(inArray(reviews.coachId, [...new Set(coachIds)]))
    .groupBy(reviews.coachId);
  for (const row of rows) result.set(row.coachId, { averageRating: Math.round(Number(row.average) * 10) / 10, totalReviews: Number(row.total) });
  return result;
}

export async function coachReviewStats(db: Database, coachId: number): Promise<Rating> {
  return (await ratingsByCoach(db, [coachId])).get(coachId) ?? NO_RATING;
}

/** A page of a coach's reviews, most recent first. Customers are named by first name and last initial. */
export async function coachReviews(db: Database, coachId: number, page: { limit?: number; offset?: number } = {}): Promise<Review[]> {
  const rows = await db
    .select({ review: reviews, firstName: users.firstName, lastName: users.lastName, className: classes.title })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .leftJoin(classes, eq(classes.id, reviews.classId))
    .where(eq(reviews.coachId, coachId))
    .orderBy(desc(reviews.updatedAt), desc(reviews.id))
    .limit(page.limit ?? -1)
    .offset(page.offset ?? 0);
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
