// A booking as the API returns it: amounts in dollars, instants in RFC 3339, the refund a cancellation would
// give now, and the embedded class. Every route that returns a booking goes through here.
import type { bookings, classes } from '../../db/schema';
import type { Attendee } from '../attendees/model';
import { isDeletedClass } from '../spots/classes';
import { centsToDollars } from '../lib/money';
import type { Booking, BookingClass } from './model';
import { fullRefundDeadline, refundFor } from '../spots/policy';

export type BookingRow = typeof bookings.$inferSelect;
export type ClassRow = typeof classes.$inferSelect;

/** What the customer has paid for a booking: its amount once confirmed (a hold has paid nothing yet). */
export function paidCents(row: Pick<BookingRow, 'status' | 'amountCents'>): number {
  return row.status === 'confirmed' ? row.amountCents : 0;
}

export function toBookingJson(row: BookingRow, cls: ClassRow, now: Date, attendees: Attendee[], reviewId: number | null = null): Booking {
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
    serviceFee: centsToDollars(row.serviceFeeCents),
    amount: centsToDollars(row.amountCents),
    refundAmount: row.refundAmountCents === null ? null : centsToDollars(row.refundAmountCents),
    paymentIntentId: row.paymentIntentId,
    holdExpiresAt: row.status === 'pending' ? (row.holdExpiresAt?.toISOString() ?? null) : null,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    cancelReason: row.cancelReason,
    createdAt: row.createdAt.toISOString(),
    refundIfCancelledNow: row.status === 'cancelled' ? 0 : centsToDollars(refundFor(paid, cls.startTime, now, changed)),
    fullRefundUntil: deadline?.toISOString() ?? null,
    reviewId,
    attendees,
    classChangedAt: row.classChangedAt?.toISOString() ?? null,
    class: toBookingClassJson(cls),
  };
}

/** The class as embedded in a booking or a waitlist entry. */
export function toBookingClassJson(cls: ClassRow): BookingClass {
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
