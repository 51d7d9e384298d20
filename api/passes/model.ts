// Passes (class packs, memberships, intro offers) and the wallet: request and answer schemas, valibot only, so the
// coach's Pricing form, the wallet and the booking card share the server's own messages. Money is dollars here
// (as every answer of the API), integer cents everywhere it is stored.
import * as v from 'valibot';
import { CreditAnswer } from '../policies/model';
import { fields, pathId, withExample } from '../../common/schema';
import { PromoCodeField } from '../promo-codes/model';

/** As db/schema's PASS_KINDS, BILLING_PERIODS, PURCHASE_STATUSES and LEDGER_KINDS (repeated so the site's forms
 * never pull in the database schema). */
export const PASS_KIND = ['pack', 'membership', 'intro'] as const;
export type PassKindName = (typeof PASS_KIND)[number];
export const BILLING_PERIOD = ['month', 'week'] as const;
export const PURCHASE_STATUS = ['pending', 'active', 'past_due', 'paused', 'cancelled', 'ended', 'refunded'] as const;
export type PurchaseStatusName = (typeof PURCHASE_STATUS)[number];
export const LEDGER_KIND = ['purchase', 'booking', 'return', 'expiry', 'refund', 'renewal'] as const;
export const COVERED_AGE_GROUPS = ['Adults', 'Kids'] as const;

/** The limits of what a coach may sell. */
export const PASS_LIMITS = {
  nameMin: 2,
  nameMax: 80,
  descriptionMax: 500,
  priceMin: 1,
  priceMax: 10_000,
  creditsMax: 200,
  validityDaysMax: 730,
  pauseWeeksMax: 26,
} as const;

export const PASS_MESSAGES = {
  kind: 'Choose a class pack, a membership or an intro offer.',
  name: `Give the pass a name of ${PASS_LIMITS.nameMin} to ${PASS_LIMITS.nameMax} characters.`,
  description: `The description can be at most ${PASS_LIMITS.descriptionMax} characters.`,
  price: `Enter a price from $${PASS_LIMITS.priceMin} to $${PASS_LIMITS.priceMax.toLocaleString('en-US')}, in dollars and cents.`,
  credits: `Enter a number of classes from 1 to ${PASS_LIMITS.creditsMax}.`,
  creditsRequired: 'Enter how many classes the pass includes.',
  validityDays: `Enter how many days the credits stay valid, from 1 to ${PASS_LIMITS.validityDaysMax}.`,
  validityRequired: 'Enter how many days the credits stay valid.',
  validityNotForMemberships: 'A membership renews every period: it has no validity in days.',
  billingPeriod: 'Choose whether the membership is billed every month or every week.',
  billingPeriodOnlyMemberships: 'Only a membership has a billing period.',
  pauseWeeks: `Enter the weeks a member may pause each year, from 0 to ${PASS_LIMITS.pauseWeeksMax}.`,
  pauseOnlyMemberships: 'Only a membership can be paused.',
  categoryIds: 'Choose the categories from the list.',
  ageGroups: 'Choose Adults and/or Kids.',
  archived: 'archived must be true or false.',
} as const;

const PassName = v.pipe(
  v.string(PASS_MESSAGES.name),
  v.trim(),
  v.minLength(PASS_LIMITS.nameMin, PASS_MESSAGES.name),
  v.maxLength(PASS_LIMITS.nameMax, PASS_MESSAGES.name),
);
const PassDescription = v.optional(
  v.nullable(v.pipe(v.string(PASS_MESSAGES.description), v.trim(), v.maxLength(PASS_LIMITS.descriptionMax, PASS_MESSAGES.description))),
);
/** Dollars with at most two decimals (stored as cents). */
const PassPrice = v.pipe(
  v.number(PASS_MESSAGES.price),
  v.minValue(PASS_LIMITS.priceMin, PASS_MESSAGES.price),
  v.maxValue(PASS_LIMITS.priceMax, PASS_MESSAGES.price),
  v.check((dollars) => Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6, PASS_MESSAGES.price),
);
const wholeNumber = (message: string, min: number, max: number) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message));
const Credits = v.optional(v.nullable(wholeNumber(PASS_MESSAGES.credits, 1, PASS_LIMITS.creditsMax)));
const ValidityDays = v.optional(v.nullable(wholeNumber(PASS_MESSAGES.validityDays, 1, PASS_LIMITS.validityDaysMax)));
const MaxPauseWeeks = v.optional(v.nullable(wholeNumber(PASS_MESSAGES.pauseWeeks, 0, PASS_LIMITS.pauseWeeksMax)));
/** Empty (or left out): every category; else only classes of these categories. */
const CategoryIds = v.optional(
  v.pipe(
    v.array(wholeNumber(PASS_MESSAGES.categoryIds, 1, 1_000_000), PASS_MESSAGES.categoryIds),
    v.maxLength(50, PASS_MESSAGES.categoryIds),
  ),
);
/** Empty (or left out): every age group; else only classes for these. */
const AgeGroups = v.optional(v.array(v.picklist(COVERED_AGE_GROUPS, PASS_MESSAGES.ageGroups), PASS_MESSAGES.ageGroups));

