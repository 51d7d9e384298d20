// No-shows of class-pack bookings (issue 20, item 2). Under the default pass rules a no-show keeps its credit spent
// (it was spent at booking: nothing to write). Under a policy whose rules say a no-show does not forfeit, the
// credits of the spots the roster marked no-show come back as 'return' rows once the mark is final: 24 hours after
// the class ends (marks can be set or cleared until 24 hours after the start, ./attendees.ts), so a mark the coach
// clears before then returns nothing, and a customer cannot get a credit back for a class they are still in.
// Run by a recurring job claimed in the database (api/background.ts); each return row is written at most once
// (pass_ledger_once_idx), so two runs, or two processes, return a credit once.
import { and, eq, gte, lte, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookingAttendees, bookings, classes, passLedger } from '../../db/schema';
import type { Clock } from '../lib/clock';
import { classEnd } from '../lib/class-place';
import { passRulesOf, policyFrom } from './refund-policy';

export const NO_SHOW_CREDITS_EVERY_MS = 10 * 60_000;
/** A no-show mark is final this long after the class ends. */
export const NO_SHOW_FINAL_AFTER_MS = 24 * 3_600_000;
/** Classes further back than this are not looked at again (the job runs every 10 minutes). */
const LOOK_BACK_MS = 30 * 86_400_000;

/** Returns the credits of final no-show spots under policies that do not forfeit them. Answers the credits returned. */
export async function returnNoShowCredits(ctx: { db: Db; clock: Clock }): Promise<number> {
  const now = ctx.clock.now();
  // A class's end is at least its start: those started over 24 hours ago are the only candidates.
  const marked = await ctx.db
    .select({
      bookingId: bookings.id,
      policy: bookings.cancellationPolicy,
      startTime: classes.startTime,
      endTime: classes.endTime,
      duration: classes.duration,
    })
    .from(bookingAttendees)
    .innerJoin(bookings, eq(bookings.id, bookingAttendees.bookingId))
    .innerJoin(classes, eq(classes.id, bookings.classId))
    .where(
      and(
        eq(bookingAttendees.attendance, 'no_show'),
        ne(bookings.status, 'cancelled'),
        lte(classes.startTime, new Date(now.getTime() - NO_SHOW_FINAL_AFTER_MS)),
        gte(classes.startTime, new Date(now.getTime() - LOOK_BACK_MS)),
      ),
    );
  const due = new Map<number, number>();
  for (const row of marked) {
    if (!row.startTime || passRulesOf(policyFrom(row.policy)).noShowForfeitsCredit) continue;
    const end = classEnd({ startTime: row.startTime, endTime: row.endTime, duration: row.duration });
    if (end.getTime() + NO_SHOW_FINAL_AFTER_MS > now.getTime()) continue;
    due.set(row.bookingId, (due.get(row.bookingId) ?? 0) + 1);
  }
  let returned = 0;
  for (const [bookingId, noShows] of due) returned += await returnForNoShows(ctx.db, bookingId, noShows, now);
  return returned;
}

/** One booking's return: up to `noShows` credits of those it took (soonest expiry first), each expiry's row once. */
async function returnForNoShows(db: Db, bookingId: number, noShows: number, now: Date): Promise<number> {
  return db.write(async (tx) => {
    const rows = await tx.select().from(passLedger).where(eq(passLedger.bookingId, bookingId));
    if (rows.some((r) => r.kind === 'return')) return 0;
    const taken = rows
      .filter((r) => r.kind === 'booking' && r.delta < 0)
      .sort((a, b) => (a.creditsExpireAt?.getTime() ?? Infinity) - (b.creditsExpireAt?.getTime() ?? Infinity));
    let left = noShows;
    const back: (typeof passLedger.$inferInsert)[] = [];
    for (const row of taken) {
      if (left === 0) break;
      const credits = Math.min(left, -row.delta);
      back.push({
        purchaseId: row.purchaseId,
        kind: 'return',
        delta: credits,
        creditsExpireAt: row.creditsExpireAt,
        bookingId,
        createdAt: now,
      });
      left -= credits;
    }
    if (back.length === 0) return 0;
    const written = await tx.insert(passLedger).values(back).onConflictDoNothing().returning({ delta: passLedger.delta });
    return written.reduce((sum, r) => sum + r.delta, 0);
  });
}
