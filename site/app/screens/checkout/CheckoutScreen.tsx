// /checkout/{classId}?quantity=N (customer-areas §2, §4, §8; issue 22): class summary, the spots (changeable
// here: each change places the hold again), "Spot held until 8:30 PM PT" with Release, the attendees, and
// Payment Details with the card form (Stripe's Payment Element, or the test provider's form) and the price
// breakdown. The hold is placed here, never on the class page. When the spots are gone, or fewer are left than
// asked, the page says so and offers what is left or the waitlist in one tap. Alternate views: processing,
// Already Booked, Class is Full, Class Not Found, Payment Initialization Failed; the redirect-return path
// ?payment_status=success&payment_intent=... confirms automatically. After paying: the confirmation page.
import { useStore } from '@nanostores/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { formatTimePT } from '../../../../common/pacific';
import { spotCount } from '../../../../common/plural';
import WaiverStep, { readWaivers, useClassWaivers, useWaiverDraft, type WaiverErrors } from '../../../components/booking/WaiverStep';
import AttendeeFields, {
  type AttendeeErrors,
  focusFirstAttendeeError,
  readAttendees,
  useAttendeeDrafts,
} from '../../../components/booking/AttendeeFields';
import { PriceBreakdown, totalDollars } from '../../../components/booking/PriceBreakdown';
import { PromoCodeField } from '../../../components/booking/PromoCodeField';
import { datedTerms, policyLabel } from '../../../lib/policy-text';
import { describePassRules } from '../../../../common/cancellation-policy';
import { SpotCounter } from '../../../components/booking/SpotCounter';
import { Icon } from '../../../components/catalog/icons';
import { api, unwrap } from '../../../lib/api';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { classDateFull, classTime, dollars, locationOf } from '../../../lib/catalog';
import { $user } from '../../../lib/stores/session';
import { toast } from '../../../lib/stores/toast';
import Spinner from '../../components/Spinner';
import { navigate, useLocation } from '../../router';
import type { ScreenProps } from '../../router';
import type { CheckoutIntent, PaymentFormProps } from './payment-form';

const TestCardForm = lazy(() => import('./TestCardForm'));
const StripePaymentForm = lazy(() => import('./StripePaymentForm'));

const SUCCESS_DELAY_MS = 1500;
const RETURN_SUCCESS_DELAY_MS = 2000;
const INIT_FAILED = 'Failed to initialize payment. Please try again.';
const CONFIRM_ISSUE = 'Payment successful, but there was an issue confirming your booking. Please contact support.';
const TRY_AGAIN = 'Something went wrong. Please try again.';

function quantityFrom(search: string): number {
  const n = Number.parseInt(new URLSearchParams(search).get('quantity') ?? '1', 10);
  return Number.isFinite(n) && n >= 1 ? Math.min(n, 100) : 1;
}

export default function CheckoutScreen({ params }: ScreenProps) {
  const classId = Number(params.classId);
  const { search } = useLocation();
  const query = new URLSearchParams(search);
  if (query.get('payment_status') === 'success') return <RedirectReturn intentId={query.get('payment_intent')} />;
  return <Checkout classId={classId} initialQuantity={quantityFrom(search)} />;
}

/** The confirmation page of a paid booking, after the success toast has had its moment. */
const confirmationPath = (bookingId: number) => `/bookings/${bookingId}?new=1`;

