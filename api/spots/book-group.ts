// What a group of free bookings (./book.ts) is decided against, and the decision itself: read once for the whole
// group (each class, its spots taken, the customers' open bookings and places in line), then every booking is
// checked against it in order, each seeing the ones before it. Shared by the two ways a group is written: one
// transaction with a savepoint per booking (./book.ts), and one round trip to a libSQL server (./book-batch.ts).
import { and, eq, inArray, lte, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { bookings, classes, OPEN_BOOKING_STATUSES, waitlistEntries } from '../../db/schema';
import { badRequest } from '../errors';
import { type Attendee, type AttendeeInput, checkAttendees } from './attendees';
import { checkBookableClass, refuseIfBooked } from './bookable';
import { BOOKING_STATES, type BookingRow, inStates } from './booking-states';
import { liveClasses } from './classes';
import type { Customer } from './context';
import { entryIn } from './entry-states';
import { checkCapacity } from './policy';
import { TIMED_STATES, takesSpots } from './taken';
import type { AcceptanceInput, AcceptanceSource } from './waivers';

export type ClassRow = typeof classes.$inferSelect;
/** `payWith`: the spots of a paid class are paid with this purchase's credits (or its unlimited membership). */
export type FreeBookingInput = {
  classId: number;
  quantity: number;
  attendees?: AttendeeInput[];
  promoCode?: string | null;
  payWith?: { purchaseId: number };
  /** The waivers accepted with the booking, and where from (./waivers.ts). */
  waiverAcceptance?: AcceptanceInput;
  source?: AcceptanceSource;
};
export type FreeBooking = { booking: BookingRow; cls: ClassRow; attendees: Attendee[] };
/** One booking asked of the group. */
export interface FreeRequest {
  customer: Customer;
  input: FreeBookingInput;
}

/** The group's view (keys `classId:userId`), moved on by each booking that succeeds. `owed` names the classes with
 * spots to pass to the waitlist first (a hold or an offer past its end; people waiting while spots are free). */
export interface GroupView {
  classes: Map<number, ClassRow>;
  taken: Map<number, number>;
  open: Map<string, BookingRow>;
  waiting: Map<string, number>;
  owed: Set<number>;
}

export const keyOf = (classId: number, userId: number) => `${classId}:${userId}`;

/** The reads of a group, as queries (run one after another in a transaction, or together in one batch). */
export function groupViewQueries(db: Database | Tx, requests: FreeRequest[], now: Date) {
  const classIds = [...new Set(requests.map((request) => request.input.classId))];
  const userIds = [...new Set(requests.map((request) => request.customer.id))];
  // Each customer's booking of the class they ask for, not every class of the group for every customer of it (a
  // crowd booking the same classes one after another read hundreds of rows per group: issue 23).
  const pairs = [...new Map(requests.map(({ input, customer }) => [keyOf(input.classId, customer.id), [input.classId, customer.id]]))];
  const asked = sql`(${bookings.classId}, ${bookings.userId}) in (values ${sql.join(
    pairs.map(([, [classId, userId]]) => sql`(${classId}, ${userId})`),
    sql`, `,
  )})`;
  return [
    db
      .select()
      .from(classes)
      .where(and(inArray(classes.id, classIds), liveClasses)),
    db
      .select({ classId: bookings.classId, spots: sql<number>`coalesce(sum(${bookings.quantity}), 0)` })
      .from(bookings)
      .where(and(inArray(bookings.classId, classIds), takesSpots(now)))
      .groupBy(bookings.classId),
    db
      .select()
      .from(bookings)
      // OPEN_BOOKING_STATUSES is activeBooking written as the unique index's condition, so each pair is one index seek.
      .where(and(asked, sql.raw(OPEN_BOOKING_STATUSES))),
    db
      .select({ id: waitlistEntries.id, classId: waitlistEntries.classId, userId: waitlistEntries.userId })
      .from(waitlistEntries)
      .where(and(inArray(waitlistEntries.classId, classIds), inArray(waitlistEntries.userId, userIds), entryIn(['waiting']))),
    // What ./release.ts releaseDueSpots would act on: holds and offers past their end, people waiting.
    db
      .selectDistinct({ classId: bookings.classId })
      .from(bookings)
      .where(and(inArray(bookings.classId, classIds), inStates(TIMED_STATES), lte(bookings.holdExpiresAt, now))),
    db
      .selectDistinct({ classId: waitlistEntries.classId })
      .from(waitlistEntries)
      .where(and(inArray(waitlistEntries.classId, classIds), entryIn(['waiting']))),
  ] as const;
}

type Rows<I extends number> = Awaited<ReturnType<typeof groupViewQueries>[I]>;
export type GroupViewRows = [Rows<0>, Rows<1>, Rows<2>, Rows<3>, Rows<4>, Rows<5>];

/** The view from the reads' rows. */
export function toGroupView([rows, taken, open, waiting, due, lined]: GroupViewRows): GroupView {
  const view: GroupView = {
    classes: new Map(rows.map((row) => [row.id, row])),
    taken: new Map(taken.map((row) => [row.classId, Number(row.spots)])),
    open: new Map(open.map((row) => [keyOf(row.classId, row.userId), row])),
    waiting: new Map(waiting.map((row) => [keyOf(row.classId, row.userId), row.id])),
    owed: new Set(due.map((row) => row.classId)),
  };
  for (const { classId } of lined) {
    const cls = view.classes.get(classId);
    if (cls && cls.capacity > (view.taken.get(classId) ?? 0)) view.owed.add(classId);
  }
  return view;
}

/** The reads of a group inside its write transaction, after its classes' due spots were released (so nothing is
 * owed: the last two reads are left out). */
export async function readGroupView(tx: Tx, requests: FreeRequest[], now: Date): Promise<GroupView> {
  const [a, b, c, d] = groupViewQueries(tx, requests, now);
  return toGroupView([await a, await b, await c, await d, [], []]);
}

/** The rules of a free booking, decided against the view as the bookings before it left it: the class can be
 * booked by this customer, is free (or `paidOff`: a promo code, a pass), is not booked by them already, and names
 * its attendees. Answers the class and the attendees; throws the refusal. Capacity: checkGroupCapacity. */
export function decideFreeBooking(view: GroupView, customer: Customer, input: FreeBookingInput, now: Date, paidOff = false) {
  const cls = checkBookableClass(view.classes.get(input.classId), customer, now);
  if (cls.priceCents > 0 && !paidOff) throw badRequest('This class is not free: please book it through checkout.');
  refuseIfBooked(view.open.get(keyOf(cls.id, customer.id)));
  const attendees = checkAttendees(input.attendees, input.quantity, cls.ageGroup, customer);
  return { cls, attendees: attendees.map((a, position): Attendee => ({ position, ...a, attendance: null })) };
}

/** The class has the spots, counting the group's bookings before this one. */
export function checkGroupCapacity(view: GroupView, cls: ClassRow, quantity: number): void {
  checkCapacity(cls.capacity, view.taken.get(cls.id) ?? 0, quantity);
}

/** A booking was made: the bookings after it see its spots, and it as the customer's open booking. */
export function recordBooked(view: GroupView, booking: BookingRow): void {
  view.taken.set(booking.classId, (view.taken.get(booking.classId) ?? 0) + booking.quantity);
  view.open.set(keyOf(booking.classId, booking.userId), booking);
  view.waiting.delete(keyOf(booking.classId, booking.userId));
}

/** A booking decided but not yet written, as the group's view counts it (its id is not known yet): the customer's
 * open, confirmed booking of the class. */
export function plannedBooking({ customer, input }: FreeRequest, cls: ClassRow): BookingRow {
  const row = {
    classId: cls.id,
    userId: customer.id,
    quantity: input.quantity,
    status: BOOKING_STATES.confirmed.status,
    cancelReason: null,
  };
  return row as unknown as BookingRow;
}

/** SQL condition on `bookings`: a booking of the class past its hold or offer, not yet released (the class and the
 * time may be placeholders or a column of the statement, in a statement built once). */
export function dueTimedBooking(classId: number | Placeholder | SQL, now: Date | Placeholder) {
  return and(eq(bookings.classId, classId), inStates(TIMED_STATES), lte(bookings.holdExpiresAt, now))!;
}
