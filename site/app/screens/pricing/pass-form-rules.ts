// The Pricing screen's form (issue 19): the text its fields hold, turned into the pass resource and checked by the
// API's own schema (PassCreateBody), so every message beside a field is the server's. The one page-only rule:
// "only the categories and age groups I choose" needs at least one of them ticked.
import * as v from 'valibot';
import { type PassCreateBody, PassCreateBody as PassBody, type PassKindName } from '../../../../api/passes/model';

export const PASS_KIND_LABELS: Record<PassKindName, string> = { pack: 'Class pack', membership: 'Membership', intro: 'Intro offer' };

const COVERAGE_MESSAGE = 'Tick at least one category or age group, or choose all your classes.';

/** What the fields hold: text as typed, choices as picked. */
export type PassFormValues = {
  kind: PassKindName;
  name: string;
  price: string;
  credits: string;
  unlimited: boolean;
  validityDays: string;
  billingPeriod: 'month' | 'week';
  maxPauseWeeks: string;
  coversAllClasses: boolean;
  categoryIds: string[];
  ageGroups: string[];
};

/** "" is no number (the API's "required" message); anything else as typed, so "abc" or "2.5" gets its message. */
const numberOrNull = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));

export function toPassBody(form: PassFormValues): Record<string, unknown> {
  const membership = form.kind === 'membership';
  return {
    kind: form.kind,
    name: form.name,
    price: form.price.trim() === '' ? Number.NaN : Number(form.price.trim().replace(/^\$/, '')),
    credits: membership && form.unlimited ? null : numberOrNull(form.credits),
    validityDays: membership ? null : numberOrNull(form.validityDays),
    billingPeriod: membership ? form.billingPeriod : null,
    maxPauseWeeks: membership ? (numberOrNull(form.maxPauseWeeks) ?? 0) : null,
    categoryIds: form.coversAllClasses ? [] : form.categoryIds.map(Number),
    ageGroups: form.coversAllClasses ? [] : form.ageGroups,
  };
}

export const PassForm = v.pipe(
  v.custom<PassFormValues>(() => true),
  v.forward(
    v.check((form) => form.coversAllClasses || form.categoryIds.length + form.ageGroups.length > 0, COVERAGE_MESSAGE),
    ['coversAllClasses'],
  ),
  v.transform(toPassBody),
  PassBody,
);

export function emptyPassForm(kind: PassKindName): PassFormValues {
  return {
    kind,
    name: kind === 'pack' ? '5-class pack' : kind === 'membership' ? 'Monthly unlimited' : 'Intro offer: 3 classes',
    price: '',
    credits: kind === 'pack' ? '5' : kind === 'intro' ? '3' : '8',
    unlimited: kind === 'membership',
    validityDays: kind === 'intro' ? '30' : '90',
    billingPeriod: 'month',
    maxPauseWeeks: kind === 'membership' ? '4' : '',
    coversAllClasses: true,
    categoryIds: [],
    ageGroups: [],
  };
}

export type { PassCreateBody };
