// A bounded least-recently-used map whose entries carry tags (dropped together when a tag changes) and an
// expiry instant (on the app's clock: the earliest hold expiry or class start the entry reflects).
export interface TaggedEntry {
  tags: readonly string[];
  expiresAt: number;
  /** Memory the entry holds (0 when only the count bounds the cache). */
  bytes: number;
  /** The cache's move count when the entry last went to the newest end (set by TaggedLru). */
  movedAt?: number;
}

export class TaggedLru<E extends TaggedEntry> {
  private readonly entries = new Map<string, E>();
  private readonly keysByTag = new Map<string, Set<string>>();
  bytes = 0;
  /** Entries put at the newest end so far (stored or moved on a hit). */
  private moves = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes = Number.POSITIVE_INFINITY,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string, now: number): E | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.delete(key);
      return undefined;
    }
    // Map keeps insertion order: moving a hit to the end makes the first key the least recently used. An entry
    // moved fewer than a quarter of the entries' count ago is still among the newest quarter, far from eviction:
    // it stays where it is, so the hottest pages (every hit of the server's hot path) cost one lookup, not three.
    if (this.moves - (entry.movedAt ?? 0) >= this.entries.size / 4) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      entry.movedAt = ++this.moves;
    }
    return entry;
  }

  set(key: string, entry: E): void {
    this.delete(key);
    this.entries.set(key, entry);
    entry.movedAt = ++this.moves;
    this.bytes += entry.bytes;
    for (const tag of entry.tags) {
      let keys = this.keysByTag.get(tag);
      if (!keys) this.keysByTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
    for (const tag of entry.tags) {
      const keys = this.keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.keysByTag.delete(tag);
    }
  }

  /** Drops every entry carrying one of `tags`. */
  invalidate(tags: Iterable<string>): void {
    for (const tag of tags) {
      const keys = this.keysByTag.get(tag);
      if (keys) for (const key of [...keys]) this.delete(key);
    }
  }

  clear(): void {
    this.entries.clear();
    this.keysByTag.clear();
    this.bytes = 0;
  }
}
