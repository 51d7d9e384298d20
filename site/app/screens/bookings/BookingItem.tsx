// One booking card: class title, date, start-end time, location, spots booked, the status badge, and the
// actions of its tab (Cancel Booking upcoming; Add Review / View Review past). A class its coach deleted has
// no page any more: its card says so (with the refund) and offers no View Class Details.
import type { Booking } from '../../../../api/bookings/model';
import { isCancelledByCoach } from '../../../lib/bookings';
import { dateAtTime, DEFAULT_CLASS_IMAGE, dollars } from '../../../lib/catalog';
import type { ClassConditionsAnswer } from '../../../../api/conditions/model';
import { ConditionsPanel } from '../../../components/conditions/ConditionsPanel';
import { ClassFacts } from './ClassFacts';
import { StatusBadge } from './StatusBadge';
import { spotCount } from '../../../../common/plural';
import { WaiverRecordButton } from './WaiverRecordButton';

export type BookingTab = 'upcoming' | 'past' | 'cancelled';

/** "Book again": the series' next session, else the coach's classes. */
const bookAgainHref = (cls: Booking['class']) => (cls.nextSessionId ? `/classes/${cls.nextSessionId}` : `/coaches/${cls.coachId}`);

export function BookingItem({
  booking,
  tab,
  onCancel,
  onMove,
  highlighted = false,
  conditions,
}: {
  booking: Booking;
  tab: BookingTab;
  onCancel: (booking: Booking) => void;
  /** Moves the booking to the session the coach offered for the weather (one click). */
  onMove?: (booking: Booking) => void;
  highlighted?: boolean;
  conditions?: ClassConditionsAnswer;
}) {
  const { class: cls } = booking;
  const reviewHref = `/review?classId=${booking.classId}&bookingId=${booking.id}`;
  const spots = booking.quantity || 1;
  const offerStart =
    tab === 'upcoming' && booking.status === 'confirmed' && conditions?.watch?.status === 'offered'
      ? conditions.watch.offerStartTime
      : null;
  return (
    <li
      className={`card flex flex-col overflow-hidden sm:flex-row ${highlighted ? 'ring-2 ring-brand-500 ring-offset-2 ring-offset-fog-50 dark:ring-offset-fog-950' : ''}`}
      data-booking-id={booking.id}
      aria-current={highlighted ? 'true' : undefined}
    >
      <img
        src={cls.image || DEFAULT_CLASS_IMAGE}
        onError={(e) => {
          if (!e.currentTarget.src.endsWith(DEFAULT_CLASS_IMAGE)) e.currentTarget.src = DEFAULT_CLASS_IMAGE;
        }}
        alt=""
        className="h-32 w-full object-cover sm:h-auto sm:w-44"
        loading="lazy"
      />
      <div className="flex flex-1 flex-col gap-3 p-4 sm:p-5">
        {highlighted && <p className="badge self-start bg-brand-600 text-white dark:bg-brand-500 dark:text-fog-950">Just booked</p>}
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 className="text-lg font-semibold">{cls.title}</h3>
          <StatusBadge status={booking.status} />
        </div>
        <ClassFacts cls={cls} spots={`${spotCount(spots)} booked`} />
        {tab === 'upcoming' && conditions && booking.status !== 'cancelled' && (
          <ConditionsPanel conditions={conditions.conditions} watch={conditions.watch} compact />
        )}
        {booking.classChangedAt && !offerStart && booking.status !== 'cancelled' && !cls.deleted && (
          <p
            className="rounded-xl border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
            role="note"
          >
            <span className="font-semibold">Changed by the coach.</span> The time and place above are the new ones; you can cancel with a
            full refund until the class starts.
          </p>
        )}
        {offerStart && (
          <div
            className="rounded-xl border border-sky-400 bg-sky-50 p-3 text-sm text-sky-950 dark:bg-sky-950/40 dark:text-sky-100"
            role="note"
            data-testid="offered-session"
          >
            <p>
              <span className="font-semibold">Another session is offered for the weather.</span> Move there with your spots, names and
              payment (nothing more to pay), or cancel with a full refund.
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              <button type="button" className="btn-primary" onClick={() => onMove?.(booking)}>
                Move to {dateAtTime(offerStart)}
              </button>
              <button type="button" className="btn-secondary" onClick={() => onCancel(booking)}>
                Cancel for a full refund
              </button>
            </div>
          </div>
        )}
        {booking.attendees.length > 0 && (
          <p className="text-sm text-fog-700 dark:text-fog-300">
            <span className="font-medium">Attending:</span>{' '}
            {booking.attendees.map((a) => (a.age === null ? a.name : `${a.name} (${a.age})`)).join(', ')}
          </p>
        )}
        {booking.paidWithPass && (
          <p className="text-sm text-fog-700 dark:text-fog-300" data-testid="paid-with-pass">
            <span className="font-medium">Paid with:</span>{' '}
            {booking.paidWithPass.credits === 0
              ? `your membership, ${booking.paidWithPass.name}`
              : `${booking.paidWithPass.credits === 1 ? '1 credit' : `${booking.paidWithPass.credits} credits`} from ${booking.paidWithPass.name}`}
          </p>
        )}
        {isCancelledByCoach(booking) ? (
          <p className="text-sm font-medium text-fog-800 dark:text-fog-200">
            Cancelled by the coach{booking.refundAmount ? ` — refunded ${dollars(booking.refundAmount)}` : ''}
          </p>
        ) : cls.deleted ? (
          <p className="text-sm text-fog-600 dark:text-fog-400">This class is no longer listed.</p>
        ) : (
          booking.status === 'cancelled' &&
          (booking.cancelReason === 'moved' ? (
            <p className="text-sm text-fog-700 dark:text-fog-300" data-testid="cancelled-note">
              Moved to the session the coach offered for the weather{booking.cancelledAt ? ` on ${dateAtTime(booking.cancelledAt)}` : ''},
              with its payment
            </p>
          ) : (
            <p className="text-sm text-fog-700 dark:text-fog-300" data-testid="cancelled-note">
              Cancelled{booking.cancelledAt ? ` on ${dateAtTime(booking.cancelledAt)}` : ''}
              {booking.refundAmount ? ` — refunded ${dollars(booking.refundAmount)}` : booking.amount > 0 ? ' — nothing refunded' : ''}
            </p>
          ))
        )}
        {booking.status === 'pending' && !cls.deleted && (
          <p className="text-sm text-amber-800 dark:text-amber-200">
            Payment not completed yet.{' '}
            <a className="font-semibold underline" href={`/checkout/${booking.classId}?quantity=${spots}`}>
              Complete payment
            </a>
          </p>
        )}
        <div className="mt-auto flex flex-wrap gap-2 pt-1">
          {!cls.deleted && (
            <a href={`/classes/${booking.classId}`} className="btn-secondary">
              View Class Details
            </a>
          )}
          {booking.status !== 'cancelled' && booking.status !== 'offered' && tab === 'upcoming' && (
            <a href={`/bookings/${booking.id}`} className="btn-ghost">
              Calendar and directions
            </a>
          )}
          {(booking.status === 'confirmed' || booking.status === 'pending') && <WaiverRecordButton bookingId={booking.id} />}
          {tab !== 'upcoming' && (
            <a href={bookAgainHref(cls)} className="btn-secondary">
              Book again
            </a>
          )}
          {tab === 'upcoming' && booking.status !== 'cancelled' && (
            <button
              type="button"
              className="btn-ghost text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40"
              onClick={() => onCancel(booking)}
            >
              Cancel Booking
            </button>
          )}
          {tab === 'past' && booking.status === 'confirmed' && (
            <a href={reviewHref} className="btn-primary">
              {booking.reviewId ? 'View Review' : 'Add Review'}
            </a>
          )}
        </div>
      </div>
    </li>
  );
}
