// The built-in test provider's card form (no Stripe keys set): Stripe's public test numbers, checked with the
// same valibot schema as the server, paid through POST /api/payment/test-provider/pay.
import { TestCardFields } from '../../../../api/payments/model';
import { testProviderPay } from '../../../lib/api';
import { ApiError } from '../../../lib/api-error';
import { Field, useForm } from '../../../lib/form';
import type { PaymentFormProps } from './payment-form';

type CardField = 'cardNumber' | 'expiry' | 'cvc';

function groupDigits(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 16)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

export default function TestCardForm({ intent, totalLabel, busy, setBusy, beforePay, onPaid, onFailed, recurring }: PaymentFormProps) {
  const form = useForm(TestCardFields, { cardNumber: '', expiry: '', cvc: '' });
  const submit = form.submit(
    async (card) => {
      if (!(await beforePay())) return;
      setBusy(true);
      try {
        await testProviderPay({ paymentIntentId: intent.id, clientSecret: intent.clientSecret, ...card });
        await onPaid(intent.id);
      } catch (error) {
        setBusy(false);
        throw error;
      }
    },
    {
      fallback: 'An unexpected error occurred.',
      onError: (message, error) => onFailed(error instanceof ApiError ? message : 'An unexpected error occurred.'),
    },
  );

  const field = (
    name: CardField,
    label: string,
    props: Omit<React.InputHTMLAttributes<HTMLInputElement>, 'children'>,
    format: (s: string) => string,
  ) => (
    <Field
      label={label}
      {...form.bind(name)}
      onChange={(e) => form.set(name, format(e.target.value))}
      className="[&_input]:tabular-nums"
      disabled={busy}
      inputMode="numeric"
      {...props}
    />
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Card payment">
      <div className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100">
        <p className="font-semibold">Test mode: no real card is charged.</p>
        <p className="mt-1">
          Use <span className="font-mono">4242 4242 4242 4242</span> to pay, <span className="font-mono">4000 0000 0000 0002</span> for a
          declined card or <span className="font-mono">4000 0000 0000 9995</span> for insufficient funds, with any future date and any 3
          digits.
        </p>
        {recurring && (
          <p className="mt-1">
            To try a failed renewal, <span className="font-mono">4000 0000 0000 0341</span> pays now and the first renewal, then declines
            the next one.
          </p>
        )}
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
