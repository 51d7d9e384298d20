// The dialogs of a user's page: refund a booking (an amount up to what is left), cancel it for the customer
// (with the refund to make), resend its confirmation, suspend or reinstate the account. Each asks why: the
// reason is emailed to the person and kept in the audit log. Amounts are typed as dollars and cents.
import * as v from 'valibot';
import { ReasonBody } from '../../../../api/admin/model';
import { dollars } from '../../../lib/catalog';
import { Field, FormAlert, SubmitButton, useForm } from '../../../lib/form';
import Modal from '../../components/Modal';

export type SupportAction =
  | { kind: 'refund' | 'cancel'; bookingId: number; classTitle: string; refundable: number }
  | { kind: 'resend'; bookingId: number; classTitle: string }
  | { kind: 'suspend' | 'reinstate'; name: string };

const COPY = {
  refund: { title: 'Refund booking', submit: 'Refund', pending: 'Refunding...', why: 'Why is it refunded?' },
  cancel: { title: 'Cancel booking', submit: 'Cancel Booking', pending: 'Cancelling...', why: 'Why is it cancelled?' },
  resend: { title: 'Resend confirmation', submit: 'Resend Confirmation', pending: 'Sending...', why: 'Why is it sent again?' },
  suspend: { title: 'Suspend account', submit: 'Suspend Account', pending: 'Suspending...', why: 'Why is the account suspended?' },
  reinstate: { title: 'Reinstate account', submit: 'Reinstate Account', pending: 'Reinstating...', why: 'Why is the suspension lifted?' },
} as const;

const dollarsAndCents = (min: number, message: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d{1,6}(\.\d{1,2})?$/, 'Use dollars and cents, e.g. 12.50'),
    v.transform(Number),
    v.minValue(min, message),
  );

/** The page's form: the amount as typed (text), the reason as the API wants it. */
const schemaFor = (kind: SupportAction['kind']) =>
  kind === 'refund'
    ? v.object({ amount: dollarsAndCents(0.01, 'Enter an amount of at least $0.01'), reason: ReasonBody.entries.reason })
    : kind === 'cancel'
      ? v.object({ amount: dollarsAndCents(0, 'Enter the refund, 0 for none'), reason: ReasonBody.entries.reason })
      : v.object({ amount: v.optional(v.string()), reason: ReasonBody.entries.reason });

export function SupportActionDialog({
  action,
  onClose,
  onSubmit,
}: {
  action: SupportAction;
  onClose: () => void;
  onSubmit: (input: { amount: number; reason: string }) => Promise<void>;
}) {
  const copy = COPY[action.kind];
  const withAmount = action.kind === 'refund' || action.kind === 'cancel';
  const form = useForm(schemaFor(action.kind), { amount: withAmount ? action.refundable.toFixed(2) : '', reason: '' });
  const submit = form.submit(({ amount, reason }) => onSubmit({ amount: typeof amount === 'number' ? amount : 0, reason }), {
    fallback: 'That did not work. Please try again.',
  });
  const subject = 'classTitle' in action ? `${action.classTitle} (booking #${action.bookingId})` : action.name;
  return (
    <Modal open onClose={() => !form.pending && onClose()} title={copy.title} description={subject}>
      <form noValidate onSubmit={submit} className="space-y-4" aria-label={copy.title}>
        <FormAlert message={form.errors.amount || form.errors.reason ? null : form.failure} />
        {withAmount && (
          <Field
            label={action.kind === 'refund' ? 'Amount to refund ($)' : 'Refund with the cancellation ($)'}
            inputMode="decimal"
            hint={`At most ${dollars(action.refundable)}, paid and not yet refunded.`}
            {...form.bind('amount')}
          />
        )}
        <Field as="textarea" rows={3} label={copy.why} hint="Emailed to the person and kept in the audit log." {...form.bind('reason')} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" onClick={onClose} disabled={form.pending}>
            Back
          </button>
          <SubmitButton
            pending={form.pending}
            label={copy.submit}
            pendingLabel={copy.pending}
            className={action.kind === 'reinstate' || action.kind === 'resend' ? 'btn-primary' : 'btn-danger'}
          />
        </div>
      </form>
    </Modal>
  );
}
