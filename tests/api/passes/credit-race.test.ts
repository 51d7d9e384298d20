// Credits are taken in the booking's own write: 10 simultaneous bookings (of 10 classes) against a pass of 3
// credits give exactly 3 bookings, on one process (its bookings group-committed in one transaction, each in its
// savepoint) and across two real processes sharing one embedded file or one sqld. After each race the ledger
// reconciles: every pass's balance is the sum of its rows, and never below zero.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq, sql } from 'drizzle-orm';
import { join } from 'node:path';
import { type Db } from '../../../db/client';
import { passLedger } from '../../../db/schema';
import { type TestServer } from '../../helpers/api';
import { createClass, createUser, type SignedIn, startWithCoach } from '../../helpers/fixtures';
import { sqldBinary } from '../../helpers/sqld';
import { through, twoProcesses } from '../scaleout/fixtures';
import { givePass, reconcileLedger } from './helpers';
import { testNow } from '../../helpers/today';
import { withWaivers } from '../../helpers/waivers';

const RACERS = 10;
const CREDITS = 3;

async function confirmedWithPass(db: Db, purchaseId: number): Promise<number> {
  const row = await db.get<{ n: number }>(
    sql`select count(*) as n from bookings b join pass_ledger l on l.booking_id = b.id
        where l.purchase_id = ${purchaseId} and l.kind = 'booking' and b.status = 'confirmed'`,
  );
  return Number(row?.n ?? 0);
}

describe('one process', () => {
  let server: TestServer;
  let coach: SignedIn;
  beforeAll(async () => {
    ({ server, coach } = await startWithCoach());
  });
  afterAll(() => server.stop());

  test(`${RACERS} simultaneous bookings against ${CREDITS} credits give exactly ${CREDITS} bookings`, async () => {
    const customer = await createUser(server);
    const purchase = await givePass(server.ctx.db, { coachId: coach.id, userId: customer.id, credits: CREDITS, now: server.clock.now() });
    const classes = await Promise.all(Array.from({ length: RACERS }, () => createClass(server, { coachId: coach.id, priceCents: 2000 })));
    const answers = await Promise.all(
      classes.map((cls) =>
        customer.client.post('/api/bookings', withWaivers({ classId: cls.id, quantity: 1, payWith: { purchaseId: purchase.id } })),
      ),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(CREDITS);
    expect(answers.filter((r) => r.status === 409).map((r) => r.body.message)).toEqual(
      Array(RACERS - CREDITS).fill('No credits left on this pass.'),
    );
    expect(await confirmedWithPass(server.ctx.db, purchase.id)).toBe(CREDITS);
    await reconcileLedger(server, [customer]);
  });

  test('a parent booking 2 spots at a time: 5 simultaneous requests against 5 credits give 2 bookings and 1 credit left', async () => {
    const parent = await createUser(server);
    const purchase = await givePass(server.ctx.db, { coachId: coach.id, userId: parent.id, credits: 5, now: server.clock.now() });
    const classes = await Promise.all(Array.from({ length: 5 }, () => createClass(server, { coachId: coach.id })));
    const answers = await Promise.all(
      classes.map((cls) =>
        parent.client.post(
          '/api/bookings',
          withWaivers({
            classId: cls.id,
            quantity: 2,
            attendees: [{ name: 'Maya' }, { name: 'Leo' }],
            payWith: { purchaseId: purchase.id },
          }),
        ),
      ),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(2);
    const left = (await parent.client.get('/api/wallet')).body.passes.find((p: any) => p.purchaseId === purchase.id).creditsLeft;
    expect(left).toBe(1);
    await reconcileLedger(server, [parent]);
  });
});

for (const kind of ['file', 'sqld'] as const) {
  describe.skipIf(kind === 'sqld' && !sqldBinary())(`two processes on ${kind === 'file' ? 'one embedded file' : 'one sqld'}`, () => {
    const run = twoProcesses(kind, 'passes');

    /** The same signed-in person, through process A (even i) or B (odd i). */
    const via = (person: SignedIn, i: number) => through(person, i % 2 ? run.b.url : run.a.url);

    test(`${RACERS} simultaneous bookings against ${CREDITS} credits, alternating between the processes: exactly ${CREDITS}`, async () => {
      const coach = await createUser(run.world, 'coach');
      const customer = await createUser(run.world);
      // The processes' clock runs from the tests' day (SEED_TODAY under `npm run test:days`), as the fixtures' does.
      const purchase = await givePass(run.db, { coachId: coach.id, userId: customer.id, credits: CREDITS, now: new Date(testNow()) });
      const classes = await Promise.all(
        Array.from({ length: RACERS }, () => createClass(run.world, { coachId: coach.id, startsInHours: 24 * 3 })),
      );
      const answers = await Promise.all(
        classes.map((cls, i) =>
          via(customer, i).post('/api/bookings', withWaivers({ classId: cls.id, quantity: 1, payWith: { purchaseId: purchase.id } })),
        ),
      );
      expect(answers.filter((r) => r.status === 201)).toHaveLength(CREDITS);
      expect(answers.filter((r) => r.status === 409)).toHaveLength(RACERS - CREDITS);
      expect(await confirmedWithPass(run.db, purchase.id)).toBe(CREDITS);
      const rows = await run.db.select().from(passLedger).where(eq(passLedger.purchaseId, purchase.id));
      expect(rows.reduce((sum, r) => sum + r.delta, 0)).toBe(0);
      const walletAnswer = await via(customer, 1).get('/api/wallet');
      expect(walletAnswer.body.passes.find((p: any) => p.purchaseId === purchase.id).creditsLeft).toBe(0);
    });
  });
}
