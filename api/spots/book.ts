// Booking a free class: capacity checked and the booking written inside ONE serialized write transaction
// (after the class's due spots went to the waitlist, ./release.ts), so concurrent requests cannot oversell.
// Concurrent bookings of one process share that transaction (group commit), each in its own savepoint.
import type { Tx } from '../../db/client';
import { bookingOutbox, classes } from '../../db/schema';
import { badRequest } from '../errors';
import { type Attendee, type AttendeeInput, checkAttendees, saveAttendees } from './attendees';
import { activeBookingOf, loadBookableClass, refuseIfBooked, refusingDuplicates } from './bookable';
import { applyTransition, type BookingRow } from './booking-states';
import type { Customer, SpotsContext } from './context';
import { leaveOnceBooked } from './entry-states';
import { checkCapacity } from './policy';
import { writeBookingSpotsTogether } from './release';
import { type AcceptanceInput, type AcceptanceSource, recordBookingWaivers } from './waivers';
import { spotsTaken } from './taken';

type ClassRow = typeof classes.$inferSelect;

type FreeBookingInput = {
  classId: number;
  quantity: number;
  attendees?: AttendeeInput[];
  /** The waivers accepted with the booking (./waivers.ts), and where from. */
  waiverAcceptance?: AcceptanceInput;
  source?: AcceptanceSource;
};
type FreeBooking = { booking: BookingRow; cls: ClassRow; attendees: Attendee[] };

/** Books `quantity` spots of a free class, confirmed at once; the customer's place on its waitlist ends; its
 * confirmation is queued in the booking outbox. Concurrent calls in one process are written together (group
 * commit, ./release.ts writeBookingSpotsTogether), each with its own capacity check and its own answer. */
export function bookFree(ctx: SpotsContext, customer: Customer, input: FreeBookingInput): Promise<FreeBooking> {
  return refusingDuplicates(
    () =>
      new Promise<FreeBooking>((resolve, reject) => {
        const group = groupOf(ctx);
        group.waiting.push({ customer, input, resolve, reject });
        if (!group.scheduled) startGroup(ctx, group);
      }),
  );
}

/** The most bookings in one transaction: a bigger group would make its first customer wait for the last. */
const MAX_GROUP = 64;

interface Waiting {
  customer: Customer;
  input: FreeBookingInput;
  resolve: (booking: FreeBooking) => void;
  reject: (error: unknown) => void;
}
interface Group {
  waiting: Waiting[];
  /** A group transaction is queued and has not yet taken its bookings: newcomers join it. */
  scheduled: boolean;
}
const groups = new WeakMap<SpotsContext, Group>();

function groupOf(ctx: SpotsContext): Group {
  let group = groups.get(ctx);
  if (!group) groups.set(ctx, (group = { waiting: [], scheduled: false }));
  return group;
}

function startGroup(ctx: SpotsContext, group: Group): void {
  group.scheduled = true;
  let taken: Waiting[] | null = null;
  const collect = () => {
    taken = group.waiting.splice(0, MAX_GROUP);
    group.scheduled = false;
    // More than one group waiting: the next transaction queues now, behind this one.
    if (group.waiting.length > 0) startGroup(ctx, group);
    const now = ctx.clock.now();
    return taken.map((waiting) => ({
      classId: waiting.input.classId,
      work: (tx: Tx) => bookOne(tx, waiting.customer, waiting.input, now),
    }));
  };
  writeBookingSpotsTogether(ctx, collect).then(
    (outcomes) =>
      outcomes.forEach((outcome, i) => {
        const waiting = taken![i]!;
        if (outcome.status === 'fulfilled') waiting.resolve(outcome.value);
        else waiting.reject(outcome.reason);
      }),
    (error: unknown) => {
      // The transaction failed (or never began): everyone it took, or would have taken, hears why.
      const failed: Waiting[] = taken ?? group.waiting.splice(0, MAX_GROUP);
      if (!taken) {
        group.scheduled = false;
        if (group.waiting.length > 0) startGroup(ctx, group);
      }
      for (const waiting of failed) waiting.reject(error);
    },
  );
}

/** One free booking, in its savepoint of the group's transaction. */
async function bookOne(tx: Tx, customer: Customer, input: FreeBookingInput, now: Date): Promise<FreeBooking> {
  const cls = await loadBookableClass(tx, input.classId, customer, now);
  if (cls.priceCents > 0) throw badRequest('This class is not free: please book it through checkout.');
  refuseIfBooked(await activeBookingOf(tx, customer.id, cls.id));
  const attendees = checkAttendees(input.attendees, input.quantity, cls.ageGroup, customer);
  checkCapacity(cls.capacity, await spotsTaken(tx, cls.id, now), input.quantity);
  const booking = await applyTransition(tx, 'new', 'bookFree', 'customer', {
    classId: cls.id,
    userId: customer.id,
    quantity: input.quantity,
    confirmedAt: now,
  });
  await saveAttendees(tx, booking.id, attendees);
  const named = attendees.map((a, position) => ({ position, name: a.name }));
  await recordBookingWaivers(tx, {
    booking,
    cls,
    attendees: named,
    acceptance: input.waiverAcceptance,
    source: input.source,
    now,
    required: true,
  });
  await leaveOnceBooked(tx, booking, now);
  // The confirmation (email and .ics) is owed from this commit on: the outbox row commits with the booking and a
  // worker sends it (api/notices/outbox.ts), so nothing slow runs before the answer and a crash loses nothing.
  await tx.insert(bookingOutbox).values({ kind: 'booking_confirmed', bookingId: booking.id, dueAt: now.getTime(), createdAt: now });
  return { booking, cls, attendees: attendees.map((a, position) => ({ position, ...a, attendance: null })) };
}
