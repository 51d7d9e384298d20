// Cancelling bookings: by their customer (the FAQ refund policy) and all at once for classes a coach or an
// admin deletes (full refunds). The refund is issued before the booking is marked, so a failure after it
// leaves the customer with their money and a cancellation that can simply be tried again. The emails are the
// caller's (api/notices).
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bookings, classes, users } from '../../db/schema';
import { conflict, DomainError, forbidden, notFound } from '../errors';
import { bookingWithClass } from './bookable';
import { activeBooking, type Actor, applyTransition, assertTransition, type BookingRow, isIn, stateOf } from './booking-states';
import type { Customer, RefundProvider, SpotsContext } from './context';
import { creditsComeBack, returnCredits } from './pass-credits';
import { hasStarted, refundFor } from './policy';
import { writeFreeingSpots } from './release';

type ClassRow = typeof classes.$inferSelect;

/** What the customer has paid for a booking and not had back: its amount once confirmed (a hold has paid
 * nothing yet), less what an admin refunded of it already (api/admin/user-support.ts). */
export function paidCents(row: Pick<BookingRow, 'status' | 'cancelReason' | 'amountCents' | 'refundAmountCents'>): number {
  return isIn(row, ['confirmed']) ? Math.max(0, row.amountCents - (row.refundAmountCents ?? 0)) : 0;
}

/** Issues a refund through the provider; the idempotency key makes a repeated call refund once. */
async function issueRefund(
  payments: RefundProvider,
  booking: BookingRow,
  cents: number,
  idempotencyKey = `refund-booking-${booking.id}`,
): Promise<void> {
  if (cents <= 0) return;
  if (!booking.paymentIntentId) {
    console.warn(`[bookings] booking ${booking.id} has no payment intent (demo data?): no refund sent to the provider`);
    return;
  }
  try {
    await payments.refund(booking.paymentIntentId, cents, idempotencyKey);
  } catch (error) {
    console.error('[bookings] refund failed', booking.id, error);
    throw new DomainError(502, 'The refund could not be issued right now. Please try again in a moment.');
  }
}

/** Its owner cancels a booking before the class starts, refunded by the FAQ policy; the freed spots go to the
 * waitlist in the same write, before anyone else can book them. Answers the cancelled booking, its class and
 * the refund. */
export async function cancelByCustomer(
  ctx: SpotsContext & { payments: RefundProvider },
  customer: Pick<Customer, 'id'>,
  bookingId: number,
): Promise<{ booking: BookingRow; cls: ClassRow; refundCents: number; creditsReturned: number }> {
  const now = ctx.clock.now();
  const found = await bookingWithClass(ctx.db, bookingId);
  if (!found) throw notFound('Booking not found.');
  if (found.booking.userId !== customer.id) throw forbidden('You can only cancel your own bookings.');
  const { booking, cls } = found;
  assertTransition(stateOf(booking), 'cancelByCustomer', 'customer');
  if (hasStarted(cls.startTime, now))
    throw conflict('This class has already started, so the booking can no longer be cancelled.', 'class_started');
  const refundCents = refundFor(paidCents(booking), cls.startTime, now, booking.classChangedAt !== null);
  await issueRefund(ctx.payments, booking, refundCents);
  let creditsReturned = 0;
  const updated = await writeFreeingSpots(ctx, [cls.id], async (tx) => {
    // The total refunded: what an admin refunded earlier, plus this refund.
    const row = await applyTransition(tx, booking, 'cancelByCustomer', 'customer', {
      cancelledAt: now,
      holdExpiresAt: null,
      refundAmountCents: (booking.refundAmountCents ?? 0) + refundCents,
    });
    // Paid with a pass: its credits come back in this same write when in time (./pass-credits.ts).
    if (row && creditsComeBack(cls, booking, now)) creditsReturned = await returnCredits(tx, row, now);
    return row;
  });
  if (!updated) throw conflict('This booking has already been cancelled.');
  if (isIn(booking, ['hold']) && booking.paymentIntentId) await ctx.payments.cancelIntent(booking.paymentIntentId);
  return { booking: updated, cls, refundCents, creditsReturned };
}

/** An admin cancels a hold or a confirmed booking for its customer (support), before the class starts, refunding
 * `refundCents` (at most what is still paid) through the provider first, so a failure leaves the booking as it
 * was. `record` runs in the cancelling write (the audit row); the freed spots go to the waitlist in it too. */
