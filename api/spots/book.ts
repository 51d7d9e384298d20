// Booking a free class: capacity checked and the booking written inside ONE serialized write transaction
// (after the class's due spots went to the waitlist, ./release.ts), so concurrent requests cannot oversell.
// Concurrent bookings of one process share that transaction (group commit): what every booking of the group needs
// to know is read once per group (each class, its spots taken, the customers' open bookings and places in line),
// then each booking is decided and written by `bookOne` in its own savepoint, against that view as the bookings
// before it left it; the group's attendees and confirmations are written together at the end.
import { type Tx, whileLocked } from '../../db/client';
import { insertRows, runInWrite } from '../../db/insert-rows';
import { bookingAttendees } from '../../db/schema';
import { badRequest } from '../errors';
import { checkBookableClass, refusingDuplicates } from './bookable';
import { bookGroupInOneTrip } from './book-batch';
import {
  checkGroupCapacity,
  decideFreeBooking,
  type FreeBooking,
  type FreeBookingInput,
  type FreeRequest,
  type GroupView,
  keyOf,
  plannedBooking,
  readGroupView,
  recordBooked,
} from './book-group';
import { type PlainBooking, planPlainBooking, writePlainBookings } from './book-bulk';
import { applyTransition } from './booking-states';
import { queueConfirmations } from './confirmations';
import type { Customer, SpotsContext } from './context';
import { moveEntry } from './entry-states';
import { planCredits, spendCredits } from './pass-credits';
import { freeWithPromoCode } from './promo';
import { settleInSavepoint, writeBookingSpotsTogether } from './release';
import { recordBookingWaivers, waiversOfClassesQuery } from './waivers';

/** Books `quantity` spots of a free class, confirmed at once; the customer's place on its waitlist ends; its
 * confirmation is queued in the booking outbox. Concurrent calls in one process are written together (group
 * commit), each with its own checks and its own answer. */
export function bookFree(ctx: SpotsContext, customer: Customer, input: FreeBookingInput): Promise<FreeBooking> {
  return refusingDuplicates(
    () =>
      new Promise<FreeBooking>((resolve, reject) => {
        const group = groupOf(ctx);
        group.waiting.push({ customer, input, resolve, reject });
        if (group.scheduled) return;
        // The group starts after this turn of the event loop, so every booking request that arrived with this one
        // joins it. Started at once, it took only this booking: the transaction runs without yielding, so the
        // next request was read only after it, found the queue free again and started a group of one (issue 23:
        // groups averaged 1.0 bookings under 200 customers, 349 bookings/s; 52 and 1,862/s with this).
        group.scheduled = true;
        setImmediate(() => startGroup(ctx, group));
      }),
  );
}

/** The most bookings in one transaction: a bigger group would make its first customer wait for the last (200 take
 * about 12 ms under the lock). At 64, a crowd of 200 left a remainder for one more commit after most groups (issue
 * 23, 64 -> 200: 6,800 -> 7,900 bookings/s on one process, 9,000 -> 9,500 on two). */
const MAX_GROUP = 200;

interface Waiting extends FreeRequest {
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
  const take = (): FreeRequest[] => {
    taken = group.waiting.splice(0, MAX_GROUP);
    group.scheduled = false;
    // More than one group waiting: the next one queues now, behind this one.
    if (group.waiting.length > 0) startGroup(ctx, group);
    return taken;
  };
  writeGroup(ctx, take).then(
    (outcomes) =>
      outcomes.forEach((outcome, i) => {
        const waiting = taken![i]!;
        if (outcome.status === 'fulfilled') waiting.resolve(outcome.value);
        else waiting.reject(outcome.reason);
      }),
    (error: unknown) => {
      // The write failed (or never began): everyone it took, or would have taken, hears why.
      const failed: Waiting[] = taken ?? group.waiting.splice(0, MAX_GROUP);
      if (!taken) {
        group.scheduled = false;
        if (group.waiting.length > 0) startGroup(ctx, group);
      }
      for (const waiting of failed) waiting.reject(error);
    },
  );
}

/** Writes a group, `take` answering its bookings once this process's turn to write has come: on the embedded file
 * in one transaction (bookGroup); on a libSQL server in one round trip (./book-batch.ts), where the bookings
 * the batch could not settle (spots owed to the waitlist first, or something changed since the group's read) go
 * through the transaction after all. Outcomes in the order taken. */
async function writeGroup(ctx: SpotsContext, take: () => FreeRequest[]): Promise<PromiseSettledResult<FreeBooking>[]> {
  const inTransaction = (requestsNow: () => FreeRequest[]) =>
    writeBookingSpotsTogether(ctx, () => {
      const requests = requestsNow();
      const now = ctx.clock.now();
      return { classIds: requests.map((request) => request.input.classId), run: (tx: Tx) => bookGroup(tx, requests, now) };
    });
  if (!ctx.db.remote) return inTransaction(take);
  const { requests, outcomes } = await ctx.db.inTurn(async () => {
    const requests = take();
    return { requests, outcomes: await bookGroupInOneTrip(ctx, requests, ctx.clock.now()) };
  });
  const unsettled = requests.filter((_, i) => outcomes[i] === null);
  if (unsettled.length === 0) return outcomes as PromiseSettledResult<FreeBooking>[];
  // The same bookings each try (nothing taken anew), so a transaction refused as locked by the server runs again.
  const settled = await whileLocked(() => inTransaction(() => unsettled));
  return outcomes.map((outcome) => outcome ?? settled.shift()!);
}

