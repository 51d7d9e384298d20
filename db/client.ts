// The database handle: embedded libSQL file (default) or a libSQL server, with Drizzle on top.
import { type Client, createClient } from '@libsql/client';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as schema from './schema';
import { WriteQueue } from './write-queue';

export type Database = LibSQLDatabase<typeof schema>;
/** The transaction handle Drizzle passes to a write. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The one database handle: Drizzle for reads (`ctx.db.select(...)`), `write` for every write. */
export type Db = Database & {
  client: Client;
  /** Every write goes through here: one at a time, inside BEGIN IMMEDIATE ... COMMIT. */
  write<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  close(): void;
};

export async function openDb(url: string, authToken?: string): Promise<Db> {
  if (url.startsWith('file:')) {
    const path = url.slice('file:'.length);
    if (path && path !== ':memory:') mkdirSync(dirname(path.startsWith('//') ? fileURLToPath(url) : path), { recursive: true });
  }
  const client = createClient({ url, authToken });
  if (url.startsWith('file:')) {
    // WAL lets pages read while a write is in progress; the busy timeout covers other processes.
    await client.execute('PRAGMA journal_mode = WAL');
    await client.execute('PRAGMA busy_timeout = 5000');
    await client.execute('PRAGMA synchronous = NORMAL');
  }
  await client.execute('PRAGMA foreign_keys = ON');
  const db = drizzle(client, { schema });
  const queue = new WriteQueue();
  return Object.assign(db, {
    client,
    write: <T>(fn: (tx: Tx) => Promise<T>) => queue.run(() => db.transaction(fn, { behavior: 'immediate' })),
    close: () => client.close(),
  });
}
