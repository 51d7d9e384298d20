// WORKERS=2 (api/main.ts, api/workers.ts): the primary migrates and seeds once, then a worker serves the same
// port and database; the capacity race holds across them, a worker that dies is started again, and a worker
// never outlives its primary (even one killed with SIGKILL).
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Db, openDb } from '../../../db/client';
import { childrenOf, procStat } from '../../../scripts/lib/proc';
import { type FoglineProcess, spawnFogline } from '../../helpers/processes';
import { fixturesOn } from './fixtures';
import { createClass, createUser } from '../../helpers/fixtures';
import { withWaivers } from '../../helpers/waivers';

let dataDir: string;
let primary: FoglineProcess;
let db: Db;

/** The worker pids of a primary (exited ones not yet reaped included). */
const workersOf = (pid: number) => childrenOf(pid).map((child) => child.pid);

/** A new connection each time (a pooled one may lead to a worker this test has killed); a connection the
 * kernel had queued for the killed worker is reset, so a reset is tried again, as a browser would. */
async function health(tries = 5): Promise<number> {
  try {
    return (await fetch(`${primary.url}/api/health`, { keepalive: false, headers: { connection: 'close' } })).status;
  } catch (error) {
    if (tries <= 1) throw error;
    await Bun.sleep(100);
    return health(tries - 1);
  }
}

/** Running: not gone, and not exited-but-unreaped (a zombie). */
const alive = (pid: number) => (procStat(pid)?.state ?? 'Z') !== 'Z';

async function waitFor(check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await Bun.sleep(50);
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'fogline-workers-'));
  primary = await spawnFogline({ DATA_DIR: dataDir, WORKERS: '2', SEED: 'none' });
  db = await openDb(`file:${join(dataDir, 'fogline.db')}`);
});
afterAll(async () => {
  await primary.kill();
  db.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test('the primary migrates, then one worker serves beside it on the same port', async () => {
  expect(primary.output).toContain('[fogline] database ready');
  expect(primary.output).toContain('[fogline] worker 1 serving');
  expect(primary.output).toContain('(database: embedded libSQL; 2 processes)');
  expect(primary.output.match(/database ready/g)).toHaveLength(1);
  expect(workersOf(primary.pid)).toHaveLength(1);
});

test('20 customers for 5 spots through the shared port: exactly 5 confirmed', async () => {
  const world = fixturesOn(db, primary.url);
  const coach = await createUser(world, 'coach');
  const cls = await createClass(world, { coachId: coach.id, priceCents: 0, capacity: 5 });
  const people = await Promise.all(Array.from({ length: 20 }, () => createUser(world)));
  // A fresh connection per request (no keep-alive), so the kernel spreads them over both processes.
  const answers = await Promise.all(
    people.map((person) =>
      fetch(`${primary.url}/api/bookings/free`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: primary.url, cookie: person.client.cookieHeader(), connection: 'close' },
        body: JSON.stringify(withWaivers({ classId: cls.id, quantity: 1 })),
      }).then((r) => r.status),
    ),
  );
  expect(answers.filter((s) => s === 201)).toHaveLength(5);
  expect(answers.filter((s) => s === 409)).toHaveLength(15);
  const booked = await db.get<{ n: number }>(
    sql`select sum(quantity) as n from bookings where class_id = ${cls.id} and status = 'confirmed'`,
  );
  expect(Number(booked?.n)).toBe(5);
});

test('a worker that dies is started again; the port keeps answering meanwhile', async () => {
  const [worker] = workersOf(primary.pid);
  process.kill(worker!, 'SIGKILL');
  await waitFor(() => !alive(worker!) || workersOf(primary.pid).length === 0);
  expect(await health()).toBe(200);
  await waitFor(() => workersOf(primary.pid).some((pid) => pid !== worker));
  expect(await health()).toBe(200);
});

test('workers end with their primary, even when it is killed with SIGKILL', async () => {
  await waitFor(() => workersOf(primary.pid).length === 1);
  const workers = workersOf(primary.pid);
  expect(workers).toHaveLength(1);
  await primary.kill('SIGKILL');
  await waitFor(() => !alive(workers[0]!));
  primary = await spawnFogline({ DATA_DIR: dataDir, WORKERS: '2', SEED: 'none' }); // for afterAll
  expect(primary.output).toContain('2 processes');
});
