// Cancellation policies (issue 20): the presets, custom tiers, and what a customer's cancellation refunds at a
// given moment under the policy a booking was booked under. Pure: numbers, instants and the stored JSON.
// A coach's cancellation, move or deletion is not decided here: those always refund in full.

export const POLICY_PRESETS = ['flexible', 'moderate', 'strict', 'custom'] as const;
export type PolicyPreset = (typeof POLICY_PRESETS)[number];

/** Cancelling at least `hoursBefore` hours before the start refunds `refundPercent` of what was paid. */
export interface RefundTier {
  hoursBefore: number;
  refundPercent: number;
}

export interface CancellationPolicy {
  preset: PolicyPreset;
  /** Longest notice first; each later tier refunds less. After the last one, nothing. */
  tiers: RefundTier[];
  /** Credit with the coach, in percent of what was paid, offered instead of the card refund whenever it is worth
   * more, until the class starts; null when the coach offers no credit. */
  creditPercent: number | null;
}

export const MAX_CUSTOM_TIERS = 3;
/** The longest notice a tier may ask: 90 days. */
export const MAX_TIER_HOURS = 2160;

export const PRESET_TIERS: Record<Exclude<PolicyPreset, 'custom'>, RefundTier[]> = {
  flexible: [{ hoursBefore: 24, refundPercent: 100 }],
  // Today's rule and the default (the FAQ's 48 hours).
  moderate: [{ hoursBefore: 48, refundPercent: 100 }],
  strict: [
    { hoursBefore: 168, refundPercent: 100 },
    { hoursBefore: 48, refundPercent: 50 },
  ],
};

export const DEFAULT_POLICY: CancellationPolicy = { preset: 'moderate', tiers: PRESET_TIERS.moderate, creditPercent: null };

/** A policy as stored or sent, with a preset's tiers filled in and custom tiers ordered longest notice first. */
export function normalizePolicy(input: {
  preset: PolicyPreset;
  tiers?: RefundTier[] | null;
  creditPercent?: number | null;
}): CancellationPolicy {
  const tiers =
    input.preset === 'custom'
      ? [...(input.tiers ?? [])]
          .map((t) => ({ hoursBefore: t.hoursBefore, refundPercent: t.refundPercent }))
          .sort((a, b) => b.hoursBefore - a.hoursBefore)
      : PRESET_TIERS[input.preset].map((t) => ({ ...t }));
  return { preset: input.preset, tiers, creditPercent: input.creditPercent ?? null };
}

/** Why custom tiers cannot be used, or null: 1-3 tiers, distinct notice, and less notice never refunds more. */
export function tierProblem(tiers: RefundTier[]): string | null {
  if (tiers.length === 0) return 'Add at least one refund tier.';
  if (tiers.length > MAX_CUSTOM_TIERS) return `A policy has at most ${MAX_CUSTOM_TIERS} refund tiers.`;
  const sorted = [...tiers].sort((a, b) => b.hoursBefore - a.hoursBefore);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.hoursBefore === sorted[i - 1]!.hoursBefore) return 'Each refund tier needs a different number of hours.';
    if (sorted[i]!.refundPercent > sorted[i - 1]!.refundPercent)
      return 'A later tier cannot refund more than an earlier one: cancelling closer to the class refunds less.';
  }
  return null;
}

/** The stored JSON of a class or a booking, read defensively: anything unreadable (or null, a booking made before
 * policies existed) is the default, today's 48-hour rule. */
export function policyFrom(stored: unknown): CancellationPolicy {
  if (!stored || typeof stored !== 'object') return DEFAULT_POLICY;
  const s = stored as Partial<CancellationPolicy>;
  if (!s.preset || !(POLICY_PRESETS as readonly string[]).includes(s.preset)) return DEFAULT_POLICY;
  const tiers = Array.isArray(s.tiers) ? s.tiers.filter((t) => Number.isInteger(t?.hoursBefore) && Number.isInteger(t?.refundPercent)) : [];
  if (s.preset === 'custom' && (tiers.length === 0 || tierProblem(tiers))) return DEFAULT_POLICY;
  const credit = Number.isInteger(s.creditPercent) && s.creditPercent! > 0 && s.creditPercent! <= 100 ? s.creditPercent! : null;
  return normalizePolicy({ preset: s.preset, tiers, creditPercent: credit });
}

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

/** "48 hours", "7 days": how a tier's notice reads. */
export function noticeText(hours: number): string {
  if (hours >= 72 && hours % 24 === 0) return `${hours / 24} days`;
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

const PRESET_NAMES: Record<PolicyPreset, string> = { flexible: 'Flexible', moderate: 'Moderate', strict: 'Strict', custom: 'Custom' };

export function policyName(policy: Pick<CancellationPolicy, 'preset'>): string {
  return PRESET_NAMES[policy.preset];
}

/** The policy in one sentence, as the class page, the checkout, the email and the FAQ's examples state it:
 * "Full refund until 7 days before the class, 50% until 48 hours before; no refund after that." */
export function describePolicy(policy: CancellationPolicy): string {
  const parts = policy.tiers.map((tier, i) => {
    const amount = tier.refundPercent >= 100 ? 'Full refund' : `${tier.refundPercent}% refund`;
    const head = i === 0 ? amount : amount.replace(' refund', '').toLowerCase();
    return `${head} until ${noticeText(tier.hoursBefore)} before${i === 0 ? ' the class' : ''}`;
  });
  let text = parts.length ? `${parts.join(', ')}; no refund after that.` : 'No refunds.';
  if (policy.creditPercent !== null) {
    text += ` Or, instead of a refund, credit with the coach worth ${policy.creditPercent}% of what you paid, until the class starts.`;
  }
  return text;
}
