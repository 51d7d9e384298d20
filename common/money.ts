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
