// Cancellation policies and coach credit (issue 20): request and answer schemas (valibot only, so the coach's
// settings, the class form and the cancel dialog share the server's messages).
import * as v from 'valibot';
import { fields } from '../../common/schema';
import { MAX_PASS_FEE_CENTS } from '../../common/cancellation-policy';

export const POLICY_PRESET_CHOICES = ['flexible', 'moderate', 'strict', 'custom'] as const;
export const MAX_POLICY_TIERS = 3;
/** 90 days: the longest notice a tier may ask. */
export const MAX_NOTICE_HOURS = 2160;

export const RefundTier = fields({
  hoursBefore: v.pipe(
    v.number('Enter the hours before the class.'),
    v.integer('Hours before the class must be a whole number.'),
    v.minValue(1, 'Hours before the class must be at least 1.'),
    v.maxValue(MAX_NOTICE_HOURS, `Hours before the class can be at most ${MAX_NOTICE_HOURS} (90 days).`),
  ),
  refundPercent: v.pipe(
    v.number('Enter the percent refunded.'),
    v.integer('The percent refunded must be a whole number.'),
    v.minValue(1, 'The percent refunded must be at least 1.'),
    v.maxValue(100, 'The percent refunded can be at most 100.'),
  ),
});
export type RefundTier = v.InferOutput<typeof RefundTier>;

const CreditPercent = v.nullable(
  v.pipe(
    v.number('Enter the credit offered in percent.'),
    v.integer('The credit offered must be a whole percent.'),
    v.minValue(1, 'The credit offered must be at least 1%.'),
    v.maxValue(100, 'The credit offered can be at most 100% of what was paid.'),
  ),
);

const feeCents = (what: string) =>
  v.nullable(
    v.pipe(
      v.number(`Enter the ${what} fee in cents.`),
      v.integer(`The ${what} fee must be a whole number of cents.`),
      v.minValue(1, `The ${what} fee must be at least 1 cent (or none).`),
      v.maxValue(MAX_PASS_FEE_CENTS, `The ${what} fee can be at most $${MAX_PASS_FEE_CENTS / 100}.`),
    ),
  );

/** Late cancels and no-shows of bookings paid with a pass (issue 20): absent fields keep their defaults. */
export const PassRulesField = fields({
  /** Class packs: a late cancellation keeps the credit spent (default true). */
  lateCancelForfeitsCredit: v.optional(v.boolean('lateCancelForfeitsCredit must be true or false.'), true),
  /** Class packs: a no-show keeps the credit spent (default true). */
  noShowForfeitsCredit: v.optional(v.boolean('noShowForfeitsCredit must be true or false.'), true),
  /** Unlimited memberships: integer cents charged off-session to the membership's card (a late cancel after the
   * policy's last full-refund deadline; a no-show, 24 hours after the class); null for none (the default). */
  lateCancelFeeCents: v.optional(feeCents('late-cancel'), null),
  noShowFeeCents: v.optional(feeCents('no-show'), null),
});
export type PassRulesField = v.InferOutput<typeof PassRulesField>;

/** Custom tiers: 1-3, each a different notice, and less notice never refunds more. */
const tiersMakeSense = <T extends { preset: string; tiers?: RefundTier[] | null }>() =>
  v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed || dataset.value.preset !== 'custom') return;
    const tiers = dataset.value.tiers ?? [];
    const issue = (message: string) =>
      addIssue({ message, path: [{ type: 'object', origin: 'value', input: dataset.value, key: 'tiers', value: tiers }] });
    if (tiers.length === 0) return issue('Add at least one refund tier.');
    if (tiers.length > MAX_POLICY_TIERS) return issue(`A policy has at most ${MAX_POLICY_TIERS} refund tiers.`);
    const sorted = [...tiers].sort((a, b) => b.hoursBefore - a.hoursBefore);
    for (let i = 1; i < sorted.length; i++) {
      if (sorted[i]!.hoursBefore === sorted[i - 1]!.hoursBefore) return issue('Each refund tier needs a different number of hours.');
      if (sorted[i]!.refundPercent > sorted[i - 1]!.refundPercent)
        return issue('A later tier cannot refund more than an earlier one: cancelling closer to the class refunds less.');
    }
  });

const policyEntries = {
  preset: v.picklist(POLICY_PRESET_CHOICES, 'Choose Flexible, Moderate, Strict or Custom.'),
  /** Custom only (1-3 tiers); a preset's tiers are fixed and ignored here. */
  tiers: v.optional(v.nullable(v.array(RefundTier, 'Send the refund tiers as a list.'))),
  /** Credit with the coach instead of a refund, in percent of what was paid; null for none. */
  creditPercent: v.optional(CreditPercent, null),
  /** Late-cancel and no-show rules for pass bookings; absent: a late cancel or a no-show spends a pack's credit, no fees. */
  passRules: v.optional(v.nullable(PassRulesField)),
  /** Read-only (as GET returns it): ignored. */
  summary: v.optional(v.unknown()),
};

