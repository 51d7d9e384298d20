// /passes/{id}/buy?coach={coachId} (issue 19): paying for a class pack, membership or intro offer with the same
// card forms as the class checkout (Stripe's Payment Element, or the test provider's form with 4242...). The
// price, the 5% service fee and the total are the server's (the pass's `total`, sent back as the amount and
// checked there); after paying, the purchase is confirmed and the wallet shows it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { PublicPass } from '../../../../api/passes/model';
import { formatDollars } from '../../../../common/money';
import { Icon } from '../../../components/catalog/icons';
import { api, unwrap } from '../../../lib/api';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { coverageText, passTerms } from '../../../lib/pass-terms';
import { coachPasses, confirmPurchase, purchasePass, quotePassWithCode } from '../../../lib/passes-api';
import { PriceBreakdown } from '../../../components/booking/PriceBreakdown';
import { PromoCodeField } from '../../../components/booking/PromoCodeField';
import { toast } from '../../../lib/stores/toast';
import Spinner from '../../components/Spinner';
import { navigate, useLocation, type ScreenProps } from '../../router';
import type { PaymentFormProps } from '../checkout/payment-form';

const TestCardForm = lazy(() => import('../checkout/TestCardForm'));
const StripePaymentForm = lazy(() => import('../checkout/StripePaymentForm'));

const INIT_FAILED = 'Failed to initialize payment. Please try again.';
const CONFIRM_ISSUE = 'Payment successful, but there was an issue adding the pass to your wallet. Please contact support.';

const KIND = { pack: 'Class pack', membership: 'Membership', intro: 'Intro offer' } as const;
const walletPath = (purchaseId: number) => `/wallet?highlight=${purchaseId}`;

export default function PassCheckoutScreen({ params }: ScreenProps) {
  const { search } = useLocation();
  const query = new URLSearchParams(search);
  const passId = Number(params.id);
  const coachId = Number(query.get('coach'));
  const returned = Number(query.get('purchase'));
  if (query.get('payment_status') === 'success' && returned > 0) return <RedirectReturn purchaseId={returned} />;
  if (!Number.isSafeInteger(coachId) || coachId <= 0)
    return <Unavailable title="Pass Not Found" text="This pass doesn't exist or is no longer sold." />;
  return <PassCheckout passId={passId} coachId={coachId} />;
}

/** Back from a redirect-based payment method: the purchase is confirmed once, then the wallet. */
function RedirectReturn({ purchaseId }: { purchaseId: number }) {
  const confirm = useQuery({
    queryKey: ['pass-confirm', purchaseId],
    queryFn: () => confirmPurchase(purchaseId),
    retry: false,
    staleTime: Infinity,
  });
  useEffect(() => {
    if (confirm.isSuccess) navigate(walletPath(purchaseId), { replace: true });
  }, [confirm.isSuccess, purchaseId]);
  if (confirm.isError)
    return <Unavailable tone="error" title="Payment Processing Error" text={errorMessage(confirm.error, CONFIRM_ISSUE)} />;
  return <Spinner label="Processing your payment..." />;
}

