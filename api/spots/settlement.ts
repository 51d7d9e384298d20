// Settling a payment (confirm call and webhook alike): the provider said the intent succeeded for this
// booking's amount, so the booking is confirmed exactly once, or (a late payment that cannot be honoured, a
// booking cancelled meanwhile, a deleted class) a full refund is decided, recorded before it is issued so
// that replays never refund twice.
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bookings, classes } from '../../db/schema';
import { conflict } from '../errors';
import { CLASS_GONE_REFUNDED } from './bookable';
import { activeBooking, applyTransition, type BookingRow, type BookingState, stateOf, type TransitionPatch } from './booking-states';
import { isDeletedClass } from './classes';
import { queueConfirmations } from './confirmations';
import type { SpotsContext } from './context';
import { spendableCredit, spendOnConfirmed } from './credit';
import { leaveOnceBooked } from './entry-states';
import { cardCentsOf } from './paid';
import { hasStarted } from './policy';
import { promoUsedUpMeanwhile } from './promo';
import { spotsTaken, takesSpotsNow } from './taken';
import { waiversMissingFor } from './waivers';

type ClassRow = typeof classes.$inferSelect;

export type SettleOutcome =
  | { kind: 'confirmed'; booking: BookingRow; cls: ClassRow; newly: boolean }
  | { kind: 'closed'; booking: BookingRow; cls: ClassRow; message: string }
  | {
      kind: 'refund';
      booking: BookingRow;
      cls: ClassRow;
      refundCents: number;
      message: string;
      newly: boolean;
      /** The customer's email says this instead of the late payment's usual words. */
      why?: string;
    };

const CLASS_STARTED_REFUNDED = 'The class had already started when your payment arrived, so your payment has been refunded in full.';
const WAIVER_MISSING_REFUNDED =
  'The waiver was not accepted for every attendee before paying, so your payment has been refunded in full. Please book again and accept the waiver.';
const CHANGED_MEANWHILE = 'This booking changed while the payment was being settled. Please try again.';
const moved = (row: BookingRow | null): BookingRow => {
  if (!row) throw conflict(CHANGED_MEANWHILE, 'changed_meanwhile');
  return row;
};

/** Is the class still able to take this late payment's spots (not started, no other booking of the
 * customer, enough spots)? Answers the refund message when it is not. */
async function lateRefusal(tx: Tx, booking: BookingRow, cls: ClassRow, now: Date): Promise<string | null> {
  const other = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.userId, booking.userId), eq(bookings.classId, booking.classId), activeBooking, ne(bookings.id, booking.id)))
    .get();
  if (other) return 'You already have a booking for this class, so this payment has been refunded in full.';
  const ownLive = takesSpotsNow(booking, now) ? booking.quantity : 0;
  const left = cls.capacity - ((await spotsTaken(tx, cls.id, now)) - ownLive);
  if (left < booking.quantity) {
    return 'Your payment arrived after your 15-minute hold expired and the class filled up, so your payment has been refunded in full.';
  }
  if (await promoUsedUpMeanwhile(tx, booking, now)) {
    return 'Your payment arrived after your 15-minute hold expired and your promo code was used up meanwhile, so your payment has been refunded in full.';
  }
  return null;
}

/** A late payment's hold no longer holds its coach credit: refused when the credit was spent elsewhere meanwhile. */
async function creditGoneMeanwhile(tx: Tx, booking: BookingRow, cls: ClassRow, now: Date): Promise<string | null> {
  if (booking.creditAppliedCents === 0) return null;
  if ((await spendableCredit(tx, booking.userId, cls.coachId, now, booking.id)) >= booking.creditAppliedCents) return null;
  return 'Your payment arrived after your 15-minute hold expired and your coach credit was used meanwhile, so your payment has been refunded in full.';
}

