// Which bookings take spots, in ONE place: a confirmed booking always; a payment hold or a waitlist offer until
// its end (holdExpiresAt). Every reader counts spots through here: the catalogue's spots left, the booking
// flows' capacity checks, the render cache's expiry, Customer Management, and a late payment's own hold.
import { and, gt, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { bookings } from '../../db/schema';
import { type BookingRow, type BookingState, inStates, isIn } from './booking-states';

/** The states that hold spots only until their end (holdExpiresAt): a payment hold and a waitlist offer. */
export const TIMED_STATES: readonly BookingState[] = ['hold', 'offered'];

/** SQL condition: the booking takes spots at `now` (or a placeholder for it, in a statement built once). */
export function takesSpots(now: Date | Placeholder): SQL {
  return sql`(${inStates(['confirmed'])} or (${inStates(TIMED_STATES)} and ${gt(bookings.holdExpiresAt, now)}))`;
}

/** The same rule for a row already read (a late payment leaves out its own live hold). */
export function takesSpotsNow(booking: Pick<BookingRow, 'status' | 'cancelReason' | 'holdExpiresAt'>, now: Date): boolean {
  if (isIn(booking, ['confirmed'])) return true;
  return isIn(booking, TIMED_STATES) && booking.holdExpiresAt !== null && booking.holdExpiresAt.getTime() > now.getTime();
}

/** SQL condition: a timed booking (hold or offer) still running at `now`; its end is when its spots come back. */
export function timedHoldRunning(now: Date): SQL {
  return and(inStates(TIMED_STATES), gt(bookings.holdExpiresAt, now))!;
}

/** Spots taken per class id (classes with no booking taking spots are absent: read them as 0). */
export async function spotsTakenByClass(db: Database | Tx, classIds: number[], now: Date): Promise<Map<number, number>> {
  const result = new Map<number, number>();
  if (classIds.length === 0) return result;
  // SQLite caps bound parameters; large lists are read in chunks.
  for (let i = 0; i < classIds.length; i += 500) {
    const chunk = classIds.slice(i, i + 500);
    const rows = await db
      .select({ classId: bookings.classId, spots: sql<number>`coalesce(sum(${bookings.quantity}), 0)` })
      .from(bookings)
      .where(and(inArray(bookings.classId, chunk), takesSpots(now)))
      .groupBy(bookings.classId);
    for (const row of rows) result.set(row.classId, Number(row.spots));
  }
  return result;
}

/** Spots taken in one class. */
export async function spotsTaken(db: Database | Tx, classId: number, now: Date): Promise<number> {
  return (await spotsTakenByClass(db, [classId], now)).get(classId) ?? 0;
}

/** Spots left of a capacity, never below zero. */
export function spotsLeftOf(capacity: number, taken: number): number {
  return Math.max(0, capacity - taken);
}
