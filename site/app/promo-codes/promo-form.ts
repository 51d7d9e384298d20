// The promo code form's page rules (issue 20): what a person types (dollars, Pacific days, "20") converted to the
// resource the API takes (cents, RFC 3339 instants, numbers), then checked by the API's own schemas (the new code's,
// and for an edit the change's, which shares its rules) so the form shows the same messages as the server. A code
// runs from the start of its first day to the end of its last day, Pacific time.
import * as v from 'valibot';
import { CreatePromoCodeBody, PROMO_CODE_MESSAGES, type PromoCode, UpdatePromoCodeBody } from '../../../api/promo-codes/model';
import { formatDateShort, pacificDay, pacificWallTimeToInstant } from '../../../common/pacific';
import { formatDollars } from '../../../common/money';

export interface PromoDraft {
  code: string;
  kind: 'percent' | 'amount';
  /** "20" (percent) or "5.00" (dollars) */
  value: string;
  /** YYYY-MM-DD (Pacific) or '' */
  from: string;
  until: string;
  maxUses: string;
  /** dollars or '' */
  minimum: string;
  oncePerCustomer: boolean;
  firstBookingOnly: boolean;
}

export const EMPTY_DRAFT: PromoDraft = {
  code: '',
  kind: 'percent',
  value: '',
  from: '',
  until: '',
  maxUses: '',
  minimum: '',
  oncePerCustomer: false,
  firstBookingOnly: false,
};

export type PromoFormErrors = Partial<
  Record<'code' | 'kind' | 'percentOff' | 'amountOffCents' | 'validFrom' | 'validUntil' | 'maxUses' | 'minimumCents', string>
>;

const cents = (dollars: string) => (dollars.trim() === '' ? undefined : Math.round(Number(dollars) * 100));
const whole = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** The draft's fields as the resource has them (undefined where the person left a field empty). */
function resourceOf(draft: PromoDraft) {
  return {
    percentOff: draft.kind === 'percent' ? whole(draft.value) : undefined,
    amountOffCents: draft.kind === 'amount' ? cents(draft.value) : undefined,
    validFrom: draft.from ? pacificWallTimeToInstant(draft.from, '00:00').toISOString() : undefined,
    // The end of the last day: the next day's midnight, Pacific.
    validUntil: draft.until ? endOfPacificDay(draft.until).toISOString() : undefined,
    maxUses: draft.maxUses.trim() ? whole(draft.maxUses) : undefined,
    minimumCents: draft.minimum.trim() ? cents(draft.minimum) : undefined,
  };
}

