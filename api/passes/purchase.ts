// Buying a class pack or an intro offer: a pending purchase (everything bought copied from the pass, the buyer's coach
// credit set aside), one PaymentIntent for the rest of price + the 5% service fee with the coach's 85% of the price
// (less the share the credit already paid them) as a destination transfer, and the settlement that activates it
// once the provider says the intent succeeded (the confirm call or the payment_intent.succeeded webhook, whichever
// comes first; exactly once). Credit covering everything: no intent, activated by the confirm call. Memberships start
// a subscription instead (./subscribe.ts).
import { and, eq } from 'drizzle-orm';
import { passes, passLedger, passPurchases } from '../../db/schema';
import type { SessionUser } from '../auth/session';
import type { AppContext } from '../context';
import { badRequest, conflict, DomainError, forbidden, notFound } from '../errors';
import { centsToDollars, coachPayoutCents, dollarsToCents, priceBreakdown } from '../../common/money';
import { cardTransferCents } from '../../common/quote';
import { purchaseCreditStillThere, spendOnPurchase } from '../spots/credit';
import { purchasePromoUsedUpMeanwhile } from '../spots/promo';
import { PASS_PURCHASE_METADATA, payoutDestination } from '../lib/payouts';
import type { ProviderIntent } from '../providers/payments';
import { sendPurchaseReceipt } from './emails';
import type { PurchaseAnswer, PurchaseBody } from './model';
import { PASS_NOT_FOUND, purchaseRefusal, sellingCoach } from './service';
import { NO_CODE_ON_MEMBERSHIPS, openPurchase, PURCHASE_INIT_FAILED } from './open-purchase';
import { confirmMembership } from './memberships/start';
import { startMembership } from './subscribe';

type PassRow = typeof passes.$inferSelect;
type PurchaseRow = typeof passPurchases.$inferSelect;

export const PRICE_CHANGED = 'The price has changed. Please reload the page.';
const DAY_MS = 86_400_000;
const CREDIT_WITHOUT_CARD_GONE = 'Your checkout ended and your coach credit was used meanwhile. Please buy the pass again.';
const PROMO_WITHOUT_CARD_GONE = 'Your checkout ended and the promo code was used up meanwhile. Please buy the pass again.';

/** What the card pays (or paid) of a purchase: its amount less the coach credit spent on it. */
export function cardCentsOfPurchase(purchase: Pick<PurchaseRow, 'amountCents' | 'creditAppliedCents'>): number {
  return purchase.amountCents - purchase.creditAppliedCents;
}

function answerOf(purchase: PurchaseRow, intent: ProviderIntent | null): PurchaseAnswer {
  return {
    purchaseId: purchase.id,
    passId: purchase.passId,
    kind: purchase.kind,
    status: purchase.status,
    price: centsToDollars(purchase.priceCents),
    discount: centsToDollars(purchase.discountCents),
    serviceFee: centsToDollars(purchase.serviceFeeCents),
    amount: centsToDollars(purchase.amountCents),
    creditApplied: centsToDollars(purchase.creditAppliedCents),
    cardAmount: centsToDollars(cardCentsOfPurchase(purchase)),
    paymentIntentId: intent?.id ?? purchase.paymentIntentId,
    clientSecret: intent?.clientSecret ?? null,
    subscriptionId: purchase.subscriptionId,
  };
}

/** The pass on sale, checked for this buyer: not archived, its coach selling, the buyer allowed (intro offers) and
 * the total the page showed still the server's. */
async function passOnSale(ctx: AppContext, user: SessionUser, passId: number, body: PurchaseBody) {
  const pass = await ctx.db.select().from(passes).where(eq(passes.id, passId)).get();
  if (!pass) throw notFound(PASS_NOT_FOUND);
  if (pass.archivedAt) throw conflict('This pass is no longer on sale.');
  if (!(await sellingCoach(ctx, pass.coachId))) throw conflict('This coach is not selling passes right now.');
  const refusal = await purchaseRefusal(ctx, user, pass);
  if (refusal) throw pass.coachId === user.id ? forbidden(refusal) : conflict(refusal);
  const price = priceBreakdown(pass.priceCents, 1);
  if (body.promoCode && pass.kind === 'membership') throw badRequest(NO_CODE_ON_MEMBERSHIPS);
  // With a promo code the discounted total is checked in the purchase's write (./open-purchase.ts).
  if (!body.promoCode && dollarsToCents(body.amount) !== price.totalCents) throw conflict(PRICE_CHANGED);
  return { pass, price };
}

/** POST /api/passes/{id}/purchase. Asking again for the same pass while its payment is open reuses that purchase
 * and its intent (a reloaded checkout); an unpaid purchase of another pass of the same coach's intro offers gives
 * way to it. */
