// An admin refunds a pass: its unused credits, pro rata of what was paid (amount paid x unused / bought, rounded
// down to the cent), through the payment provider; the pass ends. The credits leave the ledger FIRST, in the write
// that ends the pass, so no booking can spend a credit that is being refunded; if the provider then refuses, a
// second write gives them back (both rows stay: the ledger is append-only) and the pass is active again. Coach credit
// that paid part of the pass comes back as credit, in the same proportion (as a booking's refund splits: card to the
// card, credit as credit), in the write that ends the pass.
import { and, eq } from 'drizzle-orm';
import { auditLog, passLedger, passPurchases } from '../../db/schema';
import type { SessionUser } from '../auth/session';
import type { AppContext } from '../context';
import { conflict, DomainError, notFound } from '../errors';
import { centsToDollars } from '../../common/money';
import { recordCredit } from '../spots/credit';
import { creditBuckets } from '../spots/pass-credits';
import { sendRefundNotice } from './emails';
import type { PassRefundAnswer } from './model';

type PurchaseRow = typeof passPurchases.$inferSelect;

/** What the unused credits are worth: the amount paid x unused / bought, rounded down, at most what is left. */
export function proRataRefundCents(amountCents: number, refundedCents: number, creditsBought: number, unused: number): number {
  if (creditsBought <= 0 || unused <= 0) return 0;
  return Math.min(amountCents - refundedCents, Math.floor((amountCents * Math.min(unused, creditsBought)) / creditsBought));
}

/** How a refund of `backCents` splits as the pass was paid: the card's share (rounded down, at most what the card can
 * still take) to the card, the rest as coach credit. */
export function splitPurchaseRefund(
  purchase: Pick<PurchaseRow, 'amountCents' | 'creditAppliedCents' | 'refundedCents' | 'creditReturnedCents'>,
  backCents: number,
): { cardCents: number; creditCents: number } {
  const card = purchase.amountCents - purchase.creditAppliedCents;
  const cardLeft = Math.max(0, card - purchase.refundedCents);
  if (backCents <= 0) return { cardCents: 0, creditCents: 0 };
  const cardCents = purchase.amountCents > 0 ? Math.min(cardLeft, Math.floor((backCents * card) / purchase.amountCents)) : 0;
  return { cardCents, creditCents: backCents - cardCents };
}

export async function refundPurchase(ctx: AppContext, admin: SessionUser, purchaseId: number, reason: string): Promise<PassRefundAnswer> {
  const now = ctx.clock.now();
  const found = await ctx.db.select().from(passPurchases).where(eq(passPurchases.id, purchaseId)).get();
  if (!found) throw notFound('Purchase not found.');
  if (found.kind === 'membership') throw conflict('A membership is ended by cancelling it; its periods are not refunded here.');
  if (found.status !== 'active') throw conflict('Only an active pass can be refunded.');
  const taken = await ctx.db.write(async (tx) => {
    const purchase = await tx.select().from(passPurchases).where(eq(passPurchases.id, purchaseId)).get();
    if (!purchase || purchase.status !== 'active') throw conflict('Only an active pass can be refunded.');
    const buckets = await creditBuckets(tx, purchase.id, now);
    const unused = buckets.reduce((sum, b) => sum + b.left, 0);
    if (unused === 0) throw conflict('This pass has no unused credits to refund.');
    const cents = proRataRefundCents(
      purchase.amountCents,
      purchase.refundedCents + purchase.creditReturnedCents,
      purchase.credits ?? 0,
      unused,
    );
    const back = splitPurchaseRefund(purchase, cents);
    await tx
      .insert(passLedger)
      .values(buckets.map((b) => ({ purchaseId, kind: 'refund' as const, delta: -b.left, creditsExpireAt: b.expiresAt, createdAt: now })));
    await tx
      .update(passPurchases)
      .set({
        status: 'refunded',
        endedAt: now,
        refundedCents: purchase.refundedCents + back.cardCents,
        creditReturnedCents: purchase.creditReturnedCents + back.creditCents,
      })
      .where(and(eq(passPurchases.id, purchaseId), eq(passPurchases.status, 'active')));
    await recordCredit(tx, {
      customerId: purchase.userId,
      coachId: purchase.coachId,
      cents: back.creditCents,
      kind: 'returned',
      bookingId: null,
      purchaseId,
      actorId: admin.id,
    });
    await tx.insert(auditLog).values({
      actorId: admin.id,
      action: 'pass.refund',
      subjectUserId: purchase.userId,
      reason,
      details: {
        purchaseId,
        name: purchase.name,
        credits: unused,
        amount: centsToDollars(back.cardCents),
        credit: centsToDollars(back.creditCents),
      },
      createdAt: now,
    });
    return { purchase, buckets, unused, cents: back.cardCents, creditCents: back.creditCents };
  });
  const { purchase, buckets, unused, cents, creditCents } = taken;
  if (cents > 0 && purchase.paymentIntentId) {
    try {
      await ctx.payments.refund(purchase.paymentIntentId, cents, `refund-pass-${purchase.id}-${purchase.refundedCents}`);
    } catch (error) {
      console.error('[passes] refund failed', purchase.id, error);
      await ctx.db.write(async (tx) => {
        await tx
          .insert(passLedger)
          .values(
            buckets.map((b) => ({ purchaseId, kind: 'refund' as const, delta: b.left, creditsExpireAt: b.expiresAt, createdAt: now })),
          );
        await tx
          .update(passPurchases)
          .set({
            status: 'active',
            endedAt: null,
            refundedCents: purchase.refundedCents,
            creditReturnedCents: purchase.creditReturnedCents,
          })
          .where(eq(passPurchases.id, purchaseId));
        // The credit given back goes on paying for the pass again (both rows stay: the ledger is append-only).
        await recordCredit(tx, {
          customerId: purchase.userId,
          coachId: purchase.coachId,
          cents: -creditCents,
          kind: 'spent',
          bookingId: null,
          purchaseId,
          actorId: admin.id,
        });
      });
      throw new DomainError(502, 'The refund could not be issued right now. Please try again in a moment.');
    }
  } else if (cents > 0) console.warn(`[passes] purchase ${purchase.id} has no payment intent (demo data?): no refund sent to the provider`);
  await sendRefundNotice(ctx, purchase, unused, cents, creditCents);
  return {
    purchaseId,
    status: 'refunded',
    creditsRefunded: unused,
    refunded: centsToDollars(cents),
    refundedAsCredit: centsToDollars(creditCents),
  };
}
