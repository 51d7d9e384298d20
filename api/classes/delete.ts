// Deleting a class (its coach or an admin): the active bookings of the sessions that have not started are
// cancelled and refunded in full first, fired as the person deleting; then the rows are only marked deleted,
// so customers keep their cancelled bookings with the refund, and sessions already taught keep their
// attended bookings and reviews (hidden from every class list).
import { and, eq, inArray } from 'drizzle-orm';
import { classes } from '../../db/schema';
import type { SessionUser } from '../auth/session';
import type { AppContext } from '../context';
import { cancelClassBookings } from '../notices/class-cancellations';
import { hasStarted } from '../spots/policy';
import { loadManagedClass } from './access';
import { liveClass, liveClasses } from '../spots/classes';
import { type ClassRow, isSeriesParent } from './shape';

export type DeleteOption = 'following' | 'this' | 'all' | undefined;

/** The rows a delete removes: a series' parent takes the whole series; "following" takes a session and the
 * later ones of its series (and the parent once no session is left); otherwise just the class. Rows deleted
 * before are left as they are. */
async function rowsToDelete(ctx: AppContext, row: ClassRow, option: DeleteOption): Promise<ClassRow[]> {
  const db = ctx.db;
  if (isSeriesParent(row)) {
    const sessions = await db
      .select()
      .from(classes)
      .where(and(eq(classes.parentClassId, row.id), liveClasses));
    return [row, ...sessions];
  }
  if (row.parentClassId === null) return [row];
  const siblings = await db
    .select()
    .from(classes)
    .where(and(eq(classes.parentClassId, row.parentClassId), liveClasses));
  let rows = [row];
  if (option === 'following' || option === 'all') {
    const from = option === 'all' ? -Infinity : (row.startTime?.getTime() ?? -Infinity);
    rows = siblings.filter((s) => s.id === row.id || (s.startTime?.getTime() ?? Infinity) >= from);
  }
  // The series' parent goes too when its last session does.
  const ids = new Set(rows.map((r) => r.id));
  if (siblings.every((s) => ids.has(s.id))) {
    const parent = await db.select().from(classes).where(liveClass(row.parentClassId)).get();
    if (parent) rows.push(parent);
  }
  return rows;
}

async function markDeleted(ctx: AppContext, ids: number[], at: Date): Promise<void> {
  await ctx.db.write(async (tx) => {
    for (let i = 0; i < ids.length; i += 500) {
      await tx
        .update(classes)
        .set({ deletedAt: at })
        .where(and(inArray(classes.id, ids.slice(i, i + 500)), liveClasses));
    }
  });
}

export interface DeleteResult {
  message: string;
  deleted: number;
  cancelledBookings: number;
}

/** DELETE /api/classes/{id}. */
export async function deleteClass(ctx: AppContext, user: SessionUser | null, id: number, option: DeleteOption): Promise<DeleteResult> {
  const { row, by } = await loadManagedClass(ctx, user, id);
  const actor = by.role === 'admin' ? 'admin' : 'coach';
  const rows = await rowsToDelete(ctx, row, option);
  const ids = rows.map((r) => r.id);
  const notStarted = () => rows.filter((r) => !hasStarted(r.startTime, ctx.clock.now())).map((r) => r.id);
  const first = await cancelClassBookings(ctx, notStarted(), actor);
  await markDeleted(ctx, ids, ctx.clock.now());
  // A checkout that placed its hold between the two steps is cancelled too (its payment, if any, is refunded
  // when it arrives: a deleted class is never confirmed).
  const straggler = await cancelClassBookings(ctx, notStarted(), actor);
  const following = option === 'following' && row.parentClassId !== null;
  return {
    message: following ? 'Class and following classes deleted successfully' : 'Class deleted successfully',
    deleted: ids.length,
    cancelledBookings: first.cancelled + straggler.cancelled,
  };
}
