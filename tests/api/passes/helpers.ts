// Pass fixtures: a pass sold through the API, bought with a test card through the API, or (for race tests on a
// shared database) a paid purchase written straight into the database as a third process would; and the ledger
// reconciliation every race test ends with.
import { expect } from 'bun:test';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { passes, passLedger, passPurchases } from '../../../db/schema';
import type { TestServer } from '../../helpers/api';
import type { SignedIn } from '../../helpers/fixtures';

export const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
export const DAY = 86_400_000;

export type PassInput = {
  kind?: 'pack' | 'membership' | 'intro';
  name?: string;
  price?: number;
  credits?: number | null;
  validityDays?: number | null;
  categoryIds?: number[];
  ageGroups?: ('Adults' | 'Kids')[];
  billingPeriod?: 'month' | 'week' | null;
};

/** A pass the coach sells, created through POST /api/passes. */
export async function sellPass(coach: SignedIn, input: PassInput = {}) {
  const res = await coach.client.post('/api/passes', {
    kind: 'pack',
    name: '5-class pack',
    price: 100,
    credits: 5,
    validityDays: 90,
    ...input,
  });
  expect(res.status).toBe(201);
  return res.body as { id: number; price: number; total: number; credits: number | null };
}

/** Buys the pass with 4242 through the API (purchase, test card, confirm); answers the wallet pass. */
export async function buyPass(customer: SignedIn, pass: { id: number; total: number }) {
  const started = await customer.client.post(`/api/passes/${pass.id}/purchase`, { amount: pass.total });
  expect(started.status).toBe(200);
  const paid = await customer.client.post('/api/payment/test-provider/pay', {
    paymentIntentId: started.body.paymentIntentId,
    clientSecret: started.body.clientSecret,
    ...CARD,
  });
  expect(paid.status).toBe(200);
  const confirmed = await customer.client.post(`/api/wallet/${started.body.purchaseId}/confirm`);
  expect(confirmed.status).toBe(200);
  return confirmed.body as { purchaseId: number; creditsLeft: number | null; status: string };
}

/** A paid purchase written into the database directly (no provider): a pack of `credits` valid `validityDays`,
 * or an active membership. For tests that run processes sharing one database. */
export async function givePass(
  db: Database & { write: <T>(work: (tx: any) => Promise<T>) => Promise<T> },
  options: { coachId: number; userId: number; credits?: number | null; validityDays?: number; now: Date; kind?: 'pack' | 'membership' },
) {
  const kind = options.kind ?? 'pack';
  const credits = options.credits === undefined ? 3 : options.credits;
  const expiresAt = kind === 'pack' ? new Date(options.now.getTime() + (options.validityDays ?? 90) * DAY) : null;
  return db.write(async (tx) => {
    const [pass] = await tx
      .insert(passes)
      .values({
        coachId: options.coachId,
        kind,
        name: kind === 'pack' ? `${credits}-class pack` : 'Monthly membership',
        priceCents: 6000,
        credits,
        validityDays: kind === 'pack' ? (options.validityDays ?? 90) : null,
        billingPeriod: kind === 'membership' ? 'month' : null,
        createdAt: options.now,
        updatedAt: options.now,
      })
      .returning();
    const periodEnd = new Date(options.now.getTime() + 30 * DAY);
    const [purchase] = await tx
      .insert(passPurchases)
      .values({
        passId: pass!.id,
        userId: options.userId,
        coachId: options.coachId,
        kind,
        name: pass!.name,
        status: 'active',
        priceCents: 6000,
        credits,
        validityDays: pass!.validityDays,
        billingPeriod: pass!.billingPeriod,
        serviceFeeCents: 300,
        amountCents: 6300,
        activatedAt: options.now,
        expiresAt,
        currentPeriodStart: kind === 'membership' ? options.now : null,
        currentPeriodEnd: kind === 'membership' ? periodEnd : null,
        createdAt: options.now,
        updatedAt: options.now,
      })
      .returning();
    if (credits)
      await tx.insert(passLedger).values({
        purchaseId: purchase!.id,
        kind: kind === 'pack' ? 'purchase' : 'renewal',
        delta: credits,
        creditsExpireAt: expiresAt ?? periodEnd,
        createdAt: options.now,
      });
    return purchase!;
  });
}

/** Every pass's balance, recomputed from its rows, is what the wallet says and never below zero; and every booking
 * row's credits were taken from a purchase that had them (sum of all rows per expiry never negative). */
export async function reconcileLedger(server: Pick<TestServer, 'ctx' | 'clock'>, customers: SignedIn[]) {
  const db = server.ctx.db;
  const now = server.clock.now();
  const buckets = await db.all<{ purchase_id: number; credits_expire_at: number | null; total: number }>(
    sql`select purchase_id, credits_expire_at, sum(delta) as total from pass_ledger group by purchase_id, credits_expire_at`,
  );
  for (const bucket of buckets) expect(Number(bucket.total)).toBeGreaterThanOrEqual(0);
  for (const customer of customers) {
    const wallet = await customer.client.get('/api/wallet');
    expect(wallet.status).toBe(200);
    for (const pass of wallet.body.passes as { purchaseId: number; creditsLeft: number | null; unlimited: boolean }[]) {
      if (pass.unlimited) continue;
      const rows = await db.select().from(passLedger).where(eq(passLedger.purchaseId, pass.purchaseId));
      const fromRows = rows
        .filter((r) => r.creditsExpireAt === null || r.creditsExpireAt.getTime() > now.getTime())
        .reduce((sum, r) => sum + r.delta, 0);
      expect(pass.creditsLeft).toBe(fromRows);
    }
  }
}
