// Whether a class reads as a weekly schedule or as one date and time (the class page's tabs ask, in the browser).

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
