// The booking routes' workflows: booking a free class and listing a customer's bookings. Capacity is always
// checked and the booking written inside ONE serialized write transaction (ctx.db.write), so concurrent
// requests cannot oversell. Holds and payments: holds.ts and settlement.ts; cancelling: cancellation.ts.
import { and, desc, eq, lte } from 'drizzle-orm';
import { bookings, classes, reviews } from '../../db/schema';
import { attendeesOf, checkAttendees, saveAttendees } from '../attendees/service';
import type { SessionUser } from '../auth/session';
import type { AppContext } from '../context';
import { badRequest, conflict } from '../errors';
import { sendBookingConfirmation } from './emails';
import { expireHolds } from './holds';
import { applyTransition, type BookingState, stateOf } from './lifecycle';
import type { Booking, FreeBookingBody } from './model';
import { checkCapacity } from './policy';
import { ALREADY_BOOKED, activeBookingOf, OFFER_OPEN, loadBookableClass, refusingDuplicates, spotsTaken } from './queries';
import { toBookingJson } from './shape';

/** POST /api/bookings/free: only for price 0; confirmed at once. */
export async function bookFreeClass(ctx: AppContext, user: SessionUser, input: FreeBookingBody): Promise<Booking> {
  const now = ctx.clock.now();
  const created = await refusingDuplicates(() =>
    ctx.db.write(async (tx) => {
      const cls = await loadBookableClass(tx, input.classId, user, now);
      if (cls.priceCents > 0) throw badRequest('This class is not free: please book it through checkout.');
      await expireHolds(tx, now, { classId: cls.id });
      const existing = await activeBookingOf(tx, user.id, cls.id);
      if (existing) throw conflict(existing.status === 'offered' ? OFFER_OPEN : ALREADY_BOOKED);
      const attendees = checkAttendees(input.attendees, input.quantity, cls.ageGroup, user);
      checkCapacity(cls.capacity, await spotsTaken(tx, cls.id, now), input.quantity);
      const booking = await applyTransition(tx, 'new', 'bookFree', 'customer', { classId: cls.id, userId: user.id, quantity: input.quantity, confirmedAt: now });
      await saveAttendees(tx, booking.id, attendees);
      return { booking, cls, attendees: attendees.map((a, position) => ({ position, ...a, attendance: null })) };
    }),
  );
  await sendBookingConfirmation(ctx, created.booking, created.cls, user);
  return toBookingJson(created.booking, created.cls, now, created.attendees);
}

/** How a hold that was never paid can end (a class deleted during checkout included); waitlist offers, open or
 * ended, are not bookings either (they show on the Waitlist tab). */
const UNPAID_ENDINGS: readonly BookingState[] = ['holdExpired', 'holdReplaced', 'paymentFailed', 'cancelledClassDeleted', 'offered', 'offerDeclined', 'offerExpired'];

/** GET /api/bookings: the user's bookings with the embedded class, newest class first, deleted classes
 * included (class.deleted), so a booking the coach cancelled keeps its refund. Holds that ended without a
 * payment are left out (they never were bookings for the customer). */
export async function listBookings(ctx: AppContext, user: SessionUser): Promise<Booking[]> {
  const now = ctx.clock.now();
  const stale = await ctx.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.userId, user.id), eq(bookings.status, 'pending'), lte(bookings.holdExpiresAt, now)))
    .get();
  if (stale) await ctx.db.write((tx) => expireHolds(tx, now, { userId: user.id }));
  const rows = await ctx.db
    .select({ booking: bookings, cls: classes, reviewId: reviews.id })
    .from(bookings)
    .innerJoin(classes, eq(classes.id, bookings.classId))
    .leftJoin(reviews, eq(reviews.bookingId, bookings.id))
    .where(eq(bookings.userId, user.id))
    .orderBy(desc(classes.startTime), desc(bookings.id));
  const shown = rows.filter(({ booking }) => !(UNPAID_ENDINGS.includes(stateOf(booking)) && booking.refundAmountCents === null));
  const attendees = await attendeesOf(ctx.db, shown.map(({ booking }) => booking));
  return shown.map(({ booking, cls, reviewId }) => toBookingJson(booking, cls, now, attendees.get(booking.id) ?? [], reviewId));
}
