// Which class rows can be booked: pure rules with no runtime imports, so the class pages in the browser can
// share them (api/classes/shape.ts re-exports them; api/lib/class-json.ts uses them).
import type { classes } from '../../db/schema';

type ClassRow = typeof classes.$inferSelect;

/** A series' parent: the template row that carries the recurrence and is never booked itself. */
export function isSeriesParent(row: Pick<ClassRow, 'isRecurring' | 'parentClassId'>): boolean {
  return row.isRecurring && row.parentClassId === null;
}

/** A bookable row: a one-time class or a session of a series, never the series' parent template. */
export function isBookable(row: Pick<ClassRow, 'isRecurring' | 'parentClassId'>): boolean {
  return !isSeriesParent(row);
}
