// Moving a booking to the session a coach offered for the weather (api/conditions decides which session that
// is): ONE write books the same quantity and people on the offered session, capacity checked, and ends the old
// booking without a refund, because its payment moves with it. Only at the same price: the amount paid carries
// over exactly and nothing is charged or refunded (a session at another price is booked and cancelled the usual
// way, with the full refund the offer gives). The old booking keeps no amount, so every figure read from
// bookings (earnings, refunds) counts the money once, on the new booking.
import { and, eq } from 'drizzle-orm';
import { bookingAttendees, bookingOutbox, bookings, classes, emergencyContacts, medicalNotes, waiverAcceptances } from '../../db/schema';
import { conflict, notFound } from '../errors';
import { activeBookingOf, refusingDuplicates } from './bookable';
import { applyTransition, type BookingRow, isIn } from './booking-states';
import { liveClass } from './classes';
import type { Customer, SpotsContext } from './context';
import { leaveOnceBooked } from './entry-states';
import { movePassPayment, paidByPass } from './pass-credits';
import { hasStarted } from './policy';
import { writeBookingSpots } from './release';
import { spotsLeftOf, spotsTaken } from './taken';

export const OFFERED_SESSION_FULL = 'The offered session has no room for your spots any more. You can still cancel for a full refund.';
export const OFFERED_SESSION_STARTED = 'The offered session has already started. You can still cancel for a full refund.';
export const OFFERED_PRICE_DIFFERS =
  'The offered session has another price, so your booking cannot move with its payment: cancel for a full refund and book it from its page.';
const NOT_MOVABLE = 'This booking cannot be moved any more.';

/** Moves the customer's confirmed booking `bookingId` to class `toClassId`; answers the booking on the offered
 * session. A second call (a second click, another process) answers the booking it already moved to. */
export async function moveToOfferedSession(
  ctx: SpotsContext,
  customer: Pick<Customer, 'id'>,
  bookingId: number,
  toClassId: number,
): Promise<{ booking: BookingRow; moved: boolean }> {
  const now = ctx.clock.now();
  return refusingDuplicates(() =>
    writeBookingSpots(ctx, toClassId, async (tx) => {
      const old = await tx
        .select()
        .from(bookings)
        .where(and(eq(bookings.id, bookingId), eq(bookings.userId, customer.id)))
        .get();
      if (!old) throw notFound('Booking not found.');
      const already = await activeBookingOf(tx, customer.id, toClassId);
      if (isIn(old, ['movedToOfferedSession'])) {
        if (already) return { booking: already, moved: false };
        throw conflict(NOT_MOVABLE);
      }
      if (!isIn(old, ['confirmed'])) throw conflict(NOT_MOVABLE);
      const cls = await tx.select().from(classes).where(liveClass(toClassId)).get();
      if (!cls) throw notFound('Class not found.');
      if (hasStarted(cls.startTime, now)) throw conflict(OFFERED_SESSION_STARTED);
      if (already)
        throw conflict('You have already booked the offered session. You can cancel this booking for a full refund.', 'already_booked');
      // Paid with a pass: its credits move with the booking, whatever the session's price.
      const byPass = await paidByPass(tx, old.id);
      if (!byPass && cls.priceCents * old.quantity !== old.subtotalCents) throw conflict(OFFERED_PRICE_DIFFERS);
      if (spotsLeftOf(cls.capacity, await spotsTaken(tx, cls.id, now)) < old.quantity) throw conflict(OFFERED_SESSION_FULL);
      // The old booking lets go of its payment first (payment_intent_id is unique), then the new one takes it.
      const ended = await applyTransition(tx, { id: old.id }, 'moveToOfferedSession', 'customer', {
        cancelledAt: now,
        refundAmountCents: 0,
        subtotalCents: 0,
        serviceFeeCents: 0,
        amountCents: 0,
        paymentIntentId: null,
      });
      if (!ended) throw conflict(NOT_MOVABLE);
      const booking = await applyTransition(tx, 'new', 'bookOfferedSession', 'customer', {
        classId: cls.id,
        userId: customer.id,
        quantity: old.quantity,
        subtotalCents: old.subtotalCents,
        serviceFeeCents: old.serviceFeeCents,
        amountCents: old.amountCents,
        paymentIntentId: old.paymentIntentId,
        confirmedAt: now,
      });
      if (byPass) await movePassPayment(tx, old.id, booking.id, now);
      const people = await tx.select().from(bookingAttendees).where(eq(bookingAttendees.bookingId, old.id));
      if (people.length > 0)
        await tx
          .insert(bookingAttendees)
          .values(people.map((p) => ({ bookingId: booking.id, position: p.position, name: p.name, age: p.age })));
      // The same coach's waivers, as accepted (what, by whom, when), the emergency contact and medical notes go with the people.
      const accepted = await tx.select().from(waiverAcceptances).where(eq(waiverAcceptances.bookingId, old.id));
      if (accepted.length > 0)
        await tx.insert(waiverAcceptances).values(accepted.map(({ id: _id, ...row }) => ({ ...row, bookingId: booking.id })));
      const contact = await tx.select().from(emergencyContacts).where(eq(emergencyContacts.bookingId, old.id)).get();
      if (contact) await tx.insert(emergencyContacts).values({ ...contact, bookingId: booking.id });
      const notes = await tx.select().from(medicalNotes).where(eq(medicalNotes.bookingId, old.id));
      if (notes.length > 0) await tx.insert(medicalNotes).values(notes.map((n) => ({ ...n, bookingId: booking.id })));
      await leaveOnceBooked(tx, booking, now);
      await tx.insert(bookingOutbox).values({ kind: 'booking_confirmed', bookingId: booking.id, dueAt: now.getTime(), createdAt: now });
      return { booking, moved: true };
    }),
  );
}
