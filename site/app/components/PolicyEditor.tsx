// The cancellation policy editor (issue 20), shared by the coach's settings and the class form: a preset
// (Flexible, Moderate, Strict) or up to three custom tiers (hours before the class -> percent refunded), and
// credit with the coach offered instead of a refund, and the late-cancel and no-show fees charged to unlimited
// memberships (entered in dollars, sent in cents). The sentence customers will read is shown as it is edited, from
// the same function the server states it with (common/cancellation-policy.ts).
import { Radio, RadioGroup } from '@headlessui/react';
import {
  DEFAULT_PASS_RULES,
  describePolicy,
  MAX_CUSTOM_TIERS,
  MAX_PASS_FEE_CENTS,
  normalizePolicy,
  PRESET_TIERS,
  tierProblem,
} from '../../../common/cancellation-policy';
import { dollarsToCents } from '../../../common/money';
import type { PolicyBody } from '../../../api/policies/model';

export interface PolicyDraft {
  preset: PolicyBody['preset'];
  tiers: { hoursBefore: number; refundPercent: number }[];
  creditPercent: number | null;
  /** Late-cancel and no-show rules for pass bookings: the membership fees are edited here, the pack rules carried
   * through unchanged. */
  passRules?: PolicyBody['passRules'];
}

const CHOICES: { preset: PolicyDraft['preset']; name: string }[] = [
  { preset: 'flexible', name: 'Flexible' },
  { preset: 'moderate', name: 'Moderate' },
  { preset: 'strict', name: 'Strict' },
  { preset: 'custom', name: 'Custom' },
];

/** The draft as the API takes it (tiers only for Custom). */
export function policyBody(draft: PolicyDraft): PolicyBody {
  const passRules = draft.passRules ? { passRules: draft.passRules } : {};
  return draft.preset === 'custom'
    ? { preset: 'custom', tiers: draft.tiers, creditPercent: draft.creditPercent, ...passRules }
    : { preset: draft.preset, creditPercent: draft.creditPercent, ...passRules };
}

/** What is wrong with the draft before it is sent, in the server's words, or null. */
export function draftProblem(draft: PolicyDraft): string | null {
  if (draft.preset === 'custom') {
    const bad = draft.tiers.find((t) => !Number.isInteger(t.hoursBefore) || t.hoursBefore < 1 || !Number.isInteger(t.refundPercent));
    if (bad) return 'Each tier needs whole hours (at least 1) and a whole percent.';
    const problem = tierProblem(draft.tiers);
    if (problem) return problem;
  }
  if (draft.creditPercent !== null && (!Number.isInteger(draft.creditPercent) || draft.creditPercent < 1 || draft.creditPercent > 100))
    return 'The credit offered must be a whole percent from 1 to 100.';
  const rules = draft.passRules ?? DEFAULT_PASS_RULES;
  for (const [what, cents] of [
    ['late-cancel', rules.lateCancelFeeCents],
    ['no-show', rules.noShowFeeCents],
  ] as const) {
    if (cents === null || cents === undefined) continue;
    // The server's messages (api/policies/model.ts), the fee being entered in dollars here.
    if (!Number.isInteger(cents)) return `Enter the ${what} fee in dollars, e.g. 15.00.`;
    if (cents < 1) return `The ${what} fee must be at least 1 cent (or none).`;
    if (cents > MAX_PASS_FEE_CENTS) return `The ${what} fee can be at most $${MAX_PASS_FEE_CENTS / 100}.`;
  }
  return null;
}

/** A fee typed in dollars as the policy takes it: empty is none, anything else whole cents (NaN when unreadable). */
export function feeCentsFromDollars(text: string): number | null {
  if (text.trim() === '') return null;
  const dollars = Number(text);
  return Number.isFinite(dollars) ? dollarsToCents(dollars) : Number.NaN;
}