const passEntries = {
  kind: v.picklist(PASS_KIND, PASS_MESSAGES.kind),
  name: PassName,
  description: PassDescription,
  /** Pack and intro offer: the price of the whole pass; membership: the price per billing period. */
  price: PassPrice,
  /** Pack and intro offer: the classes included (an intro offer of 1 is a single-class price); membership: classes
   * per period, null or left out for unlimited classes. */
  credits: Credits,
  /** Pack and intro offer: the credits stay valid this many days from the purchase. */
  validityDays: ValidityDays,
  categoryIds: CategoryIds,
  ageGroups: AgeGroups,
  /** Membership only: billed (and renewed) every month or every week. */
  billingPeriod: v.optional(v.nullable(v.picklist(BILLING_PERIOD, PASS_MESSAGES.billingPeriod))),
  /** Membership only: how many weeks a year a member may pause (0 or null: no pausing). */
  maxPauseWeeks: MaxPauseWeeks,
};

type PassShape = {
  kind?: PassKindName;
  credits?: number | null;
  validityDays?: number | null;
  billingPeriod?: string | null;
  maxPauseWeeks?: number | null;
};

/** The rules between a pass's fields, by kind: the message for the first field that breaks one, or null. Shared
 * by create (the body's kind) and update (the stored kind), and by the Pricing form. */
export function passKindProblem(pass: PassShape): { field: keyof PassShape; message: string } | null {
  if (pass.kind === 'membership') {
    if (pass.validityDays != null) return { field: 'validityDays', message: PASS_MESSAGES.validityNotForMemberships };
    if (pass.billingPeriod == null) return { field: 'billingPeriod', message: PASS_MESSAGES.billingPeriod };
    return null;
  }
  if (pass.credits == null) return { field: 'credits', message: PASS_MESSAGES.creditsRequired };
  if (pass.validityDays == null) return { field: 'validityDays', message: PASS_MESSAGES.validityRequired };
  if (pass.billingPeriod != null) return { field: 'billingPeriod', message: PASS_MESSAGES.billingPeriodOnlyMemberships };
  if (pass.maxPauseWeeks) return { field: 'maxPauseWeeks', message: PASS_MESSAGES.pauseOnlyMemberships };
  return null;
}

const PassCreateFields = fields(passEntries);
type PassCreateFields = v.InferOutput<typeof PassCreateFields>;
/** The message of the kind rule a field breaks, on that field (so the form shows it there). */
const kindRule = (field: 'credits' | 'validityDays' | 'billingPeriod' | 'maxPauseWeeks') =>
  v.forward<PassCreateFields, v.CheckIssue<PassCreateFields>, ['credits'] | ['validityDays'] | ['billingPeriod'] | ['maxPauseWeeks']>(
    v.check(
      (pass) => passKindProblem(pass)?.field !== field,
      (issue) => passKindProblem(issue.input)?.message ?? PASS_MESSAGES.kind,
    ),
    [field] as ['credits'],
  );

/** POST /api/passes: a new pass the signed-in coach sells. */
export const PassCreateBody = withExample(
  v.pipe(PassCreateFields, kindRule('credits'), kindRule('validityDays'), kindRule('billingPeriod'), kindRule('maxPauseWeeks')),
  { kind: 'pack', name: '5-class pack', price: 100, credits: 5, validityDays: 90, categoryIds: [], ageGroups: [] },
);
export type PassCreateBody = v.InferOutput<typeof PassCreateBody>;

