// Follows the cache_tags table (bumped by triggers in the same transaction as every write the public pages
// read; db/migrations/0004): one cheap indexed query per poll, every 250 ms and after each write of this
// process, tells the caches which tags changed anywhere, in any process or machine sharing the database.
import type { Client } from '@libsql/client';

export const POLL_INTERVAL_MS = 250;

export class TagWatcher {
  /** The last bump seen; a render remembers it when it starts reading (see changedSince). */
  seq = 0;
  /** False until the first poll has read where the table stands: nothing is cached before that. */
  ready = false;
  /** Tag -> seq of its latest bump seen, so a render that read before that bump is never stored. */
  private readonly lastBump = new Map<string, number>();
  private readonly listeners: ((tags: string[]) => void)[] = [];
  private current: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private failing = false;

  constructor(private readonly client: Client) {}

  onChange(listener: (tags: string[]) => void): void {
    this.listeners.push(listener);
  }

  start(intervalMs = POLL_INTERVAL_MS): void {
    void this.poll();
    this.timer = setInterval(() => void this.poll(), intervalMs);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** True when one of `tags` was bumped after `seq`: data read at `seq` may already be out of date. */
  changedSince(tags: Iterable<string>, seq: number): boolean {
    if (!this.ready) return true;
    for (const tag of tags) if ((this.lastBump.get(tag) ?? 0) > seq) return true;
    return false;
  }

  /** Reads the bumps since the last poll. A call made while a poll runs waits for a fresh one, so a write's
   * own process sees its bumps before the write's caller gets an answer. */
  poll(): Promise<void> {
    if (this.current) {
      this.queued ??= this.current.then(() => {
        this.queued = null;
        return this.poll();
      });
      return this.queued;
    }
    this.current = this.read().finally(() => {
      this.current = null;
    });
    return this.current;
  }

  private async read(): Promise<void> {
    try {
      if (!this.ready) {
        const result = await this.client.execute('SELECT coalesce(max(seq), 0) AS seq FROM cache_tags');
        this.seq = Number(result.rows[0]?.seq ?? 0);
        this.ready = true;
        return;
      }
      const result = await this.client.execute({ sql: 'SELECT tag, seq FROM cache_tags WHERE seq > ? ORDER BY seq', args: [this.seq] });
      this.failing = false;
      if (result.rows.length === 0) return;
      const tags: string[] = [];
      for (const row of result.rows) {
        const tag = String(row.tag);
        const seq = Number(row.seq);
        this.lastBump.set(tag, seq);
        if (seq > this.seq) this.seq = seq;
        tags.push(tag);
      }
      for (const listener of this.listeners) listener(tags);
    } catch (error) {
      // A database hiccup: keep serving what is cached (bounded by its expiry) and say so once.
      if (!this.failing) console.error('[render-cache] reading cache_tags failed', error);
      this.failing = true;
    }
  }
}