export async function cancelForCustomerBySupport(
  ctx: SpotsContext & { payments: RefundProvider },
  bookingId: number,
  refundCents: number,
  record: (tx: Tx, booking: BookingRow) => Promise<void>,
): Promise<{ booking: BookingRow; cls: ClassRow; refundCents: number }> {
  const now = ctx.clock.now();
  const found = await bookingWithClass(ctx.db, bookingId);
  if (!found) throw notFound('Booking not found.');
  const { booking, cls } = found;
  assertTransition(stateOf(booking), 'cancelByCustomer', 'admin');
  if (hasStarted(cls.startTime, now))
    throw conflict('This class has already started, so the booking can no longer be cancelled. Refund it instead.', 'class_started');
  const refundable = paidCents(booking);
  if (refundCents > refundable) throw conflict(`At most $${(refundable / 100).toFixed(2)} can be refunded for this booking.`);
  await issueRefund(ctx.payments, booking, refundCents, `refund-booking-${booking.id}-support-cancel`);
  const updated = await writeFreeingSpots(ctx, [cls.id], async (tx) => {
    const row = await applyTransition(tx, booking, 'cancelByCustomer', 'admin', {
      cancelledAt: now,
      holdExpiresAt: null,
      refundAmountCents: isIn(booking, ['confirmed']) ? (booking.refundAmountCents ?? 0) + refundCents : null,
    });
    // Support cancels for the customer: a pass's credits always come back.
    if (row) await returnCredits(tx, row, now);
    if (row) await record(tx, row);
    return row;
  });
  if (!updated) throw conflict('This booking has already been cancelled.');
  if (isIn(booking, ['hold']) && booking.paymentIntentId) await ctx.payments.cancelIntent(booking.paymentIntentId);
  return { booking: updated, cls, refundCents };
}

/** One booking the class deletion cancelled, for its email. */
export interface CancelledForDeletion {
  booking: BookingRow;
  cls: ClassRow;
  user: { email: string; firstName: string };
  refundCents: number;
}

/** For the class-deletion flow, fired by the coach or admin who deletes: cancels every open booking of those
 * classes, refunds everything paid through the provider and stores refundAmountCents (null for an unpaid hold,
 * so a payment that still arrives is refunded in full); `cancelled` hears of each one as it happens (its
 * email). A waitlist offer's booking is released silently: its entry is closed with the rest of the waitlist.
 * Call it BEFORE marking the classes deleted. A refund that fails stops with a 502 (the class must not be
 * deleted then); bookings handled so far stay cancelled and refunded, so calling again finishes the rest. */
export async function cancelForDeletedClasses(
  ctx: SpotsContext & { payments: RefundProvider },
  classIds: number[],
  actor: Actor,
  cancelled: (row: CancelledForDeletion) => Promise<void>,
): Promise<{ cancelled: number; refundedCents: number }> {
  if (classIds.length === 0) return { cancelled: 0, refundedCents: 0 };
  const now = ctx.clock.now();
  const rows = await ctx.db
    .select({ booking: bookings, cls: classes, email: users.email, firstName: users.firstName })
    .from(bookings)
    .innerJoin(classes, eq(classes.id, bookings.classId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(and(inArray(bookings.classId, classIds), activeBooking));
  let count = 0;
  let refundedCents = 0;
  for (const { booking, cls, email, firstName } of rows) {
    assertTransition(stateOf(booking), 'cancelForDeletedClass', actor);
    const paid = paidCents(booking);
    await issueRefund(ctx.payments, booking, paid);
    const updated = await ctx.db.write(async (tx) => {
      const row = await applyTransition(tx, booking, 'cancelForDeletedClass', actor, {
        cancelledAt: now,
        holdExpiresAt: null,
        refundAmountCents: isIn(booking, ['confirmed']) ? (booking.refundAmountCents ?? 0) + paid : null,
      });
      // The coach or an admin called the class off: a pass's credits always come back.
      if (row) await returnCredits(tx, row, now);
      return row;
    });
    if (!updated || isIn(booking, ['offered'])) continue;
    if (isIn(booking, ['hold']) && booking.paymentIntentId) await ctx.payments.cancelIntent(booking.paymentIntentId);
    count++;
    refundedCents += paid;
    await cancelled({ booking: updated, cls, user: { email, firstName }, refundCents: paid });
  }
  return { cancelled: count, refundedCents };
}
