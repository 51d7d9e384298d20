// PUT /api/bookings/{id}/cancel: the booking domain cancels and refunds (api/spots/cancellation.ts); the
// customer is emailed and gets the booking back as the API shows it.
import type { SessionUser } from '../auth/session';
import type { AppContext } from '../context';
import { sendCancellationEmail } from '../notices/booking-emails';
import { attendeesOfBooking } from '../spots/attendees';
import { cancelByCustomer } from '../spots/cancellation';
import type { Booking } from './model';
import { toBookingJson } from '../spots/shape';

/** Only the owner, before the class starts; refund by the FAQ policy. */
export async function cancelBooking(ctx: AppContext, user: SessionUser, bookingId: number): Promise<Booking> {
  const { booking, cls, refundCents } = await cancelByCustomer(ctx, user, bookingId);
  await sendCancellationEmail(ctx, booking, cls, user, refundCents, 'customer');
  return toBookingJson(booking, cls, ctx.clock.now(), await attendeesOfBooking(ctx.db, booking));
}