/** The group's work inside its transaction: one view, the plain bookings written together (./book-bulk.ts), each
 * other booking in its savepoint (bookOne), all decided in the order they came; then the attendees and
 * confirmations of the bookings made, each in one statement. */
async function bookGroup(tx: Tx, requests: FreeRequest[], now: Date): Promise<PromiseSettledResult<FreeBooking>[]> {
  const view = await readGroupView(tx, requests, now);
  const waivers = await waiversOfClassesQuery(tx, [...new Set(requests.map((request) => request.input.classId))]);
  const outcomes: PromiseSettledResult<FreeBooking>[] = new Array(requests.length);
  let plain: { index: number; plan: PlainBooking }[] = [];
  const writePlain = async () => {
    const written = await writePlainBookings(
      tx,
      plain.map(({ plan }) => plan),
      now,
    );
    plain.forEach(({ index }, i) => (outcomes[index] = written[i]!));
    plain = [];
  };
  for (const [index, request] of requests.entries()) {
    let plan: PlainBooking | null;
    try {
      plan = planPlainBooking(view, waivers, request, now);
    } catch (reason) {
      outcomes[index] = { status: 'rejected', reason };
      continue;
    }
    if (plan) {
      plain.push({ index, plan });
      recordBooked(view, plannedBooking(request, plan.decided.cls));
      continue;
    }
    // bookOne reads what the bookings before it wrote (earlier acceptances, promo uses, pass credits): those come first.
    await writePlain();
    const outcome = await settleInSavepoint(tx, (savepoint) => bookOne(savepoint, view, request.customer, request.input, now));
    if (outcome.status === 'fulfilled') recordBooked(view, outcome.value.booking);
    outcomes[index] = outcome;
  }
  await writePlain();
  const booked = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  await saveGroupAttendees(tx, booked);
  // Each confirmation is owed from this commit on: its outbox row commits with the booking (./confirmations.ts).
  await queueConfirmations(
    tx,
    booked.map(({ booking }) => booking.id),
    now,
  );
  return outcomes;
}

/** One free booking of the group, in its savepoint: every rule decided against the group's view (as the bookings
 * before it left it), then its writes. A step every free booking takes goes here; throwing refuses this booking
 * only (its savepoint rolls back). Its attendees and confirmation are written with the group's (bookGroup).
 * On a libSQL server a group is written in one round trip instead (./book-batch.ts): a step that writes must be
 * written there too, or make `batchable` there send such bookings here. */
async function bookOne(tx: Tx, view: GroupView, customer: Customer, input: FreeBookingInput, now: Date): Promise<FreeBooking> {
  const bookable = checkBookableClass(view.classes.get(input.classId), customer, now);
  if (input.payWith && input.promoCode) throw badRequest('A promo code cannot be used with a pass: choose one or the other.');
  if (bookable.priceCents === 0 && input.payWith) throw badRequest('This class is free: book it without a pass.');
  // A paid class is booked here only when a promo code takes off all of it (its use taken in this savepoint), or
  // when a pass pays for it (payWith).
  const promo = input.promoCode ? await freeWithPromoCode(tx, customer.id, bookable, input.quantity, input.promoCode, now) : null;
  const { cls, attendees } = decideFreeBooking(view, customer, input, now, promo !== null || !!input.payWith);
  // A pass's credits are read and taken in this very savepoint of the write: two bookings never spend one credit.
  const credits = input.payWith ? await planCredits(tx, customer, input.payWith.purchaseId, cls, input.quantity, now) : null;
  checkGroupCapacity(view, cls, input.quantity);
  const booking = await applyTransition(tx, 'new', credits ? 'bookWithPass' : 'bookFree', 'customer', {
    classId: cls.id,
    userId: customer.id,
    quantity: input.quantity,
    confirmedAt: now,
    ...promo,
  });
  if (credits) await spendCredits(tx, credits, booking.id, now);
  // Every attendee's waiver, accepted with this request or before (./waivers.ts): refused without.
  await recordBookingWaivers(tx, {
    booking,
    cls,
    attendees,
    acceptance: input.waiverAcceptance,
    source: input.source,
    now,
    required: true,
  });
  // Booked: the place in line has done its job (as leaveOnceBooked does, from the view).
  const waiting = view.waiting.get(keyOf(cls.id, customer.id));
  if (waiting !== undefined) await moveEntry(tx, { id: waiting }, 'leave', 'system', { endedAt: now });
  return { booking, cls, attendees };
}

/** Rows per multi-row INSERT: 4 values each, well under SQLite's bound-parameter limit. */
const ROWS_PER_INSERT = 500;

/** The named spots of the group's new bookings, in one statement (a new booking has none to replace). */
async function saveGroupAttendees(tx: Tx, booked: FreeBooking[]): Promise<void> {
  const rows = booked.flatMap(({ booking, attendees }) =>
    attendees.map((a) => ({ bookingId: booking.id, position: a.position, name: a.name, age: a.age })),
  );
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
    await runInWrite(tx, insertRows(bookingAttendees, rows.slice(i, i + ROWS_PER_INSERT)));
}
