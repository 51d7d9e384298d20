// Timed work claimed through the database, so exactly one process runs each job however many processes or
// machines serve Fogline (WORKERS, several machines on sqld). Every process schedules the same jobs; each
// tick tries to take the job's lease row (job_leases) with one conditional UPDATE, and only the process
// whose UPDATE changed the row runs the work. A process that dies mid-run leaves a lease that lapses at
// lease_until, after which another process takes the job.
//
//   scheduleJob(ctx, { name: 'expire-holds', everyMs: 60_000, run })   recurring: at most once per period
//   runOnce(ctx, 'reminder:booking:42', send)                          one-off: once, even across restarts
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { jobLeases } from '../../db/schema';
import type { AppContext } from '../context';

/** This process, as written in job_leases.owner (host and pid help whoever reads the table). */
export const PROCESS_ID = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

type JobContext = Pick<AppContext, 'db' | 'clock'>;

export interface JobSpec<C extends JobContext = AppContext> {
  /** The job's key in job_leases: the same name in every process. */
  name: string;
  /** Runs at most once per period across all processes. */
  everyMs: number;
  run(ctx: C): Promise<unknown>;
  /** How long a run may take before another process may assume this one died (default: the period, at least 60 s). */
  leaseMs?: number;
}

export interface JobHandle {
  /** Tries to take the job now: true when this process ran it (the period was due and nobody held it). */
  tick(): Promise<boolean>;
  stop(): void;
}

type LeaseState = Pick<typeof jobLeases.$inferSelect, 'leaseUntil' | 'nextRunAt' | 'doneAt'>;

/**
 * The key's row as this process reads it, made (due at once) only when missing: a tick that finds the job
 * held, not due or done writes nothing. The read only spares writes; the conditional UPDATE still decides.
 */
async function readLease(ctx: JobContext, key: string): Promise<LeaseState> {
  const columns = { leaseUntil: jobLeases.leaseUntil, nextRunAt: jobLeases.nextRunAt, doneAt: jobLeases.doneAt };
  const row = await ctx.db.select(columns).from(jobLeases).where(eq(jobLeases.key, key)).get();
  if (row) return row;
  await ctx.db.write((tx) => tx.insert(jobLeases).values({ key }).onConflictDoNothing());
  return { leaseUntil: 0, nextRunAt: 0, doneAt: null };
}

/** The conditional UPDATE that takes a lease: true only for the one process whose UPDATE matched. */
async function takeLease(ctx: JobContext, key: string, leaseMs: number, due: ReturnType<typeof and>): Promise<boolean> {
  const now = ctx.clock.now().getTime();
  const taken = await ctx.db.write((tx) =>
    tx
      .update(jobLeases)
      .set({ owner: PROCESS_ID, leaseUntil: now + leaseMs, runs: sql`${jobLeases.runs} + 1` })
      .where(and(eq(jobLeases.key, key), lte(jobLeases.leaseUntil, now), due))
      .returning({ key: jobLeases.key }),
  );
  return taken.length === 1;
}

/** Ends this process's lease, recording when the job is next due or that a one-off is done. */
async function settle(ctx: JobContext, key: string, values: Partial<typeof jobLeases.$inferInsert>): Promise<void> {
  await ctx.db.write((tx) =>
    tx
      .update(jobLeases)
      .set({ leaseUntil: 0, ...values })
      .where(and(eq(jobLeases.key, key), eq(jobLeases.owner, PROCESS_ID))),
  );
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Runs a recurring job once if its period is due and no other process holds it. */
export async function runIfDue<C extends JobContext>(ctx: C, spec: JobSpec<C>): Promise<boolean> {
  const leaseMs = spec.leaseMs ?? Math.max(spec.everyMs, 60_000);
  const startedAt = ctx.clock.now().getTime();
  const lease = await readLease(ctx, spec.name);
  if (lease.leaseUntil > startedAt || lease.nextRunAt > startedAt) return false;
  if (!(await takeLease(ctx, spec.name, leaseMs, lte(jobLeases.nextRunAt, startedAt)))) return false;
  try {
    await spec.run(ctx);
    await settle(ctx, spec.name, { nextRunAt: startedAt + spec.everyMs, lastError: null });
  } catch (error) {
    // The next period retries; the error stays in the row for whoever looks.
    console.error(`[jobs] ${spec.name} failed:`, messageOf(error));
    await settle(ctx, spec.name, { nextRunAt: startedAt + spec.everyMs, lastError: messageOf(error) });
  }
  return true;
}

/** Schedules a recurring job in this process. Call it in every process: the database picks who runs it. */
export function scheduleJob<C extends JobContext>(ctx: C, spec: JobSpec<C>): JobHandle {
  let stopped = false;
  let running: Promise<boolean> | null = null;
  const tick = () => {
    if (stopped) return Promise.resolve(false);
    // One attempt at a time in this process: a slow run is never overlapped by the next tick.
    running ??= runIfDue(ctx, spec)
      .catch((error) => {
        if (!stopped) console.error(`[jobs] ${spec.name} could not be claimed:`, messageOf(error));
        return false;
      })
      .finally(() => (running = null));
    return running;
  };
  // Ticking at half the period (within 1 s to 60 s) keeps a job at most about half a period late.
  const timer = setInterval(tick, Math.min(60_000, Math.max(1_000, spec.everyMs / 2)));
  timer.unref();
  return {
    tick,
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}

/** One-off work under a key ("reminder:booking:42"): runs it unless it has run before, in any process, or
 * is running elsewhere now. A run that throws (or whose process dies) leaves the key to be tried again.
 * Returns true when this call did the work. */
export async function runOnce<C extends JobContext>(
  ctx: C,
  key: string,
  work: (ctx: C) => Promise<unknown>,
  options: { leaseMs?: number } = {},
): Promise<boolean> {
  const lease = await readLease(ctx, key);
  if (lease.doneAt !== null || lease.leaseUntil > ctx.clock.now().getTime()) return false;
  if (!(await takeLease(ctx, key, options.leaseMs ?? 5 * 60_000, isNull(jobLeases.doneAt)))) return false;
  try {
    await work(ctx);
  } catch (error) {
    await settle(ctx, key, { lastError: messageOf(error) });
    throw error;
  }
  await settle(ctx, key, { doneAt: ctx.clock.now().getTime(), lastError: null });
  return true;
}
