// Foundation: migrations and seed are idempotent; the write queue serializes concurrent transactions.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { count, eq, sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listClasses } from '../../../api/catalog/service';
import { openDb } from '../../../db/client';
import { migrateDb, migrationsFolder } from '../../../db/migrate';
import { categories, users } from '../../../db/schema';
import { seedIfEmpty } from '../../../api/seed';
import { startTestServer, type TestServer } from '../../helpers/api';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
});
afterAll(() => server.stop());

describe('migrations', () => {
  test('running the migrations again changes nothing', async () => {
    const tables = async () =>
      (await server.ctx.db.client.execute("select name from sqlite_master where type in ('table','index') order by name")).rows.map(
        (r) => r.name,
      );
    const before = await tables();
    await migrateDb(server.ctx.db);
    await migrateDb(server.ctx.db);
    expect(await tables()).toEqual(before);
  });

  test('a database made before the class soft delete upgrades: its classes gain deletedAt, unset, so they stay listed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fogline-upgrade-'));
    // The migrations folder as it was before: 0000_init only.
    const before = join(dir, 'migrations');
    mkdirSync(join(before, 'meta'), { recursive: true });
    copyFileSync(join(migrationsFolder, '0000_init.sql'), join(before, '0000_init.sql'));
    const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'));
    writeFileSync(join(before, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, 1) }));
    const handle = await openDb(`file:${join(dir, 'old.db')}`);
    try {
      await migrate(handle, { migrationsFolder: before });
      await handle.client.execute(
        "insert into users (email, first_name, last_name, role, created_at, updated_at) values ('old@example.test', 'Old', 'Coach', 'coach', 0, 0)",
      );
      await handle.client.execute("insert into classes (title, coach_id, created_at, updated_at) values ('Class From Before', 1, 0, 0)");
      await migrateDb(handle);
      await migrateDb(handle);
      const columns = (await handle.client.execute("select name from pragma_table_info('classes')")).rows.map((r) => r.name);
      expect(columns).toContain('deleted_at');
      const applied = await handle.client.execute('select count(*) as n from __drizzle_migrations');
      expect(Number(applied.rows[0]!.n)).toBe(journal.entries.length);
      expect((await listClasses(handle, new Date(0))).items.map((c) => c.title)).toEqual(['Class From Before']);
    } finally {
      handle.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('the database runs in WAL mode', async () => {
    const mode = await server.ctx.db.client.execute('PRAGMA journal_mode');
    expect(String(mode.rows[0]?.[0]).toLowerCase()).toBe('wal');
  });
});

describe('seed', () => {
  test('the demo accounts exist', async () => {
    for (const email of ['admin@fogline.test', 'coach@fogline.test', 'newcoach@fogline.test', 'customer@fogline.test']) {
      const user = await server.ctx.db.select().from(users).where(eq(users.email, email)).get();
      expect(user?.email).toBe(email);
    }
  });

  test('seeding a database that has data adds nothing', async () => {
    const countUsers = async () => (await server.ctx.db.select({ n: count() }).from(users).get())!.n;
    const before = await countUsers();
    expect(await seedIfEmpty(server.ctx)).toBe(false);
    expect(await countUsers()).toBe(before);
  });
});

describe('write queue', () => {
  test('200 concurrent write transactions all commit without SQLITE_BUSY', async () => {
    const { db } = server.ctx;
    await db.write((tx) => tx.insert(categories).values({ name: 'Queue counter', image: '0' }));
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, () =>
        db.write(async (tx) => {
          // read-modify-write: only correct if nothing else writes in between
          const row = await tx.select().from(categories).where(eq(categories.name, 'Queue counter')).get();
          await tx
            .update(categories)
            .set({ image: String(Number(row!.image) + 1) })
            .where(eq(categories.name, 'Queue counter'));
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const row = await db.select().from(categories).where(eq(categories.name, 'Queue counter')).get();
    expect(row!.image).toBe('200');
  });

  test('a failing transaction rolls back and the queue keeps going', async () => {
    const { db } = server.ctx;
    await expect(
      db.write(async (tx) => {
        await tx.insert(categories).values({ name: 'Rolled back' });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const rows = await db.select().from(categories).where(sql`name = 'Rolled back'`);
    expect(rows).toEqual([]);
    await db.write((tx) => tx.insert(categories).values({ name: 'After failure' }));
  });
});
