// The database handle: embedded libSQL file (default) or a libSQL server, with Drizzle on top.
import { type Client, createClient, type InStatement, type ResultSet } from '@libsql/client';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isBusy, openEmbeddedClient, WRITE_LOCK_WAIT_MS } from './connections';
import * as schema from './schema';
import { WriteQueue } from './write-queue';

export type Database = LibSQLDatabase<typeof schema>;
/** The transaction handle Drizzle passes to a write. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The one database handle: Drizzle for reads (`ctx.db.select(...)`), `write` for every write. */
export type Db = Database & {
  client: Client;
  /** Every write goes through here: one at a time in this process, inside BEGIN IMMEDIATE ... COMMIT (which
   * takes the database's write lock, so capacity checks hold across processes too). */
  write<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** A libSQL server (sqld, Turso), where every statement is a network round trip; false for the embedded file. */
  remote: boolean;
  /** Runs `task` in this process's turn to write, like `write`, but opens no transaction: for a batch that is its
   * own transaction on the server (`client.batch(..., 'write')`: one round trip). */
  inTurn<T>(task: () => Promise<T>): Promise<T>;
  /** A write batch (`client.batch(..., 'write')`, one transaction on the server), sent again while the server
   * answers that its write lock is held (SQLITE_BUSY: another process's transaction outlasted the server's own wait;
   * a batch refused so wrote nothing). Run it in this process's turn (`inTurn`). */
  writeBatch(statements: InStatement[]): Promise<ResultSet[]>;
  /** This process has writes queued or under way, or one ended after `time` (performance.now()). Background work
   * (the outbox's emails) waits while it is writing: between one group commit and the next there is often a moment
   * with nothing queued, and with two processes sharing a class drop, each had many (issue 23). */
  writingSince(time: number): boolean;
  /** Folds the embedded file's write-ahead log into the database and empties it (a no-op on sqld). */
  checkpoint(): Promise<void>;
  close(): void;
};

/** The file path of a `file:` URL, or null for an in-memory database. */
function filePath(url: string): string | null {
  const path = url.slice('file:'.length);
  if (!path || path === ':memory:' || path.includes('?')) return null;
  return path.startsWith('//') ? fileURLToPath(url) : path;
}

export async function openDb(url: string, authToken?: string): Promise<Db> {
  const path = url.startsWith('file:') ? filePath(url) : null;
  if (path) mkdirSync(dirname(path), { recursive: true });
  // A file: every pooled connection gets busy_timeout, synchronous and foreign_keys (db/connections.ts).
  const client = path ? openEmbeddedClient(path) : createClient({ url, authToken });
  // WAL is a property of the file (every later connection and process uses it); sqld manages its own.
  if (path) await client.execute('PRAGMA journal_mode = WAL');
  else await client.execute('PRAGMA foreign_keys = ON');
  const db = drizzle(client, { schema });
  const queue = new WriteQueue();
  return Object.assign(db, {
    client,
    // Drizzle's transaction asks the client for a "write" transaction: BEGIN IMMEDIATE.
    write: <T>(fn: (tx: Tx) => Promise<T>) => queue.run(() => db.transaction(fn, { behavior: 'immediate' })),
    remote: !url.startsWith('file:'),
    inTurn: <T>(task: () => Promise<T>) => queue.run(task),
    writeBatch: (statements: InStatement[]) => whileLocked(() => client.batch(statements, 'write')),
    writingSince: (time: number) => queue.writtenSince(time),
    checkpoint: async () => {
      if (path) await client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
    },
    close: () => client.close(),
  });
}

/** The longest pause between two tries of a write refused as locked (whileLocked). */
const MAX_BUSY_PAUSE_MS = 50;

/** Runs `attempt` again while it fails with SQLITE_BUSY, up to WRITE_LOCK_WAIT_MS: only for work that wrote nothing
 * when refused so (one batch, one transaction whose BEGIN was refused) and can run again as it is. */
export async function whileLocked<T>(attempt: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + WRITE_LOCK_WAIT_MS;
  for (let pause = 5; ; pause = Math.min(pause * 2, MAX_BUSY_PAUSE_MS)) {
    try {
      return await attempt();
    } catch (error) {
      if (!isBusy(error) || Date.now() > deadline) throw error;
    }
    await Bun.sleep(pause);
  }
}
