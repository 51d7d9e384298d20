// A past-due membership's "Update card" (issue 19): the renewal that failed, paid with another card through the
// same card forms as the checkout (Stripe's Payment Element, or the test provider's form); that card then pays
// the renewals to come.
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { WalletPass } from '../../../../api/passes/model';
import { api, unwrap } from '../../../lib/api';
import { errorMessage } from '../../../lib/api-error';
import { dollars } from '../../../lib/catalog';
import { openRenewalPayment } from '../../../lib/passes-api';
import { toast } from '../../../lib/stores/toast';
import Modal from '../../components/Modal';

const TestCardForm = lazy(() => import('../checkout/TestCardForm'));
const StripePaymentForm = lazy(() => import('../checkout/StripePaymentForm'));

export function UpdateCardDialog({ pass, onClose, onPaid }: { pass: WalletPass; onClose: () => void; onPaid: () => unknown }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const config = useQuery({ queryKey: ['payment-config'], queryFn: () => unwrap(api.payment.config.get()), staleTime: Infinity });
  const open = useQuery({
    queryKey: ['renewal-payment', pass.purchaseId],
    queryFn: () => openRenewalPayment(pass.purchaseId),
    retry: false,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const Form = config.data?.provider === 'stripe' && config.data.publishableKey ? StripePaymentForm : TestCardForm;
  return (
    <Modal open onClose={() => !busy && onClose()} title="Update your card" size="md">
      {open.isError ? (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          {errorMessage(open.error, 'The renewal could not be opened. Please try again.')}
        </p>
      ) : !open.data || !config.data ? (
        <div className="skeleton h-48 w-full" role="status" aria-label="Loading the payment form" />
      ) : (
        <>
          <p className="mb-4 text-sm text-fog-700 dark:text-fog-300">
            {pass.name}: the renewal of {dollars(open.data.amount)} (the price and the 5% service fee) is charged now to this card, which
            pays the renewals to come.
          </p>
          {failure && (
            <p
              role="alert"
              className="mb-3 rounded-xl border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950/50 dark:text-red-200"
            >
              {failure}
            </p>
          )}
          <Suspense fallback={<div className="skeleton h-48 w-full" aria-label="Loading the payment form" />}>
            <Form
              intent={{ id: open.data.paymentIntentId, clientSecret: open.data.clientSecret }}
              totalLabel={dollars(open.data.amount)}
              returnUrl={`${window.location.origin}/wallet?highlight=${pass.purchaseId}`}
              publishableKey={config.data.publishableKey}
              busy={busy}
              setBusy={setBusy}
              beforePay={async () => true}
              onPaid={async () => {
                toast({ title: 'Membership renewed', description: 'Thank you: you can book with it again.', variant: 'success' });
                await onPaid();
                onClose();
              }}
              onFailed={setFailure}
            />
          </Suspense>
        </>
      )}
    </Modal>
  );
}
