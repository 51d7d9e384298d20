// The promo codes list and form (issue 20, item 4), shared by the coach's Promo codes screen (their own codes) and
// the admin panel's Promo codes tab (the platform's codes): each code with its discount, dates, rules, uses and
// status, New code, Edit (the same form, checked by the change's schema: the code and its kind stay as made), and
// Deactivate / Reactivate. The API scopes the list by the caller's role.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { PromoCode } from '../../../api/promo-codes/model';
import { api, unwrap, unwrapPage } from '../../lib/api';
import { errorMessage } from '../../lib/api-error';
import { Field, FormAlert, SubmitButton, serverFieldErrors } from '../../lib/form';
import { toast } from '../../lib/stores/toast';
import Modal from '../components/Modal';
import { pageQuery, usePagedQuery } from '../components/Pagination';
import Spinner from '../components/Spinner';
import {
  discountLabel,
  draftOf,
  EMPTY_DRAFT,
  type PromoDraft,
  type PromoFormErrors,
  rulesLabel,
  toPromoCodeBody,
  toPromoCodeUpdate,
  validityLabel,
} from './promo-form';

const STATUS: Record<PromoCode['status'], { label: string; tone: string }> = {
  active: { label: 'Active', tone: 'bg-green-100 text-green-900 dark:bg-green-900/50 dark:text-green-100' },
  scheduled: { label: 'Scheduled', tone: 'bg-sky-100 text-sky-900 dark:bg-sky-900/50 dark:text-sky-100' },
  expired: { label: 'Expired', tone: 'bg-fog-200 text-fog-800 dark:bg-fog-800 dark:text-fog-200' },
  usedUp: { label: 'Used up', tone: 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100' },
  inactive: { label: 'Inactive', tone: 'bg-fog-200 text-fog-800 dark:bg-fog-800 dark:text-fog-200' },
};

export function PromoCodesPanel({ scope }: { scope: 'coach' | 'platform' }) {
  const anchor = 'promo-codes';
  // The form's dialog: a new code, or an edit of one.
  const [dialog, setDialog] = useState<{ editing: PromoCode | null } | null>(null);
  const queryClient = useQueryClient();
  const paged = usePagedQuery(['promo-codes', scope], (window) => unwrapPage(api['promo-codes'].get({ query: pageQuery(window) })), {
    anchor,
  });
  const toggle = useMutation({
    mutationFn: (code: PromoCode) => unwrap(api['promo-codes']({ id: code.id }).patch({ active: !code.active })),
    onSuccess: (code) => {
      toast({ title: code.active ? `${code.code} is active again` : `${code.code} deactivated`, variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['promo-codes'] });
    },
    onError: (error) =>
      toast({ title: 'Could not change the code', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
  });
  const codes = paged.rows;
  return (
    <section aria-labelledby={`${anchor}-title`} id={anchor} className="scroll-mt-20">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={`${anchor}-title`} className="text-lg font-semibold">
            {scope === 'platform' ? 'Platform promo codes' : 'Your promo codes'}
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-fog-600 dark:text-fog-400">
            {scope === 'platform'
              ? 'Codes for any coach’s classes and passes. Fogline pays for the discount: coaches still receive 85% of the full price (a platform discount is capped at about 19%, so the payment always covers that).'
              : 'Codes for your classes and passes. You fund the discount: your 85% is of the discounted price. Customers add a code at checkout.'}
          </p>
        </div>
        <button type="button" className="btn-primary" onClick={() => setDialog({ editing: null })}>
          New code
        </button>
      </div>
      <div className="card mt-4 overflow-hidden">
        {!codes ? (
          paged.query.isError ? (
            <p role="alert" className="px-6 py-10 text-center">
              The promo codes could not be loaded.{' '}
              <button type="button" className="font-semibold underline" onClick={() => void paged.query.refetch()}>
                Retry
              </button>
            </p>
          ) : (
            <Spinner label="Loading promo codes..." />
          )
        ) : codes.length === 0 ? (
          <p className="px-6 py-10 text-center text-fog-600 dark:text-fog-400">No promo codes yet. Create one to offer a discount.</p>
        ) : (
          <ul className="divide-y divide-fog-200 dark:divide-fog-800" aria-label="Promo codes">
            {codes.map((code) => (
              <li
                key={code.id}
                className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-5"
                data-testid="promo-code-row"
              >
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-mono text-base font-bold tracking-wide">{code.code}</span>
                    <span className={`badge ${STATUS[code.status].tone}`}>{STATUS[code.status].label}</span>
                  </p>
                  <p className="mt-0.5 text-sm text-fog-800 dark:text-fog-200">
                    {discountLabel(code)} · {validityLabel(code)}
                  </p>
                  {rulesLabel(code).length > 0 && (
                    <p className="mt-0.5 text-xs text-fog-600 dark:text-fog-400">{rulesLabel(code).join(' · ')}</p>
                  )}
                </div>
                <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
                  <p className="text-right text-sm">
                    <span className="block text-lg font-bold tabular-nums" data-testid="promo-uses">
                      {code.uses}
                      {code.maxUses !== null ? ` / ${code.maxUses}` : ''}
                    </span>
                    <span className="text-xs text-fog-600 dark:text-fog-400">uses</span>
                  </p>
                  <button
                    type="button"
                    className="btn-ghost px-4 py-1.5"
                    onClick={() => setDialog({ editing: code })}
                    aria-label={`Edit ${code.code}`}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className={code.active ? 'btn-secondary px-4 py-1.5' : 'btn-ghost px-4 py-1.5'}
                    disabled={toggle.isPending}
                    onClick={() => toggle.mutate(code)}
                    aria-label={`${code.active ? 'Deactivate' : 'Reactivate'} ${code.code}`}
                  >
                    {code.active ? 'Deactivate' : 'Reactivate'}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
        {paged.footer}
      </div>
      <CodeDialog
        key={dialog?.editing?.id ?? 'new'}
        open={dialog !== null}
        editing={dialog?.editing ?? null}
        scope={scope}
        onClose={() => setDialog(null)}
        onSaved={(code, created) => {
          setDialog(null);
          toast(
            created
              ? { title: `${code.code} created`, description: 'Customers can use it at checkout.', variant: 'success' }
              : { title: `${code.code} updated`, description: 'Bookings already made keep what they were charged.', variant: 'success' },
          );
          void queryClient.invalidateQueries({ queryKey: ['promo-codes'] });
        }}
      />
    </section>
  );
}

/** The promo code form: a new code, or (editing) an existing one's rules. */
function CodeDialog({
  open,
  editing,
  scope,
  onClose,
  onSaved,
}: {
  open: boolean;
  editing: PromoCode | null;
  scope: 'coach' | 'platform';
  onClose: () => void;
  onSaved: (code: PromoCode, created: boolean) => void;
}) {
  const [original] = useState<PromoDraft>(() => (editing ? draftOf(editing) : EMPTY_DRAFT));
  const [draft, setDraft] = useState<PromoDraft>(original);
  // The draft checked by the API's schema, answering its messages or how to send it (a change, or a new code).
  const check = (next: PromoDraft): { errors: PromoFormErrors } | { send: () => Promise<PromoCode> } => {
    if (editing) {
      const change = toPromoCodeUpdate(next, original);
      return 'errors' in change ? change : { send: () => unwrap(api['promo-codes']({ id: editing.id }).patch(change.body)) };
    }
    const created = toPromoCodeBody(next);
    return 'errors' in created ? created : { send: () => unwrap(api['promo-codes'].post(created.body)) };
  };
  const [errors, setErrors] = useState<PromoFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const [submitted, setSubmitted] = useState(false);
  // After a first try, every change re-checks the whole form, so a fixed field loses its message at once.
  const set = <K extends keyof PromoDraft>(key: K, value: PromoDraft[K]) => {
    const next = { ...draft, [key]: value };
    setDraft(next);
    if (submitted) {
      const checked = check(next);
      setErrors('errors' in checked ? checked.errors : {});
    }
  };

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setFailure(null);
    setSubmitted(true);
    const checked = check(draft);
    if ('errors' in checked) {
      setErrors(checked.errors);
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const saved = await checked.send();
      setDraft(original);
      setSubmitted(false);
      onSaved(saved, editing === null);
    } catch (error) {
      const fields = serverFieldErrors(error) as PromoFormErrors;
      setErrors(fields);
      if (Object.keys(fields).length === 0)
        setFailure(
          errorMessage(
            error,
            editing ? 'The code could not be saved. Please try again.' : 'The code could not be created. Please try again.',
          ),
        );
    } finally {
      setPending(false);
    }
  }

  const valueError = draft.kind === 'percent' ? errors.percentOff : errors.amountOffCents;
  return (
    <Modal
      open={open}
      onClose={onClose}
      size="md"
      title={editing ? `Edit ${editing.code}` : scope === 'platform' ? 'New platform promo code' : 'New promo code'}
      description={
        editing
          ? 'The code and its kind of discount stay as made; bookings already made keep what they were charged.'
          : scope === 'platform'
            ? 'Applies to every coach’s classes and passes.'
            : 'Applies to your classes and passes.'
      }
    >
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-4">
        <FormAlert message={failure} />
        <Field
          label="Code"
          name="code"
          value={draft.code}
          onChange={(e) => set('code', e.target.value.toUpperCase())}
          error={errors.code}
          hint={editing ? undefined : '3 to 24 letters, digits, dashes or underscores. Customers type it at checkout.'}
          readOnly={editing !== null}
          autoComplete="off"
          spellCheck={false}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            as="select"
            label="Discount"
            name="kind"
            value={draft.kind}
            disabled={editing !== null}
            onChange={(e) => set('kind', e.target.value as PromoDraft['kind'])}
            options={[
              { value: 'percent', label: 'Percent off' },
              { value: 'amount', label: 'Amount off ($)' },
            ]}
          />
          <Field
            label={draft.kind === 'percent' ? 'Percent off' : 'Amount off ($)'}
            name={draft.kind === 'percent' ? 'percentOff' : 'amountOffCents'}
            inputMode="decimal"
            value={draft.value}
            onChange={(e) => set('value', e.target.value)}
            error={valueError}
            placeholder={draft.kind === 'percent' ? '20' : '5.00'}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Valid from (optional)"
            name="validFrom"
            type="date"
            value={draft.from}
            onChange={(e) => set('from', e.target.value)}
            error={errors.validFrom}
          />
          <Field
            label="Valid until (optional)"
            name="validUntil"
            type="date"
            value={draft.until}
            onChange={(e) => set('until', e.target.value)}
            error={errors.validUntil}
            hint="Through the end of that day, Pacific time."
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Total uses (optional)"
            name="maxUses"
            inputMode="numeric"
            value={draft.maxUses}
            onChange={(e) => set('maxUses', e.target.value)}
            error={errors.maxUses}
            placeholder="No limit"
          />
          <Field
            label="Minimum order ($, optional)"
            name="minimumCents"
            inputMode="decimal"
            value={draft.minimum}
            onChange={(e) => set('minimum', e.target.value)}
            error={errors.minimumCents}
            hint="Price x spots before the discount."
          />
        </div>
        <fieldset className="space-y-2">
          <legend className="label">Rules</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={draft.oncePerCustomer} onChange={(e) => set('oncePerCustomer', e.target.checked)} />
            Once per customer
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={draft.firstBookingOnly} onChange={(e) => set('firstBookingOnly', e.target.checked)} />
            {scope === 'platform' ? 'Only for a first booking with the coach' : 'Only for a first booking with you'}
          </label>
        </fieldset>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <SubmitButton
            pending={pending}
            label={editing ? 'Save changes' : 'Create code'}
            pendingLabel={editing ? 'Saving...' : 'Creating...'}
            className="btn-primary"
          />
        </div>
      </form>
    </Modal>
  );
}