function FeeField({
  id,
  label,
  cents,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  cents: number | null | undefined;
  disabled: boolean;
  onChange: (cents: number | null) => void;
}) {
  return (
    <label className="block" htmlFor={id}>
      <span className="block text-fog-700 dark:text-fog-300">{label}</span>
      <span className="mt-1 flex items-center gap-1">
        <span aria-hidden="true">$</span>
        <input
          id={id}
          type="number"
          inputMode="decimal"
          min={0.01}
          max={MAX_PASS_FEE_CENTS / 100}
          step={0.01}
          placeholder="None"
          className="input w-28"
          disabled={disabled}
          value={cents === null || cents === undefined || Number.isNaN(cents) ? '' : cents / 100}
          onChange={(e) => onChange(feeCentsFromDollars(e.target.value))}
        />
      </span>
    </label>
  );
}

function summaryOf(draft: PolicyDraft): string {
  if (draftProblem(draft)) return '';
  return describePolicy(normalizePolicy(draft));
}

export function PolicyEditor({
  value,
  onChange,
  disabled = false,
  idPrefix = 'policy',
}: {
  value: PolicyDraft;
  onChange: (next: PolicyDraft) => void;
  disabled?: boolean;
  idPrefix?: string;
}) {
  const set = (patch: Partial<PolicyDraft>) => onChange({ ...value, ...patch });
  const setTier = (i: number, patch: Partial<PolicyDraft['tiers'][number]>) =>
    set({ tiers: value.tiers.map((t, j) => (j === i ? { ...t, ...patch } : t)) });
  const problem = draftProblem(value);
  return (
    <div className="space-y-5">
      <RadioGroup
        value={value.preset}
        onChange={(preset) =>
          set({
            preset,
            tiers:
              preset === 'custom'
                ? value.preset === 'custom'
                  ? value.tiers
                  : PRESET_TIERS[value.preset].map((t) => ({ ...t }))
                : value.tiers,
          })
        }
        disabled={disabled}
        aria-label="Cancellation policy"
        className="grid gap-2 sm:grid-cols-2"
      >
        {CHOICES.map((choice) => (
          <Radio
            key={choice.preset}
            value={choice.preset}
            className="group cursor-pointer rounded-xl border border-fog-300 p-3 text-sm outline-none focus-visible:ring-2 focus-visible:ring-brand-500 data-[checked]:border-brand-600 data-[checked]:bg-brand-50 dark:border-fog-700 dark:data-[checked]:border-brand-400 dark:data-[checked]:bg-brand-900/40"
          >
            <span className="flex items-center gap-2 font-semibold">
              <span
                aria-hidden="true"
                className="flex h-4 w-4 shrink-0 items-center justify-center rounded-full border border-fog-400 group-data-[checked]:border-brand-600"
              >
                <span className="hidden h-2 w-2 rounded-full bg-brand-600 group-data-[checked]:block" />
              </span>
              {choice.name}
              {choice.preset === 'moderate' && <span className="font-normal text-fog-600 dark:text-fog-400">(default)</span>}
            </span>
            <span className="mt-1 block text-fog-700 dark:text-fog-300">
              {choice.preset === 'custom'
                ? `Up to ${MAX_CUSTOM_TIERS} tiers of your own: hours before the class and the percent refunded.`
                : describePolicy({ preset: choice.preset, tiers: PRESET_TIERS[choice.preset], creditPercent: null })}
            </span>
          </Radio>
        ))}
      </RadioGroup>

      {value.preset === 'custom' && (
        <fieldset className="space-y-2" disabled={disabled}>
          <legend className="text-sm font-semibold">Refund tiers</legend>
          {value.tiers.map((tier, i) => (
            <div key={i} className="flex flex-wrap items-end gap-2">
              <label className="text-sm">
                <span className="block text-fog-700 dark:text-fog-300">Cancelled at least (hours before)</span>
                <input
                  id={`${idPrefix}-hours-${i}`}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={2160}
                  className="input mt-1 w-32"
                  value={Number.isNaN(tier.hoursBefore) ? '' : tier.hoursBefore}
                  onChange={(e) => setTier(i, { hoursBefore: e.target.valueAsNumber })}
                />
              </label>
              <label className="text-sm">
                <span className="block text-fog-700 dark:text-fog-300">Refund (%)</span>
                <input
                  id={`${idPrefix}-percent-${i}`}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={100}
                  className="input mt-1 w-24"
                  value={Number.isNaN(tier.refundPercent) ? '' : tier.refundPercent}
                  onChange={(e) => setTier(i, { refundPercent: e.target.valueAsNumber })}
                />
              </label>
              {value.tiers.length > 1 && (
                <button
                  type="button"
                  className="btn-ghost px-3 py-2 text-sm"
                  onClick={() => set({ tiers: value.tiers.filter((_, j) => j !== i) })}
                >
                  Remove
                </button>
              )}
            </div>
          ))}
          {value.tiers.length < MAX_CUSTOM_TIERS && (
            <button
              type="button"
              className="btn-secondary px-3 py-1.5 text-sm"
              onClick={() => set({ tiers: [...value.tiers, { hoursBefore: 24, refundPercent: 50 }] })}
            >
              Add a tier
            </button>
          )}
        </fieldset>
      )}

      <div className="space-y-2 text-sm">
        <label className="flex items-center gap-2 font-semibold">
          <input
            type="checkbox"
            className="h-4 w-4"
            checked={value.creditPercent !== null}
            disabled={disabled}
            onChange={(e) => set({ creditPercent: e.target.checked ? 100 : null })}
          />
          Offer credit with you instead of a refund
        </label>
        <p className="text-fog-600 dark:text-fog-400">
          Customers who cancel may choose credit for your classes worth more than their card refund. It is spent automatically when they
          book you again and does not expire.
        </p>
        {value.creditPercent !== null && (
          <label className="block">
            <span className="block text-fog-700 dark:text-fog-300">Credit worth (% of what they paid)</span>
            <input
              id={`${idPrefix}-credit`}
              type="number"
              inputMode="numeric"
              min={1}
              max={100}
              className="input mt-1 w-24"
              disabled={disabled}
              value={Number.isNaN(value.creditPercent) ? '' : value.creditPercent}
              onChange={(e) => set({ creditPercent: e.target.valueAsNumber })}
            />
          </label>
        )}
      </div>

      <fieldset className="space-y-2 text-sm" disabled={disabled}>
        <legend className="font-semibold">Fees for unlimited memberships</legend>
        <p className="text-fog-600 dark:text-fog-400">
          Charged to the member's card when a booking made with one of your unlimited memberships is cancelled after your last full-refund
          deadline, or marked no-show on your roster (charged 24 hours after the class, so you can still clear a mark). Leave empty for no
          fee; at most ${MAX_PASS_FEE_CENTS / 100}.
        </p>
        <div className="flex flex-wrap gap-4">
          <FeeField
            id={`${idPrefix}-late-cancel-fee`}
            label="Late-cancel fee"
            cents={value.passRules?.lateCancelFeeCents}
            disabled={disabled}
            onChange={(cents) => set({ passRules: { ...DEFAULT_PASS_RULES, ...value.passRules, lateCancelFeeCents: cents } })}
          />
          <FeeField
            id={`${idPrefix}-no-show-fee`}
            label="No-show fee"
            cents={value.passRules?.noShowFeeCents}
            disabled={disabled}
            onChange={(cents) => set({ passRules: { ...DEFAULT_PASS_RULES, ...value.passRules, noShowFeeCents: cents } })}
          />
        </div>
      </fieldset>

      <div className="rounded-xl bg-fog-100 p-3 text-sm dark:bg-fog-800" aria-live="polite">
        {problem ? (
          <p className="text-red-800 dark:text-red-300" role="alert">
            {problem}
          </p>
        ) : (
          <p>
            <span className="font-semibold">Customers will read:</span> {summaryOf(value)}
          </p>
        )}
      </div>
    </div>
  );
}
