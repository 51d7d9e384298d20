// /checkout/{classId}?quantity=N (customer-areas §2, §4, §8): class summary, Payment Details with the card
// form (Stripe's Payment Element, or the test provider's form) and the price breakdown; the alternate views
// (processing, Already Booked, Class is Full, Class Not Found, Payment Initialization Failed); the
// redirect-return path ?payment_status=success&payment_intent=... confirming automatically.
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { formatTimePT } from '../../../../api/lib/pacific';
import WaiverStep, { readWaivers, sendWaivers, useClassWaivers, useWaiverDraft, type WaiverErrors } from '../../../components/booking/WaiverStep';
import AttendeeFields, { type AttendeeErrors, readAttendees, useAttendeeDrafts } from '../../../components/booking/AttendeeFields';
import { PriceBreakdown, totalDollars } from '../../../components/booking/PriceBreakdown';
import { Icon } from '../../../components/catalog/icons';
import { api, unwrap } from '../../../lib/api';
import { ApiError } from '../../../lib/api-error';
import { classDateFull, classTime, dollars, locationOf } from '../../../lib/catalog';
import { $user } from '../../../lib/stores/session';
import { toast } from '../../../lib/stores/toast';
import Spinner from '../../components/Spinner';
import { navigate, useLocation } from '../../router';
import type { ScreenProps } from '../../router';
import type { CheckoutIntent, PaymentFormProps } from './payment-form';
import { spotCount } from '../../../../api/lib/plural';

const TestCardForm = lazy(() => import('./TestCardForm'));
const StripePaymentForm = lazy(() => import('./StripePaymentForm'));

const SUCCESS_DELAY_MS = 1500;
const RETURN_SUCCESS_DELAY_MS = 2000;
const INIT_FAILED = 'Failed to initialize payment. Please try again.';
const CONFIRM_ISSUE = 'Payment successful, but there was an issue confirming your booking. Please contact support.';

interface CheckoutClass {
  id: number;
  title: string;
  startTime: string | null;
  endTime: string | null;
  location: string | null;
  address: string | null;
  price: number;
  capacity: number;
  spotsLeft: number;
  ageGroup: string;
}

type View =
  | { kind: 'loading' }
  | { kind: 'not-found' }
  | { kind: 'full' }
  | { kind: 'already-booked' }
  | { kind: 'free' }
  /** Failed to initialize payment; `reason` is the server's explanation when it gave one (spots, start...). */
  | { kind: 'init-failed'; reason: string | null }
  | { kind: 'ready'; cls: CheckoutClass; intent: CheckoutIntent; provider: 'stripe' | 'test'; publishableKey: string | null }
  | { kind: 'processing' }
  /** The charge went through but the booking could not be confirmed (or was refunded): never the form again. */
  | { kind: 'paid-unconfirmed' }
  | { kind: 'refunded'; message: string }
  | { kind: 'return-error'; message: string };

function quantityFrom(search: string): number {
  const n = Number.parseInt(new URLSearchParams(search).get('quantity') ?? '1', 10);
  return Number.isFinite(n) && n >= 1 ? Math.min(n, 100) : 1;
}

