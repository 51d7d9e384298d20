// Subscription arithmetic the way Stripe Billing does it. Periods: a week is 7 days; a month lands on the anchor's
// day of the month, or the month's last day when it has fewer days (an anchor on Jan 31 renews on Feb 28, then
// Mar 31). Fees: the platform's share of each invoice as application_fee_percent.
export type BillingInterval = 'month' | 'week';

const DAY_MS = 24 * 60 * 60 * 1000;

function daysInUtcMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/** The end of the `count`-th period after `anchor` (count 1: the first period's end). */
export function periodBoundary(anchor: Date, interval: BillingInterval, count: number): Date {
  if (interval === 'week') return new Date(anchor.getTime() + count * 7 * DAY_MS);
  const year = anchor.getUTCFullYear();
  const month = anchor.getUTCMonth() + count;
  const targetYear = year + Math.floor(month / 12);
  const targetMonth = ((month % 12) + 12) % 12;
  const day = Math.min(anchor.getUTCDate(), daysInUtcMonth(targetYear, targetMonth));
  return new Date(
    Date.UTC(
      targetYear,
      targetMonth,
      day,
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
}

/** The period that starts at `start` on a cycle anchored at `anchor`: it ends at the first boundary after it. */
export function periodAfter(anchor: Date, interval: BillingInterval, start: Date): { start: Date; end: Date } {
  let count = 1;
  let end = periodBoundary(anchor, interval, count);
  while (end.getTime() <= start.getTime()) end = periodBoundary(anchor, interval, ++count);
  return { start, end };
}

/** Stripe's application fee is a share of the invoice with two decimals; it is what makes the coach's transfer
 * 85% of the price (the platform keeps its 15% and the whole service fee). */
export function applicationFeePercent(totalCents: number, payoutCents: number): number {
  return Math.round(((totalCents - payoutCents) / totalCents) * 10_000) / 100;
}

/** The coach's transfer of an invoice under that percentage, rounded as Stripe rounds the fee (to the cent). */
export function transferOf(totalCents: number, feePercent: number): number {
  return totalCents - Math.round((totalCents * feePercent) / 100);
}
