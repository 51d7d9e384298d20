// What the payment provider tells us about a membership (Stripe Billing's webhooks, or the test provider's renewals
// run by the clock): invoice.paid starts the first period or renews (its credits in the ledger, what is left of the
// period before written off), invoice.payment_failed makes it past due, customer.subscription.deleted ends it. The
// event body is never trusted beyond its id: the invoice or subscription is read back from the provider. Each
// change is one write guarded by the purchase's state and the ledger's unique rows, so a replayed or doubled event
// (two processes, a webhook and the card form) changes nothing twice and emails once.
import { and, eq } from 'drizzle-orm';
import { passPurchases } from '../../../db/schema';
import type { AppContext } from '../../context';
import type { ProviderInvoice, SubscriptionEvent } from '../../providers/payments';
import { sendMembershipReceipt, sendRenewalFailed, sendRenewalReceipt } from './emails';
import { addPeriodCredits, closePeriodCredits } from './periods';

type PurchaseRow = typeof passPurchases.$inferSelect;

async function purchaseOfSubscription(ctx: AppContext, subscriptionId: string): Promise<PurchaseRow | undefined> {
  return ctx.db.select().from(passPurchases).where(eq(passPurchases.subscriptionId, subscriptionId)).get();
}

export async function handleSubscriptionEvent(ctx: AppContext, event: SubscriptionEvent): Promise<void> {
  if (event.type === 'customer.subscription.deleted') return endMembership(ctx, event.subscriptionId);
  const invoice = await ctx.payments.retrieveInvoice(event.invoiceId);
  if (!invoice) {
    console.warn('[memberships] unknown invoice', event.invoiceId);
    return;
  }
  // The invoice's state now decides, whichever event arrived (a failure retried and paid since is paid).
  if (invoice.status === 'paid') await recordPaidInvoice(ctx, invoice);
  else if (invoice.status === 'open' && event.type === 'invoice.payment_failed') await recordFailedRenewal(ctx, invoice);
}

/** A paid invoice: the first period starts, or a renewal (on time, after a pause, or paid late with a new card). */
export async function recordPaidInvoice(ctx: AppContext, invoice: ProviderInvoice): Promise<PurchaseRow | null> {
  const found = await purchaseOfSubscription(ctx, invoice.subscriptionId);
  if (!found) {
    console.warn('[memberships] a paid invoice of an unknown subscription', invoice.id, invoice.subscriptionId);
    return null;
  }
  if (invoice.amountPaidCents !== found.amountCents) {
    console.error('[memberships] the invoice does not match its membership', invoice.id, found.id);
    return found;
  }
  // A checkout given up (a newer one replaced it) whose first invoice was paid anyway, in another tab: all of it
  // back, and the subscription ends at once, so it is never charged again.
  if (found.status === 'cancelled' && !found.activatedAt) {
    await refundGivenUpCheckout(ctx, found, invoice);
    return found;
  }
  const now = ctx.clock.now();
  const outcome = await ctx.db.write(async (tx) => {
    const purchase = (await tx.select().from(passPurchases).where(eq(passPurchases.id, found.id)).get())!;
    if (purchase.status === 'ended' || purchase.status === 'refunded' || purchase.status === 'cancelled') return null;
    const first = purchase.status === 'pending';
    // An older invoice paid late never moves the period back.
    const older = !first && purchase.currentPeriodStart !== null && invoice.periodStart < purchase.currentPeriodStart;
    if (older) return null;
    if (!first && purchase.currentPeriodEnd && invoice.periodStart >= purchase.currentPeriodEnd) {
      await closePeriodCredits(tx, purchase, purchase.currentPeriodEnd, invoice.id, now);
    }
    const period = { start: invoice.periodStart, end: invoice.periodEnd };
    const added = await addPeriodCredits(tx, purchase, first ? 'purchase' : 'renewal', period, invoice.id, now);
    if (!added) return null; // this invoice was recorded already
    const [updated] = await tx
      .update(passPurchases)
      .set({
        status: 'active',
        currentPeriodStart: period.start,
        currentPeriodEnd: period.end,
        ...(first ? { activatedAt: now } : {}),
        // A pause that has run its course is over once the period after it is paid.
        ...(purchase.pauseEndsAt && purchase.pauseEndsAt <= period.start ? { pausedAt: null, pauseEndsAt: null } : {}),
      })
      .where(eq(passPurchases.id, purchase.id))
      .returning();
    return { purchase: updated!, first };
  });
  if (!outcome) return purchaseOfSubscription(ctx, invoice.subscriptionId).then((row) => row ?? null);
  if (outcome.first) await sendMembershipReceipt(ctx, outcome.purchase);
  else await sendRenewalReceipt(ctx, outcome.purchase);
  return outcome.purchase;
}

