// Connections to the embedded libSQL file, each one set up the same way. @libsql/client keeps a pool and
// opens a new connection whenever every open one is busy (a read while a write transaction is open, say):
// those later connections came up with SQLite's defaults (busy_timeout 0, synchronous FULL, foreign_keys
// OFF), because PRAGMAs run through the client reach only the connection that happens to run them. This
// pool runs the pragmas on every connection it opens, and write transactions wait for the file's write
// lock without blocking the event loop (another process may hold it: WORKERS, or a second server).
import { LibsqlError } from '@libsql/client';
import { ConnectionPool, Sqlite3Client, Sqlite3Transaction } from '@libsql/client/sqlite3';
import type Database from 'libsql';

type Connection = InstanceType<typeof Database>;

/** What every connection runs first. WAL (kept in the file) lets pages read while a write is in progress. */
export const CONNECTION_PRAGMAS = ['PRAGMA busy_timeout = 5000', 'PRAGMA synchronous = NORMAL', 'PRAGMA foreign_keys = ON'];
/** How long a write waits for another process to release the write lock before it fails. */
export const WRITE_LOCK_WAIT_MS = 10_000;
/** The longest pause between two tries for the write lock. */
const MAX_LOCK_PAUSE_MS = 4;
/** How long a write tries for the lock on every turn of the event loop before it pauses between tries: the other
 * process's group commits in a few milliseconds, and a pause that outlasts its COMMIT leaves the file unlocked while
 * both have bookings queued (issue 23: +3-4% bookings/s on two processes). */
const LOCK_SPIN_MS = 20;

/** Compiled statements kept per connection. The client compiles every statement it runs (libsql has no cache of
 * its own), and compiling cost a third of a booking's CPU: the hot queries are a few dozen texts, so they are
 * compiled once per connection and reused. */
export const STATEMENT_CACHE_SIZE = 400;

type Statement = ReturnType<Connection['prepare']>;

/** Makes `db.prepare` answer a statement already compiled for the same text on this connection. Safe because
 * the client runs each statement to its end synchronously (`all`/`run`, which reset it) before the next, and
 * sets its modes (raw, safe integers) on every use; SQLite recompiles a cached statement itself after a schema
 * change. The least recently used text is dropped past STATEMENT_CACHE_SIZE. */
export function cacheStatements(db: Connection, size = STATEMENT_CACHE_SIZE): void {
  const compile = db.prepare.bind(db);
  const cache = new Map<string, Statement>();
  db.prepare = ((sql: string) => {
    let statement = cache.get(sql);
    if (statement) {
      cache.delete(sql);
    } else {
      statement = rememberColumns(sql, compile(sql));
      if (cache.size >= size) cache.delete(cache.keys().next().value!);
    }
    cache.set(sql, statement);
    return statement;
  }) as Connection['prepare'];
}

/** The client asks a statement for its columns twice per run, and libsql builds them anew each time (a sixth of a
 * booking's CPU): they are read once. Not for a text with `*`, whose columns a schema change alters (the app's
 * queries name their columns). */
function rememberColumns(sql: string, statement: Statement): Statement {
  if (sql.includes('*')) return statement;
  const read = statement.columns.bind(statement);
  let columns: ReturnType<Statement['columns']> | undefined;
  statement.columns = () => (columns ??= read());
  return statement;
}

class PreparedPool extends ConnectionPool {
  readonly #prepared = new WeakSet<Connection>();

  // Every new connection is opened here (the others are reused ones), so this is where the pragmas go.
  override acquireSync(forTransaction?: boolean): Connection {
    const db = super.acquireSync(forTransaction);
    if (!this.#prepared.has(db)) {
      db.exec(CONNECTION_PRAGMAS.join(';'));
      cacheStatements(db);
      this.#prepared.add(db);
    }
    return db;
  }
}

/** SQLite's (or a libSQL server's) answer that another connection holds the write lock. */
export function isBusy(error: unknown): boolean {
  return String((error as { code?: unknown })?.code ?? '').startsWith('SQLITE_BUSY');
}

/** Takes the write lock on `db` (BEGIN IMMEDIATE), trying again asynchronously while another process holds it (with
 * the 5 s busy timeout SQLite would sleep inside the call, freezing this process's event loop), then runs `locked`
 * in the same synchronous step: between taking the lock and `locked` no other work of this process runs. (Each
 * `await` under the lock queues behind whatever request work is waiting in this process: issue 23 measured a bare
 * `await` inside a group's transaction at 170 µs, held lock and all, while the other process waited.) */
async function whenLocked<T>(db: Connection, locked: () => T): Promise<T> {
  const started = Date.now();
  const deadline = started + WRITE_LOCK_WAIT_MS;
  db.exec('PRAGMA busy_timeout = 0');
  let restored = false;
  const restore = () => {
    restored = true;
    db.exec(CONNECTION_PRAGMAS[0]!);
  };
  try {
    // A try costs microseconds: every turn of the event loop at first (LOCK_SPIN_MS), then short pauses.
    for (let pause = 1; ; ) {
      try {
        db.exec('BEGIN IMMEDIATE');
      } catch (error) {
        if (!isBusy(error)) throw error;
        if (Date.now() > deadline) throw new LibsqlError('SQLITE_BUSY: the database stayed locked by another process', 'SQLITE_BUSY');
        if (Date.now() - started < LOCK_SPIN_MS) await new Promise((resolve) => setImmediate(resolve));
        else {
          await Bun.sleep(pause);
          pause = Math.min(pause * 2, MAX_LOCK_PAUSE_MS);
        }
        continue;
      }
      restore();
      return locked();
    }
  } finally {
    if (!restored) restore();
  }
}

class EmbeddedClient extends Sqlite3Client {
  constructor(private readonly connections: PreparedPool) {
    super(connections, 'number');
  }

  override async transaction(mode: Parameters<Sqlite3Client['transaction']>[0] = 'write') {
    if (mode !== 'write') return super.transaction(mode);
    if (this.closed) throw new LibsqlError('The client is closed', 'CLIENT_CLOSED');
    const db = await this.connections.acquire(true);
    try {
      return await whenLocked(db, () => new Sqlite3Transaction(db, 'number', (used) => this.connections.release(used)));
    } catch (error) {
      this.connections.release(db);
      throw error;
    }
  }
}

/** A client for a database file (an absolute or relative path, not ":memory:"). */
export function openEmbeddedClient(path: string, maxConnections = 20): Sqlite3Client {
  const pool = new PreparedPool(path, {}, maxConnections);
  pool.release(pool.acquireSync()); // fail fast if the file cannot be opened
  return new EmbeddedClient(pool);
}