/** Coming back from a redirect-based payment: confirm on the server automatically (once: no retries). */
function RedirectReturn({ intentId }: { intentId: string | null }) {
  const confirm = useQuery({
    queryKey: ['payment-confirm', intentId],
    queryFn: () => unwrap(api.payment.confirm.post({ paymentIntentId: intentId! })),
    enabled: intentId !== null,
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  useEffect(() => {
    if (!confirm.data) return;
    toast({ title: 'Payment successful', description: 'Your booking is confirmed.', variant: 'success' });
    const timer = setTimeout(() => navigate(confirmationPath(confirm.data.booking.id)), RETURN_SUCCESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [confirm.data]);
  if (!intentId)
    return (
      <Notice
        tone="error"
        title="Payment Processing Error"
        text="Payment intent ID not found in URL"
        action={{ href: '/bookings', label: 'View My Bookings' }}
      />
    );
  if (confirm.isError)
    return (
      <Notice
        tone="error"
        title="Payment Processing Error"
        text={errorMessage(confirm.error, CONFIRM_ISSUE)}
        action={{ href: '/bookings', label: 'View My Bookings' }}
      />
    );
  return <Spinner label="Processing your payment..." />;
}

/** After paying: the charge went through but could not be confirmed, or was refunded. Never the form again. */
type Outcome = { kind: 'paid-unconfirmed' } | { kind: 'refunded'; message: string } | null;

function Checkout({ classId, initialQuantity }: { classId: number; initialQuantity: number }) {
  const user = useStore($user)!;
  const queryClient = useQueryClient();
  const [quantity, setQuantityState] = useState(initialQuantity);
  const [busy, setBusy] = useState(false);
  const [payError, setPayError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const attendeesRef = useRef<HTMLDivElement>(null);

  const cls = useQuery({ queryKey: ['class', classId], queryFn: () => unwrap(api.classes({ id: classId }).get()), retry: false });
  const mine = useQuery({
    queryKey: ['bookings', { classId, active: true }],
    queryFn: async () => (await unwrap(api.bookings.get({ query: { classId: String(classId), active: 'true', limit: '1' } })))[0] ?? null,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const config = useQuery({
    queryKey: ['payment-config'],
    queryFn: () => unwrap(api.payment.config.get()),
    retry: false,
    staleTime: Infinity,
  });

  const price = cls.data?.price ?? 0;
  // A promo code (issue 20): the server's quote for (class, spots, code) gives the discount line and the amount
  // create-intent must send; a code that stops applying (fewer spots than its minimum) is dropped with its reason.
  const [promoCode, setPromoCode] = useState<string | null>(null);
  const [promoNotice, setPromoNotice] = useState<string | null>(null);
  const quoteFor = (code: string | null) =>
    unwrap(
      api.payment.quote.get({
        query: { classId: String(classId), quantity: String(quantity), ...(code ? { promoCode: code } : {}) },
      }),
    );
  // Always asked (issue 20): the customer's credit with this coach is spent first, and the policy a booking made
  // now gets is stated under the form.
  const quote = useQuery({
    queryKey: ['checkout-quote', classId, quantity, promoCode],
    queryFn: () => quoteFor(promoCode),
    enabled: cls.data !== undefined && price > 0,
    placeholderData: (previous) => previous,
    retry: false,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  useEffect(() => {
    if (!quote.isError || promoCode === null) return;
    setPromoNotice(errorMessage(quote.error, TRY_AGAIN));
    setPromoCode(null);
  }, [quote.isError, quote.error, promoCode]);
  const discount = promoCode && quote.data?.promoCode === promoCode ? { code: promoCode, cents: quote.data.discountCents } : null;
  // What create-intent must receive: the server's amount due by card (after a code's discount and coach credit).
  const quoted = quote.data && quote.data.quantity === quantity && !quote.isPlaceholderData ? quote.data : null;
  const amountDue = quoted && (promoCode ? discount !== null : quoted.promoCode === null) ? quoted.amount : null;
  /** A code that leaves nothing to pay is booked without a card (POST /api/bookings/free with the code). */
  const freeWithCode = discount !== null && quoted !== null && quoted.totalCents === 0;
  // My own live hold takes spots the class no longer counts as left: they are mine to keep or change.
  const myHeld = mine.data?.status === 'pending' ? mine.data.quantity : 0;
  const available = cls.data ? cls.data.spotsLeft + myHeld : 0;
  const confirmed = mine.data?.status === 'confirmed';
  const fullFromStart = cls.data !== undefined && mine.data !== undefined && !mine.data && cls.data.spotsLeft <= 0;
  const canHold =
    cls.data !== undefined &&
    price > 0 &&
    mine.data !== undefined &&
    !confirmed &&
    !fullFromStart &&
    config.data !== undefined &&
    outcome === null &&
    amountDue !== null &&
    !freeWithCode;

  // The hold for this quantity. A query rather than a mutation because placing it is idempotent per
  // (class, quantity): a reload or a second call keeps the same hold and intent, and another quantity replaces
  // it (api/bookings/holds.ts). The previous hold's form stays shown (disabled) while the new one is placed.
  const hold = useQuery({
    queryKey: ['checkout-hold', classId, quantity, promoCode, amountDue],
    queryFn: () =>
      unwrap(api.payment['create-intent'].post({ classId, quantity, amount: amountDue!, ...(promoCode ? { promoCode } : {}) })),
    enabled: canHold,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    placeholderData: (previous) => previous,
  });
  const holdConflict = hold.isError && hold.error instanceof ApiError && hold.error.status === 409;
  // The hold refused with a code applied (its last use taken meanwhile?): ask the quote again, which drops the
  // code with its reason if that was it.
  useEffect(() => {
    if (hold.isError && promoCode) void quote.refetch();
  }, [hold.isError, promoCode]);
  // Refused for spots: how many are left now, counting the hold this customer may still have.
  const left = useQuery({
    queryKey: ['checkout-spots-left', classId, quantity],
    queryFn: async () => {
      const [count, active] = await Promise.all([
        unwrap(api.classes({ id: classId }).bookings.count.get()),
        unwrap(api.bookings.get({ query: { classId: String(classId), active: 'true', limit: '1' } })),
      ]);
      const held = active[0]?.status === 'pending' ? active[0].quantity : 0;
      return { available: count.spotsLeft + held, confirmed: active[0]?.status === 'confirmed' };
    },
    enabled: holdConflict,
    retry: false,
    gcTime: 0,
  });

  const kids = cls.data?.ageGroup === 'Kids';
  const [attendees, setAttendees] = useAttendeeDrafts(quantity, kids || !cls.data ? null : `${user.firstName} ${user.lastName}`);
  const [attendeeErrors, setAttendeeErrors] = useState<AttendeeErrors>({});
  // The waiver step (issue 24): accepted for the hold, with the names, before anything is charged (the server
  // never takes a payment for a hold without it).
  const [waiver, setWaiver] = useWaiverDraft(quantity);
  const [waiverErrors, setWaiverErrors] = useState<WaiverErrors>({});
  const classWaivers = useClassWaivers(classId);

  function setQuantity(next: number) {
    setQuantityState(next);
    setPayError(null);
    setPromoNotice(null);
    window.history.replaceState(window.history.state, '', `/checkout/${classId}?quantity=${next}`);
  }

  const release = useMutation({
    mutationFn: (bookingId: number) => unwrap(api.bookings({ id: bookingId }).cancel.put()),
    onSuccess: () => {
      toast({ title: 'Spots released', description: 'Nothing was charged.', variant: 'success' });
      window.location.assign(`/classes/${classId}`);
    },
    onError: (error) =>
      toast({ title: 'Could not release the spots', description: errorMessage(error, TRY_AGAIN), variant: 'destructive' }),
  });
  const joinWaitlist = useMutation({
    mutationFn: (spots: number) => unwrap(api.classes({ id: classId }).waitlist.post({ quantity: spots })),
    onSuccess: () => {
      toast({ title: "You're on the waitlist", description: "We'll email you as soon as spots open up for you.", variant: 'success' });
      navigate('/bookings?tab=waitlist');
    },
    onError: (error) =>
      toast({ title: 'Could not join the waitlist', description: errorMessage(error, TRY_AGAIN), variant: 'destructive' }),
  });

  /** The names and the waivers go with the hold (create-intent again reuses the same hold and intent) before
   * anything is charged. A name or age missing: the first such field is focused, scrolled into view and announced. */
  async function saveAttendees(): Promise<boolean> {
    return (await placeWithAttendees()) !== null;
  }

  /** Coach credit pays it all: the names and waivers go with the hold, and that confirms the booking. */
  async function confirmWithCredit() {
    setBusy(true);
    setPayError(null);
    const placed = await placeWithAttendees();
    if (!placed) return setBusy(false);
    if (placed.status !== 'confirmed') {
      setBusy(false);
      return onFailed(TRY_AGAIN);
    }
    toast({ title: 'Booking confirmed', description: 'Paid with your coach credit. See you in class!', variant: 'success' });
    void queryClient.invalidateQueries({ queryKey: ['bookings'] });
    setTimeout(() => navigate(confirmationPath(placed.bookingId)), SUCCESS_DELAY_MS);
  }

  async function placeWithAttendees() {
    const named = readAttendees(attendees, kids);
    setAttendeeErrors('errors' in named ? named.errors : {});
    if ('errors' in named) {
      focusFirstAttendeeError(attendeesRef.current, named.errors);
      return null;
    }
    const accepted = readWaivers(
      waiver,
      classWaivers.data,
      attendees.map((a) => a.name),
    );
    setWaiverErrors('errors' in accepted ? accepted.errors : {});
    if ('errors' in accepted) return null;
    try {
      // The waivers go in this very request: the server confirms nothing (credit) and takes no payment without them.
      return await unwrap(
        api.payment['create-intent'].post({
          classId,
          quantity,
          amount: amountDue!,
          attendees: named.attendees,
          ...(promoCode ? { promoCode } : {}),
          waiverAcceptance: accepted.body,
        }),
      );
    } catch (error) {
      onFailed(error instanceof ApiError ? error.message : INIT_FAILED);
      return null;
    }
  }

  /** Checks a code with the server before it joins the price: null when it applies, else the reason. */
  async function applyPromo(code: string): Promise<string | null> {
    setPromoNotice(null);
    const normalized = code.trim().toUpperCase();
    try {
      const answer = await queryClient.fetchQuery({
        queryKey: ['checkout-quote', classId, quantity, normalized],
        queryFn: () => quoteFor(normalized),
        retry: false,
      });
      setPromoCode(answer.promoCode);
      return null;
    } catch (error) {
      return errorMessage(error, TRY_AGAIN);
    }
  }

  /** A code that leaves nothing to pay: the spots held without it are released, then the booking is confirmed
   * with the code (POST /api/bookings/free), the attendees and waivers with it, and no card. */
  async function confirmFree() {
    const named = readAttendees(attendees, kids);
    setAttendeeErrors('errors' in named ? named.errors : {});
    if ('errors' in named) return focusFirstAttendeeError(attendeesRef.current, named.errors);
    const accepted = readWaivers(
      waiver,
      classWaivers.data,
      attendees.map((a) => a.name),
    );
    setWaiverErrors('errors' in accepted ? accepted.errors : {});
    if ('errors' in accepted) return;
    setBusy(true);
    setPayError(null);
    try {
      const heldId = hold.data?.bookingId ?? (mine.data?.status === 'pending' ? mine.data.id : null);
      if (heldId) await unwrap(api.bookings({ id: heldId }).cancel.put());
      const booking = await unwrap(
        api.bookings.free.post({ classId, quantity, attendees: named.attendees, promoCode: promoCode!, waiverAcceptance: accepted.body }),
      );
      toast({ title: 'Booking confirmed', description: 'Your promo code covered the whole price. See you in class!', variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['bookings'] });
      setTimeout(() => navigate(confirmationPath(booking.id)), SUCCESS_DELAY_MS);
    } catch (error) {
      setBusy(false);
      onFailed(errorMessage(error, TRY_AGAIN));
    }
  }

  async function onPaid(intentId: string) {
    setPayError(null);
    try {
      const answer = await unwrap(api.payment.confirm.post({ paymentIntentId: intentId, classId, quantity }));
      toast({ title: 'Payment successful', description: 'Your booking is confirmed. See you in class!', variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['bookings'] });
      setTimeout(() => navigate(confirmationPath(answer.booking.id)), SUCCESS_DELAY_MS);
    } catch (error) {
      const message = error instanceof ApiError ? error.message : '';
      if (/refunded/i.test(message)) {
        toast({ title: 'Payment refunded', description: message, variant: 'destructive' });
        setOutcome({ kind: 'refunded', message });
      } else {
        toast({ title: 'Payment Processed', description: CONFIRM_ISSUE, variant: 'warning' });
        setOutcome({ kind: 'paid-unconfirmed' });
      }
      setBusy(false);
    }
  }

  function onFailed(message: string) {
    setPayError(message);
    toast({ title: 'Payment Failed', description: message, variant: 'destructive' });
  }

  if (outcome?.kind === 'paid-unconfirmed')
    return <Notice title="Payment Processed" text={CONFIRM_ISSUE} action={{ href: '/bookings', label: 'View My Bookings' }} />;
  if (outcome?.kind === 'refunded')
    return (
      <Notice
        tone="error"
        title="Payment Refunded"
        text={outcome.message}
        action={{ href: `/classes/${classId}`, label: 'Return to Class' }}
      />
    );
  if (cls.isError) {
    return cls.error instanceof ApiError && cls.error.status === 404 ? (
      <Notice
        title="Class Not Found"
        text="This class doesn't exist or is no longer available."
        action={{ href: '/classes', label: 'Browse Classes' }}
      />
    ) : (
      <Notice
        tone="error"
        title="Payment Initialization Failed"
        text={INIT_FAILED}
        action={{ href: `/classes/${classId}`, label: 'Return to Class' }}
      />
    );
  }
  // A free class is booked directly on its page (customer-areas §4): there is nothing to pay here.
  if (cls.data && price === 0)
    return (
      <Notice
        title="No Payment Needed"
        text="This class is free: book it directly from the class page."
        action={{ href: `/classes/${classId}`, label: 'Return to Class' }}
      />
    );
  if (mine.isError || config.isError)
    return (
      <Notice
        tone="error"
        title="Payment Initialization Failed"
        text={INIT_FAILED}
        action={{ href: `/classes/${classId}`, label: 'Return to Class' }}
      />
    );
  if (confirmed || left.data?.confirmed)
    return (
      <Notice
        title="Already Booked"
        text="You already have a confirmed booking for this class."
        action={{ href: '/bookings', label: 'View My Bookings' }}
      />
    );
  if (fullFromStart || (left.data && left.data.available <= 0)) {
    return (
      <Notice
        title="Class is Full"
        text="All spots have been taken. Check back later in case of cancellations."
        action={{ href: `/classes/${classId}`, label: 'Return to Class' }}
      >
        <button
          type="button"
          className="btn-primary mt-3 w-full"
          disabled={joinWaitlist.isPending}
          onClick={() => joinWaitlist.mutate(quantity)}
        >
          {joinWaitlist.isPending ? 'Joining...' : `Join the waitlist for ${spotCount(quantity)}`}
        </button>
      </Notice>
    );
  }
  if (left.data && left.data.available < quantity) {
    const spots = left.data.available;
    return (
      <Notice
        tone="error"
        title={`Only ${spotCount(spots)} left`}
        text={`Someone booked while you were deciding: ${spots === 1 ? 'this class has 1 spot' : `this class has ${spots} spots`} left, not ${quantity}.`}
        detail={errorMessage(hold.error, '')}
        action={{ href: `/classes/${classId}`, label: 'Return to Class' }}
        actionStyle="secondary"
      >
        <button type="button" className="btn-primary mt-3 w-full" onClick={() => setQuantity(spots)}>
          Book the {spotCount(spots)} left
        </button>
        <button
          type="button"
          className="btn-secondary mt-3 w-full"
          disabled={joinWaitlist.isPending}
          onClick={() => joinWaitlist.mutate(quantity)}
        >
          {joinWaitlist.isPending ? 'Joining...' : `Join the waitlist for ${spotCount(quantity)}`}
        </button>
      </Notice>
    );
  }
  if (hold.isError && (!holdConflict || left.data)) {
    const reason =
      hold.error instanceof ApiError && hold.error.status < 500 && hold.error.message !== INIT_FAILED ? hold.error.message : null;
    return (
      <Notice
        tone="error"
        title="Payment Initialization Failed"
        text={INIT_FAILED}
        detail={reason}
        action={{ href: `/classes/${classId}`, label: 'Return to Class' }}
      />
    );
  }
  if (quote.isError && promoCode === null && !quote.data)
    return (
      <Notice
        tone="error"
        title="Payment Initialization Failed"
        text={INIT_FAILED}
        detail={quote.error instanceof ApiError && quote.error.status < 500 ? quote.error.message : null}
        action={{ href: `/classes/${classId}`, label: 'Return to Class' }}
      />
    );
  if (!cls.data || !config.data || (!hold.data && !freeWithCode)) return <Spinner label="Preparing your checkout..." />;

  const intent = hold.data ?? null;
  const rehold = hold.isPlaceholderData || hold.isFetching || (promoCode !== null && !discount);
  // Coach credit covering everything leaves no intent: the Confirm step instead of the card form.
  const creditCovers = intent?.status === 'credit_covers';
  const cardIntent: CheckoutIntent | null =
    intent?.status === 'requires_payment' && intent.id && intent.clientSecret
      ? { ...intent, id: intent.id, clientSecret: intent.clientSecret }
      : null;
  const formProps: PaymentFormProps | null = cardIntent && {
    intent: cardIntent,
    totalLabel: dollars(amountDue ?? totalDollars(price, quantity)),
    returnUrl: `${window.location.origin}/checkout/${classId}?quantity=${quantity}&payment_status=success`,
    publishableKey: config.data.publishableKey,
    busy: busy || rehold,
    setBusy,
    beforePay: saveAttendees,
    onPaid,
    onFailed,
  };
  const Form = config.data.provider === 'stripe' && config.data.publishableKey ? StripePaymentForm : TestCardForm;
  const item = cls.data;
  return (
    <div className="container-page max-w-5xl py-8 sm:py-10">
      <a href={`/classes/${classId}`} className="btn-ghost -ml-3 mb-4 px-3">
        <Icon name="arrowLeft" /> Back to class
      </a>
      <h1 className="text-2xl font-bold sm:text-3xl">Checkout</h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_420px]">
        <section className="card h-fit p-5 sm:p-6" aria-labelledby="summary-title">
          <h2 id="summary-title" className="text-lg font-semibold">
            {item.title}
          </h2>
          <ul className="mt-4 space-y-2.5 text-sm text-fog-700 dark:text-fog-300">
            <li className="flex gap-2">
              <Icon name="calendar" className="mt-0.5 h-4 w-4 shrink-0 text-fog-500" />
              {classDateFull(item.startTime)}
            </li>
            <li className="flex gap-2">
              <Icon name="clock" className="mt-0.5 h-4 w-4 shrink-0 text-fog-500" />
              {classTime(item.startTime, item.endTime)}
            </li>
            <li className="flex gap-2">
              <Icon name="pin" className="mt-0.5 h-4 w-4 shrink-0 text-fog-500" />
              <span>
                {locationOf(item)}
                {item.address && item.location && <span className="block text-fog-600 dark:text-fog-400">{item.address}</span>}
              </span>
            </li>
          </ul>
          <div className="mt-4 border-t border-fog-200 pt-1 dark:border-fog-800">
            <SpotCounter quantity={quantity} max={Math.max(quantity, available)} onChange={setQuantity} />
          </div>
          {/* The hold, said plainly, with a way out that charges nothing. */}
          {intent && (
            <div
              className="mt-4 flex flex-wrap items-center justify-between gap-2 rounded-xl bg-brand-50 p-3 text-sm text-brand-900 dark:bg-brand-900/50 dark:text-brand-100"
              role="status"
              aria-live="polite"
              data-testid="hold-status"
            >
              <p className="flex items-center gap-2 font-semibold">
                <Icon name="clock" className="h-4 w-4 shrink-0" />
                {rehold
                  ? 'Holding your spots...'
                  : intent.holdExpiresAt
                    ? `${quantity === 1 ? 'Spot' : `${quantity} spots`} held until ${formatTimePT(intent.holdExpiresAt)}`
                    : `${spotCount(quantity)} held for you`}
              </p>
              <button
                type="button"
                className="btn-ghost px-3 py-1.5 text-sm"
                disabled={rehold || busy || release.isPending}
                onClick={() => release.mutate(intent.bookingId)}
              >
                {release.isPending ? 'Releasing...' : 'Release spots'}
              </button>
            </div>
          )}
          <p className="mt-5 border-t border-fog-200 pt-4 text-sm dark:border-fog-800">
            Booking for{' '}
            <span className="font-semibold">
              {user.firstName} {user.lastName}
            </span>
          </p>
          <div ref={attendeesRef} className="mt-5 border-t border-fog-200 pt-4 dark:border-fog-800">
            <AttendeeFields drafts={attendees} onChange={setAttendees} kids={kids} errors={attendeeErrors} disabled={busy} />
            <div className="mt-5">
              <WaiverStep
                waivers={classWaivers.data}
                names={attendees.map((a) => a.name)}
                kids={kids}
                draft={waiver}
                onChange={setWaiver}
                errors={waiverErrors}
                disabled={busy}
              />
            </div>
          </div>
        </section>
        <section className="card p-5 sm:p-6" aria-labelledby="payment-title">
          <h2 id="payment-title" className="text-lg font-semibold">
            Payment Details
          </h2>
          <PriceBreakdown
            price={price}
            quantity={quantity}
            discount={discount}
            creditCents={quoted?.creditAppliedCents ?? 0}
            className="mt-4"
          />
          <div className="mt-3 mb-6">
            <PromoCodeField
              applied={discount ? promoCode : null}
              onApply={applyPromo}
              onRemove={() => setPromoCode(null)}
              notice={promoNotice}
              disabled={busy}
            />
          </div>
          {payError && (
            <div
              role="alert"
              className="mb-4 rounded-xl border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950/50 dark:text-red-200"
            >
              <p className="font-semibold">Payment Failed</p>
              <p className="mt-0.5">{payError}</p>
            </div>
          )}
          {freeWithCode ? (
            <div>
              <p className="rounded-xl bg-brand-50 p-3 text-sm text-brand-900 dark:bg-brand-900/50 dark:text-brand-100">
                Your promo code covers the whole price: no card needed.
              </p>
              <button type="button" className="btn-primary mt-4 w-full" disabled={busy} onClick={() => void confirmFree()}>
                {busy ? 'Confirming...' : 'Confirm booking'}
              </button>
            </div>
          ) : creditCovers ? (
            <div>
              <p className="rounded-xl bg-brand-50 p-3 text-sm text-brand-900 dark:bg-brand-900/50 dark:text-brand-100">
                Your credit with this coach covers the whole booking: no card needed.
              </p>
              <button type="button" className="btn-primary mt-4 w-full" disabled={busy || rehold} onClick={() => void confirmWithCredit()}>
                {busy ? 'Confirming...' : 'Confirm booking with credit'}
              </button>
            </div>
          ) : (
            formProps && (
              <Suspense fallback={<div className="skeleton h-48 w-full" aria-label="Loading the payment form" />}>
                <Form key={formProps.intent.id} {...formProps} />
              </Suspense>
            )
          )}
          {/* The terms a booking made now is booked under (the class's policy, or its coach's), with its deadlines. */}
          <div className="mt-4 text-xs text-fog-600 dark:text-fog-400" data-testid="checkout-policy">
            {quoted ? (
              <>
                <p className="font-semibold text-fog-700 dark:text-fog-300">Cancellation policy: {policyLabel(quoted.policy.preset)}</p>
                <ul className="mt-1 list-disc space-y-0.5 pl-4">
                  {datedTerms(quoted.policy, item.startTime).map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
                {quoted.policy.creditPercent !== null && (
                  <p className="mt-1">
                    Or, instead of a refund, credit with the coach worth {quoted.policy.creditPercent}% of what you paid, until the class
                    starts.
                  </p>
                )}
                {/* Pass rules: a pack's credit, an unlimited membership's late-cancel and no-show fees (issue 20). */}
                {describePassRules(quoted.policy.passRules) && <p className="mt-1">{describePassRules(quoted.policy.passRules)}</p>}
              </>
            ) : null}
          </div>
        </section>
      </div>
    </div>
  );
}

interface NoticeProps {
  title: string;
  text: string;
  /** A second line: the specific reason behind the spec's general text. */
  detail?: string | null;
  action: { href: string; label: string };
  actionStyle?: 'primary' | 'secondary';
  tone?: 'info' | 'error';
  /** Choices offered before the way back (the spots left, the waitlist). */
  children?: React.ReactNode;
}

function Notice({ title, text, detail, action, actionStyle, tone = 'info', children }: NoticeProps) {
  return (
    <div className="container-page flex min-h-[50vh] items-center justify-center py-12">
      <div className="card w-full max-w-md p-8 text-center" role={tone === 'error' ? 'alert' : 'status'}>
        <h1 className={`text-2xl font-bold ${tone === 'error' ? 'text-red-800 dark:text-red-300' : ''}`}>{title}</h1>
        <p className="mt-2 text-fog-600 dark:text-fog-400">{text}</p>
        {detail && <p className="mt-2 text-sm text-fog-700 dark:text-fog-300">{detail}</p>}
        {children && <div className="mt-5">{children}</div>}
        <a
          href={action.href}
          className={`${(actionStyle ?? (children ? 'secondary' : 'primary')) === 'primary' ? 'btn-primary' : 'btn-ghost'} mt-4 w-full`}
        >
          {action.label}
        </a>
      </div>
    </div>
  );
}
