// The booking outbox: emails a booking owes (its confirmation, with the class as an .ics file) are written as
// rows of booking_outbox in the booking's own transaction (api/spots/book.ts), and sent here, after the answer.
// Nothing slow runs before a booking commits, and a process killed right after answering 201 loses nothing:
// the row is in the database, and any process sends it.
//
// Exactly once across processes: a sender claims due rows with ONE conditional UPDATE (claimed_until in the
// past -> now + lease, claimed_by = this process) inside a write transaction, so two processes never claim the
// same row; the claimer deletes a row once sent. A send that fails is retried with a growing backoff; a claim
// whose process died lapses after OUTBOX_LEASE_SECONDS and another process sends it. A sender starts no send
// after half its lease, so a live sender's claim never lapses under it (unless one send takes half the lease);
// the one window where an email can go twice is a process killed between the mail provider's accept and the delete.
//
// Who sends: the process that booked, 200 ms after its answer (sendOutboxSoon, coalesced: under a burst one
// claim and one delete serve many bookings), and the timed job `booking-outbox` in every process
// (api/background.ts), which picks up what a dead or busy process left. Rendering an email costs more CPU than
// the booking it confirms, so during a drop a sender waits while bookings are being written (OUTBOX_YIELD_MS).
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { bookingOutbox, bookings, classes } from '../../db/schema';
import type { AppContext } from '../context';
import { PROCESS_ID } from '../lib/jobs';
import { findUser } from '../spots/bookable';
import { bookingConfirmation } from './booking-emails';

type OutboxRow = typeof bookingOutbox.$inferSelect;

/** Rows claimed per write: one claim and one delete serve a whole burst of bookings. */
const CLAIM_BATCH = 100;
/** The timed job's period: an email a dead process left waits about this long after its lease lapses. */
export const OUTBOX_EVERY_MS = 2_000;

/** The wait before retry n (1, 2, ...): 5 s, 10 s, 20 s ... up to 30 minutes. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30 * 60_000, 5_000 * 2 ** Math.max(0, attempts - 1));
}

/** Claims up to CLAIM_BATCH due rows for this process: only rows nobody holds, in one conditional UPDATE. */
async function claimDue(ctx: AppContext): Promise<OutboxRow[]> {
  const now = ctx.clock.now().getTime();
  const due = and(lte(bookingOutbox.dueAt, now), lte(bookingOutbox.claimedUntil, now));
  // A read first, so an empty outbox (every tick of a quiet server) costs no write.
  const any = await ctx.db.select({ id: bookingOutbox.id }).from(bookingOutbox).where(due).limit(1).get();
  if (!any) return [];
  return ctx.db.write((tx) =>
    tx
      .update(bookingOutbox)
      .set({ claimedUntil: now + ctx.env.outboxLeaseMs, claimedBy: PROCESS_ID, attempts: sql`${bookingOutbox.attempts} + 1` })
      .where(
        and(
          inArray(
            bookingOutbox.id,
            tx.select({ id: bookingOutbox.id }).from(bookingOutbox).where(due).orderBy(asc(bookingOutbox.id)).limit(CLAIM_BATCH),
          ),
          due,
        ),
      )
      .returning(),
  );
}

/** Sends one row's email; throws when it could not be sent (the row is retried). */
async function sendRow(ctx: AppContext, row: OutboxRow): Promise<void> {
  const found = await ctx.db
    .select({ booking: bookings, cls: classes })
    .from(bookings)
    .innerJoin(classes, eq(classes.id, bookings.classId))
    .where(eq(bookings.id, row.bookingId))
    .get();
  const user = found ? await findUser(ctx.db, found.booking.userId) : null;
  // The booking or its customer is gone (account deleted): there is nobody left to tell.
  if (!found || !user) return;
  await ctx.mail.send(await bookingConfirmation(ctx, found.booking, found.cls, user));
}

/** Bookings first: while this process has writes queued (a class drop under way), a sender waits between emails,
 * at most this long per pass, so the CPU goes to the answers and the emails follow within seconds. */
export const OUTBOX_YIELD_MS = 3_000;
const YIELD_STEP_MS = 20;

/** A write of this process that ended this recently (ms) means bookings are still being written. */
const WRITING_LATELY_MS = 50;

/** Waits while this process is writing (writes queued, or one ended in the last WRITING_LATELY_MS, the sender's own
 * claim before `ownWritesEnded` aside), until `until` (real time: a test's clock may stand still). */
