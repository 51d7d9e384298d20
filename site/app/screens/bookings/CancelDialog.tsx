// The cancel confirmation (customer-areas §2): Keep Booking / Confirm Cancellation, with exactly what the
// FAQ policy refunds for this booking and until when a full refund applies, in Pacific time (a class the
// coach moved is refunded in full until it starts).
import { Dialog, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import type { Booking } from '../../../../api/bookings/model';
import { dateAtTime, dollars } from '../../../lib/catalog';
import { spotCount } from '../../../../common/plural';

function refundSentence(booking: Booking): string {
  if (booking.status === 'pending') return 'Your payment has not been completed, so nothing has been charged and nothing needs refunding.';
  const until = booking.fullRefundUntil ? dateAtTime(booking.fullRefundUntil) : null;
  if (booking.paidWithPass) return passReturnSentence(booking, booking.paidWithPass);
  if (booking.amount === 0) return 'This class is free, so there is nothing to refund.';
  if (booking.classChangedAt && booking.refundIfCancelledNow > 0) {
    return `The coach changed this class, so you get a full refund of ${dollars(booking.refundIfCancelledNow)} until it starts, whatever the 48-hour rule says. Refunds take 3-5 business days.`;
  }
  if (booking.refundIfCancelledNow > 0) {
    return `You will be refunded ${dollars(booking.refundIfCancelledNow)} in full${until ? ` (full refunds apply until ${until}, 48 hours before the class)` : ''}. Refunds take 3-5 business days.`;
  }
  return `The class starts in less than 48 hours${until ? ` (full refunds ended ${until})` : ''}, so this cancellation is not refunded.`;
}

/** Credits come back when a booking is cancelled at least this long before the class (the FAQ's refund window). */
const RETURN_HOURS = 48;

/** A booking paid with a pass (issue 19): its credits go back within the same window a card payment is
 * refunded in, with their original expiry; a membership's spot is just freed. */
function passReturnSentence(booking: Booking, pass: NonNullable<Booking['paidWithPass']>): string {
  let until: string | null;
  if (pass.credits === 0) return `You booked with your membership, ${pass.name}: cancelling frees your spot, and nothing is charged.`;
  // Nothing was paid by card, so the answer may carry no refund deadline: the policy's 48 hours before the class.
  const deadline =
    booking.fullRefundUntil ??
    (booking.class.startTime ? new Date(Date.parse(booking.class.startTime) - RETURN_HOURS * 3_600_000).toISOString() : null);
  until = deadline ? dateAtTime(deadline) : null;
  const inTime = booking.classChangedAt !== null || (deadline !== null && Date.parse(deadline) > Date.now());
  const credits = pass.credits === 1 ? '1 credit' : `${pass.credits} credits`;
  if (inTime)
    return `Your ${credits} ${pass.credits === 1 ? 'goes' : 'go'} back to ${pass.name}, with ${pass.credits === 1 ? 'its' : 'their'} original expiry${until && booking.classChangedAt === null ? ` (credits come back until ${until}, 48 hours before the class)` : ''}.`;
  return `The class starts in less than 48 hours${until ? ` (credits came back until ${until})` : ''}, so the ${credits} ${pass.credits === 1 ? 'is' : 'are'} spent.`;
}

export function CancelDialog({
  booking,
  busy,
  onKeep,
  onConfirm,
}: {
  booking: Booking | null;
  busy: boolean;
  onKeep: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={booking !== null} onClose={busy ? () => {} : onKeep} className="fixed inset-0 z-50">
      <div className="fixed inset-0 bg-fog-950/50" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center p-4 sm:items-center">
        <DialogPanel className="card w-full max-w-md p-6">
          <DialogTitle className="text-lg font-bold">Cancel this booking?</DialogTitle>
          {booking && (
            <>
              <Description className="mt-2 text-sm text-fog-700 dark:text-fog-300">
                {booking.class.title}: {spotCount(booking.quantity)}. Cancellation policies may apply.
              </Description>
              <p
                className="mt-3 rounded-xl bg-fog-100 p-3 text-sm text-fog-800 dark:bg-fog-800 dark:text-fog-100"
                data-testid="refund-note"
              >
                {refundSentence(booking)}
              </p>
            </>
          )}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className="btn-secondary" onClick={onKeep} disabled={busy}>
              Keep Booking
            </button>
            <button type="button" className="btn-danger" onClick={onConfirm} disabled={busy}>
              {busy ? 'Cancelling...' : 'Confirm Cancellation'}
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
