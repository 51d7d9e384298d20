// The form behind every admin decision that must say why (reject, suspend, reinstate): one reason, which goes
// to the person by email and into the audit log. The schema is the API's own (ReasonBody, SuspendBody). Suspending
// a coach also asks what their booked customers are told: the same reason, or a neutral text the admin can edit.
import * as v from 'valibot';
import { NEUTRAL_CUSTOMER_REASON, ReasonBody, SuspendBody } from '../../../../api/admin/model';
import { Field, FormAlert, SubmitButton, useForm } from '../../../lib/form';

interface ReasonFormProps {
  label: string;
  hint: string;
  submitLabel: string;
  pendingLabel: string;
  danger?: boolean;
  /** Suspending a coach: their customers are refunded and emailed; choose the reason they read. */
  askCustomerReason?: boolean;
  onCancel: () => void;
  /** Sends the decision; a thrown ApiError shows in the form. */
  onSubmit: (reason: string, customerReason?: string) => Promise<void>;
}

const CustomerReason = v.unwrap(SuspendBody.entries.customerReason);

/** The page's form: which reason customers read, and the neutral text when that is the choice. */
const WithCustomerReason = v.pipe(
  v.object({
    reason: ReasonBody.entries.reason,
    tell: v.picklist(['same', 'neutral']),
    customerReason: v.string(),
  }),
  v.forward(
    v.partialCheck(
      [['tell'], ['customerReason']],
      // The API's own rule for the text (SuspendBody), checked only when it is the one sent.
      (input) => input.tell === 'same' || v.is(CustomerReason, input.customerReason),
      'Please give the customers a reason of at least 5 characters',
    ),
    ['customerReason'],
  ),
);

export function ReasonForm(props: ReasonFormProps) {
  return props.askCustomerReason ? <SuspendCoachForm {...props} /> : <PlainReasonForm {...props} />;
}

function PlainReasonForm(props: ReasonFormProps) {
  const form = useForm(ReasonBody, { reason: '' });
  const submit = form.submit(({ reason }) => props.onSubmit(reason), { fallback: 'That did not work. Please try again.' });
  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label={props.submitLabel}>
      <FormAlert message={form.errors.reason ? null : form.failure} />
      <Field as="textarea" rows={3} label={props.label} hint={props.hint} {...form.bind('reason')} />
      <Actions {...props} pending={form.pending} />
    </form>
  );
}

function SuspendCoachForm(props: ReasonFormProps) {
  const form = useForm(WithCustomerReason, { reason: '', tell: 'neutral', customerReason: NEUTRAL_CUSTOMER_REASON });
  const submit = form.submit(
    ({ reason, tell, customerReason }) => props.onSubmit(reason, tell === 'same' ? reason : customerReason.trim()),
    { fallback: 'That did not work. Please try again.' },
  );
  const tell = form.values.tell;
  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label={props.submitLabel}>
      <FormAlert message={form.errors.reason || form.errors.customerReason ? null : form.failure} />
      <Field as="textarea" rows={3} label={props.label} hint={props.hint} {...form.bind('reason')} />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">What do their booked customers read?</legend>
        <p className="text-sm text-fog-600 dark:text-fog-400">
          Their bookings of this coach's classes to come are cancelled and refunded in full; the email tells them why.
        </p>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="tell" value="same" checked={tell === 'same'} onChange={() => form.set('tell', 'same')} />
          The same reason as above
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="tell" value="neutral" checked={tell === 'neutral'} onChange={() => form.set('tell', 'neutral')} />A
          neutral message
        </label>
        {tell === 'neutral' && (
          <Field
            as="textarea"
            rows={2}
            label="Message to customers"
            hint="Shown in each customer's cancellation email."
            {...form.bind('customerReason')}
          />
        )}
      </fieldset>
      <Actions {...props} pending={form.pending} />
    </form>
  );
}

function Actions(props: ReasonFormProps & { pending: boolean }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <button type="button" className="btn-secondary" onClick={props.onCancel} disabled={props.pending}>
        Back
      </button>
      <SubmitButton
        pending={props.pending}
        label={props.submitLabel}
        pendingLabel={props.pendingLabel}
        className={props.danger ? 'btn-danger' : 'btn-primary'}
      />
    </div>
  );
}
