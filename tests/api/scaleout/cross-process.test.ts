// Two real Fogline processes (`bun api/main.ts`) on one database, first on one shared embedded file, then on
// one sqld started by the test (A over HTTP, B over libsql:// websockets): capacity races, payment holds,
// replayed confirms and webhooks, rate limits across processes and restarts, a process killed with SIGKILL in
// the middle of writes, and a write reaching the render cache of every other process.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestPaymentProvider } from '../../../api/providers/payments/test';
import { TagWatcher } from '../../../api/render-cache/tag-watcher';
import { type Db, openDb } from '../../../db/client';
import { bookings, users } from '../../../db/schema';
import { TestClient, type TestServer } from '../../helpers/api';
import { type FoglineProcess, spawnFogline } from '../../helpers/processes';
import { sharedSqld, sqldBinary } from '../../helpers/sqld';
import { fixturesOn } from './fixtures';
import { createClass, createUser, pageTotal, type SignedIn } from '../../helpers/fixtures';
import { withWaivers } from '../../helpers/waivers';

const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };

for (const kind of ['file', 'sqld'] as const) {
  describe.skipIf(kind === 'sqld' && !sqldBinary())(`two processes on ${kind === 'file' ? 'one embedded file' : 'one sqld'}`, () => {
    let dataDir: string;
    let envA: Record<string, string>;
    let envB: Record<string, string>;
    let db: Db;
    let a: FoglineProcess;
    let b: FoglineProcess;
    /** The fixtures write straight into the shared database, as a third process would. */
    let world: TestServer;

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'fogline-cluster-'));
      const databaseUrl = kind === 'file' ? `file:${join(dataDir, 'fogline.db')}` : await (await sharedSqld()).newDatabase();
      // Both processes share DATA_DIR (one machine), so the outbox of either is read in one place.
      envA = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SEED: 'none', UPLOADS: 'local' };
      envB = { ...envA, DATABASE_URL: kind === 'file' ? databaseUrl : `${databaseUrl.replace('http://', 'libsql://')}?tls=0` };
      a = await spawnFogline(envA); // migrates first
      b = await spawnFogline(envB);
      db = await openDb(databaseUrl);
      world = fixturesOn(db, a.url);
    });
    afterAll(async () => {
      await Promise.all([a?.kill(), b?.kill()]);
      db?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    /** The same signed-in customer, as seen through process A (even i) or B (odd i). */
    const via = (person: SignedIn, i: number) => {
      const client = new TestClient(i % 2 ? b.url : a.url);
      for (const [name, value] of person.client.cookies) client.cookies.set(name, value);
      return client;
    };
    const customers = (n: number) => Promise.all(Array.from({ length: n }, () => createUser(world)));
    const confirmedSpots = async (classId: number) =>
      Number(
        (
          await db.get<{ n: number }>(
            sql`select coalesce(sum(quantity), 0) as n from bookings where class_id = ${classId} and status = 'confirmed'`,
          )
        )?.n,
      );

    test('20 customers for 5 spots, alternating between the processes: exactly 5 confirmed', async () => {
      const coach = await createUser(world, 'coach');
      const cls = await createClass(world, { coachId: coach.id, priceCents: 0, capacity: 5 });
      const people = await customers(20);
      const answers = await Promise.all(
        people.map((person, i) => via(person, i).post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 1 }))),
      );
      expect(answers.filter((r) => r.status === 201)).toHaveLength(5);
      expect(answers.filter((r) => r.status === 409)).toHaveLength(15);
      expect(await confirmedSpots(cls.id)).toBe(5);
    });

    test('the same through payment holds: exactly 5 holds, the other 15 refused as full', async () => {
      const coach = await createUser(world, 'coach');
      const cls = await createClass(world, { coachId: coach.id, priceCents: 1500, capacity: 5 });
      const people = await customers(20);
      const answers = await Promise.all(
        people.map((person, i) =>
          via(person, i).post('/api/payment/create-intent', withWaivers({ classId: cls.id, quantity: 1, amount: pageTotal(1500, 1) })),
        ),
      );
      expect(answers.filter((r) => r.status === 200)).toHaveLength(5);
      expect(answers.filter((r) => r.status === 409)).toHaveLength(15);
      const held = await db
        .select()
        .from(bookings)
        .where(and(eq(bookings.classId, cls.id), eq(bookings.status, 'pending')));
      expect(held.reduce((sum, row) => sum + row.quantity, 0)).toBe(5);
    });

    test('confirm and the webhook replayed across both processes: one confirmed booking, one email', async () => {
      const coach = await createUser(world, 'coach');
      const cls = await createClass(world, { coachId: coach.id, priceCents: 1200, capacity: 5, title: 'Two Process Rowing' });
      const [person] = await customers(1);
      const intent = await via(person!, 0).post(
        '/api/payment/create-intent',
        withWaivers({ classId: cls.id, quantity: 1, amount: pageTotal(1200, 1) }),
      );
      expect(intent.status).toBe(200);
      const paid = await via(person!, 1).post('/api/payment/test-provider/pay', {
        paymentIntentId: intent.body.id,
        clientSecret: intent.body.clientSecret,
        ...CARD,
      });
      expect(paid.status).toBe(200);
      const body = JSON.stringify({
        id: `evt_${intent.body.id}`,
        object: 'event',
        type: 'payment_intent.succeeded',
        data: { object: { id: intent.body.id, object: 'payment_intent' } },
      });
      const signature = await createTestPaymentProvider(db, world.clock).signWebhook(body);
      const webhook = (url: string) =>
        new TestClient(url).request('POST', '/api/payment/webhook', undefined, {
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          raw: body,
        });
      const answers = await Promise.all([
        ...Array.from({ length: 6 }, (_, i) => via(person!, i).post('/api/payment/confirm', { paymentIntentId: intent.body.id })),
        ...[a.url, b.url, a.url, b.url].map(webhook),
      ]);
      expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
      const rows = await db.select().from(bookings).where(eq(bookings.classId, cls.id));
      expect(rows.map((r) => r.status)).toEqual(['confirmed']);
      // The confirmation is queued by the settling write and sent after the answers, by whichever process claims it.
      const confirmations = () => {
        let names: string[] = [];
        try {
          names = readdirSync(join(dataDir, 'outbox'));
        } catch {}
        return names
          .map((name) => readFileSync(join(dataDir, 'outbox', name), 'utf8'))
          .filter((m) => m.includes(person!.email) && m.includes('Booking confirmed: Two Process Rowing'));
      };
      for (let waited = 0; confirmations().length === 0 && waited < 15_000; waited += 50) await Bun.sleep(50);
      // One more period of both processes' timed outbox job: a second send would have happened by now.
      await Bun.sleep(2_500);
      expect(confirmations()).toHaveLength(1);
    }, 30_000);

    test('failed sign-ins alternating between the processes are limited at the same count as on one, and a restart keeps them', async () => {
      const emails = [`one-${kind}@example.test`, `two-${kind}@example.test`];
      const passwordHash = await Bun.password.hash('the-right-password');
      await db.write((tx) =>
        tx.insert(users).values(emails.map((email) => ({ email, firstName: 'Sam', lastName: 'Tester', passwordHash }))),
      );
      const attempt = (url: string, email: string) =>
        new TestClient(url).post('/api/login', { email, password: 'a-wrong-password' }).then((r) => r.status);
      const onOne: number[] = [];
      const alternating: number[] = [];
      for (let i = 0; i < 7; i++) {
        onOne.push(await attempt(a.url, emails[0]!));
        alternating.push(await attempt(i % 2 ? b.url : a.url, emails[1]!));
      }
      expect(onOne).toContain(429);
      expect(alternating).toEqual(onOne);
      // Both processes restart: the counts are in the database, not in their memory.
      await Promise.all([a.kill(), b.kill()]);
      a = await spawnFogline(envA);
      b = await spawnFogline(envB);
      expect(await attempt(b.url, emails[1]!)).toBe(429);
      expect(await attempt(a.url, emails[1]!)).toBe(429);
    });

    test("a booking through one process reaches another process's render cache within a second", async () => {
      // The watcher every process's render cache runs (api/render-cache/tag-watcher.ts), here on this test's own
      // connection: a third process beside A and B.
      const watcher = new TagWatcher(db.client);
      watcher.start();
      try {
        const coach = await createUser(world, 'coach');
        const cls = await createClass(world, { coachId: coach.id, priceCents: 0, capacity: 5 });
        const [person] = await customers(1);
        await watcher.poll();
        const before = watcher.seq;
        expect(watcher.changedSince([`class:${cls.id}`], before)).toBe(false);
        expect((await via(person!, 1).post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 1 }))).status).toBe(201);
        const booked = Date.now();
        while (!watcher.changedSince([`class:${cls.id}`], before) && Date.now() - booked < 3_000) await Bun.sleep(10);
        expect(watcher.changedSince([`class:${cls.id}`], before)).toBe(true);
        expect(Date.now() - booked).toBeLessThan(1_000);
      } finally {
        watcher.stop();
      }
    });

    test('a process killed with SIGKILL mid-write: every answered booking is kept, no class over capacity, the other keeps serving', async () => {
      const coach = await createUser(world, 'coach');
      const classes = await Promise.all(
        Array.from({ length: 4 }, () => createClass(world, { coachId: coach.id, priceCents: 0, capacity: 6 })),
      );
      const people = await customers(60);
      const answered: number[] = [];
      let killed = false;
      const book = async (person: SignedIn, i: number) => {
        const res = await via(person, i)
          .post('/api/bookings/free', withWaivers({ classId: classes[i % classes.length]!.id, quantity: 1 + (i % 2) }))
          .catch(() => null); // a request to the killed process may never be answered
        if (res?.status === 201) answered.push(res.body.id);
        // Kill A once a few of its writes have been answered, while the rest are still in flight.
        if (!killed && answered.length >= 4) {
          killed = true;
          a.child.kill('SIGKILL');
        }
      };
      await Promise.all(people.map(book));
      await a.child.exited;
      expect(killed).toBe(true);
      // B still serves: a booking after the crash goes through it.
      const [late] = await customers(1);
      const spare = await createClass(world, { coachId: coach.id, priceCents: 0, capacity: 2 });
      expect((await via(late!, 1).post('/api/bookings/free', withWaivers({ classId: spare.id, quantity: 1 }))).status).toBe(201);

      const kept = await db.select({ id: bookings.id, status: bookings.status }).from(bookings).where(inArray(bookings.id, answered));
      expect(kept).toHaveLength(answered.length);
      expect(kept.every((row) => row.status === 'confirmed')).toBe(true);
      for (const cls of classes) expect(await confirmedSpots(cls.id)).toBeLessThanOrEqual(6);
      a = await spawnFogline(envA); // for afterAll and any later test
    });
  });
}
