// A membership's periods in the credit ledger: each paid period adds its credits (the first as 'purchase', the next
// ones as 'renewal'), expiring when the period ends; what is left of a period when it closes is written off by an
// 'expiry' row (unused period credits do not roll over). An unlimited membership writes the same rows with 0
// credits, so its history names every payment too. Every row names the invoice it came from, and the ledger's
// unique index (pass_ledger_payment_once_idx) makes a replayed event write nothing twice.
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { passLedger, type passPurchases } from '../../../db/schema';

type PurchaseRow = typeof passPurchases.$inferSelect;

/** Adds a paid period's credits; false when this invoice's row was already written (a replay). */
export async function addPeriodCredits(
  tx: Tx,
  purchase: PurchaseRow,
  kind: 'purchase' | 'renewal',
  period: { end: Date },
  invoiceId: string,
  now: Date,
): Promise<boolean> {
  const inserted = await tx
    .insert(passLedger)
    .values({
      purchaseId: purchase.id,
      kind,
      delta: purchase.credits ?? 0,
      creditsExpireAt: period.end,
      paymentRef: invoiceId,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: passLedger.id });
  return inserted.length === 1;
}

/** Writes off the credits left of the period ending at `periodEnd` (once per `ref`); answers how many. */
export async function closePeriodCredits(tx: Tx, purchase: PurchaseRow, periodEnd: Date | null, ref: string, now: Date): Promise<number> {
  if (!periodEnd || purchase.credits === null) return 0;
  const [row] = await tx
    .select({ left: sql<number>`coalesce(sum(${passLedger.delta}), 0)` })
    .from(passLedger)
    .where(and(eq(passLedger.purchaseId, purchase.id), eq(passLedger.creditsExpireAt, periodEnd)));
  const left = Number(row?.left ?? 0);
  if (left <= 0) return 0;
  const inserted = await tx
    .insert(passLedger)
    .values({ purchaseId: purchase.id, kind: 'expiry', delta: -left, creditsExpireAt: periodEnd, paymentRef: ref, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: passLedger.id });
  return inserted.length === 1 ? left : 0;
}
