// Booking a free class: capacity checked and the booking written inside ONE serialized write transaction
// (after the class's due spots went to the waitlist, ./release.ts), so concurrent requests cannot oversell.
// Concurrent bookings of one process share that transaction (group commit): what every booking of the group needs
// to know is read once per group (each class, its spots taken, the customers' open bookings and places in line),
// then each booking is decided and written by `bookOne` in its own savepoint, against that view as the bookings
// before it left it; the group's attendees and confirmations are written together at the end.
import { and, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bookingAttendees, bookingOutbox, bookings, classes, waitlistEntries } from '../../db/schema';
import { badRequest } from '../errors';
import { type Attendee, type AttendeeInput, checkAttendees } from './attendees';
import { checkBookableClass, refuseIfBooked, refusingDuplicates } from './bookable';
import { activeBooking, applyTransition, type BookingRow } from './booking-states';
import { liveClasses } from './classes';
import type { Customer, SpotsContext } from './context';
import { entryIn, moveEntry } from './entry-states';
import { checkCapacity } from './policy';
import { freeWithPromoCode } from './promo';
import { settleInSavepoint, writeBookingSpotsTogether } from './release';
import { spotsTakenByClass } from './taken';

type ClassRow = typeof classes.$inferSelect;

type FreeBookingInput = { classId: number; quantity: number; attendees?: AttendeeInput[]; promoCode?: string | null };
type FreeBooking = { booking: BookingRow; cls: ClassRow; attendees: Attendee[] };

/** Books `quantity` spots of a free class, confirmed at once; the customer's place on its waitlist ends; its
 * confirmation is queued in the booking outbox. Concurrent calls in one process are written together (group
 * commit), each with its own checks and its own answer. */
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

