// The Pricing screen's "new pass" dialog (issue 19): a class pack, a membership or an intro offer, what it
// costs, its credits and validity (or period and pause), and which of the coach's classes it covers.
import { useQuery } from '@tanstack/react-query';
import { priceBreakdown } from '../../../../common/money';
import { api, unwrap } from '../../../lib/api';
import { Field, FormAlert, useForm } from '../../../lib/form';
import { AGE_GROUPS } from '../../../lib/catalog';
import { packLine, shortDollars } from '../../../lib/pass-pricing';
import Modal from '../../components/Modal';
import type { PassKindName } from '../../../../api/passes/model';
import { emptyPassForm, PASS_KIND_LABELS, type PassCreateBody, PassForm } from './pass-form-rules';

const KIND_HINTS: Record<PassKindName, string> = {
  pack: 'Credits for a price, used on any class the pack covers until they expire.',
  membership: 'A price per month or week, renewing until the customer cancels.',
  intro: 'Only for customers who have never booked with you, once each.',
};

export function PassFormDialog({
  kind,
  onClose,
  onCreate,
}: {
  kind: PassKindName | null;
  onClose: () => void;
  onCreate: (draft: PassCreateBody) => Promise<unknown>;
}) {
  return (
    <Modal open={kind !== null} onClose={onClose} title={kind ? `New ${PASS_KIND_LABELS[kind].toLowerCase()}` : ''} size="md">
      {kind && <PassFormBody key={kind} kind={kind} onClose={onClose} onCreate={onCreate} />}
    </Modal>
  );
}

function PassFormBody({
  kind,
  onClose,
  onCreate,
}: {
  kind: PassKindName;
  onClose: () => void;
  onCreate: (draft: PassCreateBody) => Promise<unknown>;
}) {
  const form = useForm(PassForm, emptyPassForm(kind));
  const categories = useQuery({ queryKey: ['categories'], queryFn: () => unwrap(api.categories.get()), staleTime: 60_000 });
  const values = form.values;
  const membership = kind === 'membership';
  const submit = form.submit((data) => onCreate(data), { fallback: 'The pass could not be saved. Please try again.' });

  const priceCents = /^\d+(\.\d{1,2})?$/.test(values.price.trim()) ? Math.round(Number(values.price) * 100) : null;
  const credits = Number(values.credits);
  const toggle = (field: 'categoryIds' | 'ageGroups', value: string, on: boolean) =>
    form.set(field, on ? [...values[field], value] : values[field].filter((x) => x !== value));

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={`New ${PASS_KIND_LABELS[kind].toLowerCase()}`}>
      <p className="text-sm text-fog-600 dark:text-fog-400">{KIND_HINTS[kind]}</p>
      <FormAlert message={form.failure} />
      <Field label="Name" {...form.bind('name')} maxLength={80} autoComplete="off" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={membership ? `Price per ${values.billingPeriod} ($)` : 'Price ($)'}
          {...form.bind('price')}
          inputMode="decimal"
          placeholder="100.00"
          hint={priceCents ? `Customers pay ${shortDollars(priceBreakdown(priceCents, 1).totalCents)} with the 5% service fee` : undefined}
        />
        {membership && (
          <Field
            as="select"
            label="Billed every"
            {...form.bind('billingPeriod')}
            options={[
              { value: 'month', label: 'Month' },
              { value: 'week', label: 'Week' },
            ]}
          />
        )}
      </div>

      {membership && (
        <fieldset className="space-y-2">
          <legend className="label">Classes per period</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="unlimited" checked={values.unlimited} onChange={() => form.set('unlimited', true)} />
            Unlimited classes
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="unlimited" checked={!values.unlimited} onChange={() => form.set('unlimited', false)} />A number of
            credits each {values.billingPeriod} (unused credits do not roll over)
          </label>
        </fieldset>
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        {(!membership || !values.unlimited) && (
          <Field
            label={membership ? `Credits per ${values.billingPeriod}` : 'Credits (classes)'}
            {...form.bind('credits')}
            inputMode="numeric"
            hint={membership ? undefined : 'One credit books one spot.'}
          />
        )}
        {membership ? (
          <Field label="Pause allowed (weeks a year)" {...form.bind('maxPauseWeeks')} inputMode="numeric" hint="0 for no pausing." />
        ) : (
          <Field label="Valid for (days)" {...form.bind('validityDays')} inputMode="numeric" hint="Counted from the purchase." />
        )}
      </div>

      <fieldset className="space-y-2">
        <legend className="label">Covers</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="coverage" checked={values.coversAllClasses} onChange={() => form.set('coversAllClasses', true)} />
          All my classes
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="coverage" checked={!values.coversAllClasses} onChange={() => form.set('coversAllClasses', false)} />
          Only the categories and age groups I choose
        </label>
        {!values.coversAllClasses && (
          <div className="grid gap-3 rounded-xl border border-fog-200 p-3 sm:grid-cols-[2fr_1fr] dark:border-fog-800">
            <fieldset>
              <legend className="text-xs font-semibold uppercase tracking-wide text-fog-600 dark:text-fog-400">Categories</legend>
              <div className="mt-1 grid grid-cols-2 gap-1">
                {(categories.data ?? []).map((c) => (
                  <label key={c.id} className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={values.categoryIds.includes(String(c.id))}
                      onChange={(e) => toggle('categoryIds', String(c.id), e.target.checked)}
                    />
                    {c.name}
                  </label>
                ))}
              </div>
            </fieldset>
            <fieldset>
              <legend className="text-xs font-semibold uppercase tracking-wide text-fog-600 dark:text-fog-400">Age groups</legend>
              <div className="mt-1 grid gap-1">
                {AGE_GROUPS.map((group) => (
                  <label key={group} className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={values.ageGroups.includes(group)}
                      onChange={(e) => toggle('ageGroups', group, e.target.checked)}
                    />
                    {group}
                  </label>
                ))}
              </div>
            </fieldset>
          </div>
        )}
        {form.errors.coversAllClasses && (
          <p className="field-error" role="alert">
            {form.errors.coversAllClasses}
          </p>
        )}
      </fieldset>

      {!membership && priceCents !== null && Number.isInteger(credits) && credits > 0 && (
        <p className="rounded-xl bg-brand-50 p-3 text-sm text-brand-900 dark:bg-brand-950/60 dark:text-brand-100" aria-live="polite">
          Customers see: {packLine({ credits, priceCents }, null)}
        </p>
      )}
      <p className="text-xs text-fog-600 dark:text-fog-400">
        Price, credits and validity are copied onto each purchase: you can archive a pass later, but never change what a holder bought.
      </p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn-ghost" onClick={onClose} disabled={form.pending}>
          Cancel
        </button>
        <button type="submit" className="btn-primary" disabled={form.pending}>
          {form.pending ? 'Saving...' : `Create ${PASS_KIND_LABELS[kind].toLowerCase()}`}
        </button>
      </div>
    </form>
  );
}
