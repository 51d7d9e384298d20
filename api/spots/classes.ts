// Which classes can be booked, decided once for the booking domain and every feature. Deleted classes: deleting a class only stamps classes.deletedAt (its bookings and reviews keep
// their history), and every read that lists or shows classes adds `liveClasses` so a deleted one is gone.
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { classes } from '../../db/schema';

/** SQL condition: the class has not been deleted. */
export const liveClasses: SQL = isNull(classes.deletedAt);

/** SQL condition: this class, unless it has been deleted. */
export function liveClass(id: number): SQL {
  return and(eq(classes.id, id), liveClasses)!;
}

/** The class was deleted by its coach or an admin (the row is kept for its bookings' history). */
export function isDeletedClass(row: { deletedAt: Date | null }): boolean {
  return row.deletedAt !== null;
}

export { isBookable, isSeriesParent } from '../../common/class-series';
