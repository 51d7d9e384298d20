// The paired moves: a waitlist entry and the booking holding its offer always change together, so each pair of
// transitions (api/spots/booking-states.ts and entry-states.ts) is ONE function here, run inside the caller's
// write. Callers never fire the two halves by hand.
import type { Tx } from '../../db/client';
import { conflict } from '../errors';
import { priceBreakdown } from '../../common/money';
import { type Actor, applyTransition, type BookingRow } from './booking-states';
import { type EntryRow, entryIs, moveEntry } from './entry-states';
import { holdExpiry } from './policy';

export const OFFER_EXPIRED = 'This offer has expired, so the spots went to the next person on the waitlist.';
export const OFFER_ANSWERED = 'This offer has already been answered.';
const ENTRY_CHANGED = 'This waitlist entry changed meanwhile. Please reload the page.';

/** Spots freed up for a waiting entry: a booking in the 'offered' state holds them, at today's price for its
 * quantity, until `deadline`; the entry is offered with it (its announcement still to go out). */
export async function offerSpots(tx: Tx, entry: EntryRow, priceCents: number, deadline: Date, now: Date): Promise<BookingRow> {
  const price = priceBreakdown(priceCents, entry.quantity);
  const hold = await applyTransition(tx, 'new', 'offerSpots', 'system', {
    classId: entry.classId,
    userId: entry.userId,
    quantity: entry.quantity,
    subtotalCents: price.subtotalCents,
    serviceFeeCents: price.serviceFeeCents,
    amountCents: price.totalCents,
    holdExpiresAt: deadline,
  });
  await moveEntry(tx, entry, 'offer', 'system', { bookingId: hold.id, offeredAt: now, offerExpiresAt: deadline, offerNotifiedAt: null });
  return hold;
}

/**
 * How an offer (or a place in line) ends:
 * - 'acceptFree': the held spots are booked (confirmed); 'acceptPaid': they become the payment hold at the
 *   amount offered, until the offer's deadline or the usual hold, whichever is later; 'acceptWithPass': a pass
 *   pays for them (the caller takes its credits in the same write), so they are booked with nothing to charge;
 * - 'decline': the person said no; 'expire': nobody answered in time (the system);
 * - 'leave': the person left the waitlist, releasing an offer they held.
 * Answers the moved entry and booking. An accept or a decline that lost a race (expired, answered) is refused
 * with a 409 and its code; a system expiry that lost simply moves nothing.
 */
export async function answerOffer(
  tx: Tx,
  entry: EntryRow,
  answer: 'acceptFree' | 'acceptPaid' | 'acceptWithPass' | 'decline' | 'expire' | 'leave',
  now: Date,
): Promise<{ entry: EntryRow | null; booking: BookingRow | null }> {
  const bookingId = entry.bookingId;
  const actor: Actor = answer === 'expire' ? 'system' : 'customer';
  if (answer === 'acceptFree' || answer === 'acceptPaid' || answer === 'acceptWithPass') {
    const booking =
      bookingId === null
        ? null
        : answer === 'acceptFree'
          ? await applyTransition(tx, { id: bookingId }, 'acceptFreeOffer', actor, { confirmedAt: now, holdExpiresAt: null })
          : answer === 'acceptWithPass'
            ? // Nothing is charged by card: the booking records no amount, as one booked with a pass (bookWithPass).
              await applyTransition(tx, { id: bookingId }, 'acceptOfferWithPass', actor, {
                confirmedAt: now,
                holdExpiresAt: null,
                subtotalCents: 0,
                serviceFeeCents: 0,
                amountCents: 0,
                discountCents: 0,
              })
            : await applyTransition(tx, { id: bookingId }, 'acceptPaidOffer', actor, {
                holdExpiresAt: new Date(Math.max(entry.offerExpiresAt!.getTime(), holdExpiry(now).getTime())),
              });
    const moved = booking && (await moveEntry(tx, entry, 'accept', actor, { endedAt: now }));
    if (!booking || !moved) throw conflict(OFFER_EXPIRED, 'offer_expired');
    return { entry: moved, booking };
  }
  // Ending an offer releases the booking that held its spots; a place in line that was only waiting has none.
  const held = bookingId !== null && (answer !== 'leave' || entryIs(entry, ['offered']));
  const released = held
    ? await applyTransition(tx, { id: bookingId }, answer === 'expire' ? 'expireOffer' : 'declineOffer', actor, {
        cancelledAt: now,
        holdExpiresAt: null,
      })
    : null;
  const moved = await moveEntry(tx, entry, answer, actor, { endedAt: now });
  if (!moved && answer === 'decline') throw conflict(OFFER_ANSWERED, 'offer_answered');
  if (!moved && answer === 'leave') throw conflict(ENTRY_CHANGED, 'changed_meanwhile');
  return { entry: moved, booking: released };
}
