// Several machines starting at the same moment on one new database: each applies the migrations (one wins) and
// each finds the database empty, but the demo data goes in once. The check that the database is empty is made
// again inside the seeding write (BEGIN IMMEDIATE), so the others find it seeded and start normally.
import { afterAll, describe, expect, test } from 'bun:test';
import { count } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AppContext, createContext } from '../../../api/context';
import { envForDataDir } from '../../../api/env';
import { seedIfEmpty } from '../../../api/seed';
import { classes, users } from '../../../db/schema';
import { sharedSqld, sqldBinary } from '../../helpers/sqld';

const dir = mkdtempSync(join(tmpdir(), 'fogline-seed-race-'));
const contexts: AppContext[] = [];
afterAll(() => {
  for (const ctx of contexts) ctx.db.close();
  rmSync(dir, { recursive: true, force: true });
});

for (const kind of ['file', 'sqld'] as const) {
  describe.skipIf(kind === 'sqld' && !sqldBinary())(
    `three machines starting at once on one new ${kind === 'file' ? 'file' : 'sqld database'}`,
    () => {
      test('exactly one seeds the demo data, the others start without an error and find it there', async () => {
        const env = {
          ...envForDataDir(join(dir, kind)),
          ...(kind === 'sqld' ? { databaseUrl: await (await sharedSqld()).newDatabase() } : {}),
        };
        const machines = await Promise.all(Array.from({ length: 3 }, () => createContext({ env })));
        contexts.push(...machines);
        const seeded = await Promise.all(machines.map((ctx) => seedIfEmpty(ctx)));
        expect(seeded.filter(Boolean)).toHaveLength(1);
        const alone = await createContext({ env: envForDataDir(join(dir, `${kind}-alone`)) });
        contexts.push(alone);
        await seedIfEmpty(alone);
        const tally = async (ctx: AppContext) => [
          (await ctx.db.select({ n: count() }).from(users))[0]!.n,
          (await ctx.db.select({ n: count() }).from(classes))[0]!.n,
        ];
        expect(await tally(machines[0]!)).toEqual(await tally(alone));
      });
    },
  );
}
