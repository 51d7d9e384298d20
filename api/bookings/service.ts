// The booking routes' workflows: booking a free class and listing a customer's bookings. The booking itself,
// holds, payments' settlement and cancelling are the booking domain's (api/spots); this folder adds the
// answers' shape and the emails (api/notices).
import { and, asc, desc, eq, gt, inArray, isNull, lte, not, or, type SQL, sql } from 'drizzle-orm';
import { bookings, classes, reviews } from '../../db/schema';
import type { SessionUser } from '../auth/session';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import type { PageRequest } from '../../common/pagination';
import { sendOutboxSoon } from '../notices/outbox';
import { attendeesOf } from '../spots/attendees';
import { bookFree } from '../spots/book';
import { activeBooking, type BookingState, inStates } from '../spots/booking-states';
import { membershipFeeTerms } from '../spots/membership-fees';
import { creditsBackUntil, passPaymentsOf } from '../spots/pass-credits';
import { DEFAULT_POLICY, policyFrom } from '../../common/cancellation-policy';
import { passOnFreedSpots } from '../spots/release';
import { toBookingJson } from '../spots/shape';
import type { Booking, BookingListFilter, FreeBookingBody } from './model';

/** POST /api/bookings and /api/bookings/free: a free class, or a paid one paid with a pass (`payWith`, its credits
 * taken in the booking's write); confirmed at once (api/spots/book.ts), its confirmation queued in the same write
 * and sent by the outbox worker just after the answer (api/notices/outbox.ts). The waivers accepted with it are
 * recorded in that write (api/spots/waivers.ts). */
export async function bookFreeClass(
  ctx: AppContext,
  user: SessionUser,
  input: FreeBookingBody,
  source?: { ipAddress: string; userAgent: string },
): Promise<Booking> {
  const created = await bookFree(ctx, user, { ...input, source });
  sendOutboxSoon(ctx);
  const json = toBookingJson(created.booking, created.cls, ctx.clock.now(), created.attendees);
  return input.payWith ? withPassPayments(ctx, [json]).then(([one]) => one!) : json;
}

/** Each booking paid with a pass names it (paidWithPass); others get null. */
async function withPassPayments(ctx: AppContext, rows: Booking[]): Promise<Booking[]> {
  const paid = await passPaymentsOf(
    ctx.db,
    rows.map((row) => row.id),
  );
  // The credits come back until the full-refund deadline of the policy each booking was booked under (or the start,
  // when its pass rules say a late cancellation does not forfeit them).
  const policies = new Map(
    paid.size === 0
      ? []
      : (
          await ctx.db
            .select({ id: bookings.id, policy: bookings.cancellationPolicy })
            .from(bookings)
            .where(inArray(bookings.id, [...paid.keys()]))
        ).map((b) => [b.id, policyFrom(b.policy)]),
  );
  return rows.map((row) => {
    const pass = paid.get(row.id);
    if (!pass) return { ...row, paidWithPass: null };
    const start = row.class.startTime ? new Date(row.class.startTime) : null;
    const policy = policies.get(row.id) ?? DEFAULT_POLICY;
    const until = pass.credits > 0 ? creditsBackUntil(start, row.classChangedAt !== null, policy) : null;
    // An unlimited membership's booking (no credits taken): the late-cancel fee its policy sets, and from when.
    const fee = pass.kind === 'membership' && pass.credits === 0 ? membershipFeeTerms(policy, start, row.classChangedAt !== null) : null;
    return {
      ...row,
      paidWithPass: {
        ...pass,
        creditsBackUntil: until?.toISOString() ?? null,
        lateCancelFeeCents: fee?.lateCancelFeeCents ?? null,
        lateCancelFeeFrom: fee?.lateFrom?.toISOString() ?? null,
        noShowFeeCents: fee?.noShowFeeCents ?? null,
      },
    };
  });
}

/** How a hold that was never paid can end (a class deleted during checkout included); waitlist offers, open or
 * ended, are not bookings either (they show on the Waitlist tab). */
const UNPAID_ENDINGS: readonly BookingState[] = [
  'holdExpired',
  'holdReplaced',
  'paymentFailed',
  'cancelledClassDeleted',
  'offered',
  'offerDeclined',
  'offerExpired',
];

/** The rows of GET /api/bookings for these filters: Upcoming holds active bookings (and those the coach
 * cancelled by deleting the class) whose class starts later, Past every booking whose class has started. */
function bookingListWhere(userId: number, filter: BookingListFilter, now: Date): SQL {
  // coalesce: a row cancelled before reasons were kept has a NULL reason, which must not hide it.
  const unpaidEnding = sql`coalesce(${and(inStates(UNPAID_ENDINGS), isNull(bookings.refundAmountCents))}, 0)`;
  const conditions: (SQL | undefined)[] = [eq(bookings.userId, userId), not(unpaidEnding)];
  if (filter.classId) conditions.push(eq(bookings.classId, Number(filter.classId)));
  if (filter.active === 'true') conditions.push(activeBooking);
  if (filter.active === 'false') conditions.push(not(activeBooking));
  if (filter.when === 'upcoming')
    conditions.push(or(isNull(classes.startTime), gt(classes.startTime, now)), or(activeBooking, inStates(['cancelledClassDeleted'])));
  if (filter.when === 'past') conditions.push(lte(classes.startTime, now));
  // Cancelled: kept in view with what was refunded and when (holds that simply ran out are left out above).
  if (filter.when === 'cancelled') conditions.push(eq(bookings.status, 'cancelled'));
  return and(...conditions)!;
}

