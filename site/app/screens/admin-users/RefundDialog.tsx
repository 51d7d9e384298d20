// The admin's refund confirmation on the user page (passes, membership fees): asks why, checks the reason with the
// refund payload's own schema, and shows a refusal (the schema's or the server's) under the field.
import type { ReactNode } from 'react';
import * as v from 'valibot';
import Modal from '../../components/Modal';

type ReasonSchema = v.GenericSchema<{ reason: string }, { reason: string }>;

interface RefundDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  /** The cancel button, naming what stays ("Keep the pass"). */
  keepLabel: string;
  /** The field's label, saying where the reason goes. */
  reasonLabel: string;
  /** Prefix of the field's ids, unique on the page. */
  id: string;
  schema: ReasonSchema;
  reason: string;
  onReasonChange: (reason: string) => void;
  error: string | null;
  onError: (message: string | null) => void;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}

export function RefundDialog(props: RefundDialogProps) {
  const { open, pending, error, id } = props;
  function submit() {
    const checked = v.safeParse(props.schema, { reason: props.reason });
    if (!checked.success) return props.onError(checked.issues[0].message);
    props.onError(null);
    props.onConfirm(checked.output.reason);
  }
  return (
    <Modal
      open={open}
      onClose={() => !pending && props.onCancel()}
      title={props.title}
      description={props.description}
      actions={
        <>
          <button type="button" className="btn-ghost" onClick={props.onCancel} disabled={pending}>
            {props.keepLabel}
          </button>
          <button type="button" className="btn-danger" onClick={submit} disabled={pending}>
            {pending ? 'Refunding...' : 'Refund'}
          </button>
        </>
      }
    >
      <label className="label" htmlFor={`${id}-reason`}>
        {props.reasonLabel}
      </label>
      <textarea
        id={`${id}-reason`}
        className="input"
        rows={3}
        value={props.reason}
        onChange={(e) => props.onReasonChange(e.target.value)}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
