// The one labelled field every form uses (input, textarea, select, or any control through a render prop),
// with its hint and error wired to aria-describedby; the password field, submit button and inline alert.
import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useEffect,
  useId,
  useState,
} from 'react';

type Control =
  | ({ as?: 'input' } & Omit<InputHTMLAttributes<HTMLInputElement>, 'children'>)
  | ({ as: 'textarea' } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'>)
  | ({ as: 'select'; options: { value: string; label: string }[] } & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'>);

export type FieldProps = Control & {
  label: ReactNode;
  name: string;
  error?: string;
  hint?: ReactNode;
  /** Replaces the control (e.g. a password field); receives the ids the label and messages use. */
  children?: (ids: { id: string; describedBy: string | undefined }) => ReactNode;
};

export function Field(props: FieldProps) {
  const { label, name, error, hint, children, className, ...rest } = props;
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const common = { id, name, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy };
  let control: ReactNode;
  if (children) control = children({ id, describedBy });
  else if (rest.as === 'textarea') {
    const { as: _as, ...textarea } = rest;
    control = <textarea className="input" {...common} {...textarea} />;
  } else if (rest.as === 'select') {
    const { as: _as, options, ...select } = rest;
    control = (
      <select className="input" {...common} {...select}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  } else {
    const { as: _as, ...input } = rest;
    control = <input className="input" {...common} {...input} />;
  }
  return (
    <div className={className}>
      <label htmlFor={id} className="label">
        {label}
      </label>
      {control}
      {hint && (
        <p id={hintId} className="mt-1.5 text-xs text-fog-600 dark:text-fog-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg
      className="h-5 w-5"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {!open && <path d="M4 4l16 16" />}
    </svg>
  );
}

/** A password input with a Show/Hide toggle (a real button, announced with aria-pressed). */
export function PasswordField({
  label,
  name,
  error,
  hint,
  ...input
}: { label: string; name: string; error?: string; hint?: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, 'children' | 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <Field label={label} name={name} error={error} hint={hint}>
      {({ id, describedBy }) => (
        <div className="relative">
          <input
            id={id}
            name={name}
            type={visible ? 'text' : 'password'}
            className="input pr-12"
            aria-invalid={Boolean(error)}
            aria-describedby={describedBy}
            autoCapitalize="none"
            spellCheck={false}
            {...input}
          />
          <button
            type="button"
            onClick={() => setVisible((shown) => !shown)}
            aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
            aria-pressed={visible}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-xl text-fog-600 hover:text-fog-900 dark:text-fog-400 dark:hover:text-white"
          >
            <EyeIcon open={!visible} />
          </button>
        </div>
      )}
    </Field>
  );
}

/** False in the server-rendered HTML, true once React runs in the browser. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** Disabled until the island is interactive: a click (or Enter) before that would submit the form natively,
 * putting the password in the address bar. */
export function SubmitButton({
  pending,
  label,
  pendingLabel,
  className = 'btn-primary w-full',
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
  className?: string;
}) {
  const hydrated = useHydrated();
  return (
    <button type="submit" className={className} disabled={pending || !hydrated} aria-disabled={pending}>
      {pending && <span className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden="true" />}
      {pending ? pendingLabel : label}
    </button>
  );
}

/** The form's inline error (a server answer or a network failure), announced when it appears. */
export function FormAlert({ message, tone = 'error' }: { message: string | null | undefined; tone?: 'error' | 'info' }) {
  if (!message) return null;
  const style =
    tone === 'error'
      ? 'border-red-200 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200'
      : 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100';
  return (
    <p role="alert" className={`rounded-xl border px-4 py-3 text-sm ${style}`}>
      {message}
    </p>
  );
}
