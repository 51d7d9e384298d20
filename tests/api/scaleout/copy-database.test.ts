// Moving from the embedded file to sqld (scripts/copy-database.ts): the demo database copied into a new sqld
// database has every row of every table, the search index filled again, and a second copy into the same
// target is refused.
import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listClasses } from '../../../api/catalog/service';
import { createContext } from '../../../api/context';
import { envForDataDir } from '../../../api/env';
import { openDb } from '../../../db/client';
import { seedIfEmpty } from '../../../api/seed';
import { copyDatabase } from '../../../scripts/copy-database';
import { sharedSqld, sqldBinary } from '../../helpers/sqld';

const dir = mkdtempSync(join(tmpdir(), 'fogline-copy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test.skipIf(!sqldBinary())('the demo database moves from its file to sqld whole; a non-empty target is refused', async () => {
  const seeded = await createContext({ env: envForDataDir(dir) });
  await seedIfEmpty(seeded);
  seeded.db.close();
  const fileUrl = envForDataDir(dir).databaseUrl!;
  const target = await (await sharedSqld()).newDatabase();
  const copied = await copyDatabase(fileUrl, target);
  expect(copied.users).toBeGreaterThan(3);
  expect(copied.classes).toBeGreaterThan(50);
  expect(copied.bookings).toBeGreaterThan(0);

  const [from, to] = [await openDb(fileUrl), await openDb(target)];
  try {
    for (const table of Object.keys(copied)) {
      const count = async (db: typeof from) => Number((await db.client.execute(`select count(*) as n from "${table}"`)).rows[0]!.n);
      expect(`${table}: ${await count(to)}`).toBe(`${table}: ${await count(from)}`);
    }
    // The catalogue, search included, answers the same from both.
    const now = new Date();
    for (const filters of [{}, { q: 'yoga' }]) {
      const [a, b] = [await listClasses(from, now, { filters }), await listClasses(to, now, { filters })];
      expect(b).toEqual(a);
    }
  } finally {
    from.close();
    to.close();
  }
  await expect(copyDatabase(fileUrl, target)).rejects.toThrow('The target database is not empty');
});
