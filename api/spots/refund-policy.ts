// What a customer's cancellation gives back under the policy a booking was booked under (issue 20): tiers to an
// amount in whole cents and the deadline of the next tier. Pure: numbers and instants. The presets and the stored
// shape are common/cancellation-policy.ts; a coach's cancellation, move or deletion always refunds in full and is
// not decided here.
import type { CancellationPolicy, RefundTier } from '../../common/cancellation-policy';

export {
  type CancellationPolicy,
  DEFAULT_POLICY,
  describePassRules,
  describePolicy,
  normalizePolicy,
  noticeText,
  type PassRules,
  passRulesOf,
  policyFrom,
  policyName,
  type RefundTier,
  tierProblem,
} from '../../common/cancellation-policy';

/** Percent of an amount in whole cents, rounded down (never more than the percent). */
export function percentOf(cents: number, percent: number): number {
  return Math.floor((cents * percent) / 100);
}

/** What cancelling at one moment gives back, and when that changes. */
export interface CancellationTerms {
  /** Back to the original payment (card and any coach credit spent), in cents, and as a percent of what was paid. */
  refundCents: number;
  refundPercent: number;
  /** When this refund ends (the current tier's deadline), or null when it holds until the class starts. */
  refundUntil: Date | null;
  /** What cancelling after refundUntil gives back: the next tier's refund. */
  nextRefundCents: number;
  nextRefundPercent: number;
  /** Credit with the coach offered instead, worth more than the refund; null when none is offered. */
  creditCents: number | null;
  creditPercent: number | null;
}

const HOUR = 3_600_000;

/** The tier in force at `now` (the first whose deadline has not passed), its index, or -1 after the last. */
function tierIndexAt(policy: CancellationPolicy, classStart: Date, now: Date): number {
  return policy.tiers.findIndex((tier) => now.getTime() <= classStart.getTime() - tier.hoursBefore * HOUR);
}

/** When each tier's refund ends for a class starting at `classStart`. */
export function tierDeadline(tier: RefundTier, classStart: Date): Date {
  return new Date(classStart.getTime() - tier.hoursBefore * HOUR);
}

/** What a customer's cancellation at `now` gives back of `paidCents` under `policy`. A class the coach moved is
 * refunded in full until it starts, whatever the policy says; a class that has started refunds nothing. */
export function cancellationTerms(
  policy: CancellationPolicy,
  paidCents: number,
  classStart: Date | null,
  now: Date,
  changedByCoach = false,
): CancellationTerms {
  const none: CancellationTerms = {
    refundCents: 0,
    refundPercent: 0,
    refundUntil: null,
    nextRefundCents: 0,
    nextRefundPercent: 0,
    creditCents: null,
    creditPercent: null,
  };
  if (paidCents <= 0 || !classStart || now.getTime() >= classStart.getTime()) return none;
  if (changedByCoach) return { ...none, refundCents: paidCents, refundPercent: 100, refundUntil: classStart };
  const index = tierIndexAt(policy, classStart, now);
  const tier = index >= 0 ? policy.tiers[index]! : null;
  const next = index >= 0 ? (policy.tiers[index + 1] ?? null) : null;
  const refundPercent = tier?.refundPercent ?? 0;
  const refundCents = percentOf(paidCents, refundPercent);
  const creditCents = policy.creditPercent === null ? null : percentOf(paidCents, policy.creditPercent);
  const offered = creditCents !== null && creditCents > refundCents;
  return {
    refundCents,
    refundPercent,
    refundUntil: tier ? tierDeadline(tier, classStart) : null,
    nextRefundCents: next ? percentOf(paidCents, next.refundPercent) : 0,
    nextRefundPercent: next?.refundPercent ?? 0,
    creditCents: offered ? creditCents : null,
    creditPercent: offered ? policy.creditPercent : null,
  };
}

/** Until when cancelling refunds everything paid: the deadline of a 100% tier, the start of a class the coach
 * moved, or null when the policy never refunds in full. */
export function fullRefundUntil(policy: CancellationPolicy, classStart: Date | null, changedByCoach = false): Date | null {
  if (!classStart) return null;
  if (changedByCoach) return classStart;
  const full = policy.tiers.find((t) => t.refundPercent >= 100);
  return full ? tierDeadline(full, classStart) : null;
}