/** PATCH /api/passes/{id}: any subset. The kind and billing period never change (sell a new pass instead); a new
 * price, credits, validity or coverage applies to later purchases only, as each purchase keeps a copy of what was
 * bought. `archived: true` stops new sales (holders keep using theirs); false sells it again. */
export const PassUpdateBody = withExample(
  fields({
    name: v.optional(PassName),
    description: PassDescription,
    price: v.optional(PassPrice),
    credits: Credits,
    validityDays: ValidityDays,
    categoryIds: CategoryIds,
    ageGroups: AgeGroups,
    maxPauseWeeks: MaxPauseWeeks,
    archived: v.optional(v.boolean(PASS_MESSAGES.archived)),
  }),
  { price: 95, archived: false },
);
export type PassUpdateBody = v.InferOutput<typeof PassUpdateBody>;

export const PassIdParams = v.object({ id: pathId(1) });
export const PurchaseIdParams = v.object({ purchaseId: pathId(1) });

/** What a pass or a purchase covers: every class of the coach, or only these categories and age groups. */
export const Coverage = v.object({
  allClasses: v.boolean(),
  categoryIds: v.array(v.number()),
  /** The categories' names, in the order of categoryIds. */
  categoryNames: v.array(v.string()),
  ageGroups: v.array(v.picklist(COVERED_AGE_GROUPS)),
});
export type Coverage = v.InferOutput<typeof Coverage>;

/** A pass as the coach's Pricing screen, the coach's profile and class pages read it. */
export const Pass = v.object({
  id: v.number(),
  coachId: v.number(),
  kind: v.picklist(PASS_KIND),
  name: v.string(),
  description: v.nullable(v.string()),
  /** Dollars, before the 5% service fee: the whole pack, or one billing period of a membership. */
  price: v.number(),
  /** What the customer pays at checkout: price + the 5% service fee. */
  total: v.number(),
  /** Credits included (per period for memberships); null: unlimited classes. */
  credits: v.nullable(v.number()),
  /** Price divided by credits (what "$20 a class" says); null for an unlimited membership. */
  pricePerClass: v.nullable(v.number()),
  validityDays: v.nullable(v.number()),
  billingPeriod: v.nullable(v.picklist(BILLING_PERIOD)),
  maxPauseWeeks: v.nullable(v.number()),
  coverage: Coverage,
  archived: v.boolean(),
  archivedAt: v.nullable(v.string()),
  createdAt: v.string(),
});
export type Pass = v.InferOutput<typeof Pass>;

/** The coach's own list (and the admin's): each pass with its sales and current holders. */
export const ManagedPass = v.object({
  ...Pass.entries,
  /** Purchases paid for (refunded ones included). */
  sales: v.number(),
  /** Customers whose purchase of it is active (or past due / paused, for memberships). */
  activeHolders: v.number(),
  /** The admin's list names the coach. */
  coachName: v.string(),
});
export type ManagedPass = v.InferOutput<typeof ManagedPass>;

/** GET /api/passes: the caller's own passes (an admin's: every coach's, or one coach's with coachId). */
export const ManagedPassQuery = v.object({
  coachId: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'coachId must be a whole number.'))),
  archived: v.optional(v.picklist(['true', 'false', 'all'], 'archived must be true, false or all.')),
});
export type ManagedPassQuery = v.InferOutput<typeof ManagedPassQuery>;

/** A pass on the coach's public profile and class pages; for a signed-in customer, whether they may buy it. */
export const PublicPass = v.object({
  ...Pass.entries,
  /** null signed out; false when this customer may not buy it (an intro offer for someone who has booked with
   * the coach or bought it already), with the reason in unavailableReason. */
  canBuy: v.nullable(v.boolean()),
  unavailableReason: v.nullable(v.string()),
});
export type PublicPass = v.InferOutput<typeof PublicPass>;

/** POST /api/passes/{id}/purchase: the total the page shows (price + 5% service fee, in dollars); any other
 * amount is refused with 409 "The price has changed. Please reload the page.". The buyer's coach credit is spent on
 * it by the server (the answer's `creditApplied`, the card pays `cardAmount`). */
