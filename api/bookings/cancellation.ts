// PUT /api/bookings/{id}/cancel: the booking domain cancels and refunds (api/spots/cancellation.ts); the
// customer is emailed and gets the booking back as the API shows it.
import type { SessionUser } from '../auth/session';
import type { AppContext } from '../context';
import { sendCancellationEmail } from '../notices/booking-emails';
import { attendeesOfBooking } from '../spots/attendees';
import { cancelByCustomer, type RefundAs } from '../spots/cancellation';
import type { Booking } from './model';
import { toBookingJson } from '../spots/shape';

/** Only the owner, before the class starts; refunded under the booking's own policy, to the card or as coach credit. */
export async function cancelBooking(ctx: AppContext, user: SessionUser, bookingId: number, refundAs: RefundAs = 'card'): Promise<Booking> {
  const { booking, cls, refundCents, creditCents, membershipFeeCents } = await cancelByCustomer(ctx, user, bookingId, refundAs);
  await sendCancellationEmail(ctx, booking, cls, user, refundCents, 'customer', undefined, creditCents);
  // A membership's late-cancel fee, queued by the cancelling write: charged now (the job retries what this misses).
  if (membershipFeeCents !== null)
    await ctx
      .chargeMembershipFees?.(booking.id)
      .catch((error) => console.error('[bookings] membership fee not charged now', booking.id, error));
  return toBookingJson(booking, cls, ctx.clock.now(), await attendeesOfBooking(ctx.db, booking));
}