const POLICY_EXAMPLE = {
  preset: 'strict',
  creditPercent: 100,
  passRules: { lateCancelForfeitsCredit: false, noShowForfeitsCredit: true, lateCancelFeeCents: 1500, noShowFeeCents: 2000 },
} as const;

/** PUT /api/coaches/me/policy. */
export const PolicyBody = v.pipe(fields(policyEntries), tiersMakeSense(), v.metadata({ examples: [POLICY_EXAMPLE] }));
export type PolicyBody = v.InferOutput<typeof PolicyBody>;

/** A class's own policy on class writes: a policy overrides the coach's; null (or the policy as read back with
 * `source: 'coach'`) follows the coach's. */
export const ClassPolicyField = v.optional(
  v.nullable(
    v.pipe(
      fields({ ...policyEntries, source: v.optional(v.picklist(['coach', 'class'], 'source must be coach or class.')) }),
      tiersMakeSense(),
    ),
  ),
);
export type ClassPolicyField = v.InferOutput<typeof ClassPolicyField>;

const TierResource = v.object({ hoursBefore: v.number(), refundPercent: v.number() });

/** A policy as the API shows it, with the sentence that states it. */
export const PolicyResource = v.object({
  preset: v.picklist(POLICY_PRESET_CHOICES),
  /** Longest notice first; after the last tier, nothing is refunded. */
  tiers: v.array(TierResource),
  creditPercent: v.nullable(v.number()),
  passRules: v.object({
    lateCancelForfeitsCredit: v.boolean(),
    noShowForfeitsCredit: v.boolean(),
    lateCancelFeeCents: v.nullable(v.number()),
    noShowFeeCents: v.nullable(v.number()),
  }),
  summary: v.string(),
});
export type PolicyResource = v.InferOutput<typeof PolicyResource>;

/** On the class: the policy a booking made now gets, and whether it is the class's own or its coach's. */
export const ClassPolicyResource = v.object({ ...PolicyResource.entries, source: v.picklist(['coach', 'class']) });
export type ClassPolicyResource = v.InferOutput<typeof ClassPolicyResource>;

/** GET/PUT /api/coaches/me/policy: the coach's policy and the presets to choose from. */
export const CoachPolicyAnswer = v.object({
  policy: PolicyResource,
  presets: v.array(PolicyResource),
  /** How many of the coach's classes have their own policy (a change of the coach's leaves them as they are). */
  classOverrides: v.number(),
});
export type CoachPolicyAnswer = v.InferOutput<typeof CoachPolicyAnswer>;

/** On a booking: what cancelling now gives back under its own terms, in integer cents. */
export const CancelNow = v.object({
  refundCents: v.number(),
  refundPercent: v.number(),
  /** Of refundCents: what goes back to the card, and what goes back as coach credit (credit spent on the booking). */
  refundToCardCents: v.number(),
  refundToCreditCents: v.number(),
  /** When this refund ends (the next tier begins), or null. */
  refundUntil: v.nullable(v.string()),
  nextRefundCents: v.number(),
  nextRefundPercent: v.number(),
  /** Coach credit offered instead, worth more than the refund; null when none is offered now. */
  creditCents: v.nullable(v.number()),
  creditPercent: v.nullable(v.number()),
});
export type CancelNow = v.InferOutput<typeof CancelNow>;

/** PUT /api/bookings/{id}/cancel: how to get the money back; without a body, to the card. */
export const CancelBody = v.pipe(
  fields({ refundAs: v.optional(v.picklist(['card', 'credit'], 'refundAs must be card or credit.'), 'card') }),
  v.metadata({ examples: [{ refundAs: 'credit' }] }),
);
export type CancelBody = v.InferOutput<typeof CancelBody>;
export type RefundAs = 'card' | 'credit';

/** One coach the customer holds credit with. */
export const CreditBalance = v.object({
  coachId: v.number(),
  coachName: v.string(),
  /** Integer cents, and dollars for display. */
  balanceCents: v.number(),
  balance: v.number(),
});
export type CreditBalance = v.InferOutput<typeof CreditBalance>;

export const CreditAnswer = v.object({
  credits: v.array(CreditBalance),
  totalCents: v.number(),
});
export type CreditAnswer = v.InferOutput<typeof CreditAnswer>;

/** POST /api/admin/users/{id}/credit/refund: an admin sends a customer's credit with a coach back to the card. */
export const CreditRefundBody = v.pipe(
  fields({
    coachId: v.pipe(v.number('Choose the coach.'), v.integer('Choose the coach.'), v.minValue(1, 'Choose the coach.')),
    /** Cents; absent: the whole balance with that coach. */
    amountCents: v.optional(
      v.pipe(
        v.number('Enter the amount in cents.'),
        v.integer('Enter the amount in whole cents.'),
        v.minValue(1, 'Refund at least 1 cent.'),
      ),
    ),
  }),
  v.metadata({ examples: [{ coachId: 2, amountCents: 2625 }] }),
);
export type CreditRefundBody = v.InferOutput<typeof CreditRefundBody>;

export const CreditRefundAnswer = v.object({ refundedCents: v.number(), balanceCents: v.number(), message: v.string() });
