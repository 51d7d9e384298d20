// Money is integer cents everywhere it is stored or computed; dollars only at the JSON and display edges.

/** Customers pay a 5% service fee on top of price x quantity (customer-areas §9). */
const SERVICE_FEE_RATE = 0.05;
/** The platform keeps 15% of price x quantity; the coach receives 85% (coach-admin-areas §9). */
const PLATFORM_FEE_RATE = 0.15;

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

export interface PriceBreakdown {
  subtotalCents: number;
  serviceFeeCents: number;
  totalCents: number;
}

/** price x quantity, the 5% service fee rounded to the cent, and their sum: the same numbers the page shows. */
export function priceBreakdown(priceCents: number, quantity: number): PriceBreakdown {
  const subtotalCents = priceCents * quantity;
  const serviceFeeCents = Math.round(subtotalCents * SERVICE_FEE_RATE);
  return { subtotalCents, serviceFeeCents, totalCents: subtotalCents + serviceFeeCents };
}

/** What the coach receives of a booking: 85% of price x quantity, rounded down to the cent. */
export function coachPayoutCents(subtotalCents: number): number {
  return Math.floor(subtotalCents * (1 - PLATFORM_FEE_RATE));
}

/** "$12.50" */
export function formatDollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** A booking's price as the server charges it and the checkout shows it (issue 20): the list subtotal, the
 * service fee, the total, the coach credit applied (at most the total), what the card pays, the coach's payout
 * (85% of the subtotal) and the part of it transferred with the card payment (the rest the coach already holds
 * from the payments the credit came from, pro rata). One function, so shown = charged = recorded. */
export interface BookingQuote extends PriceBreakdown {
  creditAppliedCents: number;
  cardCents: number;
  payoutCents: number;
  transferCents: number;
}

export function quoteBooking(input: { priceCents: number; quantity: number; creditAvailableCents?: number }): BookingQuote {
  const price = priceBreakdown(input.priceCents, input.quantity);
  const creditAppliedCents = Math.max(0, Math.min(input.creditAvailableCents ?? 0, price.totalCents));
  const cardCents = price.totalCents - creditAppliedCents;
  const payoutCents = coachPayoutCents(price.subtotalCents);
  return {
    ...price,
    creditAppliedCents,
    cardCents,
    payoutCents,
    transferCents: cardTransferCents(price.subtotalCents, price.totalCents, creditAppliedCents),
  };
}

/** The coach's payout transferred with a booking's card payment: the payout less the part the coach already holds
 * for the coach credit applied (in the proportion the credit pays of the total). */
export function cardTransferCents(subtotalCents: number, totalCents: number, creditAppliedCents: number): number {
  const payoutCents = coachPayoutCents(subtotalCents);
  return totalCents <= 0 ? 0 : payoutCents - Math.floor((payoutCents * creditAppliedCents) / totalCents);
}
