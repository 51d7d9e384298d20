// The pieces every account form shares (sign-in cards, register, recovery, profile): validation with the
// API's own valibot schemas, labelled fields with their error, password fields with a show/hide toggle,
// a submit button that shows its pending label, the inline error and the Google button.
import { type FormEvent, type InputHTMLAttributes, type ReactNode, useEffect, useId, useState } from 'react';
import * as v from 'valibot';
import { ApiError, errorMessage } from '../../lib/api-client';

export type FieldErrors = Record<string, string | undefined>;

/** First message per field (the pipe stops at a field's first problem), or {} when the values are valid. */
export function validate<S extends v.GenericSchema>(schema: S, values: unknown): { ok: true; data: v.InferOutput<S> } | { ok: false; errors: FieldErrors } {
  const result = v.safeParse(schema, values, { abortPipeEarly: true });
  if (result.success) return { ok: true, data: result.output };
  const errors: FieldErrors = {};
  for (const issue of result.issues) {
    const key = issue.path?.map((p) => String(p.key)).join('.') || 'form';
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The API's field errors ({errors: {field: [messages]}}) in the form's shape. */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError) || !error.errors) return {};
  return Object.fromEntries(Object.entries(error.errors).map(([field, messages]) => [field, messages[0]]));
}

/** Moves focus to the first field with an error, in the order given, scrolled to the middle of the screen:
 * the browser's own focus scroll would leave it under the sticky header (or the phone's bottom bar). */
export function focusFirstError(form: HTMLFormElement | null, order: string[], errors: FieldErrors): void {
  const first = order.find((field) => errors[field]);
  const field = first ? form?.querySelector<HTMLElement>(`[name="${first}"]`) : null;
  if (!field) return;
  field.focus({ preventScroll: true });
  field.scrollIntoView({ block: 'center' });
}

export const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  label: string;
  name: string;
  error?: string;
  hint?: ReactNode;
  /** Replaces the input (e.g. a password field); receives the ids the label and messages use. */
  children?: (ids: { id: string; describedBy: string | undefined }) => ReactNode;
}

export function Field({ label, name, error, hint, children, className, ...input }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="label">
        {label}
      </label>
      {children ? (
        children({ id, describedBy })
      ) : (
        <input id={id} name={name} className="input" aria-invalid={Boolean(error)} aria-describedby={describedBy} {...input} />
      )}
      {hint && (
        <p id={hintId} className="mt-1.5 text-xs text-fog-600 dark:text-fog-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg className="h-5 w-5" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {!open && <path d="M4 4l16 16" />}
    </svg>
  );
}

/** A password input with a Show/Hide toggle (a real button, announced with aria-pressed). */
export function PasswordField({ label, name, error, hint, ...input }: Omit<FieldProps, 'children' | 'type'>) {
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
export function SubmitButton({ pending, label, pendingLabel, className = 'btn-primary w-full' }: { pending: boolean; label: string; pendingLabel: string; className?: string }) {
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

export function googleSignInHref(role: string, redirect?: string | null): string {
  const query = new URLSearchParams({ role });
  if (redirect) query.set('redirect', redirect);
  return `/api/auth/google?${query}`;
}

/** Continue with Google: a browser navigation to the API, which answers with Google's consent page. */
export function GoogleButton({ role, redirect }: { role: string; redirect?: string | null }) {
  return (
    <>
      <div className="my-5 flex items-center gap-3 text-xs font-medium uppercase tracking-wide text-fog-500 dark:text-fog-400" aria-hidden="true">
        <span className="h-px flex-1 bg-fog-200 dark:bg-fog-700" />
        or
        <span className="h-px flex-1 bg-fog-200 dark:bg-fog-700" />
      </div>
      <a href={googleSignInHref(role, redirect)} className="btn-secondary w-full">
        <svg className="h-5 w-5" viewBox="0 0 48 48" aria-hidden="true">
          <path fill="#FFC107" d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z" />
          <path fill="#FF3D00" d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
          <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z" />
          <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
        </svg>
        Continue with Google
      </a>
    </>
  );
}

/** The view that replaces a form once it is done (a check mark) or cannot go on (a warning sign). */
export function ResultView({ tone = 'success', title, children }: { tone?: 'success' | 'error'; title: string; children: ReactNode }) {
  const success = tone === 'success';
  return (
    <div role={success ? 'status' : 'alert'} className="text-center">
      <span
        className={`mx-auto flex h-14 w-14 items-center justify-center rounded-full ${success ? 'bg-brand-100 text-brand-700 dark:bg-brand-900 dark:text-brand-200' : 'bg-red-50 text-red-700 dark:bg-red-950 dark:text-red-300'}`}
        aria-hidden="true"
      >
        <svg className="h-7 w-7" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round">
          <path d={success ? 'm5 12.5 4.5 4.5L19 7.5' : 'M12 8v5m0 3.5v.01M10.3 3.9 2.4 17.6A2 2 0 0 0 4.1 20.6h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z'} />
        </svg>
      </span>
      <h2 className="mt-4 text-xl font-bold">{title}</h2>
      {children}
    </div>
  );
}

/** Form state for one schema: values, first error per field (re-checked as the user types once they tried
 * to submit), the pending flag and the form's inline failure, and `submit` which validates, focuses the
 * first bad field, runs the call and maps a failed answer onto the fields and the failure message. */
export function useForm<T extends Record<string, unknown>, S extends v.GenericSchema>(schema: S, initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [tried, setTried] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const set = <K extends keyof T>(field: K, value: T[K]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (tried) {
      const result = validate(schema, next);
      setErrors(result.ok ? {} : result.errors);
    }
  };

  /** Props for a text-like Field bound to `field`. */
  const bind = (field: keyof T & string) => ({
    name: field,
    value: String(values[field] ?? ''),
    error: errors[field],
    onChange: (event: { target: { value: string } }) => set(field, event.target.value as T[typeof field]),
  });

  const check = (form: HTMLFormElement | null): v.InferOutput<S> | null => {
    setTried(true);
    const result = validate(schema, values);
    if (result.ok) {
      setErrors({});
      return result.data;
    }
    setErrors(result.errors);
    focusFirstError(form, Object.keys(initial), result.errors);
    return null;
  };

  interface SubmitOptions {
    /** The message when the server gives none (the spec's "server message, else ..."). */
    fallback: string;
    /** Shown some other way than the inline failure (e.g. a toast). */
    onError?: (message: string, error: unknown) => void;
    /** Keep the pending label after success: the page is navigating away. */
    stayPending?: boolean;
  }

  const submit = (run: (data: v.InferOutput<S>) => Promise<unknown>, options: SubmitOptions) => async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const data = check(event.currentTarget);
    if (!data) return;
    setPending(true);
    try {
      await run(data);
      if (!options.stayPending) setPending(false);
    } catch (error) {
      setErrors(serverFieldErrors(error));
      const message = errorMessage(error, options.fallback);
      if (options.onError) options.onError(message, error);
      else setFailure(message);
      setPending(false);
    }
  };

  return { values, setValues, set, bind, errors, setErrors, check, submit, pending, failure, setFailure };
}
