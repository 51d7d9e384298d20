// Changing a class (PATCH, and PUT for the edit page): any subset of its fields, on one session, on a session
// and the following ones of its series, or on a series' parent and its sessions that have not started.
// Bookings stay with their sessions: nothing is re-created, and capacity never drops below what is booked.
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { classes } from '../../db/schema';
import type { SessionUser } from '../auth/session';
import { spotsTakenByClass } from '../spots/taken';
import type { AppContext } from '../context';
import { queueChangeNotices } from '../notices/changes';
import { announceNewOffers } from '../notices/waitlist-emails';
import { repriceOffers, retimeForMove, writeFreeingSpots } from '../spots/release';
import { pacificDay, pacificHHMM, pacificWallTimeToInstant } from '../../common/pacific';
import { checkCategory, invalid, loadManagedClass } from './access';
import { policyColumns } from './cancellation-policy';
import { fieldColumns, type NewClassRow, placeColumns } from './columns';
import { liveClasses } from '../spots/classes';
import { checkMinimum, rememberPolicy } from './outdoor';
import { CLASS_MESSAGES, type ClassChanges, parseInstant, type Scope } from './model';
import { type ClassRow, type ClassWriteResult, isSeriesParent, toClassJson } from './shape';

/** The rows a change applies to: a series' parent takes its sessions that have not started; a session takes
 * itself, or itself and the later sessions of its series (scope "following"). */
async function rowsToEdit(ctx: AppContext, row: ClassRow, scope: Scope): Promise<ClassRow[]> {
  if (isSeriesParent(row)) {
    const upcoming = await ctx.db
      .select()
      .from(classes)
      .where(and(eq(classes.parentClassId, row.id), gte(classes.startTime, ctx.clock.now()), liveClasses))
      .orderBy(asc(classes.startTime));
    return [row, ...upcoming];
  }
  if (scope === 'following' && row.parentClassId !== null && row.startTime) {
    const later = await ctx.db
      .select()
      .from(classes)
      .where(and(eq(classes.parentClassId, row.parentClassId), gte(classes.startTime, row.startTime), liveClasses))
      .orderBy(asc(classes.startTime));
    return later.some((r) => r.id === row.id) ? later : [row, ...later];
  }
  return [row];
}

/** A class cannot hold fewer people than have booked any of the sessions changed. Read in the write
 * transaction that changes the capacity, so a booking cannot land between the check and the change. */
async function refuseCapacityBelowBooked(tx: Tx, rows: ClassRow[], capacity: number, now: Date): Promise<void> {
  const taken = await spotsTakenByClass(
    tx,
    rows.map((r) => r.id),
    now,
  );
  const most = Math.max(0, ...taken.values());
  if (capacity < most) throw invalid('capacity', `Capacity can't be lower than the ${most} spots already booked`);
}

/** The start and end of one row after the change: the row changed gets the new instant; the other sessions
 * of a series keep their own date and take the new Pacific time of day; a new duration moves the end. */
function timing(target: ClassRow, changed: ClassRow, start: Date | null, duration: number | undefined): Partial<NewClassRow> {
  if (!start && duration === undefined) return {};
  let begins = target.startTime;
  if (start)
    begins =
      target.id === changed.id || !target.startTime ? start : pacificWallTimeToInstant(pacificDay(target.startTime), pacificHHMM(start));
  if (!begins) return {};
  return { startTime: begins, endTime: new Date(begins.getTime() + (duration ?? target.duration) * 60_000) };
}

export const MOVES_LIMITED =
  'You have moved classes too often in a short time (20 changes of time or place in 15 minutes). Please wait a few minutes: everyone booked is emailed about each change.';

/** Does this change move the class in time or place (what a change notice is about)? */
function movesClass(row: ClassRow, changes: ClassChanges, start: Date | null, place: Partial<NewClassRow>): boolean {
  return (
    (start !== null && start.getTime() !== row.startTime?.getTime()) ||
    (changes.duration !== undefined && changes.duration !== row.duration) ||
    (place.location !== undefined && (place.location ?? '') !== (row.location ?? '')) ||
    (place.address !== undefined && (place.address ?? '') !== (row.address ?? ''))
  );
}

