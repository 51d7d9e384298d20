// Booking emails through the mail provider: the confirmation (with an .ics file for the class, in Pacific
// time) and the cancellation (with the refund amount). Best effort: a mail failure never undoes a booking.
import type { classes, users } from '../../db/schema';
import type { AppContext } from '../context';
import { renderEmail } from '../mail-templates';
import type { MailAttachment } from '../providers/mail';
import { formatDollars } from '../../common/money';
import { formatDateFull, formatTimeRangePT, formatTimePT, formatDateLong } from '../../common/pacific';
import { type Attendee, attendeesOfBooking, describeAttendee } from '../spots/attendees';
import { findUser } from '../spots/bookable';
import { type BookingRow, type CancelReason, isIn } from '../spots/booking-states';
import { placeOf } from '../lib/class-place';
import { buildIcs } from '../lib/ics';
import {
  type CancellationPolicy,
  describePassRules,
  noticeText,
  passRulesOf,
  policyFrom,
  policyName,
  tierDeadline,
} from '../spots/refund-policy';
import { meetingLines } from '../../common/directions';
import { spotCount } from '../../common/plural';
import { passUseOf } from '../spots/pass-credits';
import { fullRefundDeadline } from '../spots/policy';
import { bookingEvent } from './calendar-event';

type ClassRow = typeof classes.$inferSelect;
type UserRow = Pick<typeof users.$inferSelect, 'email' | 'firstName'>;

interface BookingFacts {
  id: number;
  userId: number;
  quantity: number;
  subtotalCents: number;
  serviceFeeCents: number;
  amountCents: number;
  confirmedAt: Date | null;
  /** The policy the booking was booked under (null: the 48-hour rule) and the coach credit spent on it. */
  cancellationPolicy?: unknown;
  creditAppliedCents?: number;
  /** A promo code's discount off price x spots (issue 20). */
  discountCents?: number;
}

export function whereOf(cls: ClassRow): string {
  return placeOf(cls) || 'Location not specified';
}

export function whenOf(cls: ClassRow): string {
  if (!cls.startTime) return 'Date to be announced';
  return `${formatDateFull(cls.startTime)}, ${formatTimeRangePT(cls.startTime, cls.endTime)}`;
}

export async function deliver(ctx: AppContext, send: () => Promise<void>): Promise<void> {
  try {
    await send();
  } catch (error) {
    console.error('[notices] email could not be sent', error);
  }
}

/** A booking paid with a pass, in words: "1 credit of your 5-class pack", "your Monthly unlimited" (a membership). */
type PassUse = Awaited<ReturnType<typeof passUseOf>>;
const passWords = (pass: NonNullable<PassUse>) =>
  pass.kind === 'membership' && pass.taken === 0
    ? `your ${pass.name}`
    : `${pass.taken} ${pass.taken === 1 ? 'credit' : 'credits'} of your ${pass.name}`;

