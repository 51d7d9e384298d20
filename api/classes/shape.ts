// Class management's side of the Class entity: what a create or a change answers, and whether a class shows a
// weekly schedule (the class pages in the browser use it). The entity's JSON itself is api/lib/class-json.ts,
// shared with the catalogue; re-exported here for class management's files.
export { type ClassJson, type ClassRow, type ScheduleEntry, schedulesOf, toClassJson } from '../lib/class-json';
export { isBookable, isSeriesParent } from '../spots/series';
export { classEnd, placeOf } from '../lib/class-place';
import type { ClassJson } from '../lib/class-json';

/** Whether a class shows a weekly schedule (a weekly or every-day series) rather than one date and time. */
export function hasWeeklySchedule(row: {
  isRecurring: boolean;
  parentClassId: number | null;
  recurrenceType?: string | null;
  recurrenceInterval?: number | null;
}): boolean {
  if (!row.isRecurring && row.parentClassId === null) return false;
  if (row.recurrenceType === 'monthly') return false;
  if (row.recurrenceType === 'daily') return (row.recurrenceInterval ?? 1) === 1;
  return true;
}

/** What a create or a change answers (ClassWriteResult in model.ts). */
export interface ClassWriteResult extends ClassJson {
  sessionCount: number;
  updatedCount?: number;
  locationNotice: string | null;
}
