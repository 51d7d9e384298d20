// Coach credit is spent once across processes (issue 20, item 3): one customer holding $21.00 of credit with a coach
// opens ten checkouts at once (six classes and four class packs of that coach, each costing exactly $21.00),
// alternating between two real Fogline processes, first on one shared embedded file, then on one sqld. Exactly one
// checkout sets the credit aside (each reads and writes it under the database's write lock); the others are refused
// (a class asked for with nothing to pay by card) or get none (a pack, whose card then pays it all). Once the winner
// is confirmed the ledger holds one spent row, its running balance never went below zero, and it reconciles with the
// bookings and purchases that spent it.
import { describe, expect, test } from 'bun:test';
import { eq, sql } from 'drizzle-orm';
import { coachCredits } from '../../../db/schema';
import { TestClient } from '../../helpers/api';
import { createClass, createUser, type SignedIn } from '../../helpers/fixtures';
import { sqldBinary } from '../../helpers/sqld';
import { withWaivers } from '../../helpers/waivers';
import { through, twoProcesses } from './fixtures';

const CREDIT_CENTS = 2100;

for (const kind of ['file', 'sqld'] as const) {
  describe.skipIf(kind === 'sqld' && !sqldBinary())(`coach credit on ${kind === 'file' ? 'one embedded file' : 'one sqld'}`, () => {
    const run = twoProcesses(kind, 'credit-race');

    /** The same signed-in person, through process A (even i) or B (odd i). */
    const via = (person: SignedIn, i: number) => through(person, i % 2 ? run.b.url : run.a.url);

    test('ten checkouts at once on two processes, classes and packs, spend $21.00 of credit exactly once; the ledger never goes below zero and reconciles', async () => {
      const coach = await createUser(run.world, 'coach');
      const customer = await createUser(run.world);
      // The credit, as a cancellation for credit would have given it (written as a third process would).
      await run.db.write((tx) =>
        tx.insert(coachCredits).values({ customerId: customer.id, coachId: coach.id, amountCents: CREDIT_CENTS, kind: 'cancellation' }),
      );
      const classes = await Promise.all(Array.from({ length: 6 }, () => createClass(run.world, { coachId: coach.id, priceCents: 2000 })));
      const packs = [];
      for (let i = 0; i < 4; i++) {
        const sold = await coach.client.post('/api/passes', {
          kind: 'pack',
          name: `Race pack ${i + 1}`,
          price: 20,
          credits: 1,
          validityDays: 30,
        });
        expect(sold.status).toBe(201);
        packs.push(sold.body as { id: number; total: number });
      }
      const attendees = [{ name: 'Casey Tester' }];
      const checkouts = [
        ...classes.map(
          (cls) => (client: TestClient) =>
            client.post('/api/payment/create-intent', withWaivers({ classId: cls.id, quantity: 1, amount: 0, attendees })),
        ),
        ...packs.map((pack) => (client: TestClient) => client.post(`/api/passes/${pack.id}/purchase`, { amount: pack.total })),
      ];
      // Interleaved so both processes get classes and packs.
      const order = [0, 6, 1, 7, 2, 8, 3, 9, 4, 5];
      const answers = await Promise.all(order.map((which, i) => checkouts[which]!(via(customer, i))));
      const classAnswers = answers.filter((_, i) => order[i]! < 6);
      const packAnswers = answers.filter((_, i) => order[i]! >= 6);

      const classWins = classAnswers.filter((r) => r.status === 200);
      for (const r of classAnswers.filter((r) => r.status !== 200)) {
        expect(r.status).toBe(409);
        expect(r.body.message).toBe('The price has changed. Please reload the page.');
      }
      for (const r of packAnswers) expect(r.status).toBe(200);
      const packWins = packAnswers.filter((r) => r.body.creditApplied > 0);
      for (const r of packAnswers.filter((r) => r.body.creditApplied === 0)) expect(r.body.cardAmount).toBe(21);
      // Exactly one checkout holds the credit, all of it.
      expect(classWins.length + packWins.length).toBe(1);
      const won = classWins[0]?.body ?? packWins[0]!.body;
      expect(Math.round(won.creditApplied * 100)).toBe(CREDIT_CENTS);
      if (classWins.length) expect(classWins[0]!.body.status).toBe('confirmed');
      else {
        expect(packWins[0]!.body.cardAmount).toBe(0);
        // Confirmed from both processes at once: activated, and the credit spent, once.
        const confirms = await Promise.all([0, 1].map((i) => via(customer, i).post(`/api/wallet/${packWins[0]!.body.purchaseId}/confirm`)));
        expect(confirms.map((r) => r.status)).toEqual([200, 200]);
      }

      const rows = await run.db.select().from(coachCredits).where(eq(coachCredits.customerId, customer.id)).orderBy(coachCredits.id);
      let running = 0;
      for (const row of rows) {
        running += row.amountCents;
        expect(running).toBeGreaterThanOrEqual(0);
      }
      expect(running).toBe(0);
      expect(rows.filter((r) => r.kind === 'spent').map((r) => r.amountCents)).toEqual([-CREDIT_CENTS]);
      // Reconciled: what the ledger spent is what the confirmed booking or the active purchase says it spent.
      const spentBy = await run.db.get<{ cents: number }>(
        sql`select coalesce((select sum(credit_applied_cents) from bookings where user_id = ${customer.id} and status = 'confirmed'), 0)
          + coalesce((select sum(credit_applied_cents) from pass_purchases where user_id = ${customer.id} and status = 'active'), 0) as cents`,
      );
      expect(Number(spentBy?.cents)).toBe(CREDIT_CENTS);
      const wallet = await via(customer, 1).get('/api/wallet');
      expect(wallet.body.coachCredit.totalCents).toBe(0);
    }, 60_000);
  });
}