function bookingConfirmationEmail(
  ctx: AppContext,
  booking: BookingFacts,
  cls: ClassRow,
  user: UserRow,
  attendees: Attendee[] = [],
  pass: PassUse = null,
) {
  const people = attendees.map(describeAttendee).join(', ');
  const spots = spotCount(booking.quantity);
  const credit = booking.creditAppliedCents ?? 0;
  const discount = booking.discountCents ?? 0;
  const less = discount > 0 ? ` less a ${formatDollars(discount)} promo code discount` : '';
  const booked = policyFrom(booking.cancellationPolicy);
  const deadline = fullRefundDeadline(cls.startTime, false, booked);
  const fullTier = booked.tiers.find((t) => t.refundPercent >= 100);
  const paid = pass
    ? `Paid with ${passWords(pass)}: nothing was charged to your card.`
    : booking.amountCents > 0
      ? `Paid: ${formatDollars(booking.amountCents)} (${formatDollars(booking.subtotalCents)} for ${spots}${less} plus a ${formatDollars(booking.serviceFeeCents)} service fee)${credit > 0 ? `: ${formatDollars(credit)} from your coach credit and ${formatDollars(booking.amountCents - credit)} by card` : ''}.`
      : discount > 0
        ? `Your promo code covered the whole price (${formatDollars(booking.subtotalCents)} for ${spots}): nothing was charged.`
        : 'This class is free: nothing was charged.';
  const policy =
    pass && pass.taken > 0 && deadline && fullTier
      ? `Need to cancel? Your ${pass.taken === 1 ? 'credit comes' : 'credits come'} back if you cancel by ${formatDateLong(deadline)} at ${formatTimePT(deadline)} (${noticeText(fullTier.hoursBefore)} before the class); after that, ${pass.taken === 1 ? 'it is' : 'they are'} spent.`
      : booking.amountCents > 0 && cls.startTime
        ? `Need to cancel? ${cancellationTermsText(booked, cls.startTime)}`
        : 'Need to cancel? You can cancel from My Bookings until the class starts.';
  const content = renderEmail({
    heading: `You're booked: ${cls.title}`,
    preheader: `${whenOf(cls)} · ${spots}`,
    paragraphs: [
      `Hi ${user.firstName}, your booking is confirmed.`,
      `When: ${whenOf(cls)}`,
      `Where: ${whereOf(cls)}`,
      ...meetingLines(cls),
      people ? `Spots: ${spots} for ${people}` : `Spots: ${spots}`,
      paid,
      policy,
    ],
    button: { label: 'View my bookings', url: `${ctx.env.publicUrl}/bookings` },
    footnote: 'The attached calendar file adds the class to your calendar.',
  });
  return {
    to: user.email,
    subject: `Booking confirmed: ${cls.title}`,
    ...content,
    attachments: classIcsAttachments(ctx, booking, cls, people),
  };
}

/** The class as an .ics file (one event per booking, its sequence raised by every change of time or place, so
 * a later email updates the same calendar entry). */
export function classIcsAttachments(
  ctx: AppContext,
  booking: Pick<BookingFacts, 'id' | 'quantity'>,
  cls: ClassRow,
  people = '',
): MailAttachment[] {
  if (!cls.startTime) return [];
  const ics = buildIcs(
    bookingEvent(ctx, booking, { ...cls, startTime: cls.startTime }, people, { cancelled: false, stamp: ctx.clock.now() }),
  );
  return [{ filename: 'class.ics', content: ics, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }];
}

/** The confirmation as sent: email, .ics and the attendees' names as they stand now. */
export async function bookingConfirmation(ctx: AppContext, booking: BookingFacts, cls: ClassRow, user: UserRow) {
  const [attendees, pass] = await Promise.all([attendeesOfBooking(ctx.db, booking), passUseOf(ctx.db, booking.id)]);
  return bookingConfirmationEmail(ctx, booking, cls, user, attendees, pass);
}

export function sendBookingConfirmation(ctx: AppContext, booking: BookingFacts, cls: ClassRow, user: UserRow): Promise<void> {
  return deliver(ctx, async () => ctx.mail.send(await bookingConfirmation(ctx, booking, cls, user)));
}

const REASON_TEXT: Partial<Record<CancelReason, string>> = {
  customer: 'As you asked, your booking has been cancelled.',
  class_deleted: 'We are sorry: the coach had to cancel this class, so your booking has been cancelled.',
  payment_late:
    'Your payment arrived too late for us to keep your booking: the class had already started, or your 15-minute hold had expired and the class had filled up in the meantime.',
};

/** The booking's own terms with their deadlines in Pacific time: "Your cancellation policy (Strict): a full refund
 * if you cancel by Friday, May 1 at 9:00 AM PT (7 days before the class), 50% by ...; after that, no refund." */
