// How a booking was paid, as the admin's user page says it: free, by card, wholly with coach credit, or split between
// the two (integer cents, so the parts add up to the total shown).
import { formatDollars } from '../../../../common/money';

export interface PaidAmounts {
  /** Dollars: the booking's total, and the part of it coach credit paid. */
  amount: number;
  creditApplied: number;
}

const cents = (dollars: number) => Math.round(dollars * 100);

export function paidLine({ amount, creditApplied }: PaidAmounts): string {
  const total = cents(amount);
  const credit = Math.min(total, cents(creditApplied));
  if (total <= 0) return 'Free';
  if (credit <= 0) return `Paid ${formatDollars(total)}`;
  if (credit === total) return `Paid with credit ${formatDollars(credit)}`;
  return `Paid ${formatDollars(total)}: ${formatDollars(total - credit)} by card, ${formatDollars(credit)} with credit`;
}
