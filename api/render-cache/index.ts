// The render cache: page data (for every visitor) and anonymous page HTML (api/render-cache/html.ts), both
// dropped by tag as soon as any process writes what they show (tag-watcher.ts), and both bounded in time by
// the earliest payment-hold expiry or class start they reflect, since those change pages without a write.
import { and, inArray, sql } from 'drizzle-orm';
import { bookings } from '../../db/schema';
import type { AppContext } from '../context';
import { systemClock } from '../lib/clock';
import { timedHoldRunning } from '../spots/taken';
import { TaggedLru, type TaggedEntry } from './tagged-lru';
import { TagWatcher } from './tag-watcher';

/** Time-driven changes other than holds and class starts (cities, "earlier today" rows) show within this. */
export const MAX_AGE_MS = 60_000;
const DATA_ENTRIES = 1_000;
const HTML_ENTRIES = 4_000;
const HTML_BYTES = 64 * 1024 * 1024;

/** What one page render read through the cache: set on Astro.locals by the server for each request. */
export interface RenderScope {
  /** Carried here, not looked up: the built site bundles its own copy of this module. */
  cache: RenderCache;
  /** The page asked for cached data: its anonymous HTML may be cached under the same tags. */
  cacheable: boolean;
  tags: Set<string>;
  expiresAt: number;
  /** The watcher's seq when the oldest data it used was read. */
  seq: number;
  /** Every data call said the page reads nobody's data but the header's: a signed-in visitor may get the
   * anonymous page with their own header and bottom bar spliced in (chrome.ts). */
  sameForEveryone?: boolean;
}

export interface DataEntry extends TaggedEntry {
  value: unknown;
  seq: number;
}

export interface HtmlEntry extends TaggedEntry {
  /** The answers, built once when the page is stored and served by `clone()` until the entry is dropped (a tag
   * bumped by any process, its expiry, or the LRU's bounds): the gzip page and the 304 for its ETag. The gzip
   * bytes live only inside the Response (it holds its own copy). */
  answers: { gzip: Response; notModified: Response };
  sameForEveryone: boolean;
  etag: string;
  /** The ETag's opaque part, looked for in If-None-Match. */
  etagValue: string;
  /** The headers of the uncompressed answer (a client that accepts no gzip). */
  headers: Headers;
}

export interface RenderCache {
  ctx: AppContext;
  watcher: TagWatcher;
  data: TaggedLru<DataEntry>;
  html: TaggedLru<HtmlEntry>;
  loading: Map<string, Promise<DataEntry>>;
  rendering: Map<string, Promise<HtmlEntry | null>>;
  /** The read of this process's own latest bumps, while it runs: pages wait for it before using the cache. */
  catchingUp: Promise<void> | null;
  newScope(): RenderScope;
  now(): number;
  stop(): void;
}

const caches = new WeakMap<AppContext, RenderCache>();

/** Creates the context's cache (once), starts following cache_tags, and after every write of this process reads
 * its own bumps at once, off the writer's path; the next page waits for that read, so the writer's next page is
 * fresh at once (others: within 250 ms). */
export function attachRenderCache(ctx: AppContext): RenderCache {
  const existing = caches.get(ctx);
  if (existing) return existing;
  const watcher = new TagWatcher(ctx.db.client);
  const data = new TaggedLru<DataEntry>(DATA_ENTRIES);
  const html = new TaggedLru<HtmlEntry>(HTML_ENTRIES, HTML_BYTES);
  watcher.onChange((tags) => {
    data.invalidate(tags);
    html.invalidate(tags);
  });
  const write = ctx.db.write;
  ctx.db.write = async (fn) => {
    const result = await write(fn);
    // The bumps committed with the write (triggers): this process reads them in the background rather than
    // making the writer wait, and its next page waits for that read (respondWithPage), so it is still fresh.
    const read = watcher.poll();
    cache.catchingUp = read;
    void read.finally(() => {
      if (cache.catchingUp === read) cache.catchingUp = null;
    });
    return result;
  };
  watcher.start();
  const cache: RenderCache = {
    ctx,
    watcher,
    catchingUp: null,
    data,
    html,
    loading: new Map(),
    rendering: new Map(),
    // Read on every cached answer: the system clock's milliseconds without a Date each time.
    now: ctx.clock === systemClock ? Date.now : () => ctx.clock.now().getTime(),
    newScope: () => ({ cache, cacheable: false, tags: new Set(), expiresAt: Number.POSITIVE_INFINITY, seq: watcher.seq }),
    stop() {
      watcher.stop();
      ctx.db.write = write;
      data.clear();
      html.clear();
      caches.delete(ctx);
    },
  };
  caches.set(ctx, cache);
  return cache;
}