export async function purchasePass(ctx: AppContext, user: SessionUser, passId: number, body: PurchaseBody): Promise<PurchaseAnswer> {
  const { pass, price } = await passOnSale(ctx, user, passId, body);
  if (pass.kind === 'membership') return startMembership(ctx, user, pass, price);
  const promo = body.promoCode ? { code: body.promoCode, clientTotalCents: dollarsToCents(body.amount) } : undefined;
  const { purchase, replacedIntentIds } = await openPurchase(ctx, user, pass, price, promo);
  for (const id of replacedIntentIds) await ctx.payments.cancelIntent(id);
  // Coach credit pays it all: nothing to charge; POST /api/wallet/{purchaseId}/confirm activates it.
  if (cardCentsOfPurchase(purchase) === 0) return answerOf(purchase, null);
  if (purchase.paymentIntentId) {
    const intent = await ctx.payments.retrieveIntent(purchase.paymentIntentId);
    if (intent?.status === 'succeeded') {
      await settlePassIntent(ctx, intent);
      throw conflict('This pass is already paid for: it is in your wallet.');
    }
    if (intent && intent.status !== 'canceled') return answerOf(purchase, intent);
  }
  // The coach's 85%: of the discounted price with their own code, of the whole price with a platform code; less the
  // share they already hold for the coach credit spent on it.
  const payoutCents =
    purchase.payoutCents ??
    coachPayoutCents(purchase.discountFundedBy === 'coach' ? purchase.priceCents - purchase.discountCents : purchase.priceCents);
  const destination = await payoutDestination(ctx.db, ctx.payments.kind, pass.coachId, purchase.priceCents);
  let intent: ProviderIntent;
  try {
    intent = await ctx.payments.createIntent({
      amountCents: cardCentsOfPurchase(purchase),
      description: `Fogline: ${pass.name}`,
      metadata: { [PASS_PURCHASE_METADATA]: String(purchase.id), userId: String(user.id), passId: String(pass.id), kind: pass.kind },
      idempotencyKey: `pass-purchase-${purchase.id}`,
      payout: destination && {
        ...destination,
        amountCents: cardTransferCents(payoutCents, purchase.amountCents, purchase.creditAppliedCents),
      },
    });
  } catch (error) {
    console.error('[passes] creating the intent failed', error);
    await ctx.db.write((tx) =>
      tx
        .update(passPurchases)
        .set({ status: 'cancelled', cancelledAt: ctx.clock.now() })
        .where(and(eq(passPurchases.id, purchase.id), eq(passPurchases.status, 'pending'))),
    );
    throw new DomainError(502, PURCHASE_INIT_FAILED);
  }
  const [saved] = await ctx.db.write((tx) =>
    tx.update(passPurchases).set({ paymentIntentId: intent.id }).where(eq(passPurchases.id, purchase.id)).returning(),
  );
  return answerOf(saved ?? purchase, intent);
}

/** Activates a pending purchase whose payment succeeded (or that coach credit pays in full): status active, a
 * pack's expiry from now, the credit it set aside spent and the purchase's credits as its first ledger row, all in
 * one write. A payment arriving after the checkout's HOLD_MAX_MINUTES no longer holds what it set aside, so the
 * write re-checks exactly, under the write lock: the credit still there, the promo code's uses not all taken
 * meanwhile; else the purchase is given up (`refused`, with why) and the caller refunds the card. */
async function activatePurchase(
  ctx: AppContext,
  purchaseId: number,
  intentId: string | null,
): Promise<{ purchase: PurchaseRow; newly: boolean; refused: string | null }> {
  const now = ctx.clock.now();
  return ctx.db.write(async (tx) => {
    const current = await tx.select().from(passPurchases).where(eq(passPurchases.id, purchaseId)).get();
    if (!current) throw notFound('Purchase not found.');
    if (current.status !== 'pending') return { purchase: current, newly: false, refused: null };
    const refused = !(await purchaseCreditStillThere(tx, current, now))
      ? CREDIT_GONE
      : (await purchasePromoUsedUpMeanwhile(tx, current, now))
        ? PROMO_GONE
        : null;
    if (refused) {
      const [given] = await tx
        .update(passPurchases)
        .set({ status: 'cancelled', cancelledAt: now, paymentIntentId: intentId ?? current.paymentIntentId })
        .where(and(eq(passPurchases.id, purchaseId), eq(passPurchases.status, 'pending')))
        .returning();
      return { purchase: given ?? current, newly: true, refused };
    }
    const expiresAt = current.validityDays ? new Date(now.getTime() + current.validityDays * DAY_MS) : null;
    const [purchase] = await tx
      .update(passPurchases)
      .set({ status: 'active', activatedAt: now, expiresAt, paymentIntentId: intentId })
      .where(and(eq(passPurchases.id, purchaseId), eq(passPurchases.status, 'pending')))
      .returning();
    await spendOnPurchase(tx, current);
    if (current.credits)
      await tx.insert(passLedger).values({
        purchaseId,
        kind: 'purchase',
        delta: current.credits,
        creditsExpireAt: expiresAt,
        paymentRef: intentId ?? `coach-credit-${purchaseId}`,
        createdAt: now,
      });
    return { purchase: purchase!, newly: true, refused: null };
  });
}

