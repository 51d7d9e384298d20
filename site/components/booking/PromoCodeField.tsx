// "Add a promo code" at checkout (issue 20, item 4): a link that opens a field with Apply; the server checks the
// code (GET /api/payment/quote) and answers its reason when it cannot be used, shown under the field; an applied
// code shows with Remove. The discount itself is a line of the price breakdown.
import { useId, useState } from 'react';

interface Props {
  /** The code the checkout's price uses now, or null. */
  applied: string | null;
  /** Checks a code with the server: null when it applies, else the server's message. */
  onApply: (code: string) => Promise<string | null>;
  onRemove: () => void;
  /** A message about the applied code from outside (it stopped applying when the spots changed). */
  notice?: string | null;
  disabled?: boolean;
}

export function PromoCodeField({ applied, onApply, onRemove, notice = null, disabled = false }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const message = error ?? notice;

  async function apply(event: React.FormEvent) {
    event.preventDefault();
    const code = draft.trim();
    if (!code) return setError('Enter a promo code.');
    setPending(true);
    setError(await onApply(code));
    setPending(false);
  }

  if (applied)
    return (
      <div
        className="flex items-center justify-between gap-3 rounded-xl border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-brand-900 dark:border-brand-800 dark:bg-brand-900/40 dark:text-brand-100"
        data-testid="promo-applied"
      >
        <p>
          Promo code <span className="font-semibold">{applied}</span> applied
        </p>
        <button
          type="button"
          className="btn-ghost px-2 py-1 text-sm"
          disabled={disabled}
          onClick={() => {
            setDraft('');
            setError(null);
            onRemove();
          }}
        >
          Remove
        </button>
      </div>
    );

  if (!open && !message)
    return (
      <button
        type="button"
        className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
        onClick={() => setOpen(true)}
      >
        Add a promo code
      </button>
    );

  return (
    <form onSubmit={apply} noValidate>
      <label htmlFor={id} className="label">
        Promo code
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          className="input min-w-0 flex-1 uppercase"
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            setError(null);
          }}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={24}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          disabled={disabled || pending}
          // biome-ignore lint/a11y/noAutofocus: opened by the customer's own tap on "Add a promo code"
          autoFocus
        />
        <button type="submit" className="btn-secondary shrink-0 px-4" disabled={disabled || pending}>
          {pending ? 'Checking...' : 'Apply'}
        </button>
      </div>
      {message && (
        <p id={`${id}-error`} role="alert" className="field-error">
          {message}
        </p>
      )}
    </form>
  );
}
