// Fixtures for tests that run real Fogline processes: the booking fixtures (tests/helpers/fixtures.ts) write users,
// sessions and classes straight into the database those processes share, as a third process would.
import { afterAll, beforeAll } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeClock } from '../../../api/lib/clock';
import { type Db, openDb } from '../../../db/client';
import { TestClient, type TestServer } from '../../helpers/api';
import type { SignedIn } from '../../helpers/fixtures';
import { type FoglineProcess, spawnFogline } from '../../helpers/processes';
import { sharedSqld } from '../../helpers/sqld';
import { testNow } from '../../helpers/today';

/** What the booking fixtures need, on a shared database; their clients talk to `url`. The fixtures' clock starts
 * where the processes' does (SEED_TODAY moves both). */
export function fixturesOn(db: Db, url: string): TestServer {
  return { ctx: { db }, clock: new FakeClock(new Date(testNow())), client: () => new TestClient(url) } as unknown as TestServer;
}

/** Two real Fogline processes on one database (a fresh embedded file, or a fresh database on the shared sqld, which
 * B reaches as libsql:// so both of the client's protocols are in play), with the fixtures on it. A starts first and
 * migrates. Registers the calling describe's beforeAll/afterAll: the fields are set once beforeAll has run. */
export interface TwoProcesses {
  dataDir: string;
  databaseUrl: string;
  db: Db;
  a: FoglineProcess;
  b: FoglineProcess;
  world: TestServer;
}

export function twoProcesses(kind: 'file' | 'sqld', name: string): TwoProcesses {
  const run = {} as TwoProcesses;
  beforeAll(async () => {
    run.dataDir = mkdtempSync(join(tmpdir(), `fogline-${name}-`));
    run.databaseUrl = kind === 'file' ? `file:${join(run.dataDir, 'fogline.db')}` : await (await sharedSqld()).newDatabase();
    const env = { DATA_DIR: run.dataDir, DATABASE_URL: run.databaseUrl, SEED: 'none', UPLOADS: 'local' };
    run.a = await spawnFogline(env); // migrates first
    run.b = await spawnFogline({
      ...env,
      DATABASE_URL: kind === 'file' ? run.databaseUrl : `${run.databaseUrl.replace('http://', 'libsql://')}?tls=0`,
    });
    run.db = await openDb(run.databaseUrl);
    run.world = fixturesOn(run.db, run.a.url);
  });
  afterAll(async () => {
    await Promise.all([run.a?.kill(), run.b?.kill()]);
    run.db?.close();
    if (run.dataDir) rmSync(run.dataDir, { recursive: true, force: true });
  });
  return run;
}

/** The same signed-in person, through the process at `url`. */
export function through(person: SignedIn, url: string): TestClient {
  const client = new TestClient(url);
  for (const [name, value] of person.client.cookies) client.cookies.set(name, value);
  return client;
}
