// The built-in test provider's card form (no Stripe keys set): Stripe's public test numbers, checked with the
// same valibot schema as the server, paid through POST /api/payment/test-provider/pay.
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { TestCardFields } from '../../../../api/payments/model';
import { ApiError, apiPost } from '../../../lib/api-client';
import type { PaymentFormProps } from './payment-form';

type Field = 'cardNumber' | 'expiry' | 'cvc';

function groupDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, 16).replace(/(\d{4})(?=\d)/g, '$1 ');
}

function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

export default function TestCardForm({ intent, totalLabel, busy, setBusy, onPaid, onFailed }: PaymentFormProps) {
  const [values, setValues] = useState<Record<Field, string>>({ cardNumber: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = v.safeParse(TestCardFields, { ...values, expiry: values.expiry.replace(/\s/g, '') });
    if (!parsed.success) {
      const flat = v.flatten<typeof TestCardFields>(parsed.issues).nested ?? {};
      setErrors({ cardNumber: flat.cardNumber?.[0], expiry: flat.expiry?.[0], cvc: flat.cvc?.[0] });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await apiPost('/api/payment/test-provider/pay', { paymentIntentId: intent.id, clientSecret: intent.clientSecret, ...parsed.output });
      await onPaid(intent.id);
    } catch (error) {
      onFailed(error instanceof ApiError ? error.message : 'An unexpected error occurred.');
      setBusy(false);
    }
  }

  const field = (name: Field, label: string, props: React.InputHTMLAttributes<HTMLInputElement>, format: (s: string) => string) => (
    <div>
      <label htmlFor={`card-${name}`} className="label">{label}</label>
      <input
        id={`card-${name}`}
        className="input tabular-nums"
        value={values[name]}
        onChange={(e) => setValues((current) => ({ ...current, [name]: format(e.target.value) }))}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `card-${name}-error` : undefined}
        disabled={busy}
        inputMode="numeric"
        {...props}
      />
      {errors[name] && <p id={`card-${name}-error`} className="field-error">{errors[name]}</p>}
    </div>
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Card payment">
      <div className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100">
        <p className="font-semibold">Test mode: no real card is charged.</p>
        <p className="mt-1">
          Use <span className="font-mono">4242 4242 4242 4242</span> to pay, <span className="font-mono">4000 0000 0000 0002</span> for a declined card or{' '}
          <span className="font-mono">4000 0000 0000 9995</span> for insufficient funds, with any future date and any 3 digits.
        </p>
      </div>
      {field('cardNumber', 'Card number', { autoComplete: 'cc-number', placeholder: '1234 1234 1234 1234', maxLength: 19 }, groupDigits)}
      <div className="grid grid-cols-2 gap-4">
        {field('expiry', 'Expiration (MM / YY)', { autoComplete: 'cc-exp', placeholder: 'MM / YY', maxLength: 7 }, formatExpiry)}
        {field('cvc', 'CVC', { autoComplete: 'cc-csc', placeholder: '123', maxLength: 4 }, (s) => s.replace(/\D/g, '').slice(0, 4))}
      </div>
      <button type="submit" className="btn-primary w-full py-3 text-base" disabled={busy}>
        {busy ? 'Processing...' : `Pay ${totalLabel}`}
      </button>
    </form>
  );
}
