// Cancelling bookings: by their customer (the policy the booking was booked under, ./refund-policy.ts: a card
// refund, or coach credit where the policy offers it) and all at once for classes a coach or an admin deletes
// (full refunds; coach credit spent on a booking always comes back as credit). The refund is issued before the booking is marked, so a failure after it
// leaves the customer with their money and a cancellation that can simply be tried again. The emails are the
// caller's (api/notices).
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bookings, classes, users } from '../../db/schema';
import { conflict, DomainError, forbidden, notFound } from '../errors';
import { bookingWithClass } from './bookable';
import { activeBooking, type Actor, applyTransition, assertTransition, type BookingRow, isIn, stateOf } from './booking-states';
import type { Customer, RefundProvider, SpotsContext } from './context';
import { recordCredit } from './credit';
import { queueLateCancelFee } from './membership-fees';
import { cardRefundableCents, paidCents, splitBack } from './paid';
import { creditsComeBack, returnCredits } from './pass-credits';
import { hasStarted } from './policy';
import { cancellationTerms, policyFrom } from './refund-policy';
import { writeFreeingSpots } from './release';

type ClassRow = typeof classes.$inferSelect;

export { cardCentsOf, paidCents } from './paid';

export type RefundAs = 'card' | 'credit';

export const NO_CREDIT_OFFERED = "This booking's cancellation policy offers no credit instead of a refund right now.";

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

/** Its owner cancels a booking before the class starts, under the policy it was booked under: `card` refunds the
 * policy's percent (to the card and, for coach credit spent on it, as credit, in the proportion paid), `credit`
 * gives the larger coach credit the policy offers instead. The freed spots go to the waitlist in the same write,
 * before anyone else can book them. Answers the cancelled booking, its class, the card refund and the credit. */
export async function cancelByCustomer(
  ctx: SpotsContext & { payments: RefundProvider },
  customer: Pick<Customer, 'id'>,
  bookingId: number,
  refundAs: RefundAs = 'card',
): Promise<{
  booking: BookingRow;
  cls: ClassRow;
  refundCents: number;
  creditCents: number;
  creditsReturned: number;
  /** A late cancel of an unlimited-membership booking under a policy with a fee: queued here, charged by the caller. */
  membershipFeeCents: number | null;
}> {
  const now = ctx.clock.now();
  const found = await bookingWithClass(ctx.db, bookingId);
  if (!found) throw notFound('Booking not found.');
  if (found.booking.userId !== customer.id) throw forbidden('You can only cancel your own bookings.');
  const { booking, cls } = found;
  assertTransition(stateOf(booking), 'cancelByCustomer', 'customer');
  if (hasStarted(cls.startTime, now))
    throw conflict('This class has already started, so the booking can no longer be cancelled.', 'class_started');
  const terms = cancellationTerms(
    policyFrom(booking.cancellationPolicy),
    paidCents(booking),
    cls.startTime,
    now,
    booking.classChangedAt !== null,
  );
  let back: { cardCents: number; creditCents: number };
  if (refundAs === 'credit') {
    if (terms.creditCents === null) throw conflict(NO_CREDIT_OFFERED, 'no_credit_offered');
    back = { cardCents: 0, creditCents: terms.creditCents };
  } else {
    back = splitBack(booking, terms.refundCents);
  }
  await issueRefund(ctx.payments, booking, back.cardCents);
  let creditsReturned = 0;
  let membershipFeeCents: number | null = null;
  const updated = await writeFreeingSpots(ctx, [cls.id], async (tx) => {
    // The totals given back: what an admin refunded earlier, plus this cancellation's.
    const row = await applyTransition(tx, booking, 'cancelByCustomer', 'customer', {
      cancelledAt: now,
      holdExpiresAt: null,
      refundAmountCents: (booking.refundAmountCents ?? 0) + back.cardCents,
      creditIssuedCents: booking.creditIssuedCents + back.creditCents,
    });
    if (row)
      await recordCredit(tx, {
        customerId: booking.userId,
        coachId: cls.coachId,
        cents: back.creditCents,
        kind: refundAs === 'credit' ? 'cancellation' : 'returned',
        bookingId: booking.id,
      });
    // Paid with a pass: its credits come back in this same write when in time (./pass-credits.ts).
    if (row && creditsComeBack(cls, booking, now)) creditsReturned = await returnCredits(tx, row, now);
    // An unlimited membership's late-cancel fee (issue 20): queued in this write, charged after it commits.
    if (row) membershipFeeCents = (await queueLateCancelFee(tx, row, cls, now))?.amountCents ?? null;
    return row;
  });
  if (!updated) throw conflict('This booking has already been cancelled.');
  if (isIn(booking, ['hold']) && booking.paymentIntentId) await ctx.payments.cancelIntent(booking.paymentIntentId);
  return { booking: updated, cls, refundCents: back.cardCents, creditCents: back.creditCents, creditsReturned, membershipFeeCents };
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
  // The card part is the admin's to refund; coach credit spent on the booking comes back as credit in full.
  const refundable = cardRefundableCents(booking);
  if (refundCents > refundable) throw conflict(`At most $${(refundable / 100).toFixed(2)} can be refunded for this booking.`);
  const creditBack = paidCents(booking) - refundable;
  await issueRefund(ctx.payments, booking, refundCents, `refund-booking-${booking.id}-support-cancel`);
  const updated = await writeFreeingSpots(ctx, [cls.id], async (tx) => {
    const row = await applyTransition(tx, booking, 'cancelByCustomer', 'admin', {
      cancelledAt: now,
      holdExpiresAt: null,
      refundAmountCents: isIn(booking, ['confirmed']) ? (booking.refundAmountCents ?? 0) + refundCents : null,
      creditIssuedCents: booking.creditIssuedCents + creditBack,
    });
    if (row) {
      await recordCredit(tx, {
        customerId: booking.userId,
        coachId: cls.coachId,
        cents: creditBack,
        kind: 'returned',
        bookingId: booking.id,
      });
      // Support cancels for the customer: a pass's credits always come back.
      await returnCredits(tx, row, now);
      await record(tx, row);
    }
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
    // Everything back: the card part to the card, coach credit spent on it as credit.
    const paid = cardRefundableCents(booking);
    const creditBack = paidCents(booking) - paid;
    await issueRefund(ctx.payments, booking, paid);
    const updated = await ctx.db.write(async (tx) => {
      const row = await applyTransition(tx, booking, 'cancelForDeletedClass', actor, {
        cancelledAt: now,
        holdExpiresAt: null,
        refundAmountCents: isIn(booking, ['confirmed']) ? (booking.refundAmountCents ?? 0) + paid : null,
        creditIssuedCents: booking.creditIssuedCents + creditBack,
      });
      if (row)
        await recordCredit(tx, {
          customerId: booking.userId,
          coachId: cls.coachId,
          cents: creditBack,
          kind: 'returned',
          bookingId: booking.id,
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
