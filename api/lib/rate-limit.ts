// Rate limits kept in the database (table rate_limits), so every process and machine sees the same counts and a
// restart forgets nothing. An attempt is reserved BEFORE the slow work (hashing, storing) by one conditional UPSERT
// per rule inside one write transaction: N simultaneous attempts are limited exactly like N in a row, across
// processes too. Work that turns out not to count (a right password, a refused file) hands its attempt back.
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rateLimits } from '../../db/schema';
import { DomainError } from '../errors';
import type { Clock } from './clock';

export interface RateRule {
  /** Attempts (or units, e.g. bytes) allowed inside one window. */
  max: number;
  windowMs: number;
  /** After this many attempts inside the window each further one waits a growing delay (1 s, 2 s, 4 s ...). */
  slowAfter?: number;
  /** The longest of those delays. */
  maxDelayMs?: number;
}

export interface RateLimitConfig {
  /** Failed sign-ins for one email from one address (IPv6: one /64). */
  loginPerEmailAndAddress: RateRule;
  /** Failed sign-ins from one address, whatever the email. */
  loginPerAddress: RateRule;
  /** Failed sign-ins for one email from anywhere: slows down, never locks the owner out for long. */
  loginPerEmail: RateRule;
  registerPerAddress: RateRule;
  resetPerEmail: RateRule;
  resetPerAddress: RateRule;
  /** Wrong current passwords on the password-change form, per signed-in user. */
  passwordChangePerUser: RateRule;
  /** Image uploads per user: uploads fill the disk, so a runaway client is stopped. */
  uploadsPerUser: RateRule;
  /** Uploaded bytes per user per day. */
  uploadBytesPerUser: RateRule;
  contactPerAddress: RateRule;
  /** Changes of a class's time or place by one coach (or admin): each one emails everyone booked or waiting. */
  classMovesPerUser: RateRule;
}
export type RuleName = keyof RateLimitConfig;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DEFAULT_RATE_LIMITS: RateLimitConfig = {
  loginPerEmailAndAddress: { max: 5, windowMs: 15 * MINUTE },
  loginPerAddress: { max: 50, windowMs: 15 * MINUTE },
  loginPerEmail: { max: 100, windowMs: 15 * MINUTE, slowAfter: 10, maxDelayMs: MINUTE },
  registerPerAddress: { max: 30, windowMs: HOUR },
  resetPerEmail: { max: 5, windowMs: HOUR },
  resetPerAddress: { max: 20, windowMs: HOUR },
  passwordChangePerUser: { max: 5, windowMs: 15 * MINUTE },
  uploadsPerUser: { max: 60, windowMs: HOUR },
  uploadBytesPerUser: { max: 50 * 1024 * 1024, windowMs: 24 * HOUR },
  contactPerAddress: { max: 5, windowMs: 10 * MINUTE },
  classMovesPerUser: { max: 20, windowMs: 15 * MINUTE },
};

/** One attempt to count: a rule, the key it is counted under, and how many units (1 unless bytes). */
export type Check = [rule: RuleName, key: string, amount?: number];

interface Reserved {
  rule: RuleName;
  key: string;
  amount: number;
  windowEndsAt: number;
}

/** Expired rows are deleted now and then by the reservation that happens to come along. */
const PRUNE_EVERY = 200;

function tooManyRequests(retryAfterSeconds: number, message = 'Too many attempts. Please wait a few minutes and try again.'): DomainError {
  return new DomainError(429, message, undefined, { 'retry-after': String(retryAfterSeconds) });
}

