// How a pass reads to a customer, computed in integer cents: "5-class pack: $100, $20 a class — save $25"
// (the saving against the coach's own class price) and the booking card's "Use 1 credit (4 left, expires
// Jan 12)". Shared by the coach's profile, the class page, the booking card and the wallet.
import { TIME_ZONE } from '../../common/pacific';

/** "$100" for whole dollars, "$19.99" otherwise: a price in a sentence, from cents. */
export function shortDollars(cents: number): string {
  const whole = cents % 100 === 0;
  return `$${whole ? String(cents / 100) : (cents / 100).toFixed(2)}`;
}

/** What one credit of a pack costs, rounded to the cent (display only: the pack is paid as one price). */
export function perClassCents(priceCents: number, credits: number): number {
  return credits > 0 ? Math.round(priceCents / credits) : priceCents;
}

/** What the pack saves against buying its classes one by one at `classPriceCents`; 0 when it saves nothing. */
export function savingCents(priceCents: number, credits: number, classPriceCents: number): number {
  return Math.max(0, classPriceCents * credits - priceCents);
}

/** "5-class pack: $100, $20 a class — save $25" (the saving only when there is one and a class price to
 * compare with). */
export function packLine(pass: { credits: number; priceCents: number }, classPriceCents: number | null): string {
  const name = pass.credits === 1 ? '1-class pass' : `${pass.credits}-class pack`;
  let line = `${name}: ${shortDollars(pass.priceCents)}`;
  if (pass.credits > 1) line += `, ${shortDollars(perClassCents(pass.priceCents, pass.credits))} a class`;
  const saving = classPriceCents === null ? 0 : savingCents(pass.priceCents, pass.credits, classPriceCents);
  if (saving > 0) line += ` — save ${shortDollars(saving)}`;
  return line;
}

const monthDay = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, month: 'short', day: 'numeric' });

/** "Jan 12" in Pacific time. */
export function shortDay(instant: string | Date): string {
  return monthDay.format(typeof instant === 'string' ? new Date(instant) : instant);
}

/** The booking card's offer: "Use 1 credit (4 left, expires Jan 12)"; `spots` credits for that many spots. */
export function creditsOfferLine(spots: number, creditsLeft: number, expiresAt: string | null): string {
  const what = spots === 1 ? 'Use 1 credit' : `Use ${spots} credits`;
  const expiry = expiresAt ? `, expires ${shortDay(expiresAt)}` : '';
  return `${what} (${creditsLeft} left${expiry})`;
}
