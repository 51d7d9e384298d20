// Group commit (api/spots/book.ts, release.ts writeBookingSpotsTogether): concurrent free bookings of one process
// share one transaction, each in its own savepoint with its own capacity check. Exactness at a class drop:
// 1,000 customers at once against one class of 20, in one process (TEST_DATABASE=sqld: 200, on sqld), and on two real
// processes sharing one embedded file, then one sqld.
import { afterAll, describe, expect, test } from 'bun:test';
import { eq, sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSession, SESSION_COOKIE } from '../../../api/auth/session';
import { type Db, openDb } from '../../../db/client';
import { bookingOutbox, bookings, users } from '../../../db/schema';
import { TestClient, type TestServer } from '../../helpers/api';
import { spawnFogline } from '../../helpers/processes';
import { sharedSqld, sqldBinary, testOnSqld } from '../../helpers/sqld';
import { createClass, createUser, startWithCoach } from '../../helpers/fixtures';
import { fixturesOn } from './fixtures';
import { testNow } from '../../helpers/today';
import { withWaivers } from '../../helpers/waivers';

const CUSTOMERS = 1_000;
const CAPACITY = 20;

/** `n` customers with live sessions, written in bulk (one write for the users). */
async function customers(db: Db, n: number): Promise<string[]> {
  const stamp = Math.random().toString(36).slice(2, 8);
  const rows = await db.write((tx) =>
    tx
      .insert(users)
      .values(
        Array.from({ length: n }, (_, i) => ({
          email: `drop-${stamp}-${i}@fogline.test`,
          firstName: 'Casey',
          lastName: `Customer ${i}`,
          role: 'customer' as const,
          isApproved: true,
        })),
      )
      .returning({ id: users.id }),
  );
  const tokens: string[] = [];
  // Sessions on the servers' clock, which runs from SEED_TODAY's day under `npm run test:days`.
  const clock = { now: () => new Date(testNow()) };
  for (const row of rows) tokens.push((await createSession(db, clock, row.id)).token);
  return tokens;
}

/** Everyone at once at the class through `urls` (alternating); the statuses and what the database holds. */
async function drop(db: Db, urls: string[], classId: number, tokens: string[]) {
  const answers = await Promise.all(
    tokens.map((token, i) => {
      const client = new TestClient(urls[i % urls.length]!);
      client.cookies.set(SESSION_COOKIE, token);
      return client.post('/api/bookings/free', withWaivers({ classId, quantity: 1 })).then((r) => r.status);
    }),
  );
  const stored = await db.get<{ n: number }>(
    sql`select coalesce(sum(quantity), 0) as n from bookings where class_id = ${classId} and status = 'confirmed'`,
  );
  const queued = await db
    .select({ id: bookingOutbox.id })
    .from(bookingOutbox)
    .innerJoin(bookings, eq(bookings.id, bookingOutbox.bookingId))
    .where(eq(bookings.classId, classId));
  return {
    created: answers.filter((s) => s === 201).length,
    full: answers.filter((s) => s === 409).length,
    other: answers.filter((s) => s !== 201 && s !== 409),
    stored: Number(stored?.n),
    queuedOrSent: queued.length,
  };
}

describe('one process', () => {
  let server: TestServer;
  afterAll(() => server?.stop());
  // In-process over sqld's HTTP API every statement is a round trip: 200 there (1,000 on sqld: the test below).
  const crowd = testOnSqld ? 200 : CUSTOMERS;

  test(`${crowd} customers at once at one class of ${CAPACITY}: exactly ${CAPACITY} confirmed, the rest refused as full`, async () => {
    ({ server } = await startWithCoach());
    const coach = await createUser(server, 'coach');
    const cls = await createClass(server, { coachId: coach.id, priceCents: 0, capacity: CAPACITY });
    const result = await drop(server.ctx.db, [server.url], cls.id, await customers(server.ctx.db, crowd));
    expect(result.other).toEqual([]);
    expect(result.created).toBe(CAPACITY);
    expect(result.full).toBe(crowd - CAPACITY);
    expect(result.stored).toBe(CAPACITY);
    // Refused bookings rolled back to their savepoint: no confirmation queued for them.
    expect(result.queuedOrSent).toBeLessThanOrEqual(CAPACITY);
  }, 120_000);

  test('a group mixes answers: a refusal in the middle keeps the bookings before and after it', async () => {
    const coach = await createUser(server, 'coach');
    const roomy = await createClass(server, { coachId: coach.id, priceCents: 0, capacity: 50 });
    const paid = await createClass(server, { coachId: coach.id, priceCents: 1500, capacity: 50 });
    const people = await Promise.all(Array.from({ length: 9 }, () => createUser(server)));
    const answers = await Promise.all(
      people.map((person, i) =>
        person.client.post('/api/bookings/free', withWaivers({ classId: i % 3 === 1 ? paid.id : roomy.id, quantity: 1 })),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(people.map((_, i) => (i % 3 === 1 ? 400 : 201)));
    expect(answers[1]!.body.message).toBe('This class is not free: please book it through checkout.');
    const again = await people[0]!.client.post('/api/bookings/free', withWaivers({ classId: roomy.id, quantity: 1 }));
    expect(again.status).toBe(409);
  }, 60_000);
});

for (const kind of ['file', 'sqld'] as const) {
  describe.skipIf(kind === 'sqld' && !sqldBinary())(`two processes on ${kind === 'file' ? 'one embedded file' : 'one sqld'}`, () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fogline-group-'));
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    test(`${CUSTOMERS} customers at once, alternating between the processes, at one class of ${CAPACITY}: exactly ${CAPACITY}`, async () => {
      const databaseUrl = kind === 'file' ? `file:${join(dataDir, 'fogline.db')}` : await (await sharedSqld()).newDatabase();
      const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SEED: 'none', UPLOADS: 'local' };
      const a = await spawnFogline(env);
      const b = await spawnFogline({
        ...env,
        DATABASE_URL: kind === 'file' ? databaseUrl : `${databaseUrl.replace('http://', 'libsql://')}?tls=0`,
      });
      const db = await openDb(databaseUrl);
      try {
        const world = fixturesOn(db, a.url);
        const coach = await createUser(world, 'coach');
        const cls = await createClass(world, { coachId: coach.id, priceCents: 0, capacity: CAPACITY });
        const result = await drop(db, [a.url, b.url], cls.id, await customers(db, CUSTOMERS));
        expect(result.other).toEqual([]);
        expect(result.created).toBe(CAPACITY);
        expect(result.full).toBe(CUSTOMERS - CAPACITY);
        expect(result.stored).toBe(CAPACITY);
      } finally {
        await Promise.all([a.kill(), b.kill()]);
        db.close();
      }
    }, 180_000);
  });
}
