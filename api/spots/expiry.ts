// Lazy expiry of payment holds: pending holds whose 15 minutes are over become cancelled (hold_expired). Their
// spots were already free to count (spotsTakenByClass ignores them); writing the expiry lets the customer
// start a new checkout and tells the waitlist which classes to offer (./release.ts).
import { and, eq, lte, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bookings } from '../../db/schema';
import { applyTransition } from './booking-states';

/** Expires the due holds (of one class, or of one customer); answers the classes whose holds expired. */
export async function expireHolds(tx: Tx, now: Date, where: { classId?: number; userId?: number }): Promise<number[]> {
  const filters: SQL[] = [lte(bookings.holdExpiresAt, now)];
  if (where.classId !== undefined) filters.push(eq(bookings.classId, where.classId));
  if (where.userId !== undefined) filters.push(eq(bookings.userId, where.userId));
  const expired = await applyTransition(tx, and(...filters)!, 'expireHold', 'system', { cancelledAt: now });
  return [...new Set(expired.map((booking) => booking.classId))];
}
