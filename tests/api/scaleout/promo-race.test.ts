// A promo code's uses are exact across processes (issue 20, item 4): 20 customers racing for a code with 5 uses,
// alternating between two real Fogline processes, first on one shared embedded file, then on one sqld: exactly 5
// holds get the discount, the other 15 are told the code is used up.
import { describe, expect, test } from 'bun:test';
import { sql } from 'drizzle-orm';
import { join } from 'node:path';
import { createClass, createUser, type SignedIn } from '../../helpers/fixtures';
import { sqldBinary } from '../../helpers/sqld';
import { through, twoProcesses } from './fixtures';
import { withWaivers } from '../../helpers/waivers';

for (const kind of ['file', 'sqld'] as const) {
  describe.skipIf(kind === 'sqld' && !sqldBinary())(`promo code uses on ${kind === 'file' ? 'one embedded file' : 'one sqld'}`, () => {
    const run = twoProcesses(kind, 'promo-race');

    /** The same signed-in person, through process A (even i) or B (odd i). */
    const via = (person: SignedIn, i: number) => through(person, i % 2 ? run.b.url : run.a.url);

    test('20 customers racing for a code with 5 uses get exactly 5 discounts', async () => {
      const coach = await createUser(run.world, 'coach');
      const cls = await createClass(run.world, { coachId: coach.id, priceCents: 2000, capacity: 50 });
      const code = `RACE${kind.toUpperCase()}5`;
      expect((await coach.client.post('/api/promo-codes', { code, kind: 'percent', percentOff: 20, maxUses: 5 })).status).toBe(201);
      const people = await Promise.all(Array.from({ length: 20 }, () => createUser(run.world)));
      const answers = await Promise.all(
        people.map((person, i) =>
          via(person, i).post('/api/payment/create-intent', withWaivers({ classId: cls.id, quantity: 1, amount: 16.8, promoCode: code })),
        ),
      );
      expect(answers.filter((r) => r.status === 200)).toHaveLength(5);
      const refused = answers.filter((r) => r.status !== 200);
      expect(refused.map((r) => r.status)).toEqual(Array(15).fill(409));
      for (const r of refused) expect(r.body.message).toBe('This promo code has been used up.');
      const held = await run.db.get<{ n: number }>(
        sql`select count(*) as n from bookings b join promo_codes p on p.id = b.promo_code_id where p.code = ${code} and b.status = 'pending'`,
      );
      expect(Number(held?.n)).toBe(5);
    });
  });
}
