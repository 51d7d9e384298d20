// Opening a purchase of a pass (a pack, an intro offer or a membership): the buyer's unpaid purchase of it, or a new
// one with everything bought copied from the pass. Shared by the one-off checkout (./purchase.ts) and memberships
// (./memberships/start.ts).
import { and, eq, inArray } from 'drizzle-orm';
import { type passes, passPurchases } from '../../db/schema';
import type { SessionUser } from '../auth/session';
import type { AppContext } from '../context';
import { conflict } from '../errors';
import { purchaseCopyOf } from './shape';

type PassRow = typeof passes.$inferSelect;
type PurchaseRow = typeof passPurchases.$inferSelect;

export const PURCHASE_INIT_FAILED = 'Failed to initialize payment. Please try again.';

/** The buyer's unpaid purchase of this pass (reused), or a new one; in one write, so the intro offer's "once" is
 * kept by the database (pass_purchases_one_intro_idx) even when two checkouts race. */
export async function openPurchase(
  ctx: AppContext,
  user: Pick<SessionUser, 'id'>,
  pass: PassRow,
  price: { serviceFeeCents: number; totalCents: number },
): Promise<{ purchase: PurchaseRow; replacedIntentIds: string[] }> {
  const now = ctx.clock.now();
  try {
    return await ctx.db.write(async (tx) => {
      const pending = await tx
        .select()
        .from(passPurchases)
        .where(and(eq(passPurchases.userId, user.id), eq(passPurchases.coachId, pass.coachId), eq(passPurchases.status, 'pending')));
      const same = pending.find((p) => p.passId === pass.id && p.amountCents === price.totalCents && p.priceCents === pass.priceCents);
      if (same) return { purchase: same, replacedIntentIds: [] };
      // Another unpaid intro checkout of this coach (or this pass at an old price) gives way to this one.
      const replaced = pending.filter((p) => p.passId === pass.id || (pass.kind === 'intro' && p.kind === 'intro'));
      if (replaced.length > 0)
        await tx
          .update(passPurchases)
          .set({ status: 'cancelled', cancelledAt: now })
          .where(
            and(
              inArray(
                passPurchases.id,
                replaced.map((p) => p.id),
              ),
              eq(passPurchases.status, 'pending'),
            ),
          );
      const [purchase] = await tx
        .insert(passPurchases)
        .values({
          ...purchaseCopyOf(pass),
          userId: user.id,
          status: 'pending',
          serviceFeeCents: price.serviceFeeCents,
          amountCents: price.totalCents,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return { purchase: purchase!, replacedIntentIds: replaced.flatMap((p) => (p.paymentIntentId ? [p.paymentIntentId] : [])) };
    });
  } catch (error) {
    if (/UNIQUE constraint failed/i.test(`${(error as Error)?.message} ${String((error as { cause?: unknown })?.cause ?? '')}`))
      throw conflict('You have already used this coach’s intro offer.');
    throw error;
  }
}