export const PurchaseBody = withExample(
  fields({
    amount: v.pipe(v.number('Send the total shown at checkout.'), v.minValue(0, 'Send the total shown at checkout.')),
    /** A promo code of the coach's (or the platform's), packs and intro offers only: `amount` is then the discounted
     * total (price - discount + 5% of that). */
    promoCode: v.optional(v.nullable(PromoCodeField)),
  }),
  { amount: 105 },
);
export type PurchaseBody = v.InferOutput<typeof PurchaseBody>;

/** The purchase started: pay the intent (Stripe's Payment Element, or the test provider's card form), then
 * POST /api/wallet/{purchaseId}/confirm (payment_intent.succeeded confirms it too). A membership answers its
 * subscription's first payment the same way. */
export const PurchaseAnswer = v.object({
  purchaseId: v.number(),
  passId: v.number(),
  kind: v.picklist(PASS_KIND),
  status: v.picklist(PURCHASE_STATUS),
  /** Dollars: price, a promo code's discount (0 without), the 5% service fee on the discounted price and the
   * total. */
  price: v.number(),
  discount: v.number(),
  serviceFee: v.number(),
  amount: v.number(),
  /** Dollars of coach credit spent on it (packs and intro offers; set aside now, spent when it is confirmed). */
  creditApplied: v.number(),
  /** Dollars the card is charged: amount - creditApplied. 0: credit pays it all, there is no intent; confirm it with
   * POST /api/wallet/{purchaseId}/confirm. */
  cardAmount: v.number(),
  paymentIntentId: v.nullable(v.string()),
  clientSecret: v.nullable(v.string()),
  subscriptionId: v.nullable(v.string()),
});
export type PurchaseAnswer = v.InferOutput<typeof PurchaseAnswer>;

/** GET /api/passes/{id}/quote: a pack's or an intro offer's price, with a promo code or without (integer cents). */
export const PassQuoteQuery = v.object({ promoCode: v.optional(withExample(v.string(), 'FOGLINE20')) });
export const PassQuoteAnswer = v.object({
  passId: v.number(),
  priceCents: v.number(),
  discountCents: v.number(),
  /** 5% of the discounted price */
  serviceFeeCents: v.number(),
  totalCents: v.number(),
  /** the total in dollars: what POST /api/passes/{id}/purchase must send with the same promoCode */
  amount: v.number(),
  /** the caller's coach credit spent first (the purchase sets it aside), and what the card then pays */
  creditAppliedCents: v.number(),
  cardCents: v.number(),
  promoCode: v.nullable(v.string()),
});
export type PassQuoteAnswer = v.InferOutput<typeof PassQuoteAnswer>;

/** On POST /api/bookings (and /api/bookings/free): pay the spots with a pass instead of a card. One credit per
 * spot, taken in the booking's own write; an unlimited membership takes none while it is paid up. */
export const PayWithField = v.optional(
  fields({
    purchaseId: v.pipe(
      v.number('Choose the pass to pay with.'),
      v.integer('Choose the pass to pay with.'),
      v.minValue(1, 'Choose the pass to pay with.'),
    ),
  }),
);
export type PayWith = NonNullable<v.InferOutput<typeof PayWithField>>;

/** One row of a purchase's credit ledger, newest first, as the wallet's history shows it. */
export const LedgerEntry = v.object({
  id: v.number(),
  kind: v.picklist(LEDGER_KIND),
  /** +credits in (purchase, renewal, return), -credits out (booking, expiry, refund); 0 for an unlimited
   * membership's booking. */
  delta: v.number(),
  at: v.string(),
  /** When the credits this row moved expire (null: they do not). */
  creditsExpireAt: v.nullable(v.string()),
  bookingId: v.nullable(v.number()),
  /** The booked class, for booking and return rows. */
  classId: v.nullable(v.number()),
  classTitle: v.nullable(v.string()),
  classStartTime: v.nullable(v.string()),
});
export type LedgerEntry = v.InferOutput<typeof LedgerEntry>;

