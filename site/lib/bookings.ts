// Booking display rules (customer-areas §4) shared by the bookings page and its cards. Which bookings sit in
// Upcoming or Past (and the count badge) is decided by the server: GET /api/bookings?when=upcoming|past.
import type { Booking } from '../../api/bookings/model';

/** The coach (or an admin) deleted the class, which cancelled this booking with a full refund. */
export const isCancelledByCoach = (b: Pick<Booking, 'status' | 'cancelReason'>) =>
  b.status === 'cancelled' && b.cancelReason === 'class_deleted';

export const STATUS_LABEL: Record<string, string> = { pending: 'Pending Payment', confirmed: 'Confirmed', cancelled: 'Cancelled' };
