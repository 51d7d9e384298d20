// The cancellation policy editor (issue 20), shared by the coach's settings and the class form: a preset
// (Flexible, Moderate, Strict) or up to three custom tiers (hours before the class -> percent refunded), and
// credit with the coach offered instead of a refund. The sentence customers will read is shown as it is edited,
// from the same function the server states it with (common/cancellation-policy.ts).
import { Radio, RadioGroup } from '@headlessui/react';
import { describePolicy, MAX_CUSTOM_TIERS, normalizePolicy, PRESET_TIERS, tierProblem } from '../../../common/cancellation-policy';
import type { PolicyBody } from '../../../api/policies/model';

export interface PolicyDraft {
  preset: PolicyBody['preset'];
  tiers: { hoursBefore: number; refundPercent: number }[];
  creditPercent: number | null;
  /** Late-cancel and no-show rules for pass bookings, edited elsewhere: carried through unchanged. */
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
  return null;
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