export const CREDIT_GONE =
  'Your payment arrived after your 30-minute checkout ended and your coach credit was used meanwhile, so your payment has been refunded in full. Please buy the pass again.';
export const PROMO_GONE =
  'Your payment arrived after your 30-minute checkout ended and the promo code was used up meanwhile, so your payment has been refunded in full. Please buy the pass again.';

/** Confirm and webhook alike: the provider says the intent succeeded, for this purchase's amount and buyer; the
 * purchase is activated exactly once and its receipt emailed. A payment for a purchase that was given up meanwhile
 * (a newer checkout replaced it) is refunded in full. */
export async function settlePassIntent(ctx: AppContext, intent: ProviderIntent, expectedUserId?: number): Promise<PurchaseRow> {
  if (expectedUserId !== undefined && intent.metadata.userId !== String(expectedUserId))
    throw forbidden('This payment belongs to another account.');
  if (intent.status !== 'succeeded')
    throw conflict(intent.lastError ? `The payment did not go through: ${intent.lastError}` : 'The payment has not been completed yet.');
  const purchaseId = Number(intent.metadata[PASS_PURCHASE_METADATA]);
  const purchase = Number.isSafeInteger(purchaseId)
    ? await ctx.db.select().from(passPurchases).where(eq(passPurchases.id, purchaseId)).get()
    : undefined;
  if (!purchase || String(purchase.userId) !== intent.metadata.userId || cardCentsOfPurchase(purchase) !== intent.amountCents) {
    console.error('[passes] intent does not match its purchase', intent.id, purchaseId);
    throw conflict('This payment does not match the purchase. Please contact support.');
  }
  if (purchase.paymentIntentId && purchase.paymentIntentId !== intent.id)
    throw conflict('This payment does not match the purchase. Please contact support.');
  if (purchase.status === 'cancelled') {
    await refundQuietly(ctx, intent, `refund-pass-purchase-${purchase.id}-given-up`);
    throw conflict('This checkout was replaced by a newer one, so this payment has been refunded in full.');
  }
  const { purchase: active, newly, refused } = await activatePurchase(ctx, purchase.id, intent.id);
  if (refused) {
    if (newly) await refundQuietly(ctx, intent, `refund-pass-purchase-${purchase.id}-given-up`);
    throw conflict(refused);
  }
  if (newly) await sendPurchaseReceipt(ctx, active);
  return active;
}

async function refundQuietly(ctx: AppContext, intent: ProviderIntent, key: string): Promise<void> {
  try {
    await ctx.payments.refund(intent.id, intent.amountCents, key);
  } catch (error) {
    console.error('[passes] automatic refund failed', intent.id, error);
  }
}

/** POST /api/wallet/{purchaseId}/confirm: the buyer's own purchase, settled after asking the provider (idempotent). */
export async function confirmPurchase(ctx: AppContext, user: SessionUser, purchaseId: number): Promise<PurchaseRow> {
  const purchase = await ctx.db.select().from(passPurchases).where(eq(passPurchases.id, purchaseId)).get();
  if (!purchase || purchase.userId !== user.id) throw notFound('Purchase not found.');
  // A membership's first payment is its subscription's first invoice.
  if (purchase.kind === 'membership') return confirmMembership(ctx, purchase);
  if (purchase.status !== 'pending') {
    if (purchase.status === 'cancelled') throw conflict('This checkout was given up. Please buy the pass again.');
    return purchase;
  }
  if (!purchase.paymentIntentId) {
    if (cardCentsOfPurchase(purchase) > 0) throw conflict('The payment has not been completed yet.');
    // Coach credit pays it all: spent in the activating write, nothing to charge.
    const { purchase: active, newly, refused } = await activatePurchase(ctx, purchase.id, null);
    if (refused) throw conflict(refused === CREDIT_GONE ? CREDIT_WITHOUT_CARD_GONE : PROMO_WITHOUT_CARD_GONE);
    if (newly) await sendPurchaseReceipt(ctx, active);
    return active;
  }
  const intent = await ctx.payments.retrieveIntent(purchase.paymentIntentId);
  if (!intent) throw notFound('Payment not found.');
  return settlePassIntent(ctx, intent, user.id);
}
