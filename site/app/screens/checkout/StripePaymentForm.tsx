// Stripe's Payment Element (keys set): loaded from @stripe/stripe-js/pure only on the checkout, confirmed in
// the browser; redirect-based methods come back to /checkout/{id}?payment_status=success&payment_intent=...
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useMemo, useState, type FormEvent } from 'react';
import type { PaymentFormProps } from './payment-form';

function PayButton({ intent, totalLabel, returnUrl, busy, setBusy, beforePay, onPaid, onFailed }: PaymentFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements || !(await beforePay())) return;
    setBusy(true);
    const { error, paymentIntent } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: returnUrl },
      redirect: 'if_required',
    });
    if (error) {
      onFailed(error.message ?? 'An unexpected error occurred.');
      setBusy(false);
    } else if (paymentIntent?.status === 'succeeded' || paymentIntent?.status === 'processing') {
      await onPaid(paymentIntent.id ?? intent.id);
    } else {
      onFailed('An unexpected error occurred.');
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Card payment">
      <PaymentElement onReady={() => setReady(true)} options={{ layout: 'tabs' }} />
      <button type="submit" className="btn-primary w-full py-3 text-base" disabled={busy || !stripe || !ready}>
        {busy ? 'Processing...' : `Pay ${totalLabel}`}
      </button>
    </form>
  );
}

export default function StripePaymentForm(props: PaymentFormProps) {
  const stripePromise = useMemo(
    () => import('@stripe/stripe-js/pure').then(({ loadStripe }) => loadStripe(props.publishableKey!)),
    [props.publishableKey],
  );
  return (
    <Elements
      stripe={stripePromise}
      options={{
        clientSecret: props.intent.clientSecret,
        appearance: { theme: 'stripe', variables: { colorPrimary: '#14766d', borderRadius: '12px' } },
      }}
    >
      <PayButton {...props} />
    </Elements>
  );
}