interface Request {
  customer: Customer;
  input: FreeBookingInput;
}
interface Waiting extends Request {
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
    const requests = taken;
    const now = ctx.clock.now();
    return { classIds: requests.map((request) => request.input.classId), run: (tx: Tx) => bookGroup(tx, requests, now) };
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

/** What the bookings of a group are decided against, read once for the whole group and moved on by each booking
 * that succeeds: the live classes, their spots taken, and the group's customers' open bookings and waiting places
 * in those classes (keyed `classId:userId`). */
export interface GroupView {
  classes: Map<number, ClassRow>;
  taken: Map<number, number>;
  open: Map<string, BookingRow>;
  waiting: Map<string, number>;
}

const keyOf = (classId: number, userId: number) => `${classId}:${userId}`;

/** Four reads for the whole group, whatever its size (SQLite's bound-parameter limit is far above MAX_GROUP). */
async function readGroupView(tx: Tx, requests: Request[], now: Date): Promise<GroupView> {
  const classIds = [...new Set(requests.map((request) => request.input.classId))];
  const userIds = [...new Set(requests.map((request) => request.customer.id))];
  const [rows, taken, open, waiting] = [
    await tx
      .select()
      .from(classes)
      .where(and(inArray(classes.id, classIds), liveClasses)),
    await spotsTakenByClass(tx, classIds, now),
    await tx
      .select()
      .from(bookings)
      .where(and(inArray(bookings.classId, classIds), inArray(bookings.userId, userIds), activeBooking)),
    await tx
      .select({ id: waitlistEntries.id, classId: waitlistEntries.classId, userId: waitlistEntries.userId })
      .from(waitlistEntries)
      .where(and(inArray(waitlistEntries.classId, classIds), inArray(waitlistEntries.userId, userIds), entryIn(['waiting']))),
  ];
  return {
    classes: new Map(rows.map((row) => [row.id, row])),
    taken,
    open: new Map(open.map((row) => [keyOf(row.classId, row.userId), row])),
    waiting: new Map(waiting.map((row) => [keyOf(row.classId, row.userId), row.id])),
  };
}

/** A booking's savepoint was released: the bookings after it see its spots, and it as the customer's open booking. */
function recordBooked(view: GroupView, { booking }: FreeBooking): void {
  view.taken.set(booking.classId, (view.taken.get(booking.classId) ?? 0) + booking.quantity);
  view.open.set(keyOf(booking.classId, booking.userId), booking);
  view.waiting.delete(keyOf(booking.classId, booking.userId));
}

/** The group's work inside its transaction: one view, each booking in its savepoint, then the attendees and
 * confirmations of the bookings made, each in one statement. */
async function bookGroup(tx: Tx, requests: Request[], now: Date): Promise<PromiseSettledResult<FreeBooking>[]> {
  const view = await readGroupView(tx, requests, now);
  const outcomes: PromiseSettledResult<FreeBooking>[] = [];
  for (const { customer, input } of requests) {
    const outcome = await settleInSavepoint(tx, (savepoint) => bookOne(savepoint, view, customer, input, now));
    if (outcome.status === 'fulfilled') recordBooked(view, outcome.value);
    outcomes.push(outcome);
  }
  const booked = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  await saveGroupAttendees(tx, booked);
  await queueConfirmations(tx, booked, now);
  return outcomes;
}

/** One free booking of the group, in its savepoint: every rule decided against the group's view (as the bookings
 * before it left it), then its writes. A step every free booking takes goes here; throwing refuses this booking
 * only (its savepoint rolls back). Its attendees and confirmation are written with the group's (bookGroup). */
async function bookOne(tx: Tx, view: GroupView, customer: Customer, input: FreeBookingInput, now: Date): Promise<FreeBooking> {
  const cls = checkBookableClass(view.classes.get(input.classId), customer, now);
  // A paid class is booked here only when a promo code takes off all of it (its use taken in this savepoint).
  const promo = input.promoCode ? await freeWithPromoCode(tx, customer.id, cls, input.quantity, input.promoCode, now) : null;
  if (cls.priceCents > 0 && !promo) throw badRequest('This class is not free: please book it through checkout.');
  refuseIfBooked(view.open.get(keyOf(cls.id, customer.id)));
  const attendees = checkAttendees(input.attendees, input.quantity, cls.ageGroup, customer);
  checkCapacity(cls.capacity, view.taken.get(cls.id) ?? 0, input.quantity);
  const booking = await applyTransition(tx, 'new', 'bookFree', 'customer', {
    classId: cls.id,
    userId: customer.id,
    quantity: input.quantity,
    confirmedAt: now,
    ...promo,
  });
  // Booked: the place in line has done its job (as leaveOnceBooked does, from the view).
  const waiting = view.waiting.get(keyOf(cls.id, customer.id));
  if (waiting !== undefined) await moveEntry(tx, { id: waiting }, 'leave', 'system', { endedAt: now });
  return { booking, cls, attendees: attendees.map((a, position) => ({ position, ...a, attendance: null })) };
}

/** Rows per multi-row INSERT: 4 values each, well under SQLite's bound-parameter limit. */
const ROWS_PER_INSERT = 500;

/** The named spots of the group's new bookings, in one statement (a new booking has none to replace). */
async function saveGroupAttendees(tx: Tx, booked: FreeBooking[]): Promise<void> {
  const rows = booked.flatMap(({ booking, attendees }) =>
    attendees.map((a) => ({ bookingId: booking.id, position: a.position, name: a.name, age: a.age })),
  );
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) await tx.insert(bookingAttendees).values(rows.slice(i, i + ROWS_PER_INSERT));
}

/** The confirmation (email and .ics) of each new booking is owed from this commit on: its outbox row commits with the
 * booking and a worker sends it (api/notices/outbox.ts), so nothing slow runs before the answer and a crash loses nothing. */
async function queueConfirmations(tx: Tx, booked: FreeBooking[], now: Date): Promise<void> {
  if (booked.length === 0) return;
  const dueAt = now.getTime();
  await tx
    .insert(bookingOutbox)
    .values(booked.map(({ booking }) => ({ kind: 'booking_confirmed' as const, bookingId: booking.id, dueAt, createdAt: now })));
}
