// Booking display rules (customer-areas §4) shared by the bookings page, the class page and the checkout:
// Upcoming holds confirmed bookings (and payment holds still running) whose class starts in the future,
// soonest first; Past holds bookings whose class started, most recent first. Cancelled upcoming bookings
// appear in neither.
import type { Booking } from '../../api/bookings/model';

const startOf = (b: Booking) => (b.class.startTime ? new Date(b.class.startTime).getTime() : Number.POSITIVE_INFINITY);

export function splitBookings(bookings: Booking[], now: Date): { upcoming: Booking[]; past: Booking[] } {
  const t = now.getTime();
  const upcoming = bookings
    .filter((b) => startOf(b) > t && (b.status === 'confirmed' || (b.status === 'pending' && b.holdExpiresAt !== null && new Date(b.holdExpiresAt).getTime() > t)))
    .sort((a, b) => startOf(a) - startOf(b));
  const past = bookings.filter((b) => startOf(b) <= t).sort((a, b) => startOf(b) - startOf(a));
  return { upcoming, past };
}

/** The customer's active (pending or confirmed) booking of a class, if any: the already-booked notice. */
export function activeBookingFor(bookings: Booking[], classId: number): Booking | undefined {
  return bookings.find((b) => b.classId === classId && (b.status === 'confirmed' || b.status === 'pending'));
}

export const STATUS_LABEL: Record<string, string> = { pending: 'Pending Payment', confirmed: 'Confirmed', cancelled: 'Cancelled' };
