// A booking as the API returns it: amounts in dollars, instants in RFC 3339, the refund a cancellation would
// give now, and the embedded class. Every route that returns a booking goes through here (the answers are
// checked against api/bookings/model.ts Booking and BookingClass where the routes return them).
import type { bookings, classes } from '../../db/schema';
import { centsToDollars } from '../../common/money';
import type { Attendee } from './attendees';
import { isIn, OPEN_STATES } from './booking-states';
import { isDeletedClass } from './classes';
import { paidCents, splitBack } from './paid';
import { type CancellationPolicy, cancellationTerms, describePolicy, fullRefundUntil, passRulesOf, policyFrom } from './refund-policy';

export type BookingRow = typeof bookings.$inferSelect;
export type ClassRow = typeof classes.$inferSelect;

/** A policy as the API shows it: its preset, tiers, credit offer and the sentence that states it. */
export function toPolicyJson(policy: CancellationPolicy) {
  return {
    preset: policy.preset,
    tiers: policy.tiers,
    creditPercent: policy.creditPercent,
    passRules: passRulesOf(policy),
    summary: describePolicy(policy),
  };
}

/** What cancelling now gives back under the booking's own terms, in integer cents, and when that changes. */
function cancelNowJson(row: BookingRow, cls: ClassRow, policy: CancellationPolicy, now: Date) {
  const open = isIn(row, OPEN_STATES);
  const terms = cancellationTerms(policy, open ? paidCents(row) : 0, cls.startTime, now, row.classChangedAt !== null);
  const split = splitBack(row, terms.refundCents);
  return {
    refundCents: terms.refundCents,
    refundPercent: terms.refundPercent,
    refundToCardCents: split.cardCents,
    refundToCreditCents: split.creditCents,
    refundUntil: terms.refundUntil?.toISOString() ?? null,
    nextRefundCents: terms.nextRefundCents,
    nextRefundPercent: terms.nextRefundPercent,
    creditCents: terms.creditCents,
    creditPercent: terms.creditPercent,
  };
}

export function toBookingJson(row: BookingRow, cls: ClassRow, now: Date, attendees: Attendee[], reviewId: number | null = null) {
  const paid = paidCents(row);
  const changed = row.classChangedAt !== null;
  const policy = policyFrom(row.cancellationPolicy);
  const deadline = paid > 0 ? fullRefundUntil(policy, cls.startTime, changed) : null;
  const cancelNow = cancelNowJson(row, cls, policy, now);
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
    refundIfCancelledNow: centsToDollars(cancelNow.refundCents),
    fullRefundUntil: deadline?.toISOString() ?? null,
    creditApplied: centsToDollars(row.creditAppliedCents),
    refundedAsCredit: centsToDollars(row.creditIssuedCents),
    cancellationPolicy: toPolicyJson(policy),
    cancelNow,
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
