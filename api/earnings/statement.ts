// The arithmetic of one charged booking for the coach's statement, in integer cents: the 85% / 15% Connect
// split of price x spots, and a refund taking back the coach's and the platform's shares in proportion (as
// Stripe's reverse_transfer and refund_application_fee do). Refunds here are all or nothing, so the
// proportion is exact; a partial one rounds the coach's loss down to the cent.
import { coachPayoutCents } from '../../common/money';

export interface ChargedBooking {
  subtotalCents: number;
  serviceFeeCents: number;
  amountCents: number;
  refundAmountCents: number | null;
  /** A promo code's discount: a coach's own lowers what the class sold for; a platform code's is Fogline's. */
  discountCents?: number;
  discountFundedBy?: 'coach' | 'platform' | null;
  /** The coach's share as the checkout computed it (api/lib/quote.ts); null on bookings from before. */
  payoutCents?: number | null;
}

export interface BookingFigures {
  gross: number;
  refunds: number;
  platformFees: number;
  net: number;
  serviceFees: number;
  refundedToCustomers: number;
}

/** What one charged booking means for its coach: gross - refunds - platformFees = net. */
export function figuresOf(booking: ChargedBooking): BookingFigures {
  const refunded = Math.min(booking.refundAmountCents ?? 0, booking.amountCents);
  const share = (cents: number) => (refunded >= booking.amountCents ? cents : Math.floor((cents * refunded) / booking.amountCents));
  // A coach's own code: the class sold for the discounted price. A platform code: it sold for the list price
  // and the coach's 85% of it is paid in full (Fogline funds the discount out of its share).
  const gross = booking.subtotalCents - (booking.discountFundedBy === 'coach' ? (booking.discountCents ?? 0) : 0);
  const coachShare = booking.payoutCents ?? coachPayoutCents(gross);
  const refunds = share(gross);
  const net = coachShare - share(coachShare);
  return { gross, refunds, platformFees: gross - refunds - net, net, serviceFees: booking.serviceFeeCents, refundedToCustomers: refunded };
}

export function emptyFigures(): BookingFigures {
  return { gross: 0, refunds: 0, platformFees: 0, net: 0, serviceFees: 0, refundedToCustomers: 0 };
}

export function addFigures(total: BookingFigures, more: BookingFigures): void {
  for (const key of Object.keys(total) as Array<keyof BookingFigures>) total[key] += more[key];
}