/** What a page's data depends on: its tags, and the classes it shows (their holds and starts bound its life). */
export interface Dependencies {
  tags: string[];
  classes?: readonly { id: number; startTime: string | null }[];
}

/**
 * The page data under `key`, from the cache or loaded once (concurrent misses share one load). `depends`
 * names its tags, or returns null when the data must not be kept (a part failed to load). The data is shared
 * by every render that reads it: pages must not change it.
 */
export async function cachedData<T>(
  locals: { renderScope?: RenderScope },
  key: string,
  load: () => Promise<T>,
  depends: (value: T) => Dependencies | null,
  options: { sameForEveryone?: boolean } = {},
): Promise<T> {
  // No scope (astro dev, or a server without the cache): straight from the database.
  const scope = locals.renderScope;
  if (!scope) return load();
  const cache = scope.cache;
  let entry = cache.data.get(key, cache.now());
  if (!entry) {
    let pending = cache.loading.get(key);
    if (!pending) {
      pending = loadEntry(cache, key, load, depends).finally(() => cache.loading.delete(key));
      cache.loading.set(key, pending);
    }
    entry = await pending;
  }
  // Data that could not be kept (expiry -Infinity) makes the page's expiry pass at once: not stored.
  scope.cacheable = true;
  scope.sameForEveryone = (scope.sameForEveryone ?? true) && options.sameForEveryone === true;
  for (const tag of entry.tags) scope.tags.add(tag);
  scope.expiresAt = Math.min(scope.expiresAt, entry.expiresAt);
  scope.seq = Math.min(scope.seq, entry.seq);
  return entry.value as T;
}

async function loadEntry<T>(
  cache: RenderCache,
  key: string,
  load: () => Promise<T>,
  depends: (value: T) => Dependencies | null,
): Promise<DataEntry> {
  const seq = cache.watcher.seq;
  const ready = cache.watcher.ready;
  const now = cache.now();
  const value = await load();
  const deps = depends(value);
  if (!deps || !ready) return { value, tags: [], expiresAt: Number.NEGATIVE_INFINITY, bytes: 0, seq };
  const entry: DataEntry = { value, tags: deps.tags, expiresAt: await expiryOf(cache.ctx, deps.classes ?? [], now), bytes: 0, seq };
  if (!cache.watcher.changedSince(entry.tags, seq)) cache.data.set(key, entry);
  return entry;
}

/** The first instant the data may change without a write: a shown class starting, a payment hold on one of
 * them running out (payment hold or waitlist offer: its spots come back), or MAX_AGE_MS from now. */
async function expiryOf(ctx: AppContext, shown: readonly { id: number; startTime: string | null }[], now: number): Promise<number> {
  let expiresAt = now + MAX_AGE_MS;
  for (const item of shown) {
    const start = item.startTime ? Date.parse(item.startTime) : Number.NaN;
    if (start > now && start < expiresAt) expiresAt = start;
  }
  const ids = [...new Set(shown.map((item) => item.id))];
  for (let i = 0; i < ids.length; i += 500) {
    const row = await ctx.db
      .select({ at: sql<number | null>`min(${bookings.holdExpiresAt})` })
      .from(bookings)
      // The timed bookings that take spots until they end (api/spots/taken.ts): payment holds and waitlist offers.
      .where(and(inArray(bookings.classId, ids.slice(i, i + 500)), timedHoldRunning(new Date(now))))
      .get();
    const at = Number(row?.at ?? Number.NaN);
    if (at > now && at < expiresAt) expiresAt = at;
  }
  return expiresAt;
}
