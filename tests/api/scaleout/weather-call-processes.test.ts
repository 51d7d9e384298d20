// The weather call's Cancel with two real Fogline processes (`bun api/main.ts`) on one database, first one embedded
// file, then one sqld (A over HTTP, B over libsql:// websockets): a coach sets a rain threshold the sample forecast
// crosses, the 24 h check makes the call, and the coach's Cancel sent to both processes at the same moment makes
// one decision, refunds each attendee in full exactly once and sends each of them one cancellation email.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq, inArray } from 'drizzle-orm';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AppContext, createContext } from '../../../api/context';
import { refreshConditions } from '../../../api/conditions/refresh';
import { checkWeatherCalls } from '../../../api/conditions/weather-call';
import { env as defaultEnv } from '../../../api/env';
import { FakeClock } from '../../../api/lib/clock';
import { sampleHour } from '../../../api/providers/weather/sample';
import { type Db, openDb } from '../../../db/client';
import { bookings, classes, testPaymentIntents, weatherCalls } from '../../../db/schema';
import { TestClient, type TestServer } from '../../helpers/api';
import { createClass, createUser, pageTotal, type SignedIn } from '../../helpers/fixtures';
import { type FoglineProcess, spawnFogline } from '../../helpers/processes';
import { sharedSqld, sqldBinary } from '../../helpers/sqld';
import { testNow } from '../../helpers/today';
import { fixturesOn } from './fixtures';
import { withWaivers } from '../../helpers/waivers';

const HOUR = 3_600_000;
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
const RAIN_LIMIT = 60;

/** A point near Crissy Field whose sample forecast (deterministic per place and hour) reaches the rain limit in
 * the hour starting at `hourStart`: chosen for that hour, so the test means the same on any day. */
function rainyPlace(hourStart: number): { latitude: number; longitude: number } {
  for (let i = 0; i < 2_000; i++) {
    const latitude = Number((37.7 + (i % 20) * 0.01).toFixed(2));
    const longitude = Number((-122.5 + Math.floor(i / 20) * 0.01).toFixed(2));
    if (sampleHour(`sample/${latitude.toFixed(2)},${longitude.toFixed(2)}`, hourStart).rainChance >= RAIN_LIMIT)
      return { latitude, longitude };
  }
  throw new Error('no rainy sample place found');
}

