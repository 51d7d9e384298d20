// What an admin does to a booking for its customer (issue 24, item 4), handed to api/admin by api/app.ts:
// cancel on the customer's behalf with the refund the admin decides (at most what is still paid), and send
// the booking confirmation again. The admin feature records the audit row in the same write and emails why.
import type { Tx } from '../../db/client';
import type { AppContext } from '../context';
import { conflict, notFound } from '../errors';
import { applyTransition, assertTransition, stateOf } from '../spots/booking-states';
import { hasStarted } from '../spots/policy';
import { writeFreeingSpots } from '../waitlist/offers';
import { issueRefund } from './cancellation';
import { sendBookingConfirmation } from './emails';
import { bookingWithClass, findUser } from './queries';
import { type BookingRow, type ClassRow, paidCents } from './shape';

export interface CancelledForCustomer {
  booking: BookingRow;
  cls: ClassRow;
  refundCents: number;
}

/** Cancels a hold or a confirmed booking before its class starts, refunding `refundCents` through the provider
 * first (so a failure leaves the booking as it was); `record` runs in the cancelling write (the audit row). */
export async function cancelForCustomer(ctx: AppContext, bookingId: number, refundCents: number, record: (tx: Tx, booking: BookingRow) => Promise<void>): Promise<CancelledForCustomer> {
  const now = ctx.clock.now();
  const found = await bookingWithClass(ctx.db, bookingId);
  if (!found) throw notFound('Booking not found.');
  const { booking, cls } = found;
  assertTransition(stateOf(booking), 'cancelByCustomer', 'admin');
  if (hasStarted(cls.startTime, now)) throw conflict('This class has already started, so the booking can no longer be cancelled. Refund it instead.');
  const refundable = paidCents(booking);
  if (refundCents > refundable) throw conflict(`At most $${(refundable / 100).toFixed(2)} can be refunded for this booking.`);
  await issueRefund(ctx, booking, refundCents, `refund-booking-${booking.id}-cancel`);
  const updated = await writeFreeingSpots(ctx, [cls.id], async (tx) => {
    const row = await applyTransition(tx, booking, 'cancelByCustomer', 'admin', {
      cancelledAt: now,
      holdExpiresAt: null,
      refundAmountCents: booking.status === 'confirmed' ? (booking.refundAmountCents ?? 0) + refundCents : null,
    });
    if (row) await record(tx, row);
    return row;
  });
  if (!updated) throw conflict('This booking has already been cancelled.');
  if (booking.status === 'pending' && booking.paymentIntentId) await ctx.payments.cancelIntent(booking.paymentIntentId);
  return { booking: updated, cls, refundCents };
}

/** Sends the confirmation email of a confirmed booking again (the customer lost it, or it bounced). */
export async function resendConfirmation(ctx: AppContext, bookingId: number): Promise<void> {
  const found = await bookingWithClass(ctx.db, bookingId);
  if (!found) throw notFound('Booking not found.');
  if (found.booking.status !== 'confirmed') throw conflict('Only a confirmed booking has a confirmation to send.');
  const user = await findUser(ctx.db, found.booking.userId);
  if (!user) throw notFound('Booking not found.');
  await sendBookingConfirmation(ctx, found.booking, found.cls, user);
}
