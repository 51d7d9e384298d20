// Booking display rules (customer-areas §4) shared by the bookings page, the class page and the checkout:
// Upcoming holds confirmed bookings (and payment holds still running) whose class starts in the future,
// soonest first; Past holds bookings whose class started, most recent first. Upcoming bookings the customer
// cancelled appear in neither; those the coach cancelled by deleting the class stay in Upcoming until the
// class time, so the customer sees why and what was refunded (the count badge counts active bookings only).
import type { Booking } from '../../api/bookings/model';

const startOf = (b: Booking) => (b.class.startTime ? new Date(b.class.startTime).getTime() : Number.POSITIVE_INFINITY);

/** The coach (or an admin) deleted the class, which cancelled this booking with a full refund. */
export const isCancelledByCoach = (b: Pick<Booking, 'status' | 'cancelReason'>) => b.status === 'cancelled' && b.cancelReason === 'class_deleted';

const isActive = (b: Booking, t: number) =>
  b.status === 'confirmed' || (b.status === 'pending' && b.holdExpiresAt !== null && new Date(b.holdExpiresAt).getTime() > t);

export function splitBookings(bookings: Booking[], now: Date): { upcoming: Booking[]; past: Booking[]; activeUpcoming: number } {
  const t = now.getTime();
  const upcoming = bookings
    .filter((b) => startOf(b) > t && (isActive(b, t) || isCancelledByCoach(b)))
    .sort((a, b) => startOf(a) - startOf(b));
  const past = bookings.filter((b) => startOf(b) <= t).sort((a, b) => startOf(b) - startOf(a));
  return { upcoming, past, activeUpcoming: upcoming.filter((b) => isActive(b, t)).length };
}

/** The customer's active (pending or confirmed) booking of a class, if any: the already-booked notice. */
export function activeBookingFor(bookings: Booking[], classId: number): Booking | undefined {
  return bookings.find((b) => b.classId === classId && (b.status === 'confirmed' || b.status === 'pending'));
}

export const STATUS_LABEL: Record<string, string> = { pending: 'Pending Payment', confirmed: 'Confirmed', cancelled: 'Cancelled' };
