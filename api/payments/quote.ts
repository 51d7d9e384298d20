// GET /api/payment/quote: the checkout's price lines for a class, spots and promo code, computed by the one quote
// function (api/lib/quote.ts) with the code's rules checked as create-intent checks them, so the total shown is
// the amount create-intent then accepts (and any other amount is refused with 409).
import type { SessionUser } from '../auth/session';
import type { AppContext } from '../context';
import { badRequest } from '../errors';
import { centsToDollars } from '../../common/money';
import { quoteBooking } from '../../common/quote';
import { activeBookingOf, loadBookableClass } from '../spots/bookable';
import { applyPromoCode } from '../spots/promo';
import type { QuoteAnswer } from './model';
import { classPolicyOf } from '../lib/class-json';
import { spendableCredit } from '../spots/credit';

export async function quoteCheckout(
  ctx: AppContext,
  user: SessionUser,
  input: { classId: number; quantity: number; promoCode?: string | null },
): Promise<QuoteAnswer> {
  const now = ctx.clock.now();
  if (!Number.isInteger(input.quantity) || input.quantity < 1 || input.quantity > 100)
    throw badRequest('Quantity must be between 1 and 100.');
  const cls = await loadBookableClass(ctx.db, input.classId, user, now);
  const code = input.promoCode?.trim() || null;
  const promo = code
    ? await applyPromoCode(ctx.db, {
        code,
        userId: user.id,
        coachId: cls.coachId,
        listCents: cls.priceCents * input.quantity,
        now,
        // The customer's own hold of this class (a reloaded checkout) keeps no use against them.
        exceptBookingId: (await activeBookingOf(ctx.db, user.id, cls.id))?.id,
      })
    : null;
  // The customer's credit with this coach is spent first, as create-intent spends it (their own running checkout of
  // this class keeps what it holds).
  const own = await activeBookingOf(ctx.db, user.id, cls.id);
  const quote = quoteBooking({
    priceCents: cls.priceCents,
    quantity: input.quantity,
    discount: promo?.discount,
    creditAvailableCents: await spendableCredit(ctx.db, user.id, cls.coachId, now, own?.id),
  });
  return {
    classId: cls.id,
    quantity: input.quantity,
    subtotalCents: quote.subtotalCents,
    discountCents: quote.discountCents,
    serviceFeeCents: quote.serviceFeeCents,
    totalCents: quote.totalCents,
    creditAppliedCents: quote.creditAppliedCents,
    amountDueCents: quote.cardCents,
    amount: centsToDollars(quote.cardCents),
    promoCode: promo?.promo.code ?? null,
    discountFundedBy: quote.discountFundedBy,
    policy: classPolicyOf(cls),
  };
}
