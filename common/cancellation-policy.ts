// Cancellation policies (issue 20), the pure definitions both sides use: the presets, custom tiers and their
// rules, reading a stored policy, and the sentence that states one. What a cancellation gives back under a policy
// is the booking domain's (api/spots/refund-policy.ts).

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
  /** What a late cancellation or a no-show costs a booking paid with a pass (issue 20); absent: the defaults. */
  passRules?: PassRules;
}

/** A policy's rules for bookings paid with a pass. "Late" is after the policy's last full-refund deadline; a
 * no-show is what the roster marked. */
export interface PassRules {
  /** Class packs (credits): a late cancellation keeps the credit spent (true, the default) or gives it back. */
  lateCancelForfeitsCredit: boolean;
  /** Class packs: a no-show keeps the credit spent (true, the default: the credit was spent). */
  noShowForfeitsCredit: boolean;
  /** Unlimited memberships: charged off-session to the membership's card, in integer cents; null for none. */
  lateCancelFeeCents: number | null;
  noShowFeeCents: number | null;
}

export const DEFAULT_PASS_RULES: PassRules = {
  lateCancelForfeitsCredit: true,
  noShowForfeitsCredit: true,
  lateCancelFeeCents: null,
  noShowFeeCents: null,
};

/** The largest fee a policy may set: $100.00. */
export const MAX_PASS_FEE_CENTS = 10_000;

/** A policy's pass rules, the defaults filled in (a policy stored before they existed has none). */
export function passRulesOf(policy: Pick<CancellationPolicy, 'passRules'>): PassRules {
  return { ...DEFAULT_PASS_RULES, ...(policy.passRules ?? {}) };
}

/** Stored or sent pass rules, read defensively: a flag that is not a boolean is its default, a fee that is not a
 * whole number of cents in 1..MAX_PASS_FEE_CENTS is none. */
export function passRulesFrom(stored: unknown): PassRules {
  const s = (stored && typeof stored === 'object' ? stored : {}) as Partial<Record<keyof PassRules, unknown>>;
  const flag = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);
  const fee = (value: unknown) =>
    typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= MAX_PASS_FEE_CENTS ? value : null;
  return {
    lateCancelForfeitsCredit: flag(s.lateCancelForfeitsCredit, true),
    noShowForfeitsCredit: flag(s.noShowForfeitsCredit, true),
    lateCancelFeeCents: fee(s.lateCancelFeeCents),
    noShowFeeCents: fee(s.noShowFeeCents),
  };
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

export const DEFAULT_POLICY: CancellationPolicy = {
  preset: 'moderate',
  tiers: PRESET_TIERS.moderate,
  creditPercent: null,
  passRules: DEFAULT_PASS_RULES,
};

/** A policy as stored or sent, with a preset's tiers filled in and custom tiers ordered longest notice first. */
export function normalizePolicy(input: {
  preset: PolicyPreset;
  tiers?: RefundTier[] | null;
  creditPercent?: number | null;
  passRules?: Partial<PassRules> | null;
}): CancellationPolicy {
  const tiers =
    input.preset === 'custom'
      ? [...(input.tiers ?? [])]
          .map((t) => ({ hoursBefore: t.hoursBefore, refundPercent: t.refundPercent }))
          .sort((a, b) => b.hoursBefore - a.hoursBefore)
      : PRESET_TIERS[input.preset].map((t) => ({ ...t }));
  return { preset: input.preset, tiers, creditPercent: input.creditPercent ?? null, passRules: passRulesFrom(input.passRules) };
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
  return normalizePolicy({ preset: s.preset, tiers, creditPercent: credit, passRules: passRulesFrom(s.passRules) });
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
  const passes = describePassRules(passRulesOf(policy));
  return passes ? `${text} ${passes}` : text;
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The pass rules in a sentence or two, or '' when they are the defaults (a late cancellation or a no-show spends a
 * pack's credit; no fees), which the sentence about refunds already implies. */
export function describePassRules(rules: PassRules): string {
  const parts: string[] = [];
  const back = [!rules.lateCancelForfeitsCredit && 'a late cancellation', !rules.noShowForfeitsCredit && 'a missed class'].filter(
    (x): x is string => Boolean(x),
  );
  if (back.length) parts.push(`Paid with a class pack, ${back.join(' or ')} gives the credit back.`);
  const fees = [
    rules.lateCancelFeeCents !== null && `a late cancellation costs ${dollars(rules.lateCancelFeeCents)}`,
    rules.noShowFeeCents !== null && `a missed class (no-show) ${dollars(rules.noShowFeeCents)}`,
  ].filter((x): x is string => Boolean(x));
  if (fees.length) parts.push(`With an unlimited membership, ${fees.join(' and ')}, charged to the membership's card.`);
  return parts.join(' ');
}
