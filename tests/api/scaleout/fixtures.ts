// Fixtures for tests that run real Fogline processes: the booking fixtures (tests/helpers/fixtures.ts) write users,
// sessions and classes straight into the database those processes share, as a third process would.
import { FakeClock } from '../../../api/lib/clock';
import type { Db } from '../../../db/client';
import { TestClient, type TestServer } from '../../helpers/api';
import { testNow } from '../../helpers/today';

/** What the booking fixtures need, on a shared database; their clients talk to `url`. The fixtures' clock starts
 * where the processes' does (SEED_TODAY moves both). */
export function fixturesOn(db: Db, url: string): TestServer {
  return { ctx: { db }, clock: new FakeClock(new Date(testNow())), client: () => new TestClient(url) } as unknown as TestServer;
}
