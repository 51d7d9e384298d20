// How many people wait for each class (open entries: waiting, or holding an offer), for the coach's screens,
// and each entry's place in line.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { type WaitlistStatus, waitlistEntries } from '../../db/schema';
import { type EntryRow, openEntry } from './entry-states';

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

const WAITING: WaitlistStatus = 'waiting';

/** Place in line: 1 + the entries of the class still waiting that joined earlier; null once no longer waiting.
 * A column, so a list reads every entry's place in its one query. */
// Written out with the table name: drizzle leaves columns unqualified in a one-table select, where they would
// resolve to the subquery's own alias.
export const positionColumn = sql<
  number | null
>`case when waitlist_entries.status = ${WAITING} then 1 + (select count(*) from waitlist_entries ahead where ahead.class_id = waitlist_entries.class_id and ahead.status = ${WAITING} and ahead.id < waitlist_entries.id) end`;

export async function positionOf(db: Database | Tx, entry: EntryRow): Promise<number | null> {
  const row = await db.select({ position: positionColumn }).from(waitlistEntries).where(eq(waitlistEntries.id, entry.id)).get();
  return row?.position == null ? null : Number(row.position);
}
