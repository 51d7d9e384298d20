// Foundation: migrations and seed are idempotent; the write queue serializes concurrent transactions.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { count, eq, sql } from 'drizzle-orm';
import { migrateDb } from '../../../db/migrate';
import { categories, users } from '../../../db/schema';
import { seedIfEmpty } from '../../../db/seed';
import { startTestServer, type TestServer } from '../../helpers/api';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
});
afterAll(() => server.stop());

describe('migrations', () => {
  test('running the migrations again changes nothing', async () => {
    const tables = async () =>
      (await server.ctx.db.client.execute("select name from sqlite_master where type in ('table','index') order by name")).rows.map((r) => r.name);
    const before = await tables();
    await migrateDb(server.ctx.db);
    await migrateDb(server.ctx.db);
    expect(await tables()).toEqual(before);
  });

  test('the database runs in WAL mode', async () => {
    const mode = await server.ctx.db.client.execute('PRAGMA journal_mode');
    expect(String(mode.rows[0]?.[0]).toLowerCase()).toBe('wal');
  });
});

describe('seed', () => {
  test('the demo accounts exist', async () => {
    for (const email of ['admin@fogline.test', 'coach@fogline.test', 'newcoach@fogline.test', 'customer@fogline.test']) {
      const user = await server.ctx.db.db.select().from(users).where(eq(users.email, email)).get();
      expect(user?.email).toBe(email);
    }
  });

  test('seeding a database that has data adds nothing', async () => {
    const countUsers = async () => (await server.ctx.db.db.select({ n: count() }).from(users).get())!.n;
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
    const row = await db.db.select().from(categories).where(eq(categories.name, 'Queue counter')).get();
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
    const rows = await db.db.select().from(categories).where(sql`name = 'Rolled back'`);
    expect(rows).toEqual([]);
    await db.write((tx) => tx.insert(categories).values({ name: 'After failure' }));
  });
});