/** The first message per field of a schema's issues. */
function errorsOf(issues: readonly v.BaseIssue<unknown>[]): PromoFormErrors {
  const errors: PromoFormErrors = {};
  for (const issue of issues) {
    const key = (issue.path?.[0]?.key ?? 'code') as keyof PromoFormErrors;
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The request body for the draft, or the first message per field (the API schema's own). */
export function toPromoCodeBody(draft: PromoDraft): { body: v.InferOutput<typeof CreatePromoCodeBody> } | { errors: PromoFormErrors } {
  const fields = resourceOf(draft);
  const body = {
    code: draft.code,
    kind: draft.kind,
    ...(draft.kind === 'percent' ? { percentOff: fields.percentOff } : { amountOffCents: fields.amountOffCents }),
    ...(fields.validFrom ? { validFrom: fields.validFrom } : {}),
    ...(fields.validUntil ? { validUntil: fields.validUntil } : {}),
    ...(fields.maxUses !== undefined ? { maxUses: fields.maxUses } : {}),
    ...(fields.minimumCents !== undefined ? { minimumCents: fields.minimumCents } : {}),
    oncePerCustomer: draft.oncePerCustomer,
    firstBookingOnly: draft.firstBookingOnly,
  };
  const parsed = v.safeParse(CreatePromoCodeBody, body);
  return parsed.success ? { body: parsed.output } : { errors: errorsOf(parsed.issues) };
}

/** The form's draft of an existing code: its days in Pacific time (the last day is the one its end falls in). */
export function draftOf(code: PromoCode): PromoDraft {
  return {
    code: code.code,
    kind: code.kind,
    value: code.kind === 'percent' ? String(code.percentOff ?? '') : ((code.amountOffCents ?? 0) / 100).toFixed(2),
    from: code.validFrom ? pacificDay(code.validFrom) : '',
    until: code.validUntil ? pacificDay(Date.parse(code.validUntil) - 1) : '',
    maxUses: code.maxUses === null ? '' : String(code.maxUses),
    minimum: code.minimumCents ? (code.minimumCents / 100).toFixed(2) : '',
    oncePerCustomer: code.oncePerCustomer,
    firstBookingOnly: code.firstBookingOnly,
  };
}

/** An edit of a code (PATCH): only what changed from `original` (a field emptied is null), so a time set through
 * the API is kept unless its day is changed here; the code and its kind stay as made. Checked by the change's schema. */
export function toPromoCodeUpdate(
  draft: PromoDraft,
  original: PromoDraft,
): { body: v.InferOutput<typeof UpdatePromoCodeBody> } | { errors: PromoFormErrors } {
  const fields = resourceOf(draft);
  const changed = (key: keyof PromoDraft) => draft[key] !== original[key];
  const body = {
    ...(changed('value')
      ? draft.kind === 'percent'
        ? { percentOff: fields.percentOff ?? null }
        : { amountOffCents: fields.amountOffCents ?? null }
      : {}),
    ...(changed('from') ? { validFrom: fields.validFrom ?? null } : {}),
    ...(changed('until') ? { validUntil: fields.validUntil ?? null } : {}),
    ...(changed('maxUses') ? { maxUses: fields.maxUses ?? null } : {}),
    ...(changed('minimum') ? { minimumCents: fields.minimumCents ?? null } : {}),
    ...(changed('oncePerCustomer') ? { oncePerCustomer: draft.oncePerCustomer } : {}),
    ...(changed('firstBookingOnly') ? { firstBookingOnly: draft.firstBookingOnly } : {}),
  };
  // The discount cannot be emptied: the code keeps its kind, so it needs its value.
  if (changed('value') && draft.value.trim() === '')
    return {
      errors:
        draft.kind === 'percent'
          ? { percentOff: PROMO_CODE_MESSAGES.percentMissing }
          : { amountOffCents: PROMO_CODE_MESSAGES.amountMissing },
    };
  // The dates as the form shows them, whichever of the two changed (the server checks the same against the code).
  if (fields.validFrom && fields.validUntil && Date.parse(fields.validUntil) <= Date.parse(fields.validFrom))
    return { errors: { validUntil: PROMO_CODE_MESSAGES.order } };
  const parsed = v.safeParse(UpdatePromoCodeBody, body);
  return parsed.success ? { body: parsed.output } : { errors: errorsOf(parsed.issues) };
}

function endOfPacificDay(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  return pacificWallTimeToInstant(next, '00:00');
}

/** "20% off" or "$5.00 off" */
export function discountLabel(code: { kind: 'percent' | 'amount'; percentOff: number | null; amountOffCents: number | null }): string {
  return code.kind === 'percent' ? `${code.percentOff}% off` : `${formatDollars(code.amountOffCents ?? 0)} off`;
}

/** "Mar 01, 2027 - May 31, 2027", "From ...", "Until ...", or "Always" (the last day shown is the day it ends in). */
export function validityLabel(code: { validFrom: string | null; validUntil: string | null }): string {
  const until = code.validUntil ? formatDateShort(new Date(Date.parse(code.validUntil) - 1)) : null;
  const from = code.validFrom ? formatDateShort(code.validFrom) : null;
  if (from && until) return `${from} - ${until}`;
  if (from) return `From ${from}`;
  if (until) return `Until ${until}`;
  return 'No end date';
}

/** The rules besides the discount, in words. */
export function rulesLabel(code: { oncePerCustomer: boolean; firstBookingOnly: boolean; minimumCents: number | null }): string[] {
  const rules: string[] = [];
  if (code.oncePerCustomer) rules.push('Once per customer');
  if (code.firstBookingOnly) rules.push('First booking only');
  if (code.minimumCents) rules.push(`Orders from ${formatDollars(code.minimumCents)}`);
  return rules;
}
