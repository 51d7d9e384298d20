// The database handle's connections: every connection of the embedded file runs with busy_timeout 5000,
// synchronous NORMAL, foreign_keys ON and WAL, including the ones the client's pool opens later (while a
// write transaction holds the first), inside and after transactions; writes from two handles on one file
// (as from two processes) wait for each other instead of failing; on sqld foreign keys are enforced too.
import { afterAll, describe, expect, test } from 'bun:test';
import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sharedSqld, sqldBinary } from '../tests/helpers/sqld';
import { type Db, openDb, whileLocked } from './client';
import { migrateDb } from './migrate';

const dir = mkdtempSync(join(tmpdir(), 'fogline-client-'));
const handles: Db[] = [];
afterAll(() => {
  for (const db of handles) db.close();
  rmSync(dir, { recursive: true, force: true });
});

async function open(url: string): Promise<Db> {
  const db = await openDb(url);
  handles.push(db);
  return db;
}

let files = 0;
const newFile = Object.assign(() => `file:${join(dir, `db${++files}.db`)}`, {
  /** The file the last newFile() named (a second handle on it). */
  last: () => `file:${join(dir, `db${files}.db`)}`,
});

interface Pragmas {
  busy_timeout: number;
  synchronous: number;
  foreign_keys: number;
  journal_mode: string;
}

/** The pragmas of whichever connection runs `run` (a raw execute, or a statement inside a transaction). */
async function pragmas(run: (statement: string) => Promise<unknown>): Promise<Pragmas> {
  const read = async (name: string) => {
    const result = (await run(`PRAGMA ${name}`)) as { rows: Record<string, unknown>[] } | Record<string, unknown>[];
    const rows = Array.isArray(result) ? result : result.rows;
    return Object.values(rows[0]!)[0];
  };
  return {
    busy_timeout: Number(await read('busy_timeout')),
    synchronous: Number(await read('synchronous')),
    foreign_keys: Number(await read('foreign_keys')),
    journal_mode: String(await read('journal_mode')).toLowerCase(),
  };
}

const EXPECTED: Pragmas = { busy_timeout: 5000, synchronous: 1, foreign_keys: 1, journal_mode: 'wal' };

describe('embedded file: pragmas on every connection', () => {
  test('on the first connection, inside a write, on connections opened while writes hold others, and after', async () => {
    const db = await open(newFile());
    expect(await pragmas((s) => db.client.execute(s))).toEqual(EXPECTED);
    const seen: Pragmas[] = [];
    // Three transactions held open at once force the pool to open new connections for the reads beside them.
    const holders = await Promise.all([db.client.transaction('read'), db.client.transaction('read'), db.client.transaction('read')]);
    for (const tx of holders) seen.push(await pragmas((s) => tx.execute(s)));
    await db.write(async (tx) => {
      seen.push(await pragmas((s) => tx.all(sql.raw(s))));
      seen.push(await pragmas((s) => db.client.execute(s)));
    });
    for (const tx of holders) tx.close();
    // After the transactions: every pooled connection, each borrowed by a concurrent read.
    seen.push(...(await Promise.all(Array.from({ length: 6 }, () => pragmas((s) => db.client.execute(s))))));
    await db.write(async (tx) => void seen.push(await pragmas((s) => tx.all(sql.raw(s)))));
    expect(seen).toHaveLength(12);
    for (const found of seen) expect(found).toEqual(EXPECTED);
  });

  test('foreign keys hold on a connection opened later: a booking for a missing class is refused', async () => {
    const db = await open(newFile());
    await migrateDb(db);
    const holder = await db.client.transaction('read');
    const fresh = db.client.execute(
      "insert into bookings (class_id, user_id, status, quantity, created_at, updated_at) values (999, 999, 'confirmed', 1, 0, 0)",
    );
    await expect(fresh).rejects.toThrow(/FOREIGN KEY/);
    holder.close();
  });

  test('two handles on one file (two processes) write at once: every write commits, none fails busy', async () => {
    const url = newFile();
    const [a, b] = [await open(url), await open(url)];
    await a.client.execute('create table counter (n integer not null)');
    await a.client.execute('insert into counter values (0)');
    const bump = (db: Db) =>
      db.write(async (tx) => {
        const { n } = (await tx.get<{ n: number }>(sql`select n from counter`))!;
        await Bun.sleep(1); // yield while holding the write lock: the other handle must wait, not fail
        await tx.run(sql`update counter set n = ${n + 1}`);
      });
    await Promise.all(Array.from({ length: 40 }, (_, i) => bump(i % 2 ? a : b)));
    expect((await a.client.execute('select n from counter')).rows[0]!.n).toBe(40);
  });

  test('checkpoint folds a large write-ahead log into the file and empties it, keeping every row', async () => {
    const url = newFile();
    const db = await open(url);
    await db.client.execute('create table blob_rows (b blob not null)');
    // About 8 MB in one transaction: more than the automatic checkpoint folds in while it runs.
    await db.write((tx) => tx.run(sql`insert into blob_rows select randomblob(8192) from generate_series(1, 1000)`));
    const wal = `${url.slice('file:'.length)}-wal`;
    expect(statSync(wal).size).toBeGreaterThan(4_000_000);
    await db.checkpoint();
    expect(statSync(wal).size).toBe(0);
    expect(Number((await db.client.execute('select count(*) as n from blob_rows')).rows[0]!.n)).toBe(1000);
  });
});

