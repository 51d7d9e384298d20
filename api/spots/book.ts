// Booking a free class: capacity checked and the booking written inside ONE serialized write transaction
// (after the class's due spots went to the waitlist, ./release.ts), so concurrent requests cannot oversell.
import { bookingOutbox, classes } from '../../db/schema';
import { badRequest } from '../errors';
import { type Attendee, type AttendeeInput, checkAttendees, saveAttendees } from './attendees';
import { activeBookingOf, loadBookableClass, refuseIfBooked, refusingDuplicates } from './bookable';
import { applyTransition, type BookingRow } from './booking-states';
import type { Customer, SpotsContext } from './context';
import { leaveOnceBooked } from './entry-states';
import { checkCapacity } from './policy';
import { writeBookingSpots } from './release';
import { spotsTaken } from './taken';

type ClassRow = typeof classes.$inferSelect;

/** Books `quantity` spots of a free class, confirmed at once; the customer's place on its waitlist ends; its
 * confirmation is queued in the booking outbox. */
export async function bookFree(
  ctx: SpotsContext,
  customer: Customer,
  input: { classId: number; quantity: number; attendees?: AttendeeInput[] },
): Promise<{ booking: BookingRow; cls: ClassRow; attendees: Attendee[] }> {
  const now = ctx.clock.now();
  return refusingDuplicates(() =>
    writeBookingSpots(ctx, input.classId, async (tx) => {
      const cls = await loadBookableClass(tx, input.classId, customer, now);
      if (cls.priceCents > 0) throw badRequest('This class is not free: please book it through checkout.');
      refuseIfBooked(await activeBookingOf(tx, customer.id, cls.id));
      const attendees = checkAttendees(input.attendees, input.quantity, cls.ageGroup, customer);
      checkCapacity(cls.capacity, await spotsTaken(tx, cls.id, now), input.quantity);
      const booking = await applyTransition(tx, 'new', 'bookFree', 'customer', { classId: cls.id, userId: customer.id, quantity: input.quantity, confirmedAt: now });
      await saveAttendees(tx, booking.id, attendees);
      await leaveOnceBooked(tx, booking, now);
      // The confirmation (email and .ics) is owed from this commit on: the outbox row commits with the booking and a
      // worker sends it (api/notices/outbox.ts), so nothing slow runs before the answer and a crash loses nothing.
      await tx.insert(bookingOutbox).values({ kind: 'booking_confirmed', bookingId: booking.id, dueAt: now.getTime(), createdAt: now });
      return { booking, cls, attendees: attendees.map((a, position) => ({ position, ...a, attendance: null })) };
    }),
  );
}
