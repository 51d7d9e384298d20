// The plain bookings of a group (./book.ts bookGroup): a free class, no promo code, no pass, no place in its line to
// end, every waiver accepted with the request. Each is decided against the group's view exactly as bookOne decides
// it, but nothing of it needs a read or a savepoint of its own, so the group's plain bookings are written together:
// one INSERT for their bookings, one for their waiver acceptances, one for their emergency contacts (and one for
// medical notes, when any), instead of ten statements each (issue 23: the transaction was 85% of a booking's CPU),
// as plain statements (db/insert-rows.ts), without Drizzle's builder.
import type { Tx } from '../../db/client';
import { insertRows, runInWrite } from '../../db/insert-rows';
import { emergencyContacts, medicalNotes, waiverAcceptances } from '../../db/schema';
import { checkGroupCapacity, decideFreeBooking, type FreeBooking, type FreeRequest, type GroupView, keyOf } from './book-group';
import { openBookings } from './booking-states';
import { settleInSavepoint } from './release';
import { acceptanceRowsFor, latestWaivers, type WaiverRow } from './waivers';

/** A plain booking decided, to be written with the others (writePlainBookings). */
export interface PlainBooking {
  request: FreeRequest;
  decided: ReturnType<typeof decideFreeBooking>;
  accepted: NonNullable<ReturnType<typeof acceptanceRowsFor>>;
}

/** Decides a request as a plain booking against the view: the plan, or null when it is not plain (bookOne books
 * it). Throws the refusal bookOne would answer, in the same order of checks. `waivers`: every version of the
 * waivers the group's classes ask (waiversOfClassesQuery), read in this transaction. */
export function planPlainBooking(view: GroupView, waivers: WaiverRow[], request: FreeRequest, now: Date): PlainBooking | null {
  const { customer, input } = request;
  if (input.promoCode || input.payWith) return null;
  // A place in the class's line ends with the booking (bookOne's moveEntry).
  if (view.waiting.has(keyOf(input.classId, customer.id))) return null;
  const decided = decideFreeBooking(view, customer, input, now);
  checkGroupCapacity(view, decided.cls, input.quantity);
  const asked = latestWaivers(waivers, decided.cls.coachId);
  const accepted = acceptanceRowsFor(asked, decided.cls, decided.attendees, input.waiverAcceptance, input.source, now, customer.id);
  // Relies on an earlier acceptance or emergency contact (or accepts nothing while a waiver is asked): bookOne reads them.
  if (!accepted || (asked.length > 0 && !accepted.contact)) return null;
  return { request, decided, accepted };
}

/** Writes plain bookings decided against the view, in a savepoint: a failure (none is expected: the view was read
 * under the write lock) undoes them all, and each is then written alone, so only the one that fails is refused. */
export async function writePlainBookings(tx: Tx, plans: PlainBooking[], now: Date): Promise<PromiseSettledResult<FreeBooking>[]> {
  if (plans.length === 0) return [];
  const together = await settleInSavepoint(tx, (savepoint) => insertTogether(savepoint, plans, now));
  if (together.status === 'fulfilled') return together.value.map((value) => ({ status: 'fulfilled', value }));
  const alone: PromiseSettledResult<FreeBooking>[] = [];
  for (const plan of plans) {
    const one = await settleInSavepoint(tx, (savepoint) => insertTogether(savepoint, [plan], now));
    alone.push(one.status === 'fulfilled' ? { status: 'fulfilled', value: one.value[0]! } : one);
  }
  return alone;
}

/** Rows per multi-row INSERT of acceptances: 11 values each, well under SQLite's parameter limit. */
const ROWS_PER_INSERT = 500;

async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) await insert(rows.slice(i, i + ROWS_PER_INSERT));
}

/** The plans' bookings, then what each accepted with it (as recordBookingWaivers writes it for a new booking). */
async function insertTogether(tx: Tx, plans: PlainBooking[], now: Date): Promise<FreeBooking[]> {
  const booked = await openBookings(
    tx,
    'bookFree',
    'customer',
    plans.map(({ request, decided }) => ({
      classId: decided.cls.id,
      userId: request.customer.id,
      quantity: request.input.quantity,
      confirmedAt: now,
      // The class's policy as this transaction read it (the view): the copy openBookings would read again per row.
      cancellationPolicy: decided.cls.cancellationPolicy,
    })),
  );
  const acceptances = plans.flatMap(({ accepted }, i) => accepted.acceptances.map((row) => ({ bookingId: booked[i]!.id, ...row })));
  const contacts = plans.flatMap(({ accepted }, i) =>
    accepted.contact ? [{ bookingId: booked[i]!.id, name: accepted.contact.name, phone: accepted.contact.phone }] : [],
  );
  const notes = plans.flatMap(({ accepted, decided }, i) =>
    accepted.notes
      .filter((note) => decided.attendees.some((a) => a.position === note.position))
      .map((note) => ({ bookingId: booked[i]!.id, ...note })),
  );
  await insertInChunks(acceptances, (chunk) => runInWrite(tx, insertRows(waiverAcceptances, chunk)));
  await insertInChunks(contacts, (chunk) => runInWrite(tx, insertRows(emergencyContacts, chunk)));
  await insertInChunks(notes, (chunk) => runInWrite(tx, insertRows(medicalNotes, chunk)));
  return plans.map(({ decided }, i) => ({ booking: booked[i]!, cls: decided.cls, attendees: decided.attendees }));
}