function PassCheckout({ passId, coachId }: { passId: number; coachId: number }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [payError, setPayError] = useState<string | null>(null);
  const list = useQuery({
    queryKey: ['coach-passes', coachId],
    queryFn: () => coachPasses(coachId),
    retry: false,
    refetchOnWindowFocus: false,
  });
  const config = useQuery({
    queryKey: ['payment-config'],
    queryFn: () => unwrap(api.payment.config.get()),
    retry: false,
    staleTime: Infinity,
  });
  const pass: PublicPass | undefined = list.data?.find((p) => p.id === passId);
  const buyable = pass !== undefined && !pass.archived && pass.canBuy !== false;

  // A promo code (issue 20, packs and intro offers): the server's quote gives the total the purchase must send.
  const [promo, setPromo] = useState<{ code: string; amount: number } | null>(null);
  const [promoNotice, setPromoNotice] = useState<string | null>(null);

  // The purchase and its intent, made once for this visit and code (a query, so a re-render never makes a second one).
  const purchase = useQuery({
    queryKey: ['pass-purchase', passId, promo?.code ?? null],
    queryFn: () => purchasePass(passId, promo ? promo.amount : pass!.total, promo?.code),
    placeholderData: (previous) => previous,
    enabled: buyable && config.data !== undefined,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

  // A code refused when the purchase was placed (its last use taken meanwhile): dropped, with its reason.
  useEffect(() => {
    if (!purchase.isError || !promo) return;
    setPromoNotice(errorMessage(purchase.error, INIT_FAILED));
    setPromo(null);
  }, [purchase.isError, purchase.error, promo]);

  /** Checks a code with the server: null when it applies (the purchase is placed again with it), else the reason. */
  async function applyPromo(code: string): Promise<string | null> {
    setPromoNotice(null);
    try {
      const quote = await quotePassWithCode(passId, code.trim());
      setPromo({ code: quote.promoCode ?? code.trim().toUpperCase(), amount: quote.amount });
      return null;
    } catch (error) {
      return errorMessage(error, 'Something went wrong. Please try again.');
    }
  }

  const confirm = useMutation({
    mutationFn: (purchaseId: number) => confirmPurchase(purchaseId),
    onSuccess: (_answer, purchaseId) => {
      toast({
        title: pass?.kind === 'membership' ? 'Membership started' : 'Pass bought',
        description: 'It is in your wallet, and the receipt is in your email.',
        variant: 'success',
      });
      void queryClient.invalidateQueries({ queryKey: ['wallet'] });
      navigate(walletPath(purchaseId));
    },
    onError: (error) => {
      // Paid with credit alone nothing was charged: the server's reason (the checkout ran out and the credit was spent).
      if (purchase.data?.cardAmount === 0) {
        setPayError(errorMessage(error, 'Something went wrong. Please try again.'));
        void queryClient.invalidateQueries({ queryKey: ['pass-purchase', passId] });
      } else toast({ title: 'Payment Processed', description: CONFIRM_ISSUE, variant: 'warning' });
      setBusy(false);
    },
  });

  if (list.isError || config.isError)
    return <Unavailable tone="error" title="Payment Initialization Failed" text={INIT_FAILED} coachId={coachId} />;
  if (list.data && !pass)
    return <Unavailable title="Pass Not Found" text="This pass doesn't exist or is no longer sold." coachId={coachId} />;
  if (pass?.archived) return <Unavailable title="No Longer Sold" text="The coach has stopped selling this pass." coachId={coachId} />;
  if (pass && pass.canBuy === false)
    return (
      <Unavailable
        title="Not Available"
        text={pass.unavailableReason ?? 'This pass cannot be bought with your account.'}
        coachId={coachId}
      />
    );
  if (purchase.isError && !promo) {
    const reason = purchase.error instanceof ApiError && purchase.error.status < 500 ? purchase.error.message : INIT_FAILED;
    return <Unavailable tone="error" title="Payment Initialization Failed" text={reason} coachId={coachId} />;
  }
  if (!pass || !config.data || !purchase.data) return <Spinner label="Preparing your checkout..." />;

  const answer = purchase.data;
  const totalCents = Math.round(answer.amount * 100);
  const cardCents = Math.round(answer.cardAmount * 100);
  const Form = config.data.provider === 'stripe' && config.data.publishableKey ? StripePaymentForm : TestCardForm;
  const formProps: PaymentFormProps = {
    intent: { id: answer.paymentIntentId ?? '', clientSecret: answer.clientSecret ?? '' },
    totalLabel: formatDollars(cardCents),
    returnUrl: `${window.location.origin}/passes/${passId}/buy?coach=${coachId}&purchase=${answer.purchaseId}&payment_status=success`,
    publishableKey: config.data.publishableKey,
    busy: busy || confirm.isPending || purchase.isPlaceholderData,
    setBusy,
    beforePay: async () => true,
    onPaid: async () => {
      setPayError(null);
      await confirm.mutateAsync(answer.purchaseId).catch(() => undefined);
    },
    onFailed: (message) => {
      setPayError(message);
      toast({ title: 'Payment Failed', description: message, variant: 'destructive' });
    },
    recurring: pass.kind === 'membership',
  };
  const per = pass.billingPeriod ?? 'month';
  return (
    <div className="container-page max-w-4xl py-8 sm:py-10">
      <a href={`/coaches/${coachId}`} className="btn-ghost -ml-3 mb-4 px-3">
        <Icon name="arrowLeft" /> Back to the coach
      </a>
      <h1 className="text-2xl font-bold sm:text-3xl">{pass.kind === 'membership' ? 'Start your membership' : 'Buy a pass'}</h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_400px]">
        <section className="card h-fit p-5 sm:p-6" aria-labelledby="pass-title">
          <p className="text-xs font-semibold uppercase tracking-wide text-fog-600 dark:text-fog-400">{KIND[pass.kind]}</p>
          <h2 id="pass-title" className="mt-1 text-lg font-semibold">
            {pass.name}
          </h2>
          {pass.description && <p className="mt-2 text-sm text-fog-700 dark:text-fog-300">{pass.description}</p>}
          <ul className="mt-4 space-y-2 text-sm text-fog-700 dark:text-fog-300">
            <li className="flex gap-2">
              <Icon name="check" className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" />
              {passTerms(pass)}
            </li>
            <li className="flex gap-2">
              <Icon name="tag" className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" />
              Covers: {coverageText(pass.coverage)}
            </li>
            <li className="flex gap-2">
              <Icon name="calendar" className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" />
              {pass.kind === 'membership'
                ? `Renews every ${per} at ${formatDollars(totalCents)} until you cancel; cancel any time from your wallet and keep booking until the paid ${per} ends.`
                : `Book with one credit per spot from the class page; a credit comes back when you cancel in time.`}
            </li>
          </ul>
        </section>
        <section className="card p-5 sm:p-6" aria-labelledby="payment-title">
          <h2 id="payment-title" className="text-lg font-semibold">
            Payment Details
          </h2>
          <PriceBreakdown
            price={answer.price}
            quantity={1}
            label={pass.kind === 'membership' ? `${pass.name} (1 ${per})` : pass.name}
            discount={promo && answer.discount > 0 ? { code: promo.code, cents: Math.round(answer.discount * 100) } : null}
            creditCents={Math.round(answer.creditApplied * 100)}
            className="mt-4 mb-6"
          />
          {pass.kind !== 'membership' && (
            <div className="-mt-3 mb-6">
              <PromoCodeField
                applied={promo && answer.discount > 0 ? promo.code : null}
                onApply={applyPromo}
                onRemove={() => setPromo(null)}
                notice={promoNotice}
                disabled={busy || purchase.isFetching}
              />
            </div>
          )}
          {payError && (
            <div
              role="alert"
              className="mb-4 rounded-xl border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950/50 dark:text-red-200"
            >
              <p className="font-semibold">Payment Failed</p>
              <p className="mt-0.5">{payError}</p>
            </div>
          )}
          {cardCents === 0 ? (
            <div>
              <p className="rounded-xl bg-brand-50 p-3 text-sm text-brand-900 dark:bg-brand-900/50 dark:text-brand-100">
                Your credit with this coach covers the whole pass: no card needed.
              </p>
              <button
                type="button"
                className="btn-primary mt-4 w-full"
                disabled={busy || confirm.isPending || purchase.isPlaceholderData}
                onClick={() => {
                  setBusy(true);
                  void confirm.mutateAsync(answer.purchaseId).catch(() => undefined);
                }}
              >
                {busy || confirm.isPending ? 'Confirming...' : 'Buy with credit'}
              </button>
            </div>
          ) : (
            <Suspense fallback={<div className="skeleton h-48 w-full" aria-label="Loading the payment form" />}>
              <Form key={answer.purchaseId} {...formProps} />
            </Suspense>
          )}
        </section>
      </div>
    </div>
  );
}

function Unavailable({ title, text, coachId, tone = 'info' }: { title: string; text: string; coachId?: number; tone?: 'info' | 'error' }) {
  return (
    <div className="container-page flex min-h-[50vh] items-center justify-center py-12">
      <div className="card w-full max-w-md p-8 text-center" role={tone === 'error' ? 'alert' : 'status'}>
        <h1 className={`text-2xl font-bold ${tone === 'error' ? 'text-red-800 dark:text-red-300' : ''}`}>{title}</h1>
        <p className="mt-2 text-fog-600 dark:text-fog-400">{text}</p>
        <a href={coachId ? `/coaches/${coachId}` : '/wallet'} className="btn-primary mt-6 w-full">
          {coachId ? 'Back to the coach' : 'Go to your wallet'}
        </a>
      </div>
    </div>
  );
}