/** One purchase in the customer's wallet. */
export const WalletPass = v.object({
  purchaseId: v.number(),
  passId: v.number(),
  coachId: v.number(),
  coachName: v.string(),
  kind: v.picklist(PASS_KIND),
  name: v.string(),
  status: v.picklist(PURCHASE_STATUS),
  /** Unlimited membership: no credits to count. */
  unlimited: v.boolean(),
  /** Credits left now (computed from the ledger); null when unlimited. */
  creditsLeft: v.nullable(v.number()),
  /** Credits bought (per period for a membership); null when unlimited. */
  creditsTotal: v.nullable(v.number()),
  /** When the soonest of the credits left expire (a pack's expiry; a membership's period end); null if none. */
  creditsExpireAt: v.nullable(v.string()),
  /** Pack and intro offer: when the pass ends. */
  expiresAt: v.nullable(v.string()),
  coverage: Coverage,
  /** Dollars: the price bought at (per period for memberships) and what was paid and refunded. */
  price: v.number(),
  amountPaid: v.number(),
  refunded: v.number(),
  purchasedAt: v.string(),
  /** Memberships (filled by the subscription): the period, the next renewal and what it will charge (dollars,
   * with the service fee), null when it will not renew (cancelled at period end, or not a membership). */
  billingPeriod: v.nullable(v.picklist(BILLING_PERIOD)),
  currentPeriodEnd: v.nullable(v.string()),
  nextRenewalAt: v.nullable(v.string()),
  nextRenewalAmount: v.nullable(v.number()),
  cancelAtPeriodEnd: v.boolean(),
  pausedAt: v.nullable(v.string()),
  pauseEndsAt: v.nullable(v.string()),
  maxPauseWeeks: v.nullable(v.number()),
  /** The credit ledger, newest first. */
  history: v.array(LedgerEntry),
});
export type WalletPass = v.InferOutput<typeof WalletPass>;

/** GET /api/wallet: the signed-in customer's purchases (newest first). With classId, only those that can pay for
 * that class now (covering it, paid up, credits left or unlimited, valid at its start), soonest expiry first. */
export const WalletQuery = v.object({
  classId: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'classId must be a whole number.'))),
  status: v.optional(v.picklist(['usable', 'all'], 'status must be usable or all.')),
});
export type WalletQuery = v.InferOutput<typeof WalletQuery>;

export const WalletAnswer = v.object({
  passes: v.array(WalletPass),
  /** Credit with each coach (issue 20), in integer cents (and dollars), from the append-only credit ledger: spent
   * automatically at checkout on that coach's classes, the card paying the rest; it does not expire. */
  coachCredit: CreditAnswer,
});
export type WalletAnswer = v.InferOutput<typeof WalletAnswer>;

/** How a booking was paid (Customer Management): by card, with a pass's credit, with a membership, or nothing to
 * pay (a free class, or a promo code that took off everything). */
export const PAID_WITH = ['card', 'credit', 'membership', 'free'] as const;
export type PaidWith = (typeof PAID_WITH)[number];
export const PaidWithField = v.picklist(PAID_WITH);

/** A pass a customer holds now (Customer Management): credits left (null for unlimited), expiry or period end. */
export const HeldPass = v.object({
  purchaseId: v.number(),
  name: v.string(),
  kind: v.picklist(PASS_KIND),
  status: v.picklist(PURCHASE_STATUS),
  creditsLeft: v.nullable(v.number()),
  expiresAt: v.nullable(v.string()),
});
export type HeldPass = v.InferOutput<typeof HeldPass>;

/** POST /api/admin/pass-purchases/{purchaseId}/refund: an admin refunds the unused credits pro rata and ends the
 * pass. */
export const PassRefundBody = withExample(
  fields({
    reason: v.pipe(
      v.string('Give a reason for the refund.'),
      v.trim(),
      v.minLength(3, 'Give a reason for the refund.'),
      v.maxLength(500, 'The reason can be at most 500 characters.'),
    ),
  }),
  { reason: 'Moving away from San Francisco' },
);
export type PassRefundBody = v.InferOutput<typeof PassRefundBody>;

export const PassRefundAnswer = v.object({
  purchaseId: v.number(),
  status: v.picklist(PURCHASE_STATUS),
  creditsRefunded: v.number(),
  /** Dollars refunded through the provider: amount paid x unused credits / credits bought, to the cent (the card's
   * share of it, when coach credit paid part of the pass). */
  refunded: v.number(),
  /** Dollars given back as coach credit: the share of the refund that coach credit had paid. */
  refundedAsCredit: v.number(),
});
export type PassRefundAnswer = v.InferOutput<typeof PassRefundAnswer>;