/** PATCH and PUT /api/classes/{id}: the class's coach or an admin. */
export async function updateClass(
  ctx: AppContext,
  user: SessionUser | null,
  id: number,
  changes: ClassChanges,
  scope: Scope,
): Promise<ClassWriteResult> {
  const { row } = await loadManagedClass(ctx, user, id);
  const targets = await rowsToEdit(ctx, row, scope);
  if (changes.categoryId !== undefined) await checkCategory(ctx, changes.categoryId);
  checkMinimum(changes.minAttendees === undefined ? row.minAttendees : changes.minAttendees, changes.capacity ?? row.capacity);
  const place = await placeColumns(ctx, changes, row);
  const common = {
    ...fieldColumns(changes),
    ...place.columns,
    ...(await policyColumns(ctx, row.coachId, changes.cancellationPolicy, false)),
  };
  const start = changes.startTime ? parseInstant(changes.startTime) : null;
  // A rule of the class, not of a page: nobody can be booked into a session moved into the past.
  const moved = start && start.getTime() !== row.startTime?.getTime();
  if (moved && start.getTime() <= ctx.clock.now().getTime()) throw invalid('startTime', CLASS_MESSAGES.startTimePast);
  // Each change of time or place emails everyone booked: limited per coach (or admin), so nobody can flood them.
  if (movesClass(row, changes, start, common)) await ctx.rateLimits.reserve(MOVES_LIMITED, ['classMovesPerUser', String(user!.id)]);
  // A raised capacity's spots go to the waitlist in the same write, before anyone else can book them; so do
  // the spots of offers a move ended (retimeForMove).
  const freeing = changes.capacity !== undefined || start !== null ? targets.map((t) => t.id) : [];
  let repriced = false;
  const endedIntents: string[] = [];
  const updated = await writeFreeingSpots(ctx, freeing, async (tx) => {
    if (changes.capacity !== undefined) await refuseCapacityBelowBooked(tx, targets, changes.capacity, ctx.clock.now());
    const rows: ClassRow[] = [];
    const previous: ClassRow[] = [];
    for (const listed of targets) {
      // Read again inside the write: a change made meanwhile is what this one changes (and what its notice
      // compares with).
      const target = (await tx.select().from(classes).where(eq(classes.id, listed.id)).get()) ?? listed;
      previous.push(target);
      const columns = { ...common, ...timing(target, row, start, changes.duration) };
      // Nothing sent that changes a column (an empty PATCH): the row is answered as it is.
      if (Object.values(columns).every((value) => value === undefined)) {
        rows.push(target);
        continue;
      }
      const [next] = await tx.update(classes).set(columns).where(eq(classes.id, target.id)).returning();
      if (next!.startTime && next!.startTime.getTime() !== target.startTime?.getTime())
        endedIntents.push(...(await retimeForMove(tx, next!.id, next!.startTime, ctx.clock.now())));
      if (next!.priceCents !== target.priceCents && (await repriceOffers(tx, next!.id, next!.priceCents))) repriced = true;
      rows.push(next!);
    }
    // Everyone booked or waiting hears of a new time or place, combined over a short window (api/notices).
    await queueChangeNotices(ctx, tx, previous, rows);
    return rows;
  });
  // Holds a move ended (the class now starts within 30 minutes): their intents can no longer be paid.
  await cancelEndedIntents(ctx, endedIntents);
  await rememberPolicy(ctx, row.coachId, changes.weatherPolicy);
  // An offer re-priced goes out again at its new amount.
  if (repriced) await announceNewOffers(ctx);
  const self = updated.find((r) => r.id === row.id) ?? updated[0]!;
  return {
    ...toClassJson(self),
    sessionCount: await countSessions(ctx, self),
    updatedCount: updated.filter((r) => !isSeriesParent(r)).length,
    locationNotice: place.notice,
  };
}

async function cancelEndedIntents(ctx: AppContext, intentIds: string[]): Promise<void> {
  for (const id of intentIds)
    await ctx.payments
      .cancelIntent(id)
      .catch((error) => console.error('[classes] could not cancel the intent of an ended hold', id, error));
}

async function countSessions(ctx: AppContext, row: ClassRow): Promise<number> {
  if (!isSeriesParent(row)) return 1;
  const [result] = await ctx.db
    .select({ n: sql<number>`count(*)` })
    .from(classes)
    .where(and(eq(classes.parentClassId, row.id), liveClasses));
  return Number(result?.n ?? 0);
}
