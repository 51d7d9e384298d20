// Cancelling bookings: by their customer (the FAQ refund policy) and all at once for classes a coach or an
// admin deletes (full refunds). The refund is issued before the booking is marked, so a failure after it
// leaves the customer with their money and a cancellation that can simply be tried again.
import { and, eq, inArray } from 'drizzle-orm';
import { bookings, classes, users } from '../../db/schema';
import type { SessionUser } from '../auth/session';
import type { AppContext } from '../context';
import { conflict, DomainError, forbidden, notFound } from '../errors';
import { centsToDollars } from '../lib/money';
import { attendeesOfBooking } from '../spots/attendees';
import { sendCancellationEmail } from './emails';
import { activeBooking, type Actor, applyTransition, assertTransition, stateOf } from '../spots/booking-states';
import type { Booking } from './model';
import { hasStarted, refundFor } from '../spots/policy';
import { closeWaitlists, writeFreeingSpots } from '../waitlist/offers';
import { bookingWithClass } from './queries';
import { type BookingRow, paidCents, toBookingJson } from './shape';

/** Issues a refund through the provider; the idempotency key makes a repeated call refund once. */
async function issueRefund(ctx: AppContext, booking: BookingRow, cents: number): Promise<void> {
  if (cents <= 0) return;
  if (!booking.paymentIntentId) {
    console.warn(`[bookings] booking ${booking.id} has no payment intent (demo data?): no refund sent to the provider`);
    return;
  }
  try {
    await ctx.payments.refund(booking.paymentIntentId, cents, `refund-booking-${booking.id}`);
  } catch (error) {
    console.error('[bookings] refund failed', booking.id, error);
    throw new DomainError(502, 'The refund could not be issued right now. Please try again in a moment.');
  }
}

/** PUT /api/bookings/{id}/cancel: only the owner, before the class starts; refund by the FAQ policy. */
export async function cancelBooking(ctx: AppContext, user: SessionUser, bookingId: number): Promise<Booking> {
  const now = ctx.clock.now();
  const found = await bookingWithClass(ctx.db, bookingId);
  if (!found) throw notFound('Booking not found.');
  if (found.booking.userId !== user.id) throw forbidden('You can only cancel your own bookings.');
  const { booking, cls } = found;
  assertTransition(stateOf(booking), 'cancelByCustomer', 'customer');
  if (hasStarted(cls.startTime, now)) throw conflict('This class has already started, so the booking can no longer be cancelled.');
  const refundCents = refundFor(paidCents(booking), cls.startTime, now, booking.classChangedAt !== null);
  await issueRefund(ctx, booking, refundCents);
  // The freed spots go to the waitlist in this same write, before anyone else can book them.
  const updated = await writeFreeingSpots(ctx, [cls.id], (tx) =>
    applyTransition(tx, booking, 'cancelByCustomer', 'customer', { cancelledAt: now, holdExpiresAt: null, refundAmountCents: refundCents }),
  );
  if (!updated) throw conflict('This booking has already been cancelled.');
  if (booking.status === 'pending' && booking.paymentIntentId) await ctx.payments.cancelIntent(booking.paymentIntentId);
  await sendCancellationEmail(ctx, updated, cls, user, refundCents, 'customer');
  return toBookingJson(updated, cls, now, await attendeesOfBooking(ctx.db, updated));
}

/** For the class-deletion flow, fired by the coach or admin who deletes: cancels every active booking of
 * those classes, refunds everything paid through the provider, stores refundAmountCents (null for an unpaid
 * hold, so a payment that still arrives is refunded in full) and emails each customer; then closes the classes'
 * waitlists, emailing each person who was waiting (api/waitlist/offers closeWaitlists). Call it BEFORE marking
 * the classes deleted. A refund that fails stops with a 502 (the class must not be deleted then); bookings
 * handled so far stay cancelled and refunded, so calling again finishes the rest. */
export async function cancelClassBookings(ctx: AppContext, classIds: number[], actor: Actor): Promise<{ cancelled: number; refunded: number }> {
  if (classIds.length === 0) return { cancelled: 0, refunded: 0 };
  const now = ctx.clock.now();
  const rows = await ctx.db
    .select({ booking: bookings, cls: classes, email: users.email, firstName: users.firstName })
    .from(bookings)
    .innerJoin(classes, eq(classes.id, bookings.classId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(and(inArray(bookings.classId, classIds), activeBooking));
  let cancelled = 0;
  let refundedCents = 0;
  for (const { booking, cls, email, firstName } of rows) {
    assertTransition(stateOf(booking), 'cancelForDeletedClass', actor);
    const paid = paidCents(booking);
    await issueRefund(ctx, booking, paid);
    const updated = await ctx.db.write((tx) =>
      applyTransition(tx, booking, 'cancelForDeletedClass', actor, {
        cancelledAt: now,
        holdExpiresAt: null,
        refundAmountCents: booking.status === 'confirmed' ? paid : null,
      }),
    );
    // A waitlist offer was never a booking: its entry is closed with the rest of the waitlist below.
    if (!updated || booking.status === 'offered') continue;
    if (booking.status === 'pending' && booking.paymentIntentId) await ctx.payments.cancelIntent(booking.paymentIntentId);
    cancelled++;
    refundedCents += paid;
    await sendCancellationEmail(ctx, updated, cls, { email, firstName }, paid, 'class_deleted');
  }
  await closeWaitlists(ctx, classIds);
  return { cancelled, refunded: centsToDollars(refundedCents) };
}
