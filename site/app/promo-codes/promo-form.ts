// The promo code form's page rules (issue 20): what a person types (dollars, Pacific days, "20") converted to the
// resource the API takes (cents, RFC 3339 instants, numbers), then checked by the API's own schema so the form
// shows the same messages as the server. A code runs from the start of its first day to the end of its last day,
// Pacific time.
import * as v from 'valibot';
import { CreatePromoCodeBody } from '../../../api/promo-codes/model';
import { formatDateShort, pacificWallTimeToInstant } from '../../../common/pacific';
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

/** The request body for the draft, or the first message per field (the API schema's own). */
export function toPromoCodeBody(draft: PromoDraft): { body: v.InferOutput<typeof CreatePromoCodeBody> } | { errors: PromoFormErrors } {
  const body = {
    code: draft.code,
    kind: draft.kind,
    ...(draft.kind === 'percent' ? { percentOff: whole(draft.value) } : { amountOffCents: cents(draft.value) }),
    ...(draft.from ? { validFrom: pacificWallTimeToInstant(draft.from, '00:00').toISOString() } : {}),
    // The end of the last day: the next day's midnight, Pacific.
    ...(draft.until ? { validUntil: endOfPacificDay(draft.until).toISOString() } : {}),
    ...(draft.maxUses.trim() ? { maxUses: whole(draft.maxUses) } : {}),
    ...(draft.minimum.trim() ? { minimumCents: cents(draft.minimum) } : {}),
    oncePerCustomer: draft.oncePerCustomer,
    firstBookingOnly: draft.firstBookingOnly,
  };
  const parsed = v.safeParse(CreatePromoCodeBody, body);
  if (parsed.success) return { body: parsed.output };
  const errors: PromoFormErrors = {};
  for (const issue of parsed.issues) {
    const key = (issue.path?.[0]?.key ?? 'code') as keyof PromoFormErrors;
    errors[key] ??= issue.message;
  }
  return { errors };
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