export class RateLimits {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    readonly rules: RateLimitConfig,
  ) {}

  /** Counts one attempt under every check, or none of them: when any rule is spent (or still slowing down) the
   * transaction rolls back and a 429 with Retry-After (the longest wait) is thrown. */
  async reserve(message: string, ...checks: Check[]): Promise<Reservation> {
    const now = this.clock.now().getTime();
    const reserved = await this.db.write(async (tx) => {
      const taken: Reserved[] = [];
      let wait = 0;
      for (const [rule, key, amount = 1] of checks) {
        const windowEndsAt = await this.#take(tx, rule, key, amount, now);
        if (typeof windowEndsAt === 'number') taken.push({ rule, key, amount, windowEndsAt });
        else wait = Math.max(wait, windowEndsAt.retryAfterMs);
      }
      if (wait > 0) throw tooManyRequests(Math.max(1, Math.ceil(wait / 1000)), message);
      if (Math.random() * PRUNE_EVERY < 1)
        await tx.delete(rateLimits).where(and(lte(rateLimits.windowEndsAt, now), lte(rateLimits.nextAt, now)));
      return taken;
    });
    return new Reservation(this.db, reserved);
  }

  /** Like `reserve`, but a refusal is answered (to throw later, or not) instead of thrown. */
  tryReserve(message: string, ...checks: Check[]): Promise<Reservation | DomainError> {
    return this.reserve(message, ...checks).catch((error: unknown) => {
      if (error instanceof DomainError && error.status === 429) return error;
      throw error;
    });
  }

  /** The one conditional UPSERT: a new or expired window starts at `amount`; a live one grows only while it stays
   * within `max` and past its `next_at`. No row back means refused; then one read tells how long to wait. */
  async #take(tx: Tx, rule: RuleName, key: string, amount: number, now: number): Promise<number | { retryAfterMs: number }> {
    const { max, windowMs, slowAfter = max, maxDelayMs = 0 } = this.rules[rule];
    const id = `${rule}:${key}`;
    const fresh = sql`${rateLimits.windowEndsAt} <= ${now}`;
    const grown = sql`${rateLimits.count} + ${amount}`;
    const delay = sql`min(${maxDelayMs}, 1000 * (1 << min(${grown} - ${slowAfter} - 1, 30)))`;
    const rows =
      amount > max
        ? []
        : await tx
            .insert(rateLimits)
            .values({ key: id, count: amount, windowEndsAt: now + windowMs, nextAt: 0 })
            .onConflictDoUpdate({
              target: rateLimits.key,
              set: {
                count: sql`CASE WHEN ${fresh} THEN ${amount} ELSE ${grown} END`,
                nextAt: sql`CASE WHEN ${fresh} OR ${grown} <= ${slowAfter} THEN 0 ELSE ${now} + ${delay} END`,
                windowEndsAt: sql`CASE WHEN ${fresh} THEN ${now + windowMs} ELSE ${rateLimits.windowEndsAt} END`,
              },
              setWhere: sql`${fresh} OR (${grown} <= ${max} AND ${rateLimits.nextAt} <= ${now})`,
            })
            .returning({ windowEndsAt: rateLimits.windowEndsAt });
    if (rows[0]) return rows[0].windowEndsAt;
    const row = await tx.select().from(rateLimits).where(eq(rateLimits.key, id)).get();
    if (!row || amount > max) return { retryAfterMs: windowMs };
    return { retryAfterMs: row.count + amount > max ? row.windowEndsAt - now : row.nextAt - now };
  }
}

/** What one `reserve` counted, to hand back when the attempt turned out not to count. */
export class Reservation {
  constructor(
    private readonly db: Db,
    private readonly reserved: Reserved[],
  ) {}

  /** Hands the attempts back (all, or those of the named rules); a window that has since restarted is left alone. */
  async release(...rules: RuleName[]): Promise<void> {
    const items = this.reserved.filter((item) => !rules.length || rules.includes(item.rule));
    if (!items.length) return;
    await this.db.write(async (tx) => {
      for (const item of items) {
        await tx
          .update(rateLimits)
          .set({ count: sql`max(0, ${rateLimits.count} - ${item.amount})` })
          .where(and(eq(rateLimits.key, `${item.rule}:${item.key}`), eq(rateLimits.windowEndsAt, item.windowEndsAt)));
      }
    });
  }

  /** Forgets the named rules' counts for these keys entirely (a right password clears that address's failures). */
  async clear(...rules: RuleName[]): Promise<void> {
    const items = this.reserved.filter((item) => rules.includes(item.rule));
    if (!items.length) return;
    await this.db.write(async (tx) => {
      for (const item of items) await tx.delete(rateLimits).where(eq(rateLimits.key, `${item.rule}:${item.key}`));
    });
  }
}

export function createRateLimits(db: Db, clock: Clock, config: Partial<RateLimitConfig> = {}): RateLimits {
  return new RateLimits(db, clock, { ...DEFAULT_RATE_LIMITS, ...config });
}
