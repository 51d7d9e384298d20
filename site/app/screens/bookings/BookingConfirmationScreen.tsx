// /bookings/{id} (issue 22): the confirmation of one booking — the class, who is coming, what was paid, the
// exact refund terms — with Add to calendar (this session's .ics, a Google Calendar event, and the private
// feed as a webcal:// subscription), Directions and Share. ?new=1 (straight after paying) says it is booked.
import { useQuery } from '@tanstack/react-query';
import type { Booking } from '../../../../api/bookings/model';
import { spotCount } from '../../../../common/plural';
import { Icon } from '../../../components/catalog/icons';
import { directionsUrl, googleCalendarEventUrl, icsDataUrl, webcalUrl } from '../../../lib/add-to-calendar';
import { api, unwrap } from '../../../lib/api';
import { ApiError } from '../../../lib/api-error';
import { dateAtTime, dollars, locationOf } from '../../../lib/catalog';
import { toast } from '../../../lib/stores/toast';
import Spinner from '../../components/Spinner';
import { useLocation } from '../../router';
import type { ScreenProps } from '../../router';
import { ClassFacts } from './ClassFacts';
import { formatDollars } from '../../../../common/money';
import { StatusBadge } from './StatusBadge';

/** What cancelling means for this booking, in plain words and exact amounts. */
export function refundTerms(booking: Booking, now = Date.now()): string {
  if (booking.status === 'cancelled') {
    return booking.refundAmount
      ? `Cancelled${booking.cancelledAt ? ` on ${dateAtTime(booking.cancelledAt)}` : ''}: ${dollars(booking.refundAmount)} refunded to your card (3-5 business days).`
      : `Cancelled${booking.cancelledAt ? ` on ${dateAtTime(booking.cancelledAt)}` : ''}: nothing was refunded.`;
  }
  if (booking.amount <= 0) return 'A free class: cancel any time before it starts, there is nothing to refund.';
  // The booking's own policy (issue 20): each tier still to come, with its deadline in PT and its exact amount.
  const start = booking.class.startTime ? Date.parse(booking.class.startTime) : null;
  const paidCents =
    Math.round(booking.amount * 100) - Math.round((booking.refundAmount ?? 0) * 100) - Math.round(booking.refundedAsCredit * 100);
  const credit =
    booking.cancellationPolicy.creditPercent !== null
      ? ` Or choose credit with the coach worth ${booking.cancellationPolicy.creditPercent}% of what you paid instead, until the class starts.`
      : '';
  const steps =
    start === null || booking.classChangedAt
      ? []
      : booking.cancellationPolicy.tiers
          .map((tier) => ({ at: start - tier.hoursBefore * 3_600_000, percent: tier.refundPercent }))
          .filter((step) => step.at > now)
          .map((step, i) => {
            const amount = formatDollars(Math.floor((paidCents * step.percent) / 100));
            const at = dateAtTime(new Date(step.at).toISOString());
            const lead = i === 0 ? 'Cancel by' : 'by';
            return step.percent >= 100 ? `${lead} ${at} for a full refund of ${amount}` : `${lead} ${at} for ${amount} (${step.percent}%)`;
          });
  if (steps.length > 0) return `${steps.join('; ')}. After that, cancelling refunds nothing.${credit}`;
  return `The refund window has passed: cancelling now refunds ${dollars(booking.refundIfCancelledNow)}.${credit}`;
}

