// The form behind every admin decision that must say why (reject, suspend, reinstate): one reason, which goes
// to the person by email and into the audit log. The schema is the API's own (ReasonBody).
import { ReasonBody } from '../../../../api/admin/model';
import { Field, FormAlert, SubmitButton, useForm } from '../../../lib/form';

interface ReasonFormProps {
  label: string;
  hint: string;
  submitLabel: string;
  pendingLabel: string;
  danger?: boolean;
  onCancel: () => void;
  /** Sends the decision; a thrown ApiError shows in the form. */
  onSubmit: (reason: string) => Promise<void>;
}

export function ReasonForm(props: ReasonFormProps) {
  const form = useForm(ReasonBody, { reason: '' });
  const submit = form.submit(({ reason }) => props.onSubmit(reason), { fallback: 'That did not work. Please try again.' });
  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label={props.submitLabel}>
      <FormAlert message={form.errors.reason ? null : form.failure} />
      <Field as="textarea" rows={3} label={props.label} hint={props.hint} {...form.bind('reason')} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn-secondary" onClick={props.onCancel} disabled={form.pending}>
          Back
        </button>
        <SubmitButton
          pending={form.pending}
          label={props.submitLabel}
          pendingLabel={props.pendingLabel}
          className={props.danger ? 'btn-danger' : 'btn-primary'}
        />
      </div>
    </form>
  );
}
