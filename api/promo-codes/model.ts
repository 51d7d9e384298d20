// Promo code schemas (issue 20, item 4): a coach's codes and the platform's, as they are created, changed and
// read back, and the `promoCode` field of booking and payment requests. Valibot only: the coach's and the
// admin's forms import these very schemas, so both sides show the same messages.
import * as v from 'valibot';
import { pageEntries } from '../../common/pagination';
import { fields, inSupportedYears, pathId, withExample } from '../../common/schema';

export const PROMO_CODE_MESSAGES = {
  code: 'Enter a code of 3 to 24 letters, digits, dashes or underscores',
  kind: 'Choose a percentage or a fixed amount off',
  percentOff: 'The percentage must be a whole number from 1 to 100',
  amountOffCents: 'The amount off must be at least 1 cent (in cents)',
  amountMissing: 'Enter the amount off',
  percentMissing: 'Enter the percentage off',
  instant: 'Use an RFC 3339 date and time with an offset, such as 2027-03-07T09:00:00-08:00',
  order: 'The end must be after the start',
  maxUses: 'Total uses must be a whole number from 1 to 100000',
  minimumCents: 'The minimum must be a whole number of cents (0 or more)',
} as const;

/** What a customer types at checkout: trimmed and matched case-insensitively (stored upper case). */
export const PromoCodeField = v.pipe(
  v.string(PROMO_CODE_MESSAGES.code),
  v.trim(),
  v.regex(/^[A-Za-z0-9_-]{3,24}$/, PROMO_CODE_MESSAGES.code),
  v.toUpperCase(),
);

/** RFC 3339 with seconds and Z or a numeric offset (the class resource's form of an instant). */
const RFC_3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/i;
/** The instant an RFC 3339 text names, or null. */
export function parseInstant(value: string): Date | null {
  if (!RFC_3339.test(value)) return null;
  const date = new Date(value.toUpperCase());
  return Number.isNaN(date.getTime()) ? null : date;
}

const instant = v.pipe(
  v.string(PROMO_CODE_MESSAGES.instant),
  v.check((value) => parseInstant(value) !== null, PROMO_CODE_MESSAGES.instant),
  v.check(inSupportedYears, PROMO_CODE_MESSAGES.instant),
);

/** The rules a code can carry, each optional in a change (PATCH). */
const ruleEntries = {
  percentOff: v.optional(
    v.nullable(
      v.pipe(
        v.number(PROMO_CODE_MESSAGES.percentOff),
        v.integer(PROMO_CODE_MESSAGES.percentOff),
        v.minValue(1, PROMO_CODE_MESSAGES.percentOff),
        v.maxValue(100, PROMO_CODE_MESSAGES.percentOff),
      ),
    ),
  ),
  amountOffCents: v.optional(
    v.nullable(
      v.pipe(
        v.number(PROMO_CODE_MESSAGES.amountOffCents),
        v.integer(PROMO_CODE_MESSAGES.amountOffCents),
        v.minValue(1, PROMO_CODE_MESSAGES.amountOffCents),
        v.maxValue(10_000_000, PROMO_CODE_MESSAGES.amountOffCents),
      ),
    ),
  ),
  validFrom: v.optional(v.nullable(instant)),
  validUntil: v.optional(v.nullable(instant)),
  maxUses: v.optional(
    v.nullable(
      v.pipe(
        v.number(PROMO_CODE_MESSAGES.maxUses),
        v.integer(PROMO_CODE_MESSAGES.maxUses),
        v.minValue(1, PROMO_CODE_MESSAGES.maxUses),
        v.maxValue(100_000, PROMO_CODE_MESSAGES.maxUses),
      ),
    ),
  ),
  oncePerCustomer: v.optional(v.boolean()),
  firstBookingOnly: v.optional(v.boolean()),
  minimumCents: v.optional(
    v.nullable(
      v.pipe(
        v.number(PROMO_CODE_MESSAGES.minimumCents),
        v.integer(PROMO_CODE_MESSAGES.minimumCents),
        v.minValue(0, PROMO_CODE_MESSAGES.minimumCents),
        v.maxValue(10_000_000, PROMO_CODE_MESSAGES.minimumCents),
      ),
    ),
  ),
};

/** POST /api/promo-codes: a coach's code for their classes and passes, or (an admin's) a platform code. */
export const CreatePromoCodeBody = withExample(
  v.pipe(
    fields({
      code: PromoCodeField,
      kind: v.picklist(['percent', 'amount'], PROMO_CODE_MESSAGES.kind),
      ...ruleEntries,
    }),
    v.forward(
      v.check((body) => body.kind !== 'percent' || typeof body.percentOff === 'number', PROMO_CODE_MESSAGES.percentMissing),
      ['percentOff'],
    ),
    v.forward(
      v.check((body) => body.kind !== 'amount' || typeof body.amountOffCents === 'number', PROMO_CODE_MESSAGES.amountMissing),
      ['amountOffCents'],
    ),
    v.forward(
      v.check(
        (body) => !body.validFrom || !body.validUntil || parseInstant(body.validUntil)! > parseInstant(body.validFrom)!,
        PROMO_CODE_MESSAGES.order,
      ),
      ['validUntil'],
    ),
  ),
  {
    code: 'SPRING20',
    kind: 'percent',
    percentOff: 20,
    validFrom: '2027-03-01T00:00:00-08:00',
    validUntil: '2027-05-31T23:59:00-07:00',
    maxUses: 50,
    oncePerCustomer: true,
    firstBookingOnly: false,
    minimumCents: 2000,
  },
);
export type CreatePromoCodeBody = v.InferOutput<typeof CreatePromoCodeBody>;

/** PATCH /api/promo-codes/{id}: any subset of the rules, and `active: false` to deactivate (true to restore).
 * The code and its kind stay as made; bookings already made keep the amounts they were charged. */
export const UpdatePromoCodeBody = withExample(
  v.pipe(
    fields({ ...ruleEntries, active: v.optional(v.boolean()) }),
    v.forward(
      v.check(
        (body) => !body.validFrom || !body.validUntil || parseInstant(body.validUntil)! > parseInstant(body.validFrom)!,
        PROMO_CODE_MESSAGES.order,
      ),
      ['validUntil'],
    ),
  ),
  { active: false },
);
export type UpdatePromoCodeBody = v.InferOutput<typeof UpdatePromoCodeBody>;

export const PromoCodeParams = v.object({ id: pathId(1) });

export const PromoCodeListQuery = v.object({ ...pageEntries });

/** A code as it is read back, with its uses taken (running holds and paid bookings). */
export const PromoCode = v.object({
  id: v.number(),
  code: v.string(),
  /** coach: one coach's code, funded by them; platform: an admin's, for any coach, funded by Fogline. */
  scope: v.picklist(['coach', 'platform']),
  coachId: v.nullable(v.number()),
  kind: v.picklist(['percent', 'amount']),
  percentOff: v.nullable(v.number()),
  amountOffCents: v.nullable(v.number()),
  validFrom: v.nullable(v.string()),
  validUntil: v.nullable(v.string()),
  maxUses: v.nullable(v.number()),
  uses: v.number(),
  oncePerCustomer: v.boolean(),
  firstBookingOnly: v.boolean(),
  minimumCents: v.nullable(v.number()),
  active: v.boolean(),
  /** active, scheduled (starts later), expired, used up or inactive: what the lists show. */
  status: v.picklist(['active', 'scheduled', 'expired', 'usedUp', 'inactive']),
  createdAt: v.string(),
});
export type PromoCode = v.InferOutput<typeof PromoCode>;
