// The cancel confirmation (customer-areas §2; issue 20): Keep Booking / Confirm Cancellation, with exactly what
// the policy the booking was booked under gives back now (integer cents from the server's `cancelNow`) and until
// when, in Pacific time, then what the next tier gives; where the coach offers more as credit, both choices with
// their amounts (a class the coach moved is refunded in full until it starts).
import { Dialog, DialogPanel, DialogTitle, Description, Radio, RadioGroup } from '@headlessui/react';
import { useEffect, useState } from 'react';
import type { Booking } from '../../../../api/bookings/model';
import type { RefundAs } from '../../../../api/policies/model';
import { formatDollars } from '../../../../common/money';
import { noticeText } from '../../../../common/cancellation-policy';
import { dateAtTime } from '../../../lib/catalog';
import { spotCount } from '../../../../common/plural';
import { policyLabel } from '../../../lib/policy-text';

/** "$15.74 to your card and $21.00 back as coach credit": how a refund splits when coach credit paid part. */
function splitWords(now: Booking['cancelNow']): string {
  if (now.refundToCreditCents === 0) return '';
  return ` (${formatDollars(now.refundToCardCents)} to your card and ${formatDollars(now.refundToCreditCents)} back as coach credit, as you paid)`;
}

/** The notice of the tier a deadline belongs to, "48 hours", from the booking's own policy. */
function noticeOf(booking: Booking, until: string | null): string | null {
  if (!until || !booking.class.startTime) return null;
  const hours = Math.round((Date.parse(booking.class.startTime) - Date.parse(until)) / 3_600_000);
  return noticeText(hours);
}

function refundSentence(booking: Booking): string {
  if (booking.status === 'pending') return 'Your payment has not been completed, so nothing has been charged and nothing needs refunding.';
  const until = booking.fullRefundUntil ? dateAtTime(booking.fullRefundUntil) : null;
  if (booking.paidWithPass) return passReturnSentence(booking, booking.paidWithPass);
  if (booking.amount === 0) return 'This class is free, so there is nothing to refund.';
  const now = booking.cancelNow;
  if (booking.classChangedAt && now.refundCents > 0) {
    return `The coach changed this class, so you get a full refund of ${formatDollars(now.refundCents)}${splitWords(now)} until it starts, whatever ${booking.cancellationPolicy.preset === 'moderate' ? 'the 48-hour rule' : 'your cancellation policy'} says. Refunds take 3-5 business days.`;
  }
  const ends = now.refundUntil ? dateAtTime(now.refundUntil) : null;
  const notice = noticeOf(booking, now.refundUntil);
  const next = now.nextRefundCents > 0 ? `${formatDollars(now.nextRefundCents)} (${now.nextRefundPercent}%)` : 'nothing is refunded';
  if (now.refundCents > 0 && now.refundPercent >= 100) {
    return `You will be refunded ${formatDollars(now.refundCents)} in full${splitWords(now)}${ends ? ` (full refunds apply until ${ends}, ${notice} before the class)` : ''}. Refunds take 3-5 business days.${ends && now.nextRefundCents > 0 ? ` After that, ${next}.` : ''}`;
  }
  if (now.refundCents > 0) {
    return `You will be refunded ${formatDollars(now.refundCents)}, ${now.refundPercent}% of what you paid${splitWords(now)}. This applies until ${ends}, ${notice} before the class; after that, ${next}. Refunds take 3-5 business days.`;
  }
  const last = booking.cancellationPolicy.tiers.at(-1);
  const lastEnded =
    last && booking.class.startTime
      ? dateAtTime(new Date(Date.parse(booking.class.startTime) - last.hoursBefore * 3_600_000).toISOString())
      : until;
  return `The class starts in less than ${last ? noticeText(last.hoursBefore) : '48 hours'}${lastEnded ? ` (refunds ended ${lastEnded})` : ''}, so this cancellation is not refunded.`;
}

/** Credits come back when a booking is cancelled in time for a full refund under its own policy (48 hours before
 * the class under Moderate, the default). */
const returnHours = (booking: Booking) => booking.cancellationPolicy.tiers.find((t) => t.refundPercent >= 100)?.hoursBefore ?? 0;

/** A booking paid with a pass (issue 19): its credits go back within the same window a card payment is
 * refunded in, with their original expiry; a membership's spot is just freed. */
