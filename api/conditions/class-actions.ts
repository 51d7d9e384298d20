// The one place where outdoor conditions run other flows: cancelling a class with full refunds and the usual
// emails (api/notices), and moving a class with the change notices and their full-refund right (class
// management's edit, handed in by api/app.ts: conditions import no other feature). Everything else in
// api/conditions reads the database itself.
import { and, eq, isNull } from 'drizzle-orm';
import { classes } from '../../db/schema';
import type { SessionUser } from '../auth/session';
import { cancelClassBookings } from '../notices/class-cancellations';
import type { AppContext } from '../context';
import type { Actor } from '../spots/booking-states';

/** Cancels every active booking of the class with a full refund (each person emailed once, with `why`), closes
 * its waitlist (each person waiting emailed), and takes the class off the catalogue (marked deleted, as a
 * coach's delete does, so nobody books it again; its bookings keep their history). */
export async function cancelClassWithRefunds(ctx: AppContext, classId: number, actor: Actor, why: string): Promise<{ cancelled: number }> {
  const first = await cancelClassBookings(ctx, [classId], actor, why);
  await ctx.db.write((tx) =>
    tx
      .update(classes)
      .set({ deletedAt: ctx.clock.now() })
      .where(and(eq(classes.id, classId), isNull(classes.deletedAt))),
  );
  // A checkout that placed its hold between the two steps is cancelled too.
  const straggler = await cancelClassBookings(ctx, [classId], actor, why);
  return { cancelled: first.cancelled + straggler.cancelled };
}

/** Class management's edit of one session, as its coach or an admin makes it on the edit page (api/classes/update.ts
 * `updateClass` for 'this' session, wired by api/app.ts). */
export type EditClass = (
  ctx: AppContext,
  by: SessionUser,
  classId: number,
  changes: { location?: string; startTime?: string },
) => Promise<unknown>;

/** Moves one class (place and/or time) through class management's edit: everyone booked or waiting gets the
 * change notice, and may cancel with a full refund until the class starts. */
export async function moveClass(
  ctx: AppContext,
  by: SessionUser,
  classId: number,
  to: { location?: string; startTime?: string },
  editClass: EditClass,
): Promise<void> {
  await editClass(ctx, by, classId, {
    ...(to.location ? { location: to.location } : {}),
    ...(to.startTime ? { startTime: to.startTime } : {}),
  });
}
