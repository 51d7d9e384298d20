// The booking rules that are plain decisions on numbers and instants: how long a hold lasts, when a class has
// started, what a cancellation refunds (the booking's policy, ./refund-policy.ts) and whether a class can take more spots.
import { conflict } from '../errors';
import { type CancellationPolicy, cancellationTerms, DEFAULT_POLICY, fullRefundUntil } from './refund-policy';
import { spotCount } from '../../common/plural';

/** A payment hold reserves its spots for this long while the customer pays. */
export const HOLD_MINUTES = 15;

/** However often checkout is reloaded, a hold ends at the latest this long after it began: re-asking for the
 * intent renews it, but cannot keep a class full without paying. */
export const HOLD_MAX_MINUTES = 30;
/** Unpaid checkouts (live payment holds) one customer may have at once. */
export const MAX_LIVE_HOLDS = 3;

export function holdExpiry(now: Date): Date {
  return new Date(now.getTime() + HOLD_MINUTES * 60_000);
}

/** A reloaded checkout's hold: another 15 minutes from now, but never past HOLD_MAX_MINUTES after it began,
 * and never shorter than it already was. */
export function renewedHoldExpiry(current: Date | null, startedAt: Date, now: Date): Date {
  const cap = startedAt.getTime() + HOLD_MAX_MINUTES * 60_000;
  return new Date(Math.max(current?.getTime() ?? 0, Math.min(holdExpiry(now).getTime(), cap)));
}

/** Customers cannot book or cancel a class that has started. */
export function hasStarted(classStart: Date | null, now: Date): boolean {
  return classStart !== null && classStart.getTime() <= now.getTime();
}

/** What a customer's cancellation at `now` refunds of `paidCents` under the booking's policy (./refund-policy.ts;
 * the default is the FAQ's 48-hour rule); a free class or an unpaid hold has nothing to refund. A booking whose
 * class the coach moved (time or place) is refunded in full until the class starts. */
export function refundFor(
  paidCents: number,
  classStart: Date | null,
  now: Date,
  changedByCoach = false,
  policy: CancellationPolicy = DEFAULT_POLICY,
): number {
  return cancellationTerms(policy, paidCents, classStart, now, changedByCoach).refundCents;
}

/** Until when a cancellation still refunds everything under the policy (48 hours before the start by default), or
 * the start itself for a class the coach moved. */
export function fullRefundDeadline(
  classStart: Date | null,
  changedByCoach = false,
  policy: CancellationPolicy = DEFAULT_POLICY,
): Date | null {
  return fullRefundUntil(policy, classStart, changedByCoach);
}

/** Refused with a clear message when the class cannot take `quantity` more spots. */
export function checkCapacity(capacity: number, taken: number, quantity: number): void {
  const left = Math.max(0, capacity - taken);
  if (left === 0) throw conflict('Class is full. Check back later in case of cancellations.');
  if (quantity > left) throw conflict(`Only ${spotCount(left)} ${left === 1 ? 'is' : 'are'} left in this class.`);
}

/** A waitlist offer holds its spots this long... */
const OFFER_HOURS = 2;
/** ...but always ends this long before the class starts, so an accepted offer leaves time to get there. */
export const OFFER_ENDS_BEFORE_START_MINUTES = 30;

/** When an offer made now ends, or null when it is too late for offers (the class starts within 30 minutes). */
export function offerDeadline(now: Date, classStart: Date | null): Date | null {
  if (!classStart) return null;
  const end = Math.min(now.getTime() + OFFER_HOURS * 3_600_000, classStart.getTime() - OFFER_ENDS_BEFORE_START_MINUTES * 60_000);
  return end > now.getTime() ? new Date(end) : null;
}
