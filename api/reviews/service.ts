// Reviews: only the customer of a confirmed booking whose class has started; one per booking (POST creates,
// PUT updates the owner's own). Coach ratings are computed from the reviews on every read, so they follow.
// Deleting a class keeps its reviews, and a session attended before its class was deleted can still be
// reviewed (the booking stays confirmed); the deletion cancels every booking not yet taken place, and a
// cancelled booking is never reviewable.
import { and, desc, eq, type SQL } from 'drizzle-orm';
import { classes, reviews, users } from '../../db/schema';
import type { SessionUser } from '../auth/session';
import { hasStarted } from '../spots/policy';
import { bookingWithClass } from '../spots/bookable';
import type { Review } from '../catalog/model';
import type { AppContext } from '../context';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { NOT_YET_TAKEN_PLACE, ONLY_CONFIRMED, type ReviewBody } from './model';
import { isIn } from '../spots/booking-states';

type ReviewRow = typeof reviews.$inferSelect;

function toReviewJson(review: ReviewRow, customer: { firstName: string; lastName: string }, className: string | null): Review {
  return {
    id: review.id,
    classId: review.classId,
    bookingId: review.bookingId,
    rating: review.rating,
    comment: review.comment,
    customerName: `${customer.firstName} ${customer.lastName ? `${customer.lastName[0]}.` : ''}`.trim(),
    customerFirstName: customer.firstName,
    className,
    createdAt: review.createdAt.toISOString(),
    updatedAt: review.updatedAt.toISOString(),
  };
}

/** The booking being reviewed: the user's own, confirmed, for that class, and the class has started. */
async function reviewableBooking(ctx: AppContext, user: SessionUser, classId: number, bookingId: number) {
  const found = await bookingWithClass(ctx.db, bookingId);
  if (!found || found.booking.classId !== classId) throw notFound('Review Not Found');
  if (found.booking.userId !== user.id) throw forbidden('Only the customer who booked this class can review it.');
  if (!isIn(found.booking, ['confirmed'])) throw conflict(ONLY_CONFIRMED);
  if (!hasStarted(found.cls.startTime, ctx.clock.now())) throw conflict(NOT_YET_TAKEN_PLACE);
  return found;
}

export async function createReview(ctx: AppContext, user: SessionUser, body: ReviewBody): Promise<Review> {
  const { cls } = await reviewableBooking(ctx, user, body.classId, body.bookingId);
  // Stamped by the app's clock, as updates are, so the newest review comes first whatever day the clock is on.
  const now = ctx.clock.now();
  const row = await ctx.db.write(async (tx) => {
    const existing = await tx.select({ id: reviews.id }).from(reviews).where(eq(reviews.bookingId, body.bookingId)).get();
    if (existing) throw conflict('You have already reviewed this booking: update your review instead.');
    const [created] = await tx
      .insert(reviews)
      .values({
        classId: cls.id,
        bookingId: body.bookingId,
        userId: user.id,
        coachId: cls.coachId,
        rating: body.rating,
        comment: body.comment || null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return created!;
  });
  return toReviewJson(row, user, cls.title);
}

export async function updateReview(ctx: AppContext, user: SessionUser, reviewId: number, body: ReviewBody): Promise<Review> {
  const existing = await ctx.db.select().from(reviews).where(eq(reviews.id, reviewId)).get();
  if (!existing) throw notFound('Review Not Found');
  if (existing.userId !== user.id) throw forbidden('You can only edit your own reviews.');
  if (existing.bookingId !== body.bookingId || existing.classId !== body.classId)
    throw badRequest('This review belongs to another booking.');
  const { cls } = await reviewableBooking(ctx, user, body.classId, body.bookingId);
  const [row] = await ctx.db.write((tx) =>
    tx
      .update(reviews)
      .set({ rating: body.rating, comment: body.comment || null, updatedAt: ctx.clock.now() })
      .where(eq(reviews.id, reviewId))
      .returning(),
  );
  return toReviewJson(row!, user, cls.title);
}

/** Reviews with their customer's names and the class title. */
function reviewsWithNames(ctx: AppContext, where: SQL | undefined) {
  return ctx.db
    .select({ review: reviews, firstName: users.firstName, lastName: users.lastName, className: classes.title })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .leftJoin(classes, eq(classes.id, reviews.classId))
    .where(where);
}

/** GET /api/reviews/customer/{userId}: the user's own reviews (or any user's, for an admin). */
export async function customerReviews(ctx: AppContext, user: SessionUser, userId: number): Promise<Review[]> {
  if (user.id !== userId && user.role !== 'admin') throw forbidden('You can only see your own reviews.');
  const rows = await reviewsWithNames(ctx, eq(reviews.userId, userId)).orderBy(desc(reviews.updatedAt), desc(reviews.id));
  return rows.map((r) => toReviewJson(r.review, r, r.className));
}

/** GET /api/reviews/class/{classId}/{bookingId}: the review of that booking, for its customer (or an admin). */
export async function bookingReview(ctx: AppContext, user: SessionUser, classId: number, bookingId: number): Promise<Review> {
  const row = await reviewsWithNames(ctx, and(eq(reviews.classId, classId), eq(reviews.bookingId, bookingId))).get();
  if (!row) throw notFound('Review Not Found');
  if (row.review.userId !== user.id && user.role !== 'admin') throw forbidden('You can only see your own reviews.');
  return toReviewJson(row.review, row, row.className);
}
