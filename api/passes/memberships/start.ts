// Buying a membership: a pending purchase (what was bought copied from the pass, as for a pack) and a subscription
// at the provider for price + the 5% service fee every period, the coach's 85% of the price transferred each time.
// Its first invoice is paid like a pack's intent (Stripe's Payment Element, or the test provider's card form); the
// membership starts when the provider says that invoice is paid (invoice.paid, or the wallet's confirm call).
import { and, eq } from 'drizzle-orm';
import type { passes } from '../../../db/schema';
import { passPurchases, users } from '../../../db/schema';
import type { SessionUser } from '../../auth/session';
import type { AppContext } from '../../context';
import { conflict, DomainError } from '../../errors';
import { centsToDollars, type PriceBreakdown } from '../../../common/money';
import { payoutDestination } from '../../lib/payouts';
import type { ProviderSubscription } from '../../providers/payments';
import type { PurchaseAnswer } from '../model';
import { openPurchase, PURCHASE_INIT_FAILED } from '../open-purchase';
import { recordPaidInvoice } from './billing-events';

type PassRow = typeof passes.$inferSelect;
type PurchaseRow = typeof passPurchases.$inferSelect;

/** The subscription's metadata names its purchase under its own key: the first invoice's intent is not a pack's
 * (api/lib/payouts.ts isPassIntent), it is settled through the invoice. */
export const MEMBERSHIP_METADATA = 'membershipPurchaseId';

function answerOf(purchase: PurchaseRow, subscription: ProviderSubscription | null): PurchaseAnswer {
  const payment = subscription?.latestInvoice?.payment ?? null;
  return {
    purchaseId: purchase.id,
    passId: purchase.passId,
    kind: purchase.kind,
    status: purchase.status,
    price: centsToDollars(purchase.priceCents),
    discount: 0, // memberships take no promo code
    serviceFee: centsToDollars(purchase.serviceFeeCents),
    amount: centsToDollars(purchase.amountCents),
    // Memberships are billed by their subscription, not from coach credit (README, credit on passes).
    creditApplied: 0,
    cardAmount: centsToDollars(purchase.amountCents),
    paymentIntentId: payment?.intentId ?? purchase.paymentIntentId,
    clientSecret: payment?.clientSecret ?? null,
    subscriptionId: purchase.subscriptionId,
  };
}

/** POST /api/passes/{id}/purchase for a membership (the pass checked by api/passes). Asking again while the first
 * invoice is unpaid reuses the purchase and its subscription (a reloaded checkout). */
export async function startSubscription(ctx: AppContext, user: SessionUser, pass: PassRow, price: PriceBreakdown): Promise<PurchaseAnswer> {
  const { purchase, replacedIntentIds } = await openPurchase(ctx, user, pass, price);
  for (const id of replacedIntentIds) await ctx.payments.cancelIntent(id);
  if (purchase.subscriptionId) {
    const existing = await ctx.payments.retrieveSubscription(purchase.subscriptionId);
    if (existing?.latestInvoice?.status === 'paid') {
      await recordPaidInvoice(ctx, existing.latestInvoice);
      throw conflict('This membership is already paid for: it is in your wallet.');
    }
    if (existing?.status === 'incomplete' && existing.latestInvoice?.payment) return answerOf(purchase, existing);
  }
  const member = await ctx.db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, user.id))
    .get();
  let subscription: ProviderSubscription;
  try {
    subscription = await ctx.payments.createSubscription({
      customer: {
        userId: user.id,
        email: member?.email ?? user.email,
        name: `${member?.firstName ?? ''} ${member?.lastName ?? ''}`.trim(),
      },
      description: `Fogline: ${pass.name}`,
      priceCents: price.subtotalCents,
      serviceFeeCents: price.serviceFeeCents,
      interval: pass.billingPeriod ?? 'month',
      metadata: { [MEMBERSHIP_METADATA]: String(purchase.id), userId: String(user.id), passId: String(pass.id) },
      idempotencyKey: `membership-purchase-${purchase.id}`,
      payout: await payoutDestination(ctx.db, ctx.payments.kind, pass.coachId, price.subtotalCents),
    });
  } catch (error) {
    console.error('[memberships] creating the subscription failed', error);
    await ctx.db.write((tx) =>
      tx
        .update(passPurchases)
        .set({ status: 'cancelled', cancelledAt: ctx.clock.now() })
        .where(and(eq(passPurchases.id, purchase.id), eq(passPurchases.status, 'pending'))),
    );
    throw new DomainError(502, PURCHASE_INIT_FAILED);
  }
  const [saved] = await ctx.db.write((tx) =>
    tx
      .update(passPurchases)
      .set({
        subscriptionId: subscription.id,
        providerCustomerId: subscription.customerId,
        paymentIntentId: subscription.latestInvoice?.payment?.intentId ?? null,
        currentPeriodStart: subscription.currentPeriodStart,
        currentPeriodEnd: subscription.currentPeriodEnd,
      })
      .where(eq(passPurchases.id, purchase.id))
      .returning(),
  );
  return answerOf(saved ?? purchase, subscription);
}

/** POST /api/wallet/{purchaseId}/confirm for a membership: asks the provider about the first invoice (the browser
 * is back from paying it) and starts the membership if it is paid; idempotent, like the webhook. */
export async function confirmMembership(ctx: AppContext, purchase: PurchaseRow): Promise<PurchaseRow> {
  if (purchase.status === 'cancelled' && !purchase.activatedAt) {
    const paid = purchase.subscriptionId ? (await ctx.payments.retrieveSubscription(purchase.subscriptionId))?.latestInvoice : null;
    if (paid?.status === 'paid') {
      await recordPaidInvoice(ctx, paid);
      throw conflict('This checkout was replaced by a newer one, so this payment has been refunded in full.');
    }
    throw conflict('This checkout was given up. Please buy the pass again.');
  }
  if (purchase.status !== 'pending') return purchase;
  if (!purchase.subscriptionId) throw conflict('The payment has not been completed yet.');
  const subscription = await ctx.payments.retrieveSubscription(purchase.subscriptionId);
  const invoice = subscription?.latestInvoice;
  if (!invoice || invoice.status !== 'paid') {
    throw conflict(invoice?.lastError ? `The payment did not go through: ${invoice.lastError}` : 'The payment has not been completed yet.');
  }
  return (await recordPaidInvoice(ctx, invoice)) ?? purchase;
}
