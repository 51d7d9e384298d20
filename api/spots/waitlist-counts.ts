// How many people wait for each class (open entries: waiting, or holding an offer), for the coach's screens.
import { and, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { waitlistEntries } from '../../db/schema';
import { openEntry } from './entry-states';

/** Open waitlist entries per class id (classes nobody waits for are absent: read them as 0). */
export async function waitlistCounts(db: Database, classIds: number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  for (let i = 0; i < classIds.length; i += 500) {
    const rows = await db
      .select({ classId: waitlistEntries.classId, people: sql<number>`count(*)` })
      .from(waitlistEntries)
      .where(and(inArray(waitlistEntries.classId, classIds.slice(i, i + 500)), openEntry))
      .groupBy(waitlistEntries.classId);
    for (const row of rows) counts.set(row.classId, Number(row.people));
  }
  return counts;
}
