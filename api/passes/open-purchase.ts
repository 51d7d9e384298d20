// Opening a purchase of a pass (a pack, an intro offer or a membership): the buyer's unpaid purchase of it, or a new
// one with everything bought copied from the pass, a promo code's use taken and the buyer's coach credit set aside
// (packs and intro offers) in the same write. Shared by the one-off checkout (./purchase.ts) and memberships
// (./memberships/start.ts).
import { and, eq, inArray } from 'drizzle-orm';
import { type passes, passPurchases } from '../../db/schema';
import type { SessionUser } from '../auth/session';
import type { AppContext } from '../context';
import { quoteBooking } from '../../common/quote';
import { badRequest, conflict } from '../errors';
import { PRICE_CHANGED } from '../spots/bookable';
import { spendableCredit } from '../spots/credit';
import { HOLD_MAX_MINUTES } from '../spots/policy';
import { applyPromoCode } from '../spots/promo';
import { purchaseCopyOf } from './shape';

type PassRow = typeof passes.$inferSelect;
type PurchaseRow = typeof passPurchases.$inferSelect;

export const PURCHASE_INIT_FAILED = 'Failed to initialize payment. Please try again.';
export const PASS_FREE_WITH_CODE = 'A promo code cannot make a pass free: choose a code that leaves something to pay.';
export const NO_CODE_ON_MEMBERSHIPS = 'Promo codes apply to class packs and intro offers, not to memberships.';

/** A promo code on a pack or an intro offer (issue 20): checked, and its use taken, in the purchase's write. */
export interface PurchasePromo {
  code: string;
  /** The total the page showed, which must be the discounted total. */
  clientTotalCents: number;
}

/** The buyer's unpaid purchase of this pass (reused), or a new one; in one write, so the intro offer's "once" is
 * kept by the database (pass_purchases_one_intro_idx) even when two checkouts race. */
export async function openPurchase(
  ctx: AppContext,
  user: Pick<SessionUser, 'id'>,
  pass: PassRow,
  price: { serviceFeeCents: number; totalCents: number },
  promo?: PurchasePromo,
): Promise<{ purchase: PurchaseRow; replacedIntentIds: string[] }> {
  const now = ctx.clock.now();
  try {
    return await ctx.db.write(async (tx) => {
      const pending = await tx
        .select()
        .from(passPurchases)
        .where(and(eq(passPurchases.userId, user.id), eq(passPurchases.coachId, pass.coachId), eq(passPurchases.status, 'pending')));
      // What this checkout replaces (a reload of the same pass, another intro offer of the coach): the credit those
      // set aside is theirs no more, so it is spendable here.
      const replaced = pending.filter((p) => p.passId === pass.id || (pass.kind === 'intro' && p.kind === 'intro'));
      // Coach credit is spent first on packs and intro offers (memberships bill through the provider's subscription),
      // read in this write and set aside by the purchase it writes: two checkouts at once cannot both spend it.
      const creditAvailableCents =
        pass.kind === 'membership' ? 0 : await spendableCredit(tx, user.id, pass.coachId, now, { purchaseIds: replaced.map((p) => p.id) });
      let money: Partial<PurchaseRow> & { serviceFeeCents: number; amountCents: number } = {
        serviceFeeCents: price.serviceFeeCents,
        amountCents: price.totalCents,
      };
      if (promo || creditAvailableCents > 0) {
        // With a promo code: the code's rules and its use in this write (exact under races), the total the quote's.
        const applied = promo
          ? await applyPromoCode(tx, {
              code: promo.code,
              userId: user.id,
              coachId: pass.coachId,
              listCents: pass.priceCents,
              now,
              exceptPurchaseId: pending.find((p) => p.passId === pass.id)?.id,
              forPass: true,
            })
          : null;
        const quote = quoteBooking({ priceCents: pass.priceCents, quantity: 1, discount: applied?.discount, creditAvailableCents });
        if (promo && quote.totalCents === 0) throw badRequest(PASS_FREE_WITH_CODE);
        if (promo && quote.totalCents !== promo.clientTotalCents) throw conflict(PRICE_CHANGED);
        money = {
          serviceFeeCents: quote.serviceFeeCents,
          amountCents: quote.totalCents,
          creditAppliedCents: quote.creditAppliedCents,
          ...(applied && {
            promoCodeId: applied.promo.id,
            discountCents: quote.discountCents,
            discountFundedBy: quote.discountFundedBy,
            payoutCents: quote.payoutCents,
          }),
        };
      }
      // A reload reuses its purchase while it still holds what it set aside (credit is held for HOLD_MAX_MINUTES).
      const openSince = now.getTime() - HOLD_MAX_MINUTES * 60_000;
      const same = pending.find(
        (p) =>
          p.passId === pass.id &&
          p.amountCents === money.amountCents &&
          p.priceCents === pass.priceCents &&
          (p.promoCodeId ?? null) === (money.promoCodeId ?? null) &&
          p.creditAppliedCents === (money.creditAppliedCents ?? 0) &&
          (p.creditAppliedCents === 0 || p.createdAt.getTime() > openSince),
      );
      if (same) return { purchase: same, replacedIntentIds: [] };
      // Another unpaid intro checkout of this coach (or this pass at an old price or credit) gives way to this one.
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
          ...money,
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
