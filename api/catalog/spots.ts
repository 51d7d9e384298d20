// Spots taken per class: confirmed bookings, plus payment holds and waitlist offers that have not expired yet.
// One definition shared by the catalogue (spots left) and the booking flow (capacity checks).
import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { bookings } from '../../db/schema';

/** Sum of booked quantities per class id (classes with no active booking are absent, read them as 0). */
export async function activeSpotsByClass(db: Database | Tx, classIds: number[], now: Date): Promise<Map<number, number>> {
  const result = new Map<number, number>();
  if (classIds.length === 0) return result;
  const active = or(eq(bookings.status, 'confirmed'), and(inArray(bookings.status, ['pending', 'offered']), gt(bookings.holdExpiresAt, now)));
  // SQLite caps bound parameters; large lists are read in chunks.
  for (let i = 0; i < classIds.length; i += 500) {
    const chunk = classIds.slice(i, i + 500);
    const rows = await db
      .select({ classId: bookings.classId, spots: sql<number>`coalesce(sum(${bookings.quantity}), 0)` })
      .from(bookings)
      .where(and(inArray(bookings.classId, chunk), active))
      .groupBy(bookings.classId);
    for (const row of rows) result.set(row.classId, Number(row.spots));
  }
  return result;
}

/** Spots left of a capacity, never below zero. */
export function spotsLeftOf(capacity: number, taken: number): number {
  return Math.max(0, capacity - taken);
}