/** Each step is skipped once done, so a replayed event (or the confirm call beside the webhook) refunds once. */
async function refundGivenUpCheckout(ctx: AppContext, purchase: PurchaseRow, invoice: ProviderInvoice): Promise<void> {
  const subscription = await ctx.payments.retrieveSubscription(invoice.subscriptionId);
  if (subscription && subscription.status !== 'canceled') await ctx.payments.cancelSubscriptionNow(subscription.id);
  if (purchase.refundedCents > 0 || !purchase.paymentIntentId || invoice.billingReason !== 'subscription_create') return;
  await ctx.payments.refund(purchase.paymentIntentId, invoice.amountPaidCents, `refund-membership-${purchase.id}-given-up`);
  await ctx.db.write((tx) =>
    tx
      .update(passPurchases)
      .set({ refundedCents: invoice.amountPaidCents })
      .where(and(eq(passPurchases.id, purchase.id), eq(passPurchases.refundedCents, 0))),
  );
  console.warn('[memberships] a given-up checkout was paid: refunded in full and its subscription ended', purchase.id);
}

/** A renewal the card declined: past due for the period it was meant to pay, the last period's credits written off. */
export async function recordFailedRenewal(ctx: AppContext, invoice: ProviderInvoice): Promise<void> {
  const found = await purchaseOfSubscription(ctx, invoice.subscriptionId);
  if (!found) return;
  const now = ctx.clock.now();
  const failed = await ctx.db.write(async (tx) => {
    const purchase = (await tx.select().from(passPurchases).where(eq(passPurchases.id, found.id)).get())!;
    // Only a membership that was running turns past due (once: a replay finds it past due already).
    if (purchase.status !== 'active' && purchase.status !== 'paused') return null;
    if (purchase.currentPeriodStart && invoice.periodStart <= purchase.currentPeriodStart) return null;
    await closePeriodCredits(tx, purchase, purchase.currentPeriodEnd, invoice.id, now);
    const [updated] = await tx
      .update(passPurchases)
      .set({
        status: 'past_due',
        currentPeriodStart: invoice.periodStart,
        currentPeriodEnd: invoice.periodEnd,
        pausedAt: null,
        pauseEndsAt: null,
      })
      .where(eq(passPurchases.id, purchase.id))
      .returning();
    return updated!;
  });
  if (failed) await sendRenewalFailed(ctx, failed, invoice.lastError);
}

/** The subscription is over (cancelled at the end of its period, or given up after unpaid renewals). */
async function endMembership(ctx: AppContext, subscriptionId: string): Promise<void> {
  const subscription = await ctx.payments.retrieveSubscription(subscriptionId);
  if (!subscription || subscription.status !== 'canceled') return;
  const found = await purchaseOfSubscription(ctx, subscriptionId);
  if (!found) return;
  const now = ctx.clock.now();
  await ctx.db.write(async (tx) => {
    const purchase = (await tx.select().from(passPurchases).where(eq(passPurchases.id, found.id)).get())!;
    if (purchase.status === 'ended' || purchase.status === 'refunded' || purchase.status === 'cancelled') return;
    await closePeriodCredits(tx, purchase, purchase.currentPeriodEnd, subscriptionId, now);
    const status = purchase.status === 'pending' ? 'cancelled' : 'ended';
    await tx.update(passPurchases).set({ status, endedAt: now }).where(eq(passPurchases.id, purchase.id));
  });
}
