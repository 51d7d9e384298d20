// A booking as the API returns it: amounts in dollars, instants in RFC 3339, the refund a cancellation would
// give now, and the embedded class. Every route that returns a booking goes through here (the answers are
// checked against api/bookings/model.ts Booking and BookingClass where the routes return them).
import type { bookings, classes } from '../../db/schema';
import { centsToDollars } from '../../common/money';
import type { Attendee } from './attendees';
import { isIn, OPEN_STATES } from './booking-states';
import { paidCents } from './cancellation';
import { isDeletedClass } from './classes';
import { fullRefundDeadline, refundFor } from './policy';

export type BookingRow = typeof bookings.$inferSelect;
export type ClassRow = typeof classes.$inferSelect;

export function toBookingJson(row: BookingRow, cls: ClassRow, now: Date, attendees: Attendee[], reviewId: number | null = null) {
  const paid = paidCents(row);
  const changed = row.classChangedAt !== null;
  const deadline = paid > 0 ? fullRefundDeadline(cls.startTime, changed) : null;
  return {
    id: row.id,
    classId: row.classId,
    userId: row.userId,
    status: row.status,
    quantity: row.quantity,
    subtotal: centsToDollars(row.subtotalCents),
    discount: centsToDollars(row.discountCents),
    serviceFee: centsToDollars(row.serviceFeeCents),
    amount: centsToDollars(row.amountCents),
    refundAmount: row.refundAmountCents === null ? null : centsToDollars(row.refundAmountCents),
    paymentIntentId: row.paymentIntentId,
    holdExpiresAt: isIn(row, ['hold']) ? (row.holdExpiresAt?.toISOString() ?? null) : null,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    cancelReason: row.cancelReason,
    createdAt: row.createdAt.toISOString(),
    refundIfCancelledNow: !isIn(row, OPEN_STATES) ? 0 : centsToDollars(refundFor(paid, cls.startTime, now, changed)),
    fullRefundUntil: deadline?.toISOString() ?? null,
    reviewId,
    attendees,
    classChangedAt: row.classChangedAt?.toISOString() ?? null,
    class: toBookingClassJson(cls),
  };
}

/** The class as embedded in a booking or a waitlist entry. */
export function toBookingClassJson(cls: ClassRow) {
  return {
    id: cls.id,
    title: cls.title,
    startTime: cls.startTime?.toISOString() ?? null,
    endTime: cls.endTime?.toISOString() ?? null,
    location: cls.location,
    address: cls.address,
    image: cls.image,
    price: centsToDollars(cls.priceCents),
    ageGroup: cls.ageGroup,
    coachId: cls.coachId,
    deleted: isDeletedClass(cls),
  };
}