/** Confirms a paid hold (or one coach credit paid in full: nothing to ask the provider), exactly once. */
export async function settlePaidBooking(ctx: SpotsContext, bookingId: number): Promise<SettleOutcome> {
  const now = ctx.clock.now();
  return ctx.db.write(async (tx) => {
    const booking = (await tx.select().from(bookings).where(eq(bookings.id, bookingId)).get())!;
    const cls = (await tx.select().from(classes).where(eq(classes.id, booking.classId)).get())!;
    const state: BookingState = stateOf(booking);
    if (state === 'confirmed') return { kind: 'confirmed', booking, cls, newly: false };
    // Confirmed once and cancelled since: this payment was already settled by that cancellation.
    if (booking.confirmedAt !== null) return { kind: 'closed', booking, cls, message: 'This booking has been cancelled.' };
    // What the card paid goes back; coach credit a hold set aside was never spent, so nothing to give back there.
    const refund = { refundAmountCents: cardCentsOf(booking) } satisfies TransitionPatch;
    const refunded = (row: BookingRow, message: string, newly = true) => ({
      kind: 'refund' as const,
      booking: row,
      cls,
      refundCents: row.refundAmountCents ?? 0,
      message,
      newly,
    });
    /** A booking already cancelled keeps its state; only the refund its payment is owed is recorded, once. */
    const recordRefund = async (message: string) => {
      if (booking.refundAmountCents !== null) return refunded(booking, message, false);
      const [row] = await tx
        .update(bookings)
        .set(refund)
        .where(and(eq(bookings.id, booking.id), isNull(bookings.refundAmountCents)))
        .returning();
      return refunded(moved(row ?? null), message);
    };

    // The class was deleted while the customer paid: never confirmed, everything paid goes back.
    if (isDeletedClass(cls)) {
      if (state === 'hold')
        return refunded(
          moved(
            await applyTransition(tx, booking, 'cancelForDeletedClass', 'system', { ...refund, cancelledAt: now, holdExpiresAt: null }),
          ),
          CLASS_GONE_REFUNDED,
        );
      return recordRefund(CLASS_GONE_REFUNDED);
    }
    // A class that has started is never booked, whoever delivers the payment (confirm, webhook) and whether or not
    // the hold still ran: everything paid goes back, as for a full class (a replay answers the same).
    if (hasStarted(cls.startTime, now)) {
      if (state === 'hold' || state === 'holdExpired') {
        return refunded(
          moved(
            await applyTransition(tx, booking, 'refundLatePayment', 'system', {
              ...refund,
              cancelledAt: booking.cancelledAt ?? now,
              holdExpiresAt: null,
            }),
          ),
          CLASS_STARTED_REFUNDED,
        );
      }
      if (state === 'latePaymentRefunded') return recordRefund(CLASS_STARTED_REFUNDED);
    }
    const late = (state === 'hold' && !takesSpotsNow(booking, now)) || state === 'holdExpired';
    if (state !== 'hold' && !late) {
      // Cancelled (by the customer, a newer checkout or a failed intent) before the payment completed.
      return recordRefund('This booking was cancelled before the payment completed, so your payment has been refunded in full.');
    }
    // No booking without every attendee's waiver (./waivers.ts): a payment made without it (at the provider
    // directly: the checkout and the test card ask first) goes back in full.
    if (state === 'hold' || late) {
      const missing = await waiversMissingFor(tx, booking, cls.coachId);
      if (missing.length) {
        const ended = await applyTransition(tx, booking, 'refundLatePayment', 'system', {
          ...refund,
          cancelledAt: booking.cancelledAt ?? now,
          holdExpiresAt: null,
        });
        return { ...refunded(moved(ended), WAIVER_MISSING_REFUNDED), why: WAIVER_MISSING_REFUNDED };
      }
    }
    if (late) {
      const refusal = (await lateRefusal(tx, booking, cls, now)) ?? (await creditGoneMeanwhile(tx, booking, cls, now));
      if (refusal)
        return refunded(
          moved(await applyTransition(tx, booking, 'refundLatePayment', 'system', { ...refund, cancelledAt: booking.cancelledAt ?? now })),
          refusal,
        );
    }
    const confirmed = moved(
      late
        ? await applyTransition(tx, booking, 'confirmLatePayment', 'system', { confirmedAt: now, holdExpiresAt: null, cancelledAt: null })
        : await applyTransition(tx, booking, 'confirmPayment', 'system', { confirmedAt: now, holdExpiresAt: null }),
    );
    // Booked and paid for: the customer's place on the waitlist has done its job, the credit it used is spent, and
    // the confirmation is owed from this commit on (sent after the answer, by whichever process gets to it first).
    await leaveOnceBooked(tx, confirmed, now);
    await spendOnConfirmed(tx, confirmed, cls.coachId);
    await queueConfirmations(tx, [confirmed.id], now);
    return { kind: 'confirmed', booking: confirmed, cls, newly: true };
  });
}
