// The reads the booking workflows share: the class being booked, a customer's open booking, one booking with
// its class, and the messages those checks answer with (spots taken: ./taken.ts).
import { and, eq } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { bookings, classes, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import { activeBooking, type BookingRow, isIn } from './booking-states';
import { isBookable, liveClass } from './classes';
import type { Customer } from './context';
import { hasStarted } from './policy';

type ClassRow = typeof classes.$inferSelect;

export const ALREADY_BOOKED = 'You have already booked this class.';
export const CLASS_GONE_REFUNDED = 'This class is no longer available, so your payment has been refunded in full.';
const OWN_CLASS = 'You teach this class, so you cannot book a spot in it.';
export const PRICE_CHANGED = 'The price has changed. Please reload the page.';
export const OFFER_OPEN = 'Spots in this class are held for you: accept the offer in My Bookings, under Waitlist.';

/** The class a customer wants to book: it exists and was not deleted, is a bookable row (not a series
 * template), has not started, and is not taught by the customer (it would take a customer's spot). */
export async function loadBookableClass(db: Database | Tx, classId: number, user: Pick<Customer, 'id'>, now: Date): Promise<ClassRow> {
  return checkBookableClass(await db.select().from(classes).where(liveClass(classId)).get(), user, now);
}

/** The same rules for a class row already read (undefined: no live class of that id). */
export function checkBookableClass(cls: ClassRow | undefined, user: Pick<Customer, 'id'>, now: Date): ClassRow {
  if (!cls) throw notFound('Class not found.');
  if (!isBookable(cls)) throw badRequest('This is a recurring series: book one of its sessions.');
  if (hasStarted(cls.startTime, now)) throw conflict('This class has already started and can no longer be booked.');
  if (cls.coachId === user.id) throw conflict(OWN_CLASS);
  return cls;
}

export async function activeBookingOf(db: Database | Tx, userId: number, classId: number): Promise<BookingRow | undefined> {
  return db
    .select()
    .from(bookings)
    .where(and(eq(bookings.userId, userId), eq(bookings.classId, classId), activeBooking))
    .get();
}

/** Refuses a second booking of the class: the customer's open one is confirmed or a hold (already booked), or
 * spots offered from the waitlist waiting for their answer. */
export function refuseIfBooked(existing: BookingRow | undefined): void {
  if (!existing) return;
  throw isIn(existing, ['offered']) ? conflict(OFFER_OPEN, 'offer_open') : conflict(ALREADY_BOOKED, 'already_booked');
}

/** One booking with its class (cancel, review). */
export function bookingWithClass(db: Database, bookingId: number) {
  return db
    .select({ booking: bookings, cls: classes })
    .from(bookings)
    .innerJoin(classes, eq(classes.id, bookings.classId))
    .where(eq(bookings.id, bookingId))
    .get();
}

export async function findUser(db: Database, userId: number) {
  return db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, userId)).get();
}

/** A unique index (one active booking, one open waitlist entry per customer and class) refused a second
 * write that raced the first: answered with `message`. */
export async function refusingDuplicates<T>(write: () => Promise<T>, message = ALREADY_BOOKED): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const text = `${(error as Error)?.message ?? ''} ${String((error as { cause?: unknown })?.cause ?? '')}`;
    if (/UNIQUE constraint failed/i.test(text)) throw conflict(message, message === ALREADY_BOOKED ? 'already_booked' : undefined);
    throw error;
  }
}
