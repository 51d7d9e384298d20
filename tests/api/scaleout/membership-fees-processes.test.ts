// Membership fees are charged exactly once across processes (issue 20, item 2): late cancels of unlimited-membership
// bookings sent to two real Fogline processes (each booking cancelled at both at the same moment), while a third
// process runs the membership-fees job again and again, first on one shared embedded file, then on one sqld. Every
// fee is one row, one charge at the provider and one email.
import { describe, expect, test } from 'bun:test';
import { inArray, sql } from 'drizzle-orm';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type AppContext, createContext } from '../../../api/context';
import { FakeClock } from '../../../api/lib/clock';
import { chargeMembershipFees } from '../../../api/membership-fees/service';
import { membershipFees } from '../../../db/schema';
import { createClass, createUser, type SignedIn } from '../../helpers/fixtures';
import { sqldBinary } from '../../helpers/sqld';
import { testNow } from '../../helpers/today';
import { withWaivers } from '../../helpers/waivers';
import { through, twoProcesses } from './fixtures';

const MEMBERS = 6;

for (const kind of ['file', 'sqld'] as const) {
  describe.skipIf(kind === 'sqld' && !sqldBinary())(`membership fees on ${kind === 'file' ? 'one embedded file' : 'one sqld'}`, () => {
    const run = twoProcesses(kind, 'membership-fees');

    test('late cancels at two processes, with a third charging meanwhile: each fee charged and emailed once', async () => {
      const coach = await createUser(run.world, 'coach', 'Jordan');
      const policy = { preset: 'moderate', passRules: { lateCancelFeeCents: 1500 } };
      expect((await coach.client.put('/api/coaches/me/policy', policy)).status).toBe(200);
      const unlimited = { kind: 'membership', name: 'Unlimited monthly', price: 120, credits: null, billingPeriod: 'month' };
      const pass = await coach.client.post('/api/passes', unlimited);
      expect(pass.status).toBe(201);
      const cls = await createClass(run.world, { coachId: coach.id, priceCents: 2500, startsInHours: 20, capacity: 20 });
      expect((await coach.client.request('PATCH', `/api/classes/${cls.id}`, { cancellationPolicy: null })).status).toBe(200);

      const bookingIds: number[] = [];
      const members: SignedIn[] = [];
      for (let i = 0; i < MEMBERS; i++) {
        const customer = await createUser(run.world, 'customer', `Member${i}`);
        const started = await customer.client.post(`/api/passes/${pass.body.id}/purchase`, { amount: pass.body.total });
        expect(started.status).toBe(200);
        const paid = await customer.client.post('/api/payment/test-provider/pay', {
          paymentIntentId: started.body.paymentIntentId,
          clientSecret: started.body.clientSecret,
          cardNumber: '4242424242424242',
          expiry: '12/40',
          cvc: '123',
        });
        expect(paid.status).toBe(200);
        const booked = await through(customer, i % 2 ? run.b.url : run.a.url).post(
          '/api/bookings',
          withWaivers({ classId: cls.id, quantity: 1, payWith: { purchaseId: started.body.purchaseId } }),
        );
        expect(booked.status).toBe(201);
        bookingIds.push(booked.body.id);
        members.push(customer);
      }

      // A third process, running the job again and again while the cancellations arrive.
      const third: AppContext = await createContext({
        env: { databaseUrl: run.databaseUrl, dataDir: run.dataDir, outboxDir: join(run.dataDir, 'outbox') },
        clock: new FakeClock(new Date(testNow())),
        migrate: false,
      });
      let cancelling = true;
      const jobRuns = (async () => {
        let runs = 0;
        while (cancelling || runs < 2) {
          await chargeMembershipFees(third);
          runs++;
          // A short pause, as a job's ticks have: a loop of bare reads would starve the processes' writers on one file.
          await Bun.sleep(10);
        }
      })();
      try {
        const answers = await Promise.all(
          members.flatMap((member, i) =>
            [run.a.url, run.b.url].map((url) => through(member, url).put(`/api/bookings/${bookingIds[i]}/cancel`)),
          ),
        );
        const statuses = answers.map((r) => r.status);
        expect(statuses.filter((s) => s === 200)).toHaveLength(MEMBERS);
        expect(statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
      } finally {
        cancelling = false;
        await jobRuns;
        third.db.close();
      }

      const fees = await run.db.select().from(membershipFees).where(inArray(membershipFees.bookingId, bookingIds));
      expect(fees).toHaveLength(MEMBERS);
      expect(fees.every((f) => f.status === 'paid' && f.amountCents === 1500 && f.emailedAt !== null)).toBe(true);
      const charges = await run.db.all<{ fee: string; n: number }>(
        sql`select json_extract(metadata, '$.membershipFeeId') as fee, count(*) as n from test_payment_intents
            where json_extract(metadata, '$.membershipFeeId') is not null group by fee`,
      );
      expect(charges.map((c) => Number(c.n))).toEqual(Array(MEMBERS).fill(1));
      expect(new Set(charges.map((c) => Number(c.fee)))).toEqual(new Set(fees.map((f) => f.id)));
      const mails = readdirSync(join(run.dataDir, 'outbox')).map((name) => readFileSync(join(run.dataDir, 'outbox', name), 'utf8'));
      for (const member of members)
        expect(mails.filter((m) => m.includes(`To: ${member.email}`) && m.includes('late-cancellation fee charged'))).toHaveLength(1);
    });
  });
}
