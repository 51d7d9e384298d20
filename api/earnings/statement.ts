// The arithmetic of one charged booking for the coach's statement, in integer cents: the 85% / 15% Connect
// split of price x spots, and a refund taking back the coach's and the platform's shares in proportion (as
// Stripe's reverse_transfer and refund_application_fee do). Refunds here are all or nothing, so the
// proportion is exact; a partial one rounds the coach's loss down to the cent.
//
// Coach credit (issue 20) is counted where the money moved, never twice: a sale counts what the customer's card
// paid. A cancellation given back as credit is not refunded, so its money stays the coach's (refunds leave it
// out; refundedAsCredit names it); credit spent later adds no gross, since the coach's share of it was paid with
// the booking it came from (the transfer is reduced by that share: common/quote.ts cardTransferCents), so only the
// card part is a sale and creditApplied names the rest. net is then exactly what the transfers leave the coach.
import { coachPayoutCents } from '../../common/money';
import { cardTransferCents } from '../../common/quote';

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
  /** Coach credit spent on it (part of amountCents: the card paid the rest). */
  creditAppliedCents?: number;
  /** Given back as coach credit instead of a card refund (kept by the coach until spent on their classes). */
  creditIssuedCents?: number;
}

export interface BookingFigures {
  /** The part of the price the card paid */
  gross: number;
  refunds: number;
  platformFees: number;
  net: number;
  /** The customer's service fee, the card's part */
  serviceFees: number;
  refundedToCustomers: number;
  /** What the customer's card was charged: gross + serviceFees - platformDiscounts, to the cent */
  cardCharged: number;
  /** A platform promo code's discount on the card's part: the customer paid it less, Fogline funds it */
  platformDiscounts: number;
  creditApplied: number;
  refundedAsCredit: number;
}

/** What one charged booking means for its coach: gross - refunds - platformFees = net, and net is what the
 * transfer of its card payment leaves the coach after any refund's reversal. */
export function figuresOf(booking: ChargedBooking): BookingFigures {
  const amount = booking.amountCents;
  const credit = Math.min(booking.creditAppliedCents ?? 0, amount);
  const card = amount - credit;
  // The credit's share of any sum, rounded down as cardTransferCents rounds it.
  const creditPart = (cents: number) => (amount <= 0 ? 0 : Math.floor((cents * credit) / amount));
  const refunded = Math.min(booking.refundAmountCents ?? 0, card);
  const share = (cents: number) => (refunded <= 0 ? 0 : refunded >= card ? cents : Math.floor((cents * refunded) / card));
  // A coach's own code: the class sold for the discounted price. A platform code: it sold for the list price
  // and the coach's 85% of it is paid in full (Fogline funds the discount out of its share).
  const listGross = booking.subtotalCents - (booking.discountFundedBy === 'coach' ? (booking.discountCents ?? 0) : 0);
  const platformDiscount = booking.discountFundedBy === 'platform' ? (booking.discountCents ?? 0) : 0;
  const gross = listGross - creditPart(listGross);
  const platformDiscounts = platformDiscount - creditPart(platformDiscount);
  const coachShare = cardTransferCents(booking.payoutCents ?? coachPayoutCents(listGross), amount, credit);
  const refunds = share(gross);
  const net = coachShare - share(coachShare);
  return {
    gross,
    refunds,
    platformFees: gross - refunds - net,
    net,
    // What is left of the card charge once the price's card part is counted: gross + serviceFees - platformDiscounts
    // is the card charge exactly (a rounding cent of the credit's split lands here, not in the coach's figures).
    serviceFees: card + platformDiscounts - gross,
    refundedToCustomers: refunded,
    cardCharged: card,
    platformDiscounts,
    creditApplied: credit,
    refundedAsCredit: booking.creditIssuedCents ?? 0,
  };
}

export function emptyFigures(): BookingFigures {
  return {
    gross: 0,
    refunds: 0,
    platformFees: 0,
    net: 0,
    serviceFees: 0,
    refundedToCustomers: 0,
    cardCharged: 0,
    platformDiscounts: 0,
    creditApplied: 0,
    refundedAsCredit: 0,
  };
}

export function addFigures(total: BookingFigures, more: BookingFigures): void {
  for (const key of Object.keys(total) as Array<keyof BookingFigures>) total[key] += more[key];
}
