// GET /api/passes/{id}/quote?promoCode=: what a pack or an intro offer costs, with a promo code or without, and the
// buyer's coach credit spent first, computed by the one quote function (common/quote.ts) with the code's rules
// checked as the purchase checks them, so the pass checkout shows the discount and credit lines and sends exactly
// the total the purchase then accepts.
import { and, eq, or } from 'drizzle-orm';
import { centsToDollars } from '../../common/money';
import { quoteBooking } from '../../common/quote';
import { passes, passPurchases } from '../../db/schema';
import type { SessionUser } from '../auth/session';
import type { AppContext } from '../context';
import { badRequest, notFound } from '../errors';
import { spendableCredit } from '../spots/credit';
import { applyPromoCode } from '../spots/promo';
import type { PassQuoteAnswer } from './model';
import { NO_CODE_ON_MEMBERSHIPS, PASS_FREE_WITH_CODE } from './open-purchase';
import { PASS_NOT_FOUND } from './service';

export async function quotePassWithCode(
  ctx: AppContext,
  user: SessionUser,
  passId: number,
  code: string | undefined,
): Promise<PassQuoteAnswer> {
  const now = ctx.clock.now();
  const pass = await ctx.db.select().from(passes).where(eq(passes.id, passId)).get();
  if (!pass) throw notFound(PASS_NOT_FOUND);
  if (pass.kind === 'membership') throw badRequest(NO_CODE_ON_MEMBERSHIPS);
  // The buyer's own open checkout of this pass (a reload; another intro offer it would replace) keeps no use and no
  // credit against them.
  const open = await ctx.db
    .select({ id: passPurchases.id, passId: passPurchases.passId })
    .from(passPurchases)
    .where(
      and(
        eq(passPurchases.userId, user.id),
        eq(passPurchases.coachId, pass.coachId),
        eq(passPurchases.status, 'pending'),
        pass.kind === 'intro' ? or(eq(passPurchases.passId, pass.id), eq(passPurchases.kind, 'intro')) : eq(passPurchases.passId, pass.id),
      ),
    );
  const applied = code
    ? await applyPromoCode(ctx.db, {
        code,
        userId: user.id,
        coachId: pass.coachId,
        listCents: pass.priceCents,
        now,
        exceptPurchaseId: open.find((p) => p.passId === pass.id)?.id,
        forPass: true,
      })
    : null;
  const creditAvailableCents = await spendableCredit(ctx.db, user.id, pass.coachId, now, { purchaseIds: open.map((p) => p.id) });
  const quote = quoteBooking({ priceCents: pass.priceCents, quantity: 1, discount: applied?.discount, creditAvailableCents });
  if (applied && quote.totalCents === 0) throw badRequest(PASS_FREE_WITH_CODE);
  return {
    passId: pass.id,
    priceCents: quote.subtotalCents,
    discountCents: quote.discountCents,
    serviceFeeCents: quote.serviceFeeCents,
    totalCents: quote.totalCents,
    amount: centsToDollars(quote.totalCents),
    creditAppliedCents: quote.creditAppliedCents,
    cardCents: quote.cardCents,
    promoCode: applied?.promo.code ?? null,
  };
}
