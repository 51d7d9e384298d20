// What a booking's customer has paid and not had back, split by how it was paid (card, coach credit): the sums a
// cancellation, a refund and the booking's answer start from. Pure, on the booking row.
import { type BookingRow, isIn } from './booking-states';

type PaidColumns = Pick<
  BookingRow,
  'status' | 'cancelReason' | 'amountCents' | 'refundAmountCents' | 'creditAppliedCents' | 'creditIssuedCents'
>;

/** What the card pays (or paid) of a booking: its amount less the coach credit spent on it. */
export function cardCentsOf(row: Pick<BookingRow, 'amountCents' | 'creditAppliedCents'>): number {
  return row.amountCents - row.creditAppliedCents;
}

/** What the customer has paid for a booking and not had back: its amount once confirmed (a hold has paid nothing
 * yet), less what was refunded to the card (a cancellation's, an admin's: api/admin/user-support.ts) and what was
 * given back as coach credit. */
export function paidCents(row: PaidColumns): number {
  return isIn(row, ['confirmed']) ? Math.max(0, row.amountCents - (row.refundAmountCents ?? 0) - row.creditIssuedCents) : 0;
}

/** What can still be refunded to the card: the card payment less the card refunds so far. */
export function cardRefundableCents(row: PaidColumns): number {
  return isIn(row, ['confirmed']) ? Math.max(0, cardCentsOf(row) - (row.refundAmountCents ?? 0)) : 0;
}

/** How `backCents` of a booking's paid amount goes back: to the card and to coach credit in the proportion they
 * paid (credit spent comes back as credit), never more to the card than it can still take. */
export function splitBack(row: PaidColumns, backCents: number): { cardCents: number; creditCents: number } {
  const paid = paidCents(row);
  if (backCents <= 0 || paid <= 0) return { cardCents: 0, creditCents: 0 };
  const card = cardRefundableCents(row);
  const cardCents = Math.min(card, Math.floor((backCents * card) / paid));
  return { cardCents, creditCents: backCents - cardCents };
}