/** GET /api/bookings: one page of the user's bookings with the embedded class, newest class first (Upcoming:
 * soonest first), deleted classes included (class.deleted), so a booking the coach cancelled keeps its
 * refund. Holds that ended without a payment are left out (they never were bookings for the customer). */
export async function listBookings(
  ctx: AppContext,
  user: SessionUser,
  filter: BookingListFilter,
  page: PageRequest,
): Promise<{ rows: Booking[]; total: number }> {
  const now = ctx.clock.now();
  const stale = await ctx.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.userId, user.id), inStates(['hold']), lte(bookings.holdExpiresAt, now)))
    .get();
  if (stale) await passOnFreedSpots(ctx, { userId: user.id });
  const where = bookingListWhere(user.id, filter, now);
  const order =
    filter.when === 'upcoming'
      ? [sql`${classes.startTime} is null`, asc(classes.startTime), asc(bookings.id)]
      : filter.when === 'cancelled'
        ? [desc(bookings.cancelledAt), desc(bookings.id)]
        : [desc(classes.startTime), desc(bookings.id)];
  const [count] = await ctx.db
    .select({ total: sql<number>`count(*)` })
    .from(bookings)
    .innerJoin(classes, eq(classes.id, bookings.classId))
    .where(where);
  const rows = await ctx.db
    .select({ booking: bookings, cls: classes, reviewId: reviews.id })
    .from(bookings)
    .innerJoin(classes, eq(classes.id, bookings.classId))
    .leftJoin(reviews, eq(reviews.bookingId, bookings.id))
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  const [attendees, next] = await Promise.all([
    attendeesOf(
      ctx.db,
      rows.map(({ booking }) => booking),
    ),
    nextSessionsOf(
      ctx,
      rows.map(({ cls }) => cls),
      now,
    ),
  ]);
  return {
    rows: await withPassPayments(
      ctx,
      rows.map(({ booking, cls, reviewId }) =>
        withNextSession(toBookingJson(booking, cls, now, attendees.get(booking.id) ?? [], reviewId), cls, next),
      ),
    ),
    total: Number(count?.total ?? 0),
  };
}

/** The next session not started yet of each series these classes belong to, by series (parent) id. */
async function nextSessionsOf(ctx: AppContext, rows: (typeof classes.$inferSelect)[], now: Date): Promise<Map<number, number>> {
  const parents = [...new Set(rows.map((cls) => cls.parentClassId).filter((id): id is number => id !== null))];
  if (!parents.length) return new Map();
  // SQLite returns the row of the min() for the bare column: the soonest session of each series.
  const found = await ctx.db.all<{ parent: number; id: number }>(sql`
    SELECT "parent_class_id" AS parent, "id" AS id, min("start_time") FROM classes
    WHERE "parent_class_id" IN (${sql.join(
      parents.map((id) => sql`${id}`),
      sql`, `,
    )}) AND "deleted_at" IS NULL AND "start_time" > ${now.getTime()}
    GROUP BY "parent_class_id"`);
  return new Map(found.map((row) => [Number(row.parent), Number(row.id)]));
}

function withNextSession(json: Booking, cls: typeof classes.$inferSelect, next: Map<number, number>): Booking {
  return { ...json, class: { ...json.class, nextSessionId: cls.parentClassId !== null ? (next.get(cls.parentClassId) ?? null) : null } };
}

/** GET /api/bookings/{id}: one of the user's own bookings, as the list shows it (the confirmation page reads
 * it). Another person's booking is not found, so ids reveal nothing. */
export async function getBooking(ctx: AppContext, user: SessionUser, bookingId: number): Promise<Booking> {
  const row = await ctx.db
    .select({ booking: bookings, cls: classes, reviewId: reviews.id })
    .from(bookings)
    .innerJoin(classes, eq(classes.id, bookings.classId))
    .leftJoin(reviews, eq(reviews.bookingId, bookings.id))
    .where(and(eq(bookings.id, bookingId), eq(bookings.userId, user.id)))
    .get();
  if (!row) throw notFound('Booking not found.');
  const now = ctx.clock.now();
  const [attendees, next] = await Promise.all([attendeesOf(ctx.db, [row.booking]), nextSessionsOf(ctx, [row.cls], now)]);
  const json = withNextSession(toBookingJson(row.booking, row.cls, now, attendees.get(row.booking.id) ?? [], row.reviewId), row.cls, next);
  return (await withPassPayments(ctx, [json]))[0]!;
}
