// Jobs claimed through the database: two database handles stand for two processes (each its own connection
// pool), on one embedded file and on one sqld. Exactly one of them runs each period of a recurring job and
// each one-off key, a lapsed lease is taken over, and a one-off that ran is never run again.
import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb, type Db } from '../../db/client';
import { migrateDb } from '../../db/migrate';
import { jobLeases } from '../../db/schema';
import { sharedSqld, sqldBinary } from '../../tests/helpers/sqld';
import { FakeClock } from './clock';
import { runIfDue, runOnce, scheduleJob } from './jobs';

const dirs: string[] = [];
const handles: Db[] = [];
afterAll(() => {
  for (const db of handles) db.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function open(url: string): Promise<Db> {
  const db = await openDb(url);
  handles.push(db);
  return db;
}

/** Two "processes" on one database, sharing a fake clock. */
async function twoProcesses(kind: 'file' | 'sqld') {
  let url: string;
  if (kind === 'file') {
    const dir = mkdtempSync(join(tmpdir(), 'fogline-jobs-'));
    dirs.push(dir);
    url = `file:${join(dir, 'fogline.db')}`;
  } else url = await (await sharedSqld()).newDatabase();
  const first = await open(url);
  await migrateDb(first);
  const clock = new FakeClock(new Date('2026-03-01T10:00:00Z'));
  return { url, clock, a: { db: first, clock }, b: { db: await open(url), clock } };
}

for (const kind of ['file', 'sqld'] as const) {
  describe.skipIf(kind === 'sqld' && !sqldBinary())(`jobs on ${kind === 'file' ? 'one embedded file' : 'sqld'}`, () => {
    test('a recurring job runs once per period, whichever process ticks, however many ticks race', async () => {
      const { clock, a, b } = await twoProcesses(kind);
      let runs = 0;
      const spec = { name: 'count', everyMs: 60_000, run: async () => void runs++ };
      const race = () => Promise.all(Array.from({ length: 10 }, (_, i) => runIfDue(i % 2 ? a : b, spec)));
      expect((await race()).filter(Boolean)).toHaveLength(1);
      expect(runs).toBe(1);
      clock.advance(59_000);
      expect((await race()).filter(Boolean)).toHaveLength(0);
      clock.advance(1_000);
      expect((await race()).filter(Boolean)).toHaveLength(1);
      expect(runs).toBe(2);
    });

    test('a lease held by a process that died lapses, then another process takes the job', async () => {
      const { clock, a, b } = await twoProcesses(kind);
      let runs = 0;
      const spec = { name: 'sweep', everyMs: 10_000, leaseMs: 30_000, run: async () => void runs++ };
      // Process A takes the lease and dies before settling it.
      await a.db.write((tx) =>
        tx.insert(jobLeases).values({ key: 'sweep', owner: 'dead:1:x', leaseUntil: clock.now().getTime() + 30_000 }),
      );
      expect(await runIfDue(b, spec)).toBe(false);
      clock.advance(29_999);
      expect(await runIfDue(b, spec)).toBe(false);
      clock.advance(1);
      expect(await runIfDue(b, spec)).toBe(true);
      expect(runs).toBe(1);
    });

    test('a failing run is recorded and retried next period', async () => {
      const { clock, a } = await twoProcesses(kind);
      let calls = 0;
      const spec = {
        name: 'flaky',
        everyMs: 5_000,
        run: async () => {
          if (++calls === 1) throw new Error('provider down');
        },
      };
      expect(await runIfDue(a, spec)).toBe(true);
      const row = await a.db.select().from(jobLeases).get();
      expect(row).toMatchObject({ key: 'flaky', lastError: 'provider down', leaseUntil: 0, runs: 1 });
      clock.advance(5_000);
      expect(await runIfDue(a, spec)).toBe(true);
      expect((await a.db.select().from(jobLeases).get())?.lastError).toBeNull();
    });

    test('one-off work under a key runs exactly once across processes and restarts; a failure is retried', async () => {
      const { url, a, b } = await twoProcesses(kind);
      let sent = 0;
      const send = async () => {
        await Bun.sleep(5);
        sent++;
      };
      const results = await Promise.all(Array.from({ length: 12 }, (_, i) => runOnce(i % 2 ? a : b, 'reminder:booking:42', send)));
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(sent).toBe(1);
      // A restarted process (a new handle on the same database) does not send it again.
      const restarted = { db: await open(url), clock: a.clock };
      expect(await runOnce(restarted, 'reminder:booking:42', send)).toBe(false);
      expect(sent).toBe(1);

      await expect(runOnce(a, 'reminder:booking:43', () => Promise.reject(new Error('smtp down')))).rejects.toThrow('smtp down');
      expect(await runOnce(b, 'reminder:booking:43', send)).toBe(true);
      expect(sent).toBe(2);
    });

    test('a tick writes only to make a missing row or to take a due job: held, not due or done, it only reads', async () => {
      const { clock, a } = await twoProcesses(kind);
      let writes = 0;
      const counted = {
        ...a,
        db: new Proxy(a.db, {
          get: (db, key) => (key === 'write' ? (...args: Parameters<Db['write']>) => (writes++, db.write(...args)) : Reflect.get(db, key)),
        }),
      };
      const spec = { name: 'quiet', everyMs: 60_000, run: async () => {} };
      expect(await runIfDue(counted, spec)).toBe(true);
      expect(writes).toBe(3); // the missing row, the lease, its settlement
      writes = 0;
      for (let i = 0; i < 5; i++) expect(await runIfDue(counted, spec)).toBe(false);
      expect(writes).toBe(0);
      clock.advance(60_000);
      expect(await runIfDue(counted, spec)).toBe(true);
      expect(writes).toBe(2);
      writes = 0;
      expect(await runOnce(counted, 'once:1', async () => {})).toBe(true);
      expect(await runOnce(counted, 'once:1', async () => {})).toBe(false);
      expect(writes).toBe(3);
    });

    test('scheduleJob ticks in every process; stop ends the timer', async () => {
      const { a, b } = await twoProcesses(kind);
      let runs = 0;
      const spec = { name: 'tick', everyMs: 60_000, run: async () => void runs++ };
      const [ja, jb] = [scheduleJob(a, spec), scheduleJob(b, spec)];
      const ran = await Promise.all([ja.tick(), jb.tick()]);
      ja.stop();
      jb.stop();
      expect(ran.filter(Boolean)).toHaveLength(1);
      expect(runs).toBe(1);
      expect(await ja.tick()).toBe(false);
    });
  });
}
