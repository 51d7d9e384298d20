// The booking lifecycle as an explicit state machine: the states, every transition, who may fire it and why.
// Services never set `status` by hand: they ask `transition()` for the next state, which refuses moves the
// table does not allow. Payment transitions are fired by the server only, after asking the payment provider.
import type { BookingStatus } from '../../db/schema';
import { conflict } from '../errors';

/** A payment hold reserves its spots for this long while the customer pays. */
export const HOLD_MINUTES = 15;
/** Cancelling at least this long before the start refunds everything paid (FAQ); later, nothing. */
export const FULL_REFUND_HOURS = 48;

export type Actor = 'customer' | 'coach' | 'admin' | 'system';

/** Why a booking ended up cancelled (bookings.cancelReason). */
export type CancelReason = 'customer' | 'class_deleted' | 'hold_expired' | 'replaced' | 'payment_failed' | 'payment_late';

interface Transition {
  from: readonly (BookingStatus | 'new')[];
  to: BookingStatus;
  by: readonly Actor[];
  why: string;
}

export const BOOKING_TRANSITIONS = {
  bookFree: {
    from: ['new'],
    to: 'confirmed',
    by: ['customer'],
    why: 'A free class (price 0) needs no payment, so the booking is confirmed at once.',
  },
  hold: {
    from: ['new'],
    to: 'pending',
    by: ['customer'],
    why: `A paid booking starts as a payment hold that keeps its spots for ${HOLD_MINUTES} minutes while the customer pays.`,
  },
  confirmPayment: {
    from: ['pending'],
    to: 'confirmed',
    by: ['system'],
    why: 'The payment provider says the intent succeeded for this booking\'s amount and user (confirm call or webhook).',
  },
  confirmLatePayment: {
    from: ['cancelled'],
    to: 'confirmed',
    by: ['system'],
    why: 'The payment succeeded after the hold expired, and spots remain: the customer keeps what they paid for.',
  },
  expireHold: {
    from: ['pending'],
    to: 'cancelled',
    by: ['system'],
    why: `Nobody paid within ${HOLD_MINUTES} minutes: the spots go back to other customers.`,
  },
  replaceHold: {
    from: ['pending'],
    to: 'cancelled',
    by: ['customer'],
    why: 'The customer started checkout again with another quantity: the old hold gives way to the new one.',
  },
  refuseLatePayment: {
    from: ['pending', 'cancelled'],
    to: 'cancelled',
    by: ['system'],
    why: 'The payment succeeded after the hold expired and the class filled up: the booking stays cancelled and the payment is refunded.',
  },
  cancelByCustomer: {
    from: ['pending', 'confirmed'],
    to: 'cancelled',
    by: ['customer'],
    why: 'Only the booking\'s owner cancels it, before the class starts; the FAQ refund policy applies.',
  },
  cancelForDeletedClass: {
    from: ['pending', 'confirmed'],
    to: 'cancelled',
    by: ['coach', 'admin'],
    why: 'The coach or an admin deleted the class: every booking is cancelled with a full refund.',
  },
} as const satisfies Record<string, Transition>;

export type TransitionName = keyof typeof BOOKING_TRANSITIONS;

export function canTransition(from: BookingStatus | 'new', name: TransitionName, actor: Actor): boolean {
  const rule: Transition = BOOKING_TRANSITIONS[name];
  return rule.from.includes(from) && rule.by.includes(actor);
}

/** The next status, or a 409 explaining that the booking is not in a state where this can happen. */
export function transition(from: BookingStatus | 'new', name: TransitionName, actor: Actor): BookingStatus {
  if (!canTransition(from, name, actor)) {
    throw conflict(from === 'cancelled' ? 'This booking has already been cancelled.' : `This booking cannot be changed from ${from}.`);
  }
  return BOOKING_TRANSITIONS[name].to;
}

/** A pending hold counts toward capacity only until it expires (see api/catalog/spots.ts). */
export function holdIsLive(booking: { status: BookingStatus; holdExpiresAt: Date | null }, now: Date): boolean {
  return booking.status === 'pending' && booking.holdExpiresAt !== null && booking.holdExpiresAt.getTime() > now.getTime();
}

export function holdExpiry(now: Date): Date {
  return new Date(now.getTime() + HOLD_MINUTES * 60_000);
}

/** Customers cannot book or cancel a class that has started. */
export function hasStarted(classStart: Date | null, now: Date): boolean {
  return classStart !== null && classStart.getTime() <= now.getTime();
}

/** The FAQ policy: everything paid back if cancelled at least 48 hours before the start, nothing later;
 * a free class or an unpaid hold has nothing to refund. */
export function refundFor(paidCents: number, classStart: Date | null, now: Date): number {
  if (paidCents <= 0 || !classStart) return 0;
  return classStart.getTime() - now.getTime() >= FULL_REFUND_HOURS * 3_600_000 ? paidCents : 0;
}

/** Until when a cancellation still refunds everything. */
export function fullRefundDeadline(classStart: Date | null): Date | null {
  return classStart ? new Date(classStart.getTime() - FULL_REFUND_HOURS * 3_600_000) : null;
}

/** Refused with a clear message when the class cannot take `quantity` more spots. */
export function checkCapacity(capacity: number, taken: number, quantity: number): void {
  const left = Math.max(0, capacity - taken);
  if (left === 0) throw conflict('Class is full. Check back later in case of cancellations.');
  if (quantity > left) throw conflict(left === 1 ? 'Only 1 spot is left in this class.' : `Only ${left} spots are left in this class.`);
}