export function cancellationTermsText(policy: CancellationPolicy, classStart: Date): string {
  const steps = policy.tiers.map((tier) => {
    const at = tierDeadline(tier, classStart);
    const amount = tier.refundPercent >= 100 ? 'a full refund' : `a ${tier.refundPercent}% refund`;
    return `${amount} if you cancel by ${formatDateLong(at)} at ${formatTimePT(at)} (${noticeText(tier.hoursBefore)} before the class)`;
  });
  const credit =
    policy.creditPercent !== null
      ? ` Or choose credit with your coach worth ${policy.creditPercent}% of what you paid instead, any time before the class starts.`
      : '';
  const passes = describePassRules(passRulesOf(policy));
  return `Your cancellation policy (${policyName(policy)}): ${steps.join(', ')}; after that, no refund.${credit}${passes ? ` ${passes}` : ''}`;
}

export async function sendCancellationEmail(
  ctx: AppContext,
  booking: BookingFacts,
  cls: ClassRow,
  user: UserRow,
  refundCents: number,
  reason: CancelReason,
  /** The class's own reason, in place of the reason's usual words (the weather, a minimum size not reached). */
  why?: string,
  /** Given back as credit with the coach (chosen instead of a refund, or credit spent on the booking). */
  creditCents = 0,
): Promise<void> {
  const wasPaid = booking.confirmedAt !== null && booking.amountCents > 0;
  const pass = booking.confirmedAt !== null && booking.amountCents === 0 ? await passUseOf(ctx.db, booking.id) : null;
  const creditLine =
    creditCents > 0
      ? ` ${formatDollars(creditCents)} is back as credit with your coach, spent automatically when you book their classes again.`
      : '';
  const refund = pass
    ? pass.taken === 0
      ? `Booked with ${passWords(pass)}: nothing to refund.`
      : pass.returned > 0
        ? `Your ${pass.returned === 1 ? 'credit is' : `${pass.returned} credits are`} back on your ${pass.name}.`
        : `Cancelled too close to the class for the cancellation policy you booked with, so the ${pass.taken === 1 ? 'credit' : 'credits'} of your ${pass.name} ${pass.taken === 1 ? 'is' : 'are'} spent.`
    : refundCents > 0
      ? `Refund: ${formatDollars(refundCents)} to your original payment method. Refunds take 3-5 business days to appear.${creditLine}`
      : creditCents > 0
        ? `Credit: ${formatDollars(creditCents)} with your coach, spent automatically when you book their classes again. It does not expire.`
        : wasPaid
          ? 'Refund: $0.00. Under the cancellation policy you booked with, a cancellation this close to the class is not refunded.'
          : booking.amountCents > 0
            ? 'The payment was never completed, so nothing was charged.'
            : 'This class was free, so there is nothing to refund.';
  const content = renderEmail({
    heading: `Booking cancelled: ${cls.title}`,
    paragraphs: [
      `Hi ${user.firstName},`,
      why ?? REASON_TEXT[reason] ?? 'Your booking has been cancelled.',
      `Class: ${cls.title}, ${whenOf(cls)}`,
      refund,
    ],
    button: { label: 'Browse classes', url: `${ctx.env.publicUrl}/classes` },
  });
  return deliver(ctx, () => ctx.mail.send({ to: user.email, subject: `Booking cancelled: ${cls.title}`, ...content }));
}

/** A payment that could not be honoured was refunded in full: the customer hears why. */
export async function notifyRefundedLatePayment(
  ctx: AppContext,
  booking: BookingRow,
  cls: ClassRow,
  refundCents: number,
  /** Why, when it was not lateness (a payment made without the waiver). */
  why?: string,
): Promise<void> {
  const user = await findUser(ctx.db, booking.userId);
  if (user)
    await sendCancellationEmail(
      ctx,
      booking,
      cls,
      user,
      refundCents,
      isIn(booking, ['cancelledClassDeleted']) ? 'class_deleted' : 'payment_late',
      why,
    );
}