describe('embedded file: compiled statements kept per connection', () => {
  test('a statement is compiled once per connection, and answers right after the schema changes under it', async () => {
    const db = await open(newFile());
    await db.client.execute('create table notes (id integer primary key, body text not null)');
    await db.client.execute({ sql: 'insert into notes (body) values (?)', args: ['first'] });
    const read = () => db.client.execute({ sql: 'select id, body from notes where id >= ?', args: [1] });
    expect((await read()).rows.map((row) => row.body)).toEqual(['first']);
    expect((await db.client.execute('select * from notes')).columns).toEqual(['id', 'body']);
    // The pool's connection compiles each text once: a spy on its compile step sees no second compile.
    const connection = await (
      db.client as unknown as { connections: { acquire(): Promise<{ prepare(sql: string): unknown }> } }
    ).connections.acquire();
    const cached = connection.prepare('select id, body from notes where id >= ?');
    expect(connection.prepare('select id, body from notes where id >= ?')).toBe(cached);
    (db.client as unknown as { connections: { release(c: unknown): void } }).connections.release(connection);
    // Another handle (another process) adds a column: a `*` statement sees it, a named one still answers. (The first
    // run after the change may list the old columns, with or without the cache: libsql reads them before SQLite
    // notices the change and recompiles; the next run has them.)
    const other = await open(newFile.last!());
    await other.client.execute("alter table notes add column mood text not null default 'calm'");
    await db.client.execute('select * from notes');
    const all = await db.client.execute('select * from notes');
    expect(all.columns).toEqual(['id', 'body', 'mood']);
    expect(all.rows[0]!.mood).toBe('calm');
    expect((await read()).rows.map((row) => row.body)).toEqual(['first']);
  });
});

describe.skipIf(!sqldBinary())('sqld', () => {
  test('foreign keys are enforced and write transactions from two handles serialize', async () => {
    const url = await (await sharedSqld()).newDatabase();
    const [a, b] = [await open(url), await open(url)];
    await migrateDb(a);
    await expect(
      a.client.execute(
        "insert into bookings (class_id, user_id, status, quantity, created_at, updated_at) values (999, 999, 'confirmed', 1, 0, 0)",
      ),
    ).rejects.toThrow(/FOREIGN KEY/);
    await a.client.execute('create table counter (n integer not null)');
    await a.client.execute('insert into counter values (0)');
    const bump = (db: Db) =>
      db.write(async (tx) => {
        const { n } = (await tx.get<{ n: number }>(sql`select n from counter`))!;
        await tx.run(sql`update counter set n = ${n + 1}`);
      });
    await Promise.all(Array.from({ length: 20 }, (_, i) => bump(i % 2 ? a : b)));
    expect(Number((await a.client.execute('select n from counter')).rows[0]!.n)).toBe(20);
  });
});

describe.skipIf(!sqldBinary())('migrations from several machines at once', () => {
  test('three handles migrating one new sqld database at the same moment all succeed, each migration applied once', async () => {
    const url = await (await sharedSqld()).newDatabase();
    const machines = [await open(url), await open(url), await open(url)];
    await Promise.all(machines.map((db) => migrateDb(db)));
    const applied = await machines[0]!.client.execute('select count(*) as n from __drizzle_migrations');
    const journal = (await Bun.file(new URL('./migrations/meta/_journal.json', import.meta.url)).json()) as { entries: unknown[] };
    expect(Number(applied.rows[0]!.n)).toBe(journal.entries.length);
  });
});

test('a write refused as locked (SQLITE_BUSY) is tried again; any other error is not', async () => {
  let tries = 0;
  const locked = Object.assign(new Error('SQLITE_BUSY: database is locked'), { code: 'SQLITE_BUSY' });
  expect(
    await whileLocked(async () => {
      if (++tries < 3) throw locked;
      return 'written';
    }),
  ).toBe('written');
  expect(tries).toBe(3);
  let other = 0;
  await expect(
    whileLocked(async () => {
      other++;
      throw Object.assign(new Error('constraint'), { code: 'SQLITE_CONSTRAINT' });
    }),
  ).rejects.toThrow('constraint');
  expect(other).toBe(1);
});
