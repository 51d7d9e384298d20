// The class page's booking card (customer-areas §2, §4, §5, §8). Display (catalogue): price per person, spots
// left of capacity, the spot counter (1 .. spotsLeft, falling back to capacity), price x quantity, the 5%
// service fee and the total. Booking (payments): the already-booked notice (Confirmed / Pending payment),
// Class is Full with Join Waitlist (./JoinWaitlist.tsx), visitors sent to sign in and back, free classes booked
// directly, paid ones to checkout, or paid with a pass the customer holds (issue 19: credits or a membership,
// booked at once like a free class, no card form).
import { tagReact } from '../../lib/astro-react';
import { QueryClientProvider, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { AttendeeInput } from '../../../api/attendees/model';
import type { Booking } from '../../../api/bookings/model';
import WaiverStep, { readWaivers, useClassWaivers, useWaiverDraft, type WaiverErrors } from '../../components/booking/WaiverStep';
import type { AcceptWaiversBody } from '../../../api/waivers/model';
import AttendeeFields, {
  type AttendeeErrors,
  focusFirstAttendeeError,
  readAttendees,
  useAttendeeDrafts,
} from '../../components/booking/AttendeeFields';
import { PayWithChoice, passShortfall, type PassScope, useClassPasses } from '../../components/booking/PayWithPass';
import { PriceBreakdown } from '../../components/booking/PriceBreakdown';
import { SpotCounter } from '../../components/booking/SpotCounter';
import { Icon } from '../../components/catalog/icons';
import { api, unwrap } from '../../lib/api';
import { ApiError, errorMessage } from '../../lib/api-error';
import { bookWithPass } from '../../lib/passes-api';
import { toastAcrossNavigation } from '../../lib/carry-toast';
import { dollars } from '../../lib/catalog';
import { newQueryClient } from '../../lib/query';
import { refreshUser } from '../../lib/stores/session';
import { toast } from '../../lib/stores/toast';
import Toaster from '../Toaster';
import { JoinWaitlist } from './JoinWaitlist';
import { spotCount } from '../../../common/plural';

interface BookingCardProps {
  classId: number;
  price: number;
  capacity: number;
  spotsLeft: number;
  signedIn: boolean;
  /** A class that has started can no longer be booked (the API refuses it too). */
  started?: boolean;
  /** A Kids class asks each child's age as well as their name. */
  kids?: boolean;
  /** The class's coach, category and age group: which of the customer's passes may pay for it (issue 19). */
  passScope?: PassScope;
}

/** Redirect delay after a free booking (customer-areas §9). */
const FREE_BOOKING_REDIRECT_MS = 100;

const rememberKey = (classId: number) => `fogline.spots.${classId}`;

/** ?quantity=N, or the spots a visitor chose before signing in (kept for this tab), within 1 .. max. */
function initialQuantity(classId: number, max: number): number {
  if (typeof window === 'undefined') return 1;
  let wanted = Number.parseInt(new URLSearchParams(window.location.search).get('quantity') ?? '', 10);
  if (!Number.isFinite(wanted)) {
    try {
      wanted = Number.parseInt(sessionStorage.getItem(rememberKey(classId)) ?? '1', 10);
    } catch {
      wanted = 1;
    }
  }
  return Number.isFinite(wanted) ? Math.min(Math.max(1, wanted), max) : 1;
}

export default function BookingCard(props: BookingCardProps) {
  const [queryClient] = useState(newQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Card {...props} />
    </QueryClientProvider>
  );
}

function Card({ classId, price, capacity, spotsLeft, signedIn, started = false, kids = false, passScope }: BookingCardProps) {
  const full = spotsLeft <= 0;
  const max = Math.max(1, spotsLeft || capacity);
  const [quantity, setQuantity] = useState(() => initialQuantity(classId, max));
  // The customer's active booking of this class (undefined while it loads; a failure shows the booking controls).
  const active = useQuery({
    queryKey: ['bookings', { classId, active: true }],
    queryFn: async () => (await unwrap(api.bookings.get({ query: { classId: String(classId), active: 'true', limit: '1' } })))[0] ?? null,
    enabled: signedIn,
  });
  const mine: Booking | null | undefined = !signedIn || active.isError ? null : active.data;
  // The passes that can pay for this class (issue 19); the first that covers the spots is offered first.
  const passes = useClassPasses(classId, passScope, signedIn && price > 0 && !started && !full);
  const payable = [...passes.usable, ...passes.pastDue];
  const [picked, setPicked] = useState<number | null | undefined>(undefined);
  const payWith =
    picked !== undefined
      ? (payable.find((p) => p.purchaseId === picked && !passShortfall(p, quantity))?.purchaseId ?? null)
      : (passes.usable.find((p) => !passShortfall(p, quantity))?.purchaseId ?? null);
  const [passRefusal, setPassRefusal] = useState<{ message: string; purchaseId: number } | null>(null);
  // Nothing to pay by card (a free class, or a pass): the names and waivers are taken here.
  const bookHere = price === 0 || payWith !== null;
  // A free booking's first attendee is the customer, by name.
  const user = useQuery({ queryKey: ['user'], queryFn: refreshUser, enabled: signedIn && bookHere, refetchOnWindowFocus: false });
  const booker = user.data ? `${user.data.firstName} ${user.data.lastName}` : null;
  const [attendees, setAttendees] = useAttendeeDrafts(quantity, kids ? null : booker);
  const [attendeeErrors, setAttendeeErrors] = useState<AttendeeErrors>({});
  // The waiver step (issue 24): accepted in the free booking's own request (the server refuses it without).
  const [waiver, setWaiver] = useWaiverDraft(quantity);
  const [waiverErrors, setWaiverErrors] = useState<WaiverErrors>({});
  const classWaivers = useClassWaivers(classId, signedIn && bookHere);
  const cardRef = useRef<HTMLElement>(null);

  useEffect(() => {
    try {
      sessionStorage.setItem(rememberKey(classId), String(quantity));
    } catch {
      /* storage unavailable: the visitor picks the spots again */
    }
  }, [classId, quantity]);

  // A free class is booked here; the card stays "Booking..." until the page has moved on to My Bookings.
  const bookFree = useMutation({
    mutationFn: async ({
      named,
      waivers,
      purchaseId,
    }: {
      named: AttendeeInput[];
      waivers: AcceptWaiversBody;
      purchaseId: number | null;
      /** What the confirmation says was spent ("Paid with 2 credits from 5-class pack."). */
      paidWith: string;
    }) => {
      setPassRefusal(null);
      // The waivers go with the booking itself: the server refuses a booking without them.
      return purchaseId === null
        ? unwrap(api.bookings.free.post({ classId, quantity, attendees: named, waiverAcceptance: waivers }))
        : bookWithPass({ classId, quantity, attendees: named, purchaseId, waiverAcceptance: waivers });
    },
    onSuccess: (booked, { purchaseId, paidWith }) => {
      toastAcrossNavigation({
        title: 'Booking confirmed!',
        description: purchaseId === null ? 'Your free class booking has been confirmed.' : paidWith,
        variant: 'success',
      });
      // My Bookings, with the new booking ringed (its card links to the calendar and directions).
      setTimeout(() => window.location.assign(`/bookings?highlight=${booked.id}`), FREE_BOOKING_REDIRECT_MS);
    },
    onError: (error, { purchaseId }) => {
      // A pass the server refused (past due, no credits left...): its message stays beside the choice.
      if (purchaseId !== null && error instanceof ApiError && error.status === 409) setPassRefusal({ message: error.message, purchaseId });
      toast({ title: 'Booking failed', description: errorMessage(error, 'Failed to book free class'), variant: 'destructive' });
    },
  });
  const booking = bookFree.isPending || bookFree.isSuccess;

  function book() {
    const named = readAttendees(attendees, kids);
    setAttendeeErrors('errors' in named ? named.errors : {});
    const accepted = readWaivers(
      waiver,
      classWaivers.data,
      attendees.map((a) => a.name),
    );
    setWaiverErrors('errors' in accepted ? accepted.errors : {});
    if ('errors' in named) focusFirstAttendeeError(cardRef.current, named.errors);
    else if (!('errors' in accepted))
      bookFree.mutate({
        named: named.attendees,
        waivers: accepted.body,
        purchaseId: payWith,
        paidWith: chosenPass?.unlimited
          ? `Booked with your membership, ${chosenPass.name}.`
          : `Paid with ${quantity === 1 ? '1 credit' : `${quantity} credits`} from ${chosenPass?.name ?? 'your pass'}.`,
      });
  }

  const label = price > 0 ? 'Book Now' : 'Book for Free';
  const chosenPass = payable.find((p) => p.purchaseId === payWith);
  const passLabel = chosenPass?.unlimited ? 'Book with membership' : `Book with ${quantity === 1 ? '1 credit' : `${quantity} credits`}`;
  const actionClass = 'btn-primary mt-5 w-full py-3 text-base';
  return (
    <>
      <section ref={cardRef} aria-labelledby="booking-card-title" className="card p-5 sm:p-6">
        <h2 id="booking-card-title" className="sr-only">
          Book this class
        </h2>
        <p className="flex items-baseline gap-1.5">
          <span className="text-3xl font-bold text-fog-900 dark:text-fog-50">{dollars(price)}</span>
          <span className="text-fog-600 dark:text-fog-400">per person</span>
        </p>
        <p
          className={`mt-2 flex items-center gap-1.5 text-sm font-semibold ${full ? 'text-red-700 dark:text-red-400' : 'text-brand-700 dark:text-brand-300'}`}
        >
          <Icon name="users" className="h-4 w-4" />
          {full ? 'Class Full' : `${spotsLeft} of ${capacity} spots left`}
        </p>

        {mine ? (
          <AlreadyBooked booking={mine} />
        ) : mine === undefined && !started && !full ? (
          // Until we know whether this customer already booked, no controls that may vanish a moment later.
          <div className="mt-5 space-y-4" aria-busy="true" aria-label="Checking your bookings" role="status">
            <div className="skeleton h-10 w-full" />
            <div className="skeleton h-24 w-full" />
            <div className="skeleton h-12 w-full rounded-full" />
          </div>
        ) : started ? (
          <div className="mt-5 rounded-xl bg-fog-100 p-4 text-fog-800 dark:bg-fog-800 dark:text-fog-100" role="status">
            <p className="font-semibold">This class has started</p>
            <p className="mt-1 text-sm">Bookings are closed. Browse other classes to find your next session.</p>
            <a href="/classes" className="btn-secondary mt-3 w-full">
              Browse Classes
            </a>
          </div>
        ) : full ? (
          <JoinWaitlist classId={classId} capacity={capacity} signedIn={signedIn} quantity={quantity} onQuantity={setQuantity} />
        ) : (
          <>
            <SpotCounter quantity={quantity} max={max} onChange={setQuantity} />

            {signedIn && payable.length > 0 && (
              <PayWithChoice
                passes={payable}
                quantity={quantity}
                value={payWith}
                onChange={(id) => {
                  setPicked(id);
                  setPassRefusal(null);
                }}
                disabled={booking}
              />
            )}
            {passRefusal && passRefusal.purchaseId === payWith && (
              <div
                role="alert"
                className="mt-3 rounded-xl border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950/50 dark:text-red-100"
              >
                <p>{passRefusal.message}</p>
                <a href={`/wallet?highlight=${passRefusal.purchaseId}`} className="mt-1 inline-block font-semibold underline">
                  Update your card in your wallet
                </a>
              </div>
            )}

            {signedIn && bookHere && (
              <div className="mt-5 border-t border-fog-200 pt-4 dark:border-fog-800">
                <AttendeeFields drafts={attendees} onChange={setAttendees} kids={kids} errors={attendeeErrors} disabled={booking} />
                <div className="mt-5">
                  <WaiverStep
                    waivers={classWaivers.data}
                    names={attendees.map((a) => a.name)}
                    kids={kids}
                    draft={waiver}
                    onChange={setWaiver}
                    errors={waiverErrors}
                    disabled={booking}
                  />
                </div>
              </div>
            )}

            {payWith === null ? (
              <PriceBreakdown price={price} quantity={quantity} className="mt-5 border-t border-fog-200 pt-4 dark:border-fog-800" />
            ) : (
              <p className="mt-5 border-t border-fog-200 pt-4 text-sm text-fog-700 dark:border-fog-800 dark:text-fog-300">
                Nothing to pay by card:{' '}
                {chosenPass?.unlimited
                  ? 'your membership covers this class'
                  : `${quantity === 1 ? '1 credit' : `${quantity} credits`} from ${chosenPass?.name}`}
                . Cancel in time and{' '}
                {chosenPass?.unlimited ? 'the spot is freed' : quantity === 1 ? 'the credit comes back' : 'the credits come back'}.
              </p>
            )}

            {!signedIn ? (
              // Sign in first, then back to this class (the chosen spots are remembered for this tab).
              <a href={`/auth?redirect=/classes/${classId}`} className={actionClass}>
                {label}
              </a>
            ) : payWith !== null ? (
              <button type="button" onClick={book} disabled={booking} className={actionClass}>
                {booking ? 'Booking...' : passLabel}
              </button>
            ) : price > 0 ? (
              <a href={`/checkout/${classId}?quantity=${quantity}`} className={actionClass}>
                {label}
              </a>
            ) : (
              <button type="button" onClick={book} disabled={booking} className={actionClass}>
                {booking ? 'Booking...' : label}
              </button>
            )}
            {!signedIn && (
              <p className="mt-2 text-center text-xs text-fog-600 dark:text-fog-400">You'll sign in first, then come right back.</p>
            )}
          </>
        )}
        <Toaster />
      </section>
      <StickyBookBar
        price={price}
        spotsLeft={spotsLeft}
        state={
          mine
            ? mine.status === 'pending'
              ? 'pending'
              : 'booked'
            : mine === undefined && !started && !full
              ? 'checking'
              : started
                ? 'started'
                : full
                  ? 'full'
                  : 'open'
        }
        href={
          mine?.status === 'pending'
            ? `/checkout/${classId}?quantity=${mine.quantity}`
            : mine
              ? `/bookings/${mine.id}`
              : !signedIn
                ? `/auth?redirect=/classes/${classId}`
                : price > 0 && payWith === null
                  ? `/checkout/${classId}?quantity=${quantity}`
                  : '#book'
        }
        label={payWith !== null ? passLabel : label}
      />
    </>
  );
}

type BarState = 'checking' | 'open' | 'full' | 'started' | 'pending' | 'booked';

/**
 * Phones and tablets (below lg, where the card sits under the details): price, spots left and the one action,
 * fixed above the bottom navigation. It is in the server's HTML from the first paint and only its words change,
 * so it never shifts anything (CLS 0). A free class or the waitlist needs the card's names and spots: the bar
 * takes the customer there (#book).
 */
function StickyBookBar({
  price,
  spotsLeft,
  state,
  href,
  label,
}: {
  price: number;
  spotsLeft: number;
  state: BarState;
  href: string;
  label: string;
}) {
  const action: Record<BarState, string> = {
    checking: label,
    open: label,
    full: 'Join Waitlist',
    started: 'Closed',
    pending: 'Complete payment',
    booked: 'View booking',
  };
  const target = state === 'full' ? '#book' : href;
  const button = 'btn-primary h-11 min-w-32 shrink-0 px-5 text-base';
  return (
    <div
      role="region"
      aria-label="Booking bar"
      data-testid="book-bar"
      className="fixed inset-x-0 bottom-[calc(var(--bottom-nav-h)+env(safe-area-inset-bottom))] z-30 border-t border-fog-200 bg-white/95 backdrop-blur md:bottom-0 lg:hidden dark:border-fog-800 dark:bg-fog-950/95"
    >
      <div className="container-page flex h-16 items-center justify-between gap-3">
        <p className="min-w-0 leading-tight">
          <span className="block text-lg font-bold text-fog-900 dark:text-fog-50">
            {dollars(price)} <span className="text-sm font-normal text-fog-600 dark:text-fog-400">per person</span>
          </span>
          <span
            className={`block truncate text-sm font-semibold ${state === 'full' ? 'text-red-700 dark:text-red-400' : state === 'started' ? 'text-fog-600 dark:text-fog-400' : 'text-brand-700 dark:text-brand-300'}`}
          >
            {state === 'started'
              ? 'This class has started'
              : state === 'full'
                ? 'Class Full'
                : state === 'booked'
                  ? "You're booked"
                  : state === 'pending'
                    ? 'Pending payment'
                    : `${spotsLeft} ${spotsLeft === 1 ? 'spot' : 'spots'} left`}
          </span>
        </p>
        {state === 'started' || state === 'checking' ? (
          <button type="button" className={button} disabled aria-busy={state === 'checking'}>
            {action[state]}
          </button>
        ) : (
          <a href={target} className={state === 'pending' ? button.replace('btn-primary', 'btn-accent') : button}>
            {action[state]}
          </a>
        )}
      </div>
    </div>
  );
}

/** The customer's booking of this class. An unpaid hold is never a dead end: pay, change the spots (at the
 * checkout, which holds again) or release them, which charges nothing. */
function AlreadyBooked({ booking }: { booking: Booking }) {
  const pending = booking.status === 'pending';
  const queryClient = useQueryClient();
  const release = useMutation({
    mutationFn: () => unwrap(api.bookings({ id: booking.id }).cancel.put()),
    onSuccess: () => {
      toast({ title: 'Spots released', description: 'Nothing was charged.', variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['bookings'] });
    },
    onError: (error) =>
      toast({
        title: 'Could not release the spots',
        description: errorMessage(error, 'Something went wrong. Please try again.'),
        variant: 'destructive',
      }),
  });
  return (
    <div
      className={`mt-5 rounded-xl p-4 ${pending ? 'border border-amber-400 bg-amber-50 text-amber-950 dark:bg-amber-950/40 dark:text-amber-100' : 'bg-brand-50 text-brand-900 dark:bg-brand-950/60 dark:text-brand-100'}`}
      role="status"
    >
      <p className="flex items-center gap-2 font-semibold">
        <Icon name="check" className="h-5 w-5" />
        You've booked this class
      </p>
      <p className="mt-1 text-sm">
        {spotCount(booking.quantity)} · {pending ? 'Pending payment' : 'Confirmed'}
      </p>
      <a
        href={pending ? `/checkout/${booking.classId}?quantity=${booking.quantity}` : `/bookings/${booking.id}`}
        className={`mt-3 w-full ${pending ? 'btn-accent' : 'btn-secondary'}`}
      >
        {pending ? 'Complete payment' : 'View booking'}
      </a>
      {pending && (
        <div className="mt-2 grid grid-cols-2 gap-2">
          <a href={`/checkout/${booking.classId}?quantity=${booking.quantity}`} className="btn-ghost px-2 text-sm">
            Change spots
          </a>
          <button type="button" className="btn-ghost px-2 text-sm" disabled={release.isPending} onClick={() => release.mutate()}>
            {release.isPending ? 'Releasing...' : 'Release spots'}
          </button>
        </div>
      )}
    </div>
  );
}

tagReact(BookingCard);
