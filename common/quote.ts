// The one computation of what a booking (or a pass) costs: list price, a promo code's discount, credit applied,
// the 5% service fee, what the card is charged and the coach's payout, all in integer cents. create-intent, the
// checkout's quote, a free-after-discount booking and the reconciliation test all read these numbers, so the
// amount shown is the amount charged and recorded.
import { coachPayoutCents, priceBreakdown } from './money';

/** Stripe refuses a card charge below 50 cents (USD): a discount never leaves less than this to pay, but 0. */
export const MIN_CARD_CHARGE_CENTS = 50;

/** A promo code's discount as the quote needs it: who pays for it and how much it takes off. */
export interface QuoteDiscount {
  /** 'coach': the coach's own code, their payout is 85% of the discounted price. 'platform': an admin's code,
   * the coach still receives 85% of the undiscounted price. */
  fundedBy: 'coach' | 'platform';
  percentOff: number | null;
  amountOffCents: number | null;
}

export interface QuoteInput {
  /** The class's (or pass's) price in cents, per spot. */
  priceCents: number;
  quantity: number;
  discount?: QuoteDiscount | null;
  /** Credit with this coach the customer may spend here (issue 20 item 3): at most the total is applied. */
  creditAvailableCents?: number;
}

export interface Quote {
  /** price x quantity (the list price) */
  subtotalCents: number;
  /** What the promo code takes off the list price (0 without one). */
  discountCents: number;
  /** The 5% service fee, on the discounted price. */
  serviceFeeCents: number;
  /** subtotal - discount + fee: the booking's amount (amount_cents), however it is paid. */
  totalCents: number;
  /** Coach credit spent on it (0 without). */
  creditAppliedCents: number;
  /** What the card is charged: total - credit. */
  cardCents: number;
  /** What the coach receives: 85% of the discounted price (coach's code) or of the list price (platform code). */
  payoutCents: number;
  /** The part of the payout transferred with the card payment: the payout less the share the coach already holds for
   * the credit applied (in the proportion the credit pays of the total). */
  transferCents: number;
  /** Who funds the discount, when there is one. */
  discountFundedBy: 'coach' | 'platform' | null;
}

/** What the discount takes off `listCents`, before the caps below: a percentage rounded to the cent, or a fixed
 * amount, never more than the list price. */
function rawDiscount(listCents: number, discount: QuoteDiscount): number {
  const off =
    discount.percentOff !== null ? Math.round((listCents * discount.percentOff) / 100) : Math.max(0, discount.amountOffCents ?? 0);
  return Math.min(listCents, off);
}

/** A platform code is paid for by Fogline, but the payment is a Stripe destination charge whose transfer to the
 * coach (85% of the list price) cannot exceed the charge: so a platform discount is capped where the charge
 * (discounted price + its 5% fee) still covers that payout, about 19% of the list price. */
export function maxPlatformDiscount(listCents: number): number {
  const payout = coachPayoutCents(listCents);
  // (list - d) * 1.05 >= payout, solved for d, then stepped down until the rounded fee makes it true.
  let discount = Math.max(0, Math.floor(listCents - payout / 1.05));
  while (discount > 0 && priceBreakdown(listCents - discount, 1).totalCents < payout) discount--;
  return discount;
}

/** The payout transferred with a booking's card payment: the payout less the part the coach already holds for the
 * coach credit applied (in the proportion the credit pays of the total). */
export function cardTransferCents(payoutCents: number, totalCents: number, creditAppliedCents: number): number {
  return totalCents <= 0 ? 0 : payoutCents - Math.floor((payoutCents * creditAppliedCents) / totalCents);
}

/** The quote for a booking or a pass: the one place a checkout amount is computed. */
export function quoteBooking(input: QuoteInput): Quote {
  const subtotalCents = input.priceCents * input.quantity;
  const discount = input.discount ?? null;
  let discountCents = discount ? rawDiscount(subtotalCents, discount) : 0;
  if (discount?.fundedBy === 'platform') discountCents = Math.min(discountCents, maxPlatformDiscount(subtotalCents));
  const charged = priceBreakdown(subtotalCents - discountCents, 1);
  // A coach's code that would leave a charge the card network refuses (under 50 cents) makes it free instead.
  if (discount?.fundedBy === 'coach' && charged.totalCents > 0 && charged.totalCents < MIN_CARD_CHARGE_CENTS) {
    discountCents = subtotalCents;
  }
  const { serviceFeeCents, totalCents } = priceBreakdown(subtotalCents - discountCents, 1);
  // Credit pays first, but never leaves a card charge the card network refuses (1-49 cents): then the card pays 50.
  let creditAppliedCents = Math.max(0, Math.min(input.creditAvailableCents ?? 0, totalCents));
  const left = totalCents - creditAppliedCents;
  if (left > 0 && left < MIN_CARD_CHARGE_CENTS) creditAppliedCents = Math.max(0, totalCents - MIN_CARD_CHARGE_CENTS);
  const payoutBase = discount?.fundedBy === 'platform' ? subtotalCents : subtotalCents - discountCents;
  const payoutCents = coachPayoutCents(payoutBase);
  return {
    subtotalCents,
    discountCents,
    serviceFeeCents,
    totalCents,
    creditAppliedCents,
    cardCents: totalCents - creditAppliedCents,
    payoutCents,
    transferCents: cardTransferCents(payoutCents, totalCents, creditAppliedCents),
    discountFundedBy: discountCents > 0 && discount ? discount.fundedBy : null,
  };
}