for (const kind of ['file', 'sqld'] as const) {
  describe.skipIf(kind === 'sqld' && !sqldBinary())(
    `the weather call, two processes on ${kind === 'file' ? 'one embedded file' : 'one sqld'}`,
    () => {
      let dataDir: string;
      let databaseUrl: string;
      let db: Db;
      let a: FoglineProcess;
      let b: FoglineProcess;
      /** The fixtures write straight into the shared database, as a third process would. */
      let world: TestServer;

      beforeAll(async () => {
        dataDir = mkdtempSync(join(tmpdir(), 'fogline-weather-call-'));
        databaseUrl = kind === 'file' ? `file:${join(dataDir, 'fogline.db')}` : await (await sharedSqld()).newDatabase();
        // One DATA_DIR (one machine), so the outbox of either process is read in one place.
        const envA = {
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl,
          SEED: 'none',
          UPLOADS: 'local',
          WEATHER: 'sample',
          AIR_QUALITY: 'sample',
        };
        a = await spawnFogline(envA); // migrates first
        b = await spawnFogline({
          ...envA,
          DATABASE_URL: kind === 'file' ? databaseUrl : `${databaseUrl.replace('http://', 'libsql://')}?tls=0`,
        });
        db = await openDb(databaseUrl);
        world = fixturesOn(db, a.url);
      });
      afterAll(async () => {
        await Promise.all([a?.kill(), b?.kill()]);
        db?.close();
        rmSync(dataDir, { recursive: true, force: true });
      });

      const as = (person: SignedIn, url: string) => {
        const client = new TestClient(url);
        for (const [name, value] of person.client.cookies) client.cookies.set(name, value);
        return client;
      };
      const mailsTo = (email: string, subject: string) => {
        let names: string[] = [];
        try {
          names = readdirSync(join(dataDir, 'outbox'));
        } catch {}
        return names
          .map((name) => readFileSync(join(dataDir, 'outbox', name), 'utf8'))
          .filter((m) => m.includes(`To: ${email}`) && m.includes(`Subject: ${subject}`));
      };
      const waitFor = async (done: () => Promise<boolean> | boolean, ms: number) => {
        const until = Date.now() + ms;
        while (!(await done()) && Date.now() < until) await Bun.sleep(50);
      };
      /** Books and pays with the test card through the built-in test provider, as the checkout page does. */
      const bookAndPay = async (client: TestClient, classId: number, quantity: number) => {
        const intent = await client.post(
          '/api/payment/create-intent',
          withWaivers({ classId, quantity, amount: pageTotal(2000, quantity) }),
        );
        expect(intent.status).toBe(200);
        expect(
          (
            await client.post('/api/payment/test-provider/pay', {
              paymentIntentId: intent.body.id,
              clientSecret: intent.body.clientSecret,
              ...CARD,
            })
          ).status,
        ).toBe(200);
        expect((await client.post('/api/payment/confirm', { paymentIntentId: intent.body.id })).status).toBe(200);
        return intent.body.id as string;
      };

      test("the coach's Cancel sent to both processes at once: one decision, each attendee refunded in full once and emailed once", async () => {
        const title = `Two Process Rain Run ${kind}`;
        const coach = await createUser(world, 'coach', 'Maya');
        // 30 hours ahead, on the hour, at a place the sample forecast rains on then.
        const start = Math.floor((testNow() + 30 * HOUR) / HOUR) * HOUR;
        const cls = await createClass(world, { coachId: coach.id, priceCents: 2000, capacity: 10, title });
        await db.write((tx) =>
          tx
            .update(classes)
            .set({ ...rainyPlace(start), startTime: new Date(start), endTime: new Date(start + HOUR), duration: 60 })
            .where(eq(classes.id, cls.id)),
        );
        const policy = { rainChance: RAIN_LIMIT, aqi: null, windMph: null, heatF: null, rainPlan: 'cancel', backupLocation: null };
        const set = await as(coach, b.url).request('PATCH', `/api/classes/${cls.id}`, { weatherPolicy: policy });
        expect(set.status).toBe(200);
        expect(set.body.weatherPolicy).toEqual(policy);
        const ana = await createUser(world, 'customer', 'Ana');
        const ben = await createUser(world, 'customer', 'Ben');
        const anaIntent = await bookAndPay(as(ana, a.url), cls.id, 2);
        const benIntent = await bookAndPay(as(ben, b.url), cls.id, 1);

        // The 24 h check, run by a third process whose clock the test moves (the two processes run on the real one,
        // where the class stays 30 h away, so their own check never makes this call).
        const clock = new FakeClock(new Date(testNow()));
        const checker: AppContext = await createContext({
          env: {
            databaseUrl,
            dataDir,
            outboxDir: join(dataDir, 'outbox'),
            conditions: { ...defaultEnv.conditions, weather: 'sample', airQuality: 'sample' },
          },
          clock,
          migrate: false,
        });
        try {
          await refreshConditions(checker);
          expect(await checkWeatherCalls(checker)).toBe(0);
          clock.advance(6.5 * HOUR);
          await refreshConditions(checker);
          expect(await checkWeatherCalls(checker)).toBe(1);
        } finally {
          checker.db.close();
        }
        expect(mailsTo(coach.email, `Weather call: ${title}`)).toHaveLength(1);
        expect((await as(coach, b.url).get('/api/weather-calls')).body).toEqual([
          expect.objectContaining({ classId: cls.id, checkpoint: '24h', status: 'pending' }),
        ]);

        // Cancel, to both processes at the same moment.
        const answers = await Promise.all(
          [a.url, b.url].map((url) => as(coach, url).post(`/api/classes/${cls.id}/weather-call`, { decision: 'cancel' })),
        );
        expect(answers.map((r) => r.status)).toEqual([200, 200]);
        expect(answers[0]!.body.id).toBe(answers[1]!.body.id);
        expect(answers.map((r) => r.body.status)).toEqual(['cancelled', 'cancelled']);
        const calls = await db.select().from(weatherCalls).where(eq(weatherCalls.classId, cls.id));
        expect(calls.map((c) => c.status)).toEqual(['cancelled']);

        // Money: each intent refunded exactly what was paid, recorded once on its booking.
        const intents = await db
          .select()
          .from(testPaymentIntents)
          .where(inArray(testPaymentIntents.id, [anaIntent, benIntent]));
        expect(intents.map((i) => [i.id, i.amountCents, i.refundedCents]).sort()).toEqual(
          [
            [anaIntent, 4200, 4200],
            [benIntent, 2100, 2100],
          ].sort(),
        );
        const rows = await db.select().from(bookings).where(eq(bookings.classId, cls.id));
        expect(rows).toHaveLength(2);
        for (const row of rows) expect(row).toMatchObject({ status: 'cancelled', refundAmountCents: row.amountCents });
        expect(rows.reduce((sum, row) => sum + (row.refundAmountCents ?? 0), 0)).toBe(intents.reduce((sum, i) => sum + i.amountCents, 0));

        // One cancellation email each, still one after both processes' outbox jobs have had another turn.
        const subject = `Booking cancelled: ${title}`;
        await waitFor(() => [ana, ben].every((person) => mailsTo(person.email, subject).length > 0), 20_000);
        await Bun.sleep(2_500);
        for (const person of [ana, ben]) {
          const notices = mailsTo(person.email, subject);
          expect(notices).toHaveLength(1);
          expect(notices[0]).toContain('cancelled for the weather');
        }
      }, 60_000);
    },
  );
}