export default function BookingConfirmationScreen({ params }: ScreenProps) {
  const id = Number(params.id);
  const { search } = useLocation();
  const fresh = new URLSearchParams(search).get('new') === '1';
  const booking = useQuery({ queryKey: ['booking', id], queryFn: () => unwrap(api.bookings({ id }).get()), retry: false });
  const feed = useQuery({ queryKey: ['calendar-feed'], queryFn: () => unwrap(api.calendar.get()), retry: false });

  if (booking.isError) {
    const missing = booking.error instanceof ApiError && booking.error.status === 404;
    return (
      <div className="container-page flex min-h-[50vh] items-center justify-center py-12">
        <div className="card w-full max-w-md p-8 text-center" role="alert">
          <h1 className="text-2xl font-bold">{missing ? 'Booking Not Found' : 'Error Loading Booking'}</h1>
          <p className="mt-2 text-fog-600 dark:text-fog-400">
            {missing ? "This booking doesn't exist or isn't yours." : "We couldn't load this booking. Please try again later."}
          </p>
          <a href="/bookings" className="btn-primary mt-6">
            View My Bookings
          </a>
        </div>
      </div>
    );
  }
  if (!booking.data) return <Spinner label="Loading your booking..." />;

  const b = booking.data;
  const cls = b.class;
  const place = cls.address || cls.location;
  const classUrl = `${window.location.origin}/classes/${cls.id}`;
  const event = cls.startTime
    ? {
        title: cls.title,
        start: cls.startTime,
        end: cls.endTime,
        location: place,
        details: `${spotCount(b.quantity)} booked on Fogline.`,
        url: classUrl,
      }
    : null;

  async function share() {
    const data = { title: cls.title, text: `I'm going to ${cls.title}`, url: classUrl };
    try {
      if (navigator.share) await navigator.share(data);
      else {
        await navigator.clipboard.writeText(classUrl);
        toast({ title: 'Link copied', description: 'Paste it to share the class.', variant: 'success' });
      }
    } catch {
      /* the share sheet was closed */
    }
  }

  const live = b.status !== 'cancelled' && !cls.deleted;
  return (
    <div className="container-page max-w-3xl py-8 sm:py-10">
      <a href={`/bookings?highlight=${b.id}`} className="btn-ghost -ml-3 mb-4 px-3">
        <Icon name="arrowLeft" /> My Bookings
      </a>
      {fresh && b.status === 'confirmed' && (
        <p
          role="status"
          className="mb-4 flex items-center gap-2 rounded-xl bg-brand-50 p-4 font-semibold text-brand-900 dark:bg-brand-900/50 dark:text-brand-100"
        >
          <Icon name="check" className="h-5 w-5" /> You're booked! A confirmation email is on its way.
        </p>
      )}
      <section className="card p-5 sm:p-8" aria-labelledby="booking-title">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h1 id="booking-title" className="text-2xl font-bold sm:text-3xl">
            {cls.title}
          </h1>
          <StatusBadge status={b.status} />
        </div>
        <p className="mt-1 text-sm text-fog-600 dark:text-fog-400">Booking #{b.id}</p>
        <div className="mt-5">
          <ClassFacts cls={cls} spots={`${spotCount(b.quantity)} booked`} />
        </div>

        {live && (
          <div className="mt-6 border-t border-fog-200 pt-4 dark:border-fog-800">
            <h2 className="font-semibold">Add to calendar</h2>
            <div className="mt-3 flex flex-wrap gap-2">
              {event && (
                <>
                  <a className="btn-secondary" href={googleCalendarEventUrl(event)} target="_blank" rel="noopener">
                    Google Calendar
                  </a>
                  <a className="btn-secondary" href={icsDataUrl(event, `booking-${b.id}@fogline`)} download={`fogline-booking-${b.id}.ics`}>
                    Download .ics
                  </a>
                </>
              )}
              {feed.data && (
                <a className="btn-secondary" href={webcalUrl(feed.data.url)}>
                  Subscribe to all my classes
                </a>
              )}
            </div>
            <div className="mt-4 flex flex-wrap gap-2">
              {place && (
                <a className="btn-primary" href={directionsUrl(place)} target="_blank" rel="noopener">
                  <Icon name="pin" className="h-4 w-4" /> Directions
                </a>
              )}
              <button type="button" className="btn-secondary" onClick={() => void share()}>
                Share
              </button>
              <a className="btn-ghost" href={`/classes/${cls.id}`}>
                View Class Details
              </a>
            </div>
            {place && (
              <p className="mt-2 text-sm text-fog-600 dark:text-fog-400">
                {locationOf(cls)}
                {cls.address && cls.location ? `, ${cls.address}` : ''}
              </p>
            )}
          </div>
        )}

        {b.attendees.length > 0 && (
          <div className="mt-6 border-t border-fog-200 pt-4 dark:border-fog-800">
            <h2 className="font-semibold">Who's coming</h2>
            <ul className="mt-2 space-y-1 text-sm">
              {b.attendees.map((a, i) => (
                <li key={i}>
                  {a.name}
                  {a.age !== null ? ` (${a.age})` : ''}
                </li>
              ))}
            </ul>
          </div>
        )}

        <div className="mt-6 border-t border-fog-200 pt-4 dark:border-fog-800">
          <h2 className="font-semibold">Payment and refunds</h2>
          <dl className="mt-2 grid grid-cols-[1fr_auto] gap-y-1 text-sm">
            <dt>
              {dollars(cls.price)} x {b.quantity}
            </dt>
            <dd className="text-right tabular-nums">{dollars(b.subtotal)}</dd>
            {b.discount > 0 && (
              <>
                <dt>Promo code discount</dt>
                <dd className="text-right tabular-nums" data-testid="booking-discount">
                  -{dollars(b.discount)}
                </dd>
              </>
            )}
            <dt>Service fee (5%)</dt>
            <dd className="text-right tabular-nums">{dollars(b.serviceFee)}</dd>
            <dt className="font-semibold">Paid</dt>
            <dd className="text-right font-semibold tabular-nums">{dollars(b.amount)}</dd>
          </dl>
          <p className="mt-3 text-sm text-fog-700 dark:text-fog-300" data-testid="refund-terms">
            {refundTerms(b)}
          </p>
        </div>
      </section>
    </div>
  );
}
