// Minimum class size (a background job, every minute): at its decision time (decisionHours before the start) a
// class with fewer spots booked than its minimum is cancelled with full refunds and notices to attendees and the
// waitlist; one at or above it is marked "Confirmed to run". Each class is decided once across processes: the
// size_decision column is set by a conditional UPDATE (only the process that set it acts), inside a one-off key.
import { and, eq, gt, isNotNull, isNull, lte, or, sql, sum } from 'drizzle-orm';
import { bookings, classes } from '../../db/schema';
import type { AppContext } from '../context';
import { runOnce } from '../lib/jobs';
import { formatTimePT } from '../../common/pacific';
import { liveClasses } from '../spots/classes';
import { cancelClassWithRefunds } from './class-actions';
import { inStates } from '../spots/booking-states';

export const DECIDE_CLASS_SIZES_EVERY_MS = 60_000;

/** The spots that count towards the minimum: confirmed bookings. */
async function bookedSpots(ctx: AppContext, classId: number): Promise<number> {
  const [row] = await ctx.db
    .select({ n: sum(bookings.quantity) })
    .from(bookings)
    .where(and(eq(bookings.classId, classId), inStates(['confirmed'])));
  return Number(row?.n ?? 0);
}

/** Decides every class whose decision time has come; answers how many this call decided. */
export async function decideClassSizes(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const due = await ctx.db
    .select({ id: classes.id, minAttendees: classes.minAttendees, title: classes.title, sizeDecision: classes.sizeDecision })
    .from(classes)
    .where(
      and(
        liveClasses,
        isNotNull(classes.minAttendees),
        // Undecided, or decided cancelled but not finished (a refund failed): the next run completes it.
        or(isNull(classes.sizeDecision), eq(classes.sizeDecision, 'cancelled')),
        gt(classes.startTime, now),
        lte(sql`${classes.startTime} - coalesce(${classes.decisionHours}, 12) * 3600000`, now.getTime()),
      ),
    );
  let decided = 0;
  for (const cls of due) {
    try {
      await runOnce(ctx, `class-size:${cls.id}`, async () => {
        const booked = await bookedSpots(ctx, cls.id);
        let decision = cls.sizeDecision;
        if (decision === null) {
          decision = booked >= cls.minAttendees! ? 'confirmed' : 'cancelled';
          const [won] = await ctx.db.write((tx) =>
            tx
              .update(classes)
              .set({ sizeDecision: decision })
              .where(and(eq(classes.id, cls.id), isNull(classes.sizeDecision)))
              .returning({ id: classes.id }),
          );
          if (!won) return;
          decided++;
        }
        if (decision === 'cancelled') {
          const why = `We are sorry: ${cls.title} needed at least ${cls.minAttendees} people by ${formatTimePT(now)} and ${booked === 1 ? 'only 1 spot was' : `${booked} spots were`} booked, so it will not run and your booking has been cancelled with a full refund.`;
          await cancelClassWithRefunds(ctx, cls.id, 'system', why);
        }
      });
    } catch (error) {
      // A refund that fails leaves the key undone: the next run finishes the cancellation.
      console.error(`[class-size] class ${cls.id}:`, (error as Error).message);
    }
  }
  return decided;
}
