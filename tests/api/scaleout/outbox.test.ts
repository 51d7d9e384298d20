// The booking outbox (api/notices/outbox.ts) with real Fogline processes on one database, first one embedded
// file, then one sqld: a process killed with SIGKILL right after answering 201 (a free booking) or 200 (a paid one
// settled) loses no confirmation, no calendar attachment and no cache invalidation, and two processes sending at
// once send each email once.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq, inArray, sql } from 'drizzle-orm';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Db, openDb } from '../../../db/client';
import { bookingOutbox, bookings } from '../../../db/schema';
import { TestClient, type TestServer } from '../../helpers/api';
import { type FoglineProcess, spawnFogline } from '../../helpers/processes';
import { sharedSqld, sqldBinary } from '../../helpers/sqld';
import { fixturesOn } from './fixtures';
import { createClass, createUser, pageTotal, type SignedIn } from '../../helpers/fixtures';
import { withWaivers } from '../../helpers/waivers';

for (const kind of ['file', 'sqld'] as const) {
  describe.skipIf(kind === 'sqld' && !sqldBinary())(
    `the booking outbox, two processes on ${kind === 'file' ? 'one embedded file' : 'one sqld'}`,
    () => {
      let dataDir: string;
      let env: Record<string, string>;
      let db: Db;
      let a: FoglineProcess | null = null;
      let b: FoglineProcess | null = null;
      let world: TestServer;

      beforeAll(async () => {
        dataDir = mkdtempSync(join(tmpdir(), 'fogline-outbox-'));
        const databaseUrl = kind === 'file' ? `file:${join(dataDir, 'fogline.db')}` : await (await sharedSqld()).newDatabase();
        // A claim of a killed process lapses after 5 s here (60 s by default), so the test need not wait long.
        env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SEED: 'none', UPLOADS: 'local', OUTBOX_LEASE_SECONDS: '5' };
        a = await spawnFogline(env); // migrates first
        db = await openDb(databaseUrl);
        world = fixturesOn(db, a.url);
      });
      afterAll(async () => {
        await Promise.all([a?.kill(), b?.kill()]);
        db?.close();
        rmSync(dataDir, { recursive: true, force: true });
      });

      /** The outbox both processes write to (one DATA_DIR), as raw messages. */
      const mails = () => {
        try {
          return readdirSync(join(dataDir, 'outbox')).map((name) => readFileSync(join(dataDir, 'outbox', name), 'utf8'));
        } catch {
          return [];
        }
      };
      const confirmationsTo = (email: string, title: string) =>
        mails().filter((m) => m.includes(`To: ${email}`) && m.includes(`Subject: Booking confirmed: ${title}`));
      const as = (person: SignedIn, url: string) => {
        const client = new TestClient(url);
        for (const [name, value] of person.client.cookies) client.cookies.set(name, value);
        return client;
      };
      const waitFor = async (done: () => Promise<boolean> | boolean, ms: number) => {
        const until = Date.now() + ms;
        while (!(await done()) && Date.now() < until) await Bun.sleep(50);
      };
      const queued = async (ids: number[]) =>
        ids.length ? await db.select().from(bookingOutbox).where(inArray(bookingOutbox.bookingId, ids)) : [];

      test('SIGKILL right after 201: every confirmation and its .ics still goes out, from the other process, and the class page tag was bumped in the same write', async () => {
        const coach = await createUser(world, 'coach');
        const title = `Killed Right After Rowing ${kind}`;
        const cls = await createClass(world, { coachId: coach.id, priceCents: 0, capacity: 30, title });
        const people = await Promise.all(Array.from({ length: 12 }, () => createUser(world)));
        const tagBefore = Number(
          (await db.get<{ seq: number | null }>(sql`select max(seq) as seq from cache_tags where tag = ${`class:${cls.id}`}`))?.seq ?? 0,
        );
        const answered: number[] = [];
        let killed = false;
        await Promise.all(
          people.map(async (person) => {
            const res = await as(person, a!.url)
              .post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 1 }))
              .catch(() => null); // requests still in flight when A dies are never answered
            if (res?.status === 201) answered.push(res.body.id);
            // Killed at the first 201: the emails of the bookings answered so far have had no time to go out.
            if (!killed && res?.status === 201) {
              killed = true;
              a!.child.kill('SIGKILL');
            }
          }),
        );
        await a!.child.exited;
        expect(answered.length).toBeGreaterThan(0);
        const committed = (
          await db.select({ id: bookings.id, userId: bookings.userId }).from(bookings).where(eq(bookings.classId, cls.id))
        ).map((row) => row.id);
        expect(committed).toEqual(expect.arrayContaining(answered));
        // The cache invalidation is not a message to lose: the trigger bumped the class's tag in the booking's transaction.
        const tagAfter = Number(
          (await db.get<{ seq: number | null }>(sql`select max(seq) as seq from cache_tags where tag = ${`class:${cls.id}`}`))?.seq ?? 0,
        );
        expect(tagAfter).toBeGreaterThan(tagBefore);
        const leftAtKill = (await queued(committed)).length;
        console.log(
          `[outbox test] ${answered.length} answered before SIGKILL, ${committed.length} committed, ${leftAtKill} still in the outbox`,
        );

        b = await spawnFogline(env); // another process: its timed job sends what A left
        a = null;
        const owners = (
          await db.select({ id: bookings.id, userId: bookings.userId }).from(bookings).where(inArray(bookings.id, committed))
        ).map((row) => row.userId);
        const emails = people.filter((person) => owners.includes(person.id)).map((person) => person.email);
        await waitFor(
          async () => (await queued(committed)).length === 0 && emails.every((email) => confirmationsTo(email, title).length > 0),
          20_000,
        );
        expect(await queued(committed)).toEqual([]);
        for (const email of emails) {
          const sent = confirmationsTo(email, title);
          // Lost never; twice only if the kill fell between the mail provider's accept and the row's delete.
          expect(sent.length).toBeGreaterThanOrEqual(1);
          expect(sent[0]).toContain('filename=class.ics');
          expect(sent[0]).toContain('text/calendar');
        }
        a = await spawnFogline(env); // for the next test
      }, 60_000);

      test('SIGKILL right after a paid booking is settled: its confirmation and .ics still go out, from the other process', async () => {
        a ??= await spawnFogline(env);
        b ??= await spawnFogline(env);
        const coach = await createUser(world, 'coach');
        const title = `Paid Then Killed Kayaking ${kind}`;
        const cls = await createClass(world, { coachId: coach.id, priceCents: 2500, capacity: 10, title });
        const person = await createUser(world);
        const customer = as(person, a!.url);
        const intent = await customer.post(
          '/api/payment/create-intent',
          withWaivers({ classId: cls.id, quantity: 1, amount: pageTotal(2500, 1) }),
        );
        expect(intent.status).toBe(200);
        // The test provider's card endpoint settles the payment as Stripe's webhook would (api/payments/service.ts).
        const paid = await customer.post('/api/payment/test-provider/pay', {
          paymentIntentId: intent.body.id,
          clientSecret: intent.body.clientSecret,
          cardNumber: '4242 4242 4242 4242',
          expiry: '12/30',
          cvc: '123',
        });
        a!.child.kill('SIGKILL');
        await a!.child.exited;
        a = null;
        expect(paid.status).toBe(200);
        const booking = (await db.select().from(bookings).where(eq(bookings.id, intent.body.bookingId)).get())!;
        expect(booking.status).toBe('confirmed');
        // B's timed job sends what A left (A's claim, if it made one, lapses after the 5 s lease).
        await waitFor(async () => (await queued([booking.id])).length === 0 && confirmationsTo(person.email, title).length > 0, 20_000);
        expect(await queued([booking.id])).toEqual([]);
        const sent = confirmationsTo(person.email, title);
        expect(sent.length).toBeGreaterThanOrEqual(1);
        expect(sent[0]).toContain('filename=class.ics');
        a = await spawnFogline(env); // for the next test
      }, 60_000);

      test('two processes booking and sending at once: each confirmation exactly once', async () => {
        b ??= await spawnFogline(env);
        const coach = await createUser(world, 'coach');
        const title = `Exactly Once Pilates ${kind}`;
        const cls = await createClass(world, { coachId: coach.id, priceCents: 0, capacity: 60, title });
        const people = await Promise.all(Array.from({ length: 40 }, () => createUser(world)));
        const answers = await Promise.all(
          people.map((person, i) =>
            as(person, i % 2 ? b!.url : a!.url).post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 1 })),
          ),
        );
        expect(answers.map((r) => r.status)).toEqual(Array(40).fill(201));
        const ids = answers.map((r) => r.body.id as number);
        await waitFor(
          async () => (await queued(ids)).length === 0 && people.every((person) => confirmationsTo(person.email, title).length > 0),
          20_000,
        );
        // One more period of the timed job in both processes, so a second send would have happened by now.
        await Bun.sleep(2_500);
        expect(await queued(ids)).toEqual([]);
        expect(people.map((person) => confirmationsTo(person.email, title).length)).toEqual(Array(40).fill(1));
      }, 60_000);
    },
  );
}