async function yieldToWrites(ctx: AppContext, until: number, ownWritesEnded: number): Promise<void> {
  const writing = () => ctx.db.writingSince(Math.max(ownWritesEnded, performance.now() - WRITING_LATELY_MS));
  while (writing() && performance.now() < until) await Bun.sleep(YIELD_STEP_MS);
}

/** Claims what is due and sends it, batch after batch, until nothing due is left. Returns how many were sent. */
export async function sendDueOutbox(ctx: AppContext): Promise<number> {
  let sent = 0;
  const yieldUntil = performance.now() + OUTBOX_YIELD_MS;
  for (;;) {
    const claimedAt = ctx.clock.now().getTime();
    const claimed = await claimDue(ctx);
    if (claimed.length === 0) return sent;
    const claimEnded = performance.now();
    const done: number[] = [];
    const failed: { row: OutboxRow; error: string }[] = [];
    const unsent: OutboxRow[] = [];
    for (const row of claimed) {
      // Past half the lease, a slow batch stops: the rest is handed back unsent rather than risk being sent by
      // this process and, once the claim lapses, by another one too.
      if (ctx.clock.now().getTime() - claimedAt > ctx.env.outboxLeaseMs / 2) {
        unsent.push(row);
        continue;
      }
      try {
        await yieldToWrites(ctx, yieldUntil, claimEnded);
        await sendRow(ctx, row);
        done.push(row.id);
      } catch (error) {
        failed.push({ row, error: error instanceof Error ? error.message : String(error) });
      }
    }
    const now = ctx.clock.now().getTime();
    await ctx.db.write(async (tx) => {
      if (done.length) await tx.delete(bookingOutbox).where(and(inArray(bookingOutbox.id, done), eq(bookingOutbox.claimedBy, PROCESS_ID)));
      for (const row of unsent) {
        await tx
          .update(bookingOutbox)
          .set({ claimedUntil: 0, attempts: row.attempts - 1 })
          .where(and(eq(bookingOutbox.id, row.id), eq(bookingOutbox.claimedBy, PROCESS_ID)));
      }
      for (const { row, error } of failed) {
        await tx
          .update(bookingOutbox)
          .set({ claimedUntil: 0, dueAt: now + retryDelayMs(row.attempts), lastError: error })
          .where(and(eq(bookingOutbox.id, row.id), eq(bookingOutbox.claimedBy, PROCESS_ID)));
      }
    });
    for (const { row, error } of failed)
      console.error(`[outbox] ${row.kind} of booking ${row.bookingId} not sent (attempt ${row.attempts}), retried later:`, error);
    sent += done.length;
    if (failed.length > 0 && failed.length === claimed.length) return sent;
  }
}

/** One sender at a time per context; a request while it runs asks for one more pass after it. */
interface SenderState {
  running: Promise<void> | null;
  again: boolean;
  /** A pass is due shortly (sendOutboxSoon). */
  timer: ReturnType<typeof setTimeout> | null;
}

/** How long after a booking its process starts sending: a burst's emails then go out in a few passes (one claim
 * and one delete each) instead of one pass per booking competing with the bookings for the write lock. */
export const OUTBOX_SEND_DELAY_MS = 200;
const senders = new WeakMap<AppContext, SenderState>();

function stateOf(ctx: AppContext): SenderState {
  let state = senders.get(ctx);
  if (!state) senders.set(ctx, (state = { running: null, again: false, timer: null }));
  return state;
}

function runSender(ctx: AppContext, state: SenderState): Promise<void> {
  state.again = false;
  state.running = sendDueOutbox(ctx)
    .then(
      () => undefined,
      (error: unknown) => console.error('[outbox] sending failed, the timed job retries:', error instanceof Error ? error.message : error),
    )
    .finally(() => {
      state.running = null;
      if (state.again) sendOutboxSoon(ctx);
    });
  return state.running;
}

/** After a write that queued emails: sends them in the background, off the request path, shortly after. */
export function sendOutboxSoon(ctx: AppContext): void {
  const state = stateOf(ctx);
  if (state.running) {
    state.again = true;
    return;
  }
  if (state.timer) return;
  state.timer = setTimeout(() => {
    state.timer = null;
    if (state.running) state.again = true;
    else void runSender(ctx, state);
  }, OUTBOX_SEND_DELAY_MS);
}

/** Waits until this process has sent everything due (tests and the timed job): any pass under way, then one more. */
export async function flushOutbox(ctx: AppContext): Promise<void> {
  const state = stateOf(ctx);
  if (state.timer) clearTimeout(state.timer);
  state.timer = null;
  while (state.running) await state.running;
  await runSender(ctx, state);
}
