// Where and until when a class meets, as people read it: shared by the class shape, the calendar feed and the
// booking emails (pure, so the class pages in the browser use it too).
import type { classes } from '../../db/schema';

type ClassRow = typeof classes.$inferSelect;

/** When a session ends: its stored end, or its start plus its duration. */
export function classEnd(row: Pick<ClassRow, 'endTime' | 'duration'> & { startTime: Date }): Date {
  return row.endTime ?? new Date(row.startTime.getTime() + row.duration * 60_000);
}

/** Where a class meets, as one line ("Crissy Field, 1199 E Beach, ..."); empty when neither is known. */
export function placeOf(row: Pick<ClassRow, 'location' | 'address'>): string {
  return [row.location, row.address].filter(Boolean).join(', ');
}
