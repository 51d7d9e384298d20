// The one form hook: react-hook-form state checked by the API's own valibot schema (the valibot resolver),
// first message per field, re-checked as the user types once they tried to submit, the first bad field
// focused, and a failed answer mapped onto the fields and the form's inline failure.
import { valibotResolver } from '@hookform/resolvers/valibot';
import { type FormEvent, useState } from 'react';
import {
  type DefaultValues,
  type FieldErrors as RhfErrors,
  type FieldValues,
  type Path,
  type PathValue,
  useForm as useRhfForm,
} from 'react-hook-form';
import * as v from 'valibot';
import { ApiError, errorMessage } from '../api-error';

/** First message per field, keyed by dot path ('form' for the whole form). */
export type FieldErrors = Record<string, string | undefined>;

/** react-hook-form's nested errors as one message per dot path. */
export function flattenErrors(errors: RhfErrors, prefix = ''): FieldErrors {
  const flat: FieldErrors = {};
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object') continue;
    const path = key === '' || key === 'root' ? prefix || 'form' : prefix ? `${prefix}.${key}` : key;
    if (typeof (value as { message?: unknown }).message === 'string') flat[path] ??= (value as { message: string }).message;
    else Object.assign(flat, flattenErrors(value as RhfErrors, path));
  }
  return flat;
}

/** The API's field errors ({errors: {field: [messages]}}) in the form's shape. */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError) || !error.errors) return {};
  return Object.fromEntries(Object.entries(error.errors).map(([field, messages]) => [field, messages[0]]));
}

/** Moves focus to the first field with an error, in the order given, scrolled to the middle of the screen:
 * the browser's own focus scroll would leave it under the sticky header (or the phone's bottom bar). */
export function focusFirstError(form: HTMLFormElement | null, order: string[], errors: FieldErrors): void {
  const first = order.find((field) => errors[field]) ?? Object.keys(errors)[0];
  const field = first ? form?.querySelector<HTMLElement>(`[name="${first}"]`) : null;
  if (!field) return;
  field.focus({ preventScroll: true });
  field.scrollIntoView({ block: 'center' });
}

export const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface SubmitOptions {
  /** The message when the server gives none (the spec's "server message, else ..."). */
  fallback: string;
  /** Shown some other way than the inline failure (e.g. a toast). */
  onError?: (message: string, error: unknown) => void;
  /** Keep the pending label after success: the page is navigating away. */
  stayPending?: boolean;
  /** Runs when the values do not pass the schema (e.g. to show the tab holding the first bad field). */
  onInvalid?: (errors: FieldErrors) => void;
}

/** Form state for one schema, started from `initial` (which also gives the order errors are focused in). */
export function useForm<T extends FieldValues, S extends v.GenericSchema>(schema: S, initial: T) {
  const rhf = useRhfForm<T, unknown, v.InferOutput<S>>({
    resolver: valibotResolver(schema as unknown as v.GenericSchema<T, v.InferOutput<S>>),
    defaultValues: initial as DefaultValues<T>,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const values = rhf.watch() as T;
  const errors = flattenErrors(rhf.formState.errors);
  const order = Object.keys(initial);

  /** Sets one value (radio groups, pickers, uploads); re-checks the form once a submit was tried. */
  const set = <K extends Path<T>>(field: K, value: PathValue<T, K>) => {
    rhf.setValue(field, value, { shouldDirty: true });
    // The whole form, as a change to one field can settle another's error (a password and its confirmation).
    if (rhf.formState.isSubmitted) void rhf.trigger();
  };

  /** Props for a Field (input, textarea or select) bound to `field`. */
  const bind = (field: Path<T>) => ({
    name: field,
    value: String(values[field as keyof T] ?? ''),
    error: errors[field],
    onChange: (event: { target: { value: string } }) => set(field, event.target.value as PathValue<T, Path<T>>),
  });

  /** Props for a bare <input> or <select> bound to `field`, where a Field's label and error do not fit (a phone
   * number's parts); the caller shows the error. */
  const control = (field: Path<T>) => {
    const { error, ...props } = bind(field);
    return { ...props, 'aria-invalid': Boolean(error) };
  };

  /** Props for a bare checkbox bound to a yes/no `field`. */
  const checkbox = (field: Path<T>) => ({
    name: field,
    type: 'checkbox' as const,
    checked: Boolean(values[field as keyof T]),
    onChange: (event: { target: { checked: boolean } }) => set(field, event.target.checked as PathValue<T, Path<T>>),
    'aria-invalid': Boolean(errors[field]),
  });

  /** Shows these errors on the fields (e.g. the server's), replacing the current ones. */
  const setErrors = (next: FieldErrors) => {
    rhf.clearErrors();
    for (const [field, message] of Object.entries(next))
      if (message) rhf.setError((field === 'form' ? 'root' : field) as Path<T>, { type: 'server', message });
  };

  /** Shows (or, without a message, clears) one field's error: a rule checked outside the schema. */
  const setError = (field: Path<T>, message?: string) =>
    message ? rhf.setError(field, { type: 'custom', message }) : rhf.clearErrors(field);

  const setValues = (next: T) => rhf.reset(next);

  const submit = (run: (data: v.InferOutput<S>) => Promise<unknown>, options: SubmitOptions) => (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    setFailure(null);
    return rhf.handleSubmit(
      async (data) => {
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
      },
      (invalid) => {
        const found = flattenErrors(invalid);
        options.onInvalid?.(found);
        focusFirstError(form, order, found);
      },
    )(event);
  };

  return { values, set, bind, control, checkbox, errors, setError, setErrors, setValues, submit, pending, failure, setFailure };
}