export default function CheckoutScreen({ params }: ScreenProps) {
  const classId = Number(params.classId);
  const { search } = useLocation();
  const user = useStore($user)!;
  const quantity = quantityFrom(search);
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const [payError, setPayError] = useState<string | null>(null);
  const started = useRef(false);
  const kids = view.kind === 'ready' && view.cls.ageGroup === 'Kids';
  const [attendees, setAttendees] = useAttendeeDrafts(quantity, kids || view.kind !== 'ready' ? null : `${user.firstName} ${user.lastName}`);
  const [attendeeErrors, setAttendeeErrors] = useState<AttendeeErrors>({});
  // The waiver step (issue 24): accepted for the hold before anything is charged.
  const [waiver, setWaiver] = useWaiverDraft(quantity);
  const [waiverErrors, setWaiverErrors] = useState<WaiverErrors>({});
  const classWaivers = useClassWaivers(classId);

  /** The names go with the hold (create-intent again reuses the same hold and intent) before anything is charged. */
  async function saveAttendees(): Promise<boolean> {
    if (view.kind !== 'ready') return false;
    const named = readAttendees(attendees, kids);
    setAttendeeErrors('errors' in named ? named.errors : {});
    const accepted = readWaivers(waiver, classWaivers.data, attendees.map((a) => a.name));
    setWaiverErrors('errors' in accepted ? accepted.errors : {});
    if ('errors' in named || 'errors' in accepted) return false;
    try {
      const hold = await unwrap(api.payment['create-intent'].post({ classId, quantity, amount: totalDollars(view.cls.price, quantity), attendees: named.attendees }));
      await sendWaivers(hold.bookingId, accepted.body);
      return true;
    } catch (error) {
      onFailed(error instanceof ApiError ? error.message : INIT_FAILED);
      return false;
    }
  }

  async function confirmBooking(intentId: string): Promise<void> {
    await unwrap(api.payment.confirm.post({ paymentIntentId: intentId, classId, quantity }));
  }

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const query = new URLSearchParams(search);
    if (query.get('payment_status') === 'success') {
      void finishRedirectReturn(query.get('payment_intent'));
      return;
    }
    void initialize();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** Coming back from a redirect-based payment: confirm on the server automatically. */
  async function finishRedirectReturn(intentId: string | null) {
    setView({ kind: 'processing' });
    if (!intentId) {
      setView({ kind: 'return-error', message: 'Payment intent ID not found in URL' });
      return;
    }
    try {
      await confirmBooking(intentId);
      toast({ title: 'Payment successful', description: 'Your booking is confirmed.', variant: 'success' });
      setTimeout(() => navigate('/bookings?refresh=true'), RETURN_SUCCESS_DELAY_MS);
    } catch (error) {
      setView({ kind: 'return-error', message: error instanceof ApiError ? error.message : CONFIRM_ISSUE });
    }
  }

  async function initialize() {
    let cls: CheckoutClass;
    try {
      cls = await unwrap(api.classes({ id: classId }).get());
    } catch (error) {
      setView(error instanceof ApiError && error.status === 404 ? { kind: 'not-found' } : { kind: 'init-failed', reason: null });
      return;
    }
    // A free class is booked directly on its page (customer-areas §4): there is nothing to pay here.
    if (cls.price === 0) return setView({ kind: 'free' });
    try {
      const [bookings, config] = await Promise.all([
        unwrap(api.bookings.get({ query: { classId: String(classId), active: 'true', limit: '1' } })),
        unwrap(api.payment.config.get()),
      ]);
      const mine = bookings[0];
      if (mine?.status === 'confirmed') return setView({ kind: 'already-booked' });
      if (!mine && cls.spotsLeft <= 0) return setView({ kind: 'full' });
      const intent: CheckoutIntent = await unwrap(api.payment['create-intent'].post({ classId, quantity, amount: totalDollars(cls.price, quantity) }));
      setView({ kind: 'ready', cls, intent, provider: config.provider, publishableKey: config.publishableKey });
    } catch (error) {
      const message = error instanceof ApiError ? error.message : '';
      if (message === 'You have already booked this class.') return setView({ kind: 'already-booked' });
      if (message.startsWith('Class is full')) return setView({ kind: 'full' });
      setView({ kind: 'init-failed', reason: error instanceof ApiError && error.status < 500 && message !== INIT_FAILED ? message : null });
    }
  }

  async function onPaid(intentId: string) {
    setPayError(null);
    try {
      await confirmBooking(intentId);
      toast({ title: 'Payment successful', description: 'Your booking is confirmed. See you in class!', variant: 'success' });
      setTimeout(() => navigate('/bookings?refresh=true'), SUCCESS_DELAY_MS);
    } catch (error) {
      const message = error instanceof ApiError ? error.message : '';
      if (/refunded/i.test(message)) {
        toast({ title: 'Payment refunded', description: message, variant: 'destructive' });
        setView({ kind: 'refunded', message });
      } else {
        toast({ title: 'Payment Processed', description: CONFIRM_ISSUE, variant: 'warning' });
        setView({ kind: 'paid-unconfirmed' });
      }
      setBusy(false);
    }
  }

  function onFailed(message: string) {
    setPayError(message);
    toast({ title: 'Payment Failed', description: message, variant: 'destructive' });
  }

  switch (view.kind) {
    case 'loading':
      return <Spinner label="Preparing your checkout..." />;
    case 'processing':
      return <Spinner label="Processing your payment..." />;
    case 'not-found':
      return <Notice title="Class Not Found" text="This class doesn't exist or is no longer available." action={{ href: '/classes', label: 'Browse Classes' }} />;
    case 'full':
      return <Notice title="Class is Full" text="All spots have been taken. Check back later in case of cancellations." action={{ href: `/classes/${classId}`, label: 'Return to Class' }} />;
    case 'already-booked':
      return <Notice title="Already Booked" text="You already have a confirmed booking for this class." action={{ href: '/bookings', label: 'View My Bookings' }} />;
    case 'free':
      return <Notice title="No Payment Needed" text="This class is free: book it directly from the class page." action={{ href: `/classes/${classId}`, label: 'Return to Class' }} />;
    case 'init-failed':
      return <Notice tone="error" title="Payment Initialization Failed" text={INIT_FAILED} detail={view.reason} action={{ href: `/classes/${classId}`, label: 'Return to Class' }} />;
    case 'paid-unconfirmed':
      return <Notice title="Payment Processed" text={CONFIRM_ISSUE} action={{ href: '/bookings', label: 'View My Bookings' }} />;
    case 'refunded':
      return <Notice tone="error" title="Payment Refunded" text={view.message} action={{ href: `/classes/${classId}`, label: 'Return to Class' }} />;
    case 'return-error':
      return <Notice tone="error" title="Payment Processing Error" text={view.message} action={{ href: '/bookings', label: 'View My Bookings' }} />;
  }

  const { cls, intent } = view;
  const totalLabel = dollars(intent.amount);
  const formProps: PaymentFormProps = {
    intent,
    totalLabel,
    returnUrl: `${window.location.origin}/checkout/${classId}?quantity=${quantity}&payment_status=success`,
    publishableKey: view.publishableKey,
    busy,
    setBusy,
    beforePay: saveAttendees,
    onPaid,
    onFailed,
  };
  const Form = view.provider === 'stripe' && view.publishableKey ? StripePaymentForm : TestCardForm;
  return (
    <div className="container-page max-w-5xl py-8 sm:py-10">
      <a href={`/classes/${classId}`} className="btn-ghost -ml-3 mb-4 px-3">
        <Icon name="arrowLeft" /> Back to class
      </a>
      <h1 className="text-2xl font-bold sm:text-3xl">Checkout</h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_420px]">
        <section className="card h-fit p-5 sm:p-6" aria-labelledby="summary-title">
          <h2 id="summary-title" className="text-lg font-semibold">{cls.title}</h2>
          <ul className="mt-4 space-y-2.5 text-sm text-fog-700 dark:text-fog-300">
            <li className="flex gap-2"><Icon name="calendar" className="mt-0.5 h-4 w-4 shrink-0 text-fog-500" />{classDateFull(cls.startTime)}</li>
            <li className="flex gap-2"><Icon name="clock" className="mt-0.5 h-4 w-4 shrink-0 text-fog-500" />{classTime(cls.startTime, cls.endTime)}</li>
            <li className="flex gap-2">
              <Icon name="pin" className="mt-0.5 h-4 w-4 shrink-0 text-fog-500" />
              <span>
                {locationOf(cls)}
                {cls.address && cls.location && <span className="block text-fog-600 dark:text-fog-400">{cls.address}</span>}
              </span>
            </li>
            <li className="flex gap-2"><Icon name="users" className="mt-0.5 h-4 w-4 shrink-0 text-fog-500" />{spotCount(quantity)}</li>
          </ul>
          <p className="mt-5 border-t border-fog-200 pt-4 text-sm dark:border-fog-800">
            Booking for <span className="font-semibold">{user.firstName} {user.lastName}</span>
          </p>
          <div className="mt-5 border-t border-fog-200 pt-4 dark:border-fog-800">
            <AttendeeFields drafts={attendees} onChange={setAttendees} kids={kids} errors={attendeeErrors} disabled={busy} />
            <div className="mt-5">
              <WaiverStep waivers={classWaivers.data} names={attendees.map((a) => a.name)} kids={kids} draft={waiver} onChange={setWaiver} errors={waiverErrors} disabled={busy} />
            </div>
          </div>
          {intent.holdExpiresAt && (
            <p className="mt-2 text-sm text-fog-600 dark:text-fog-400">Your {quantity === 1 ? 'spot is' : 'spots are'} held for you until {formatTimePT(intent.holdExpiresAt)}.</p>
          )}
        </section>
        <section className="card p-5 sm:p-6" aria-labelledby="payment-title">
          <h2 id="payment-title" className="text-lg font-semibold">Payment Details</h2>
          <PriceBreakdown price={cls.price} quantity={quantity} className="mt-4 mb-6" />
          {payError && (
            <div role="alert" className="mb-4 rounded-xl border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950/50 dark:text-red-200">
              <p className="font-semibold">Payment Failed</p>
              <p className="mt-0.5">{payError}</p>
            </div>
          )}
          <Suspense fallback={<div className="skeleton h-48 w-full" aria-label="Loading the payment form" />}>
            <Form {...formProps} />
          </Suspense>
          <p className="mt-4 text-xs text-fog-600 dark:text-fog-400">
            Full refund if you cancel at least 48 hours before the class; no refund after that.
          </p>
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
  tone?: 'info' | 'error';
}

function Notice({ title, text, detail, action, tone = 'info' }: NoticeProps) {
  return (
    <div className="container-page flex min-h-[50vh] items-center justify-center py-12">
      <div className="card w-full max-w-md p-8 text-center" role={tone === 'error' ? 'alert' : 'status'}>
        <h1 className={`text-2xl font-bold ${tone === 'error' ? 'text-red-800 dark:text-red-300' : ''}`}>{title}</h1>
        <p className="mt-2 text-fog-600 dark:text-fog-400">{text}</p>
        {detail && <p className="mt-2 text-sm text-fog-700 dark:text-fog-300">{detail}</p>}
        <a href={action.href} className="btn-primary mt-6">{action.label}</a>
      </div>
    </div>
  );
}