function passReturnSentence(booking: Booking, pass: NonNullable<Booking['paidWithPass']>): string {
  let until: string | null;
  if (pass.credits === 0) return membershipSentence(pass);
  // Nothing was paid by card, so the answer may carry no refund deadline: the policy's 48 hours before the class.
  const deadline =
    booking.fullRefundUntil ??
    (booking.class.startTime ? new Date(Date.parse(booking.class.startTime) - returnHours(booking) * 3_600_000).toISOString() : null);
  until = deadline ? dateAtTime(deadline) : null;
  const inTime = booking.classChangedAt !== null || (deadline !== null && Date.parse(deadline) > Date.now());
  const credits = pass.credits === 1 ? '1 credit' : `${pass.credits} credits`;
  if (inTime)
    return `Your ${credits} ${pass.credits === 1 ? 'goes' : 'go'} back to ${pass.name}, with ${pass.credits === 1 ? 'its' : 'their'} original expiry${until && booking.classChangedAt === null ? ` (credits come back until ${until}, ${noticeText(returnHours(booking))} before the class)` : ''}.`;
  return `The class starts in less than ${noticeText(returnHours(booking))}${until ? ` (credits came back until ${until})` : ''}, so the ${credits} ${pass.credits === 1 ? 'is' : 'are'} spent.`;
}

/** An unlimited membership's booking: cancelling frees the spot; in the policy's late window it also charges the
 * late-cancel fee the booking was made under (issue 20), to the membership's card. */
function membershipSentence(pass: NonNullable<Booking['paidWithPass']>): string {
  const fee = pass.lateCancelFeeCents ?? null;
  const head = `You booked with your membership, ${pass.name}: cancelling frees your spot`;
  if (fee === null) return `${head}, and nothing is charged.`;
  const from = pass.lateCancelFeeFrom ?? null;
  if (from === null || Date.parse(from) <= Date.now())
    return `${head}. Cancelling now is a late cancellation: a late-cancel fee of ${formatDollars(fee)} is charged to your membership's card, as the policy you booked under says.`;
  return `${head}, and nothing is charged until ${dateAtTime(from)}; after that, a late-cancel fee of ${formatDollars(fee)} is charged to your membership's card.`;
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
  onConfirm: (refundAs: RefundAs) => void;
}) {
  const [refundAs, setRefundAs] = useState<RefundAs>('card');
  useEffect(() => setRefundAs('card'), [booking?.id]);
  const credit = booking && booking.status === 'confirmed' ? booking.cancelNow.creditCents : null;
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
              <p className="mt-2 text-sm text-fog-700 dark:text-fog-300" data-testid="booked-policy">
                Booked under the <span className="font-semibold">{policyLabel(booking.cancellationPolicy.preset)}</span> cancellation
                policy: {booking.cancellationPolicy.summary}
              </p>
              <p
                className="mt-3 rounded-xl bg-fog-100 p-3 text-sm text-fog-800 dark:bg-fog-800 dark:text-fog-100"
                data-testid="refund-note"
              >
                {refundSentence(booking)}
              </p>
              {credit !== null && (
                <RadioGroup value={refundAs} onChange={setRefundAs} aria-label="How you get your money back" className="mt-4 space-y-2">
                  <p className="text-sm font-semibold">How would you like it back?</p>
                  <RefundChoice value="card" title={`Refund to my card: ${formatDollars(booking.cancelNow.refundCents)}`}>
                    {booking.cancelNow.refundPercent}% of what you paid, back in 3-5 business days.
                  </RefundChoice>
                  <RefundChoice value="credit" title={`Credit with my coach: ${formatDollars(credit)}`}>
                    {booking.cancelNow.creditPercent}% of what you paid, spent automatically when you book this coach's classes again. It
                    does not expire.
                  </RefundChoice>
                </RadioGroup>
              )}
            </>
          )}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className="btn-secondary" onClick={onKeep} disabled={busy}>
              Keep Booking
            </button>
            <button type="button" className="btn-danger" onClick={() => onConfirm(credit !== null ? refundAs : 'card')} disabled={busy}>
              {busy ? 'Cancelling...' : 'Confirm Cancellation'}
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

function RefundChoice({ value, title, children }: { value: RefundAs; title: string; children: React.ReactNode }) {
  return (
    <Radio
      value={value}
      className="group flex cursor-pointer gap-3 rounded-xl border border-fog-300 p-3 text-sm outline-none focus-visible:ring-2 focus-visible:ring-brand-500 data-[checked]:border-brand-600 data-[checked]:bg-brand-50 dark:border-fog-700 dark:data-[checked]:border-brand-400 dark:data-[checked]:bg-brand-900/40"
    >
      <span
        aria-hidden="true"
        className="mt-0.5 flex h-4 w-4 shrink-0 items-center justify-center rounded-full border border-fog-400 group-data-[checked]:border-brand-600 dark:group-data-[checked]:border-brand-400"
      >
        <span className="hidden h-2 w-2 rounded-full bg-brand-600 group-data-[checked]:block dark:bg-brand-400" />
      </span>
      <span>
        <span className="block font-semibold">{title}</span>
        <span className="mt-0.5 block text-fog-700 dark:text-fog-300">{children}</span>
      </span>
    </Radio>
  );
}
