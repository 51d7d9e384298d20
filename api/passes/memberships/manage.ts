// What a member does from the wallet: cancel (it runs to the end of the paid period, then stops), pause (from the
// end of the paid period, for up to the pass's weeks a year; the renewal and every one after it move by as much),
// and pay a failed renewal with another card. The provider is asked first; the purchase then records what it did.
import { and, eq, lte } from 'drizzle-orm';
import { passPurchases } from '../../../db/schema';
import type { SessionUser } from '../../auth/session';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../errors';
import { centsToDollars } from '../../../common/money';
import { formatDateLong, pacificDay } from '../../../common/pacific';
import { sendCancellation, sendPauseConfirmation } from './emails';
import { MEMBERSHIP_MESSAGES, type MembershipAnswer, type PauseBody, type UpdateCardAnswer } from './model';
import { recordFailedRenewal, recordPaidInvoice } from './billing-events';
import { closePeriodCredits } from './periods';

type PurchaseRow = typeof passPurchases.$inferSelect;

const DAY_MS = 86_400_000;
const ENDED = ['ended', 'cancelled', 'refunded'] as const;

/** The caller's own membership, running (not pending, not over), with its subscription. */
async function ownMembership(ctx: AppContext, user: SessionUser, purchaseId: number): Promise<PurchaseRow & { subscriptionId: string }> {
  const purchase = await ctx.db.select().from(passPurchases).where(eq(passPurchases.id, purchaseId)).get();
  if (!purchase || purchase.userId !== user.id) throw notFound('Purchase not found.');
  if (purchase.kind !== 'membership') throw conflict(MEMBERSHIP_MESSAGES.notAMembership);
  if (purchase.status === 'pending' || !purchase.subscriptionId) throw conflict(MEMBERSHIP_MESSAGES.notPaidYet);
  if ((ENDED as readonly string[]).includes(purchase.status)) throw conflict(MEMBERSHIP_MESSAGES.ended);
  return purchase as PurchaseRow & { subscriptionId: string };
}

/** The calendar year (Pacific) a pause counts against, and the weeks left in it. */
function pauseAllowance(purchase: PurchaseRow, startsAt: Date): { year: number; weeksLeft: number } {
  const year = Number(pacificDay(startsAt).slice(0, 4));
  const usedDays = purchase.pauseYear === year ? purchase.pauseDaysUsed : 0;
  return { year, weeksLeft: Math.max(0, (purchase.maxPauseWeeks ?? 0) - Math.ceil(usedDays / 7)) };
}

export function membershipAnswer(purchase: PurchaseRow, message: string, now: Date): MembershipAnswer {
  const renews = !purchase.cancelAtPeriodEnd && ['active', 'past_due', 'paused'].includes(purchase.status);
  const nextRenewalAt = renews ? (purchase.pauseEndsAt ?? purchase.currentPeriodEnd) : null;
  return {
    purchaseId: purchase.id,
    status: purchase.status,
    currentPeriodEnd: purchase.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: purchase.cancelAtPeriodEnd,
    pausedAt: purchase.pausedAt?.toISOString() ?? null,
    pauseEndsAt: purchase.pauseEndsAt?.toISOString() ?? null,
    pauseWeeksLeft: pauseAllowance(purchase, purchase.pausedAt ?? purchase.currentPeriodEnd ?? now).weeksLeft,
    nextRenewalAt: nextRenewalAt?.toISOString() ?? null,
    nextRenewalAmount: renews ? centsToDollars(purchase.amountCents) : null,
    message,
  };
}

/** POST /api/wallet/{purchaseId}/cancel. */
export async function cancelMembership(ctx: AppContext, user: SessionUser, purchaseId: number): Promise<MembershipAnswer> {
  const purchase = await ownMembership(ctx, user, purchaseId);
  if (purchase.cancelAtPeriodEnd) {
    throw conflict(`This membership is already cancelled: it ends on ${formatDateLong(purchase.currentPeriodEnd)}.`);
  }
  await ctx.payments.cancelSubscriptionAtPeriodEnd(purchase.subscriptionId);
  const now = ctx.clock.now();
  const [cancelled] = await ctx.db.write((tx) =>
    tx
      .update(passPurchases)
      // A pause planned after the paid period has nothing left to pause.
      .set({ cancelAtPeriodEnd: true, cancelledAt: now, ...(purchase.status === 'active' ? { pausedAt: null, pauseEndsAt: null } : {}) })
      .where(and(eq(passPurchases.id, purchase.id), eq(passPurchases.cancelAtPeriodEnd, false)))
      .returning(),
  );
  const current = cancelled ?? (await ctx.db.select().from(passPurchases).where(eq(passPurchases.id, purchase.id)).get())!;
  if (cancelled) await sendCancellation(ctx, cancelled);
  const ends = formatDateLong(current.currentPeriodEnd);
  const message =
    current.status === 'active'
      ? `Your membership is cancelled. You can keep booking with it until ${ends}; it will not renew.`
      : current.status === 'past_due'
        ? `Your membership is cancelled and will not renew. The unpaid renewal is not charged again; it ends on ${ends}.`
        : 'Your membership is cancelled: it stays paused and will not renew. Nothing more will be charged.';
  return membershipAnswer(current, message, now);
}

/** POST /api/wallet/{purchaseId}/pause. */
export async function pauseMembership(ctx: AppContext, user: SessionUser, purchaseId: number, body: PauseBody): Promise<MembershipAnswer> {
  const purchase = await ownMembership(ctx, user, purchaseId);
  if (!purchase.maxPauseWeeks) throw conflict(MEMBERSHIP_MESSAGES.noPausing);
  if (purchase.status === 'past_due') throw conflict(MEMBERSHIP_MESSAGES.pastDuePause);
  if (purchase.cancelAtPeriodEnd) {
    throw conflict(`This membership is cancelled: it ends on ${formatDateLong(purchase.currentPeriodEnd)}, so there is nothing to pause.`);
  }
  if (purchase.status === 'paused' || purchase.pauseEndsAt) {
    throw conflict(`This membership is already paused until ${formatDateLong(purchase.pauseEndsAt)}.`);
  }
  const startsAt = purchase.currentPeriodEnd!;
  const { year, weeksLeft } = pauseAllowance(purchase, startsAt);
  if (body.weeks > weeksLeft) {
    throw conflict(
      weeksLeft === 0
        ? `This membership has no pause left for ${year}: it allows ${purchase.maxPauseWeeks} ${purchase.maxPauseWeeks === 1 ? 'week' : 'weeks'} a year.`
        : `You can pause for at most ${weeksLeft} more ${weeksLeft === 1 ? 'week' : 'weeks'} in ${year} (this membership allows ${purchase.maxPauseWeeks} a year).`,
    );
  }
  const endsAt = new Date(startsAt.getTime() + body.weeks * 7 * DAY_MS);
  await ctx.payments.pauseSubscription(purchase.subscriptionId, endsAt);
  const usedDays = purchase.pauseYear === year ? purchase.pauseDaysUsed : 0;
  const [paused] = await ctx.db.write((tx) =>
    tx
      .update(passPurchases)
      .set({ pausedAt: startsAt, pauseEndsAt: endsAt, pauseYear: year, pauseDaysUsed: usedDays + body.weeks * 7 })
      .where(and(eq(passPurchases.id, purchase.id), eq(passPurchases.status, 'active')))
      .returning(),
  );
  if (!paused) throw conflict('This membership changed meanwhile. Please reload the page.');
  await sendPauseConfirmation(ctx, paused);
  return membershipAnswer(
    paused,
    `Your membership pauses on ${formatDateLong(startsAt)}, when the period you have paid for ends, until ${formatDateLong(endsAt)}. It renews on ${formatDateLong(endsAt)}.`,
    ctx.clock.now(),
  );
}

/** POST /api/wallet/{purchaseId}/resume: a planned pause is called off (it renews when the paid period ends, as
 * before), or a running one ends now (the next period is charged at once and the cycle restarts today). The weeks
 * not paused go back to this year's allowance. */
export async function resumeMembership(ctx: AppContext, user: SessionUser, purchaseId: number): Promise<MembershipAnswer> {
  const purchase = await ownMembership(ctx, user, purchaseId);
  if (!purchase.pauseEndsAt || !purchase.pausedAt) throw conflict(MEMBERSHIP_MESSAGES.notPaused);
  const now = ctx.clock.now();
  const planned = purchase.status === 'active' && purchase.pausedAt > now;
  const unusedFrom = planned ? purchase.pausedAt : now;
  const unusedDays = Math.max(0, Math.round((purchase.pauseEndsAt.getTime() - unusedFrom.getTime()) / DAY_MS));
  // The provider first: a planned pause's trial goes back to the paid period's end; a running one ends now, which
  // charges the next period at once.
  const subscription = planned
    ? await ctx.payments.pauseSubscription(purchase.subscriptionId, purchase.currentPeriodEnd!)
    : await ctx.payments.resumeSubscription(purchase.subscriptionId);
  const [resumed] = await ctx.db.write((tx) =>
    tx
      .update(passPurchases)
      .set({
        pauseDaysUsed: Math.max(0, purchase.pauseDaysUsed - unusedDays),
        ...(planned ? { pausedAt: null, pauseEndsAt: null } : { pauseEndsAt: now }),
      })
      .where(and(eq(passPurchases.id, purchase.id), eq(passPurchases.status, purchase.status)))
      .returning(),
  );
  if (!resumed) throw conflict('This membership changed meanwhile. Please reload the page.');
  if (planned) {
    const message = `Your pause is called off: the membership renews on ${formatDateLong(resumed.currentPeriodEnd)} as before.`;
    return membershipAnswer(resumed, message, now);
  }
  // The next period's invoice is recorded here as its webhook would record it (a replay of either changes nothing).
  const invoice = subscription.latestInvoice;
  if (invoice?.status === 'paid') await recordPaidInvoice(ctx, invoice);
  else if (invoice?.status === 'open' && invoice.billingReason !== 'subscription_create') await recordFailedRenewal(ctx, invoice);
  const current = (await ctx.db.select().from(passPurchases).where(eq(passPurchases.id, purchase.id)).get())!;
  const message =
    current.status === 'active'
      ? `Welcome back: your membership is active again until ${formatDateLong(current.currentPeriodEnd)}.`
      : current.status === 'past_due'
        ? 'Your membership is back, but the renewal could not be charged: update your card in your wallet to book with it.'
        : 'Your membership is resuming: the renewal is being charged.';
  return membershipAnswer(current, message, now);
}

/** POST /api/wallet/{purchaseId}/update-card: the failed renewal's payment, to pay with another card now. */
export async function openRenewalPayment(ctx: AppContext, user: SessionUser, purchaseId: number): Promise<UpdateCardAnswer> {
  const purchase = await ownMembership(ctx, user, purchaseId);
  if (purchase.status !== 'past_due') throw conflict(MEMBERSHIP_MESSAGES.nothingOwed);
  if (purchase.cancelAtPeriodEnd) throw conflict(MEMBERSHIP_MESSAGES.cancelledNothingOwed);
  const invoice = await ctx.payments.openInvoicePayment(purchase.subscriptionId);
  if (!invoice?.payment) throw conflict(MEMBERSHIP_MESSAGES.nothingOwed);
  return {
    purchaseId: purchase.id,
    invoiceId: invoice.id,
    paymentIntentId: invoice.payment.intentId,
    clientSecret: invoice.payment.clientSecret,
    amount: centsToDollars(invoice.amountCents),
  };
}

/** Memberships whose paid period has ended into a planned pause: paused now, the period's credits written off
 * (run by the memberships job; one write each, guarded by the status). */
export async function startDuePauses(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const due = await ctx.db
    .select()
    .from(passPurchases)
    .where(and(eq(passPurchases.kind, 'membership'), eq(passPurchases.status, 'active'), lte(passPurchases.pausedAt, now)));
  let started = 0;
  for (const row of due) {
    const changed = await ctx.db.write(async (tx) => {
      const [paused] = await tx
        .update(passPurchases)
        .set({ status: 'paused' })
        .where(and(eq(passPurchases.id, row.id), eq(passPurchases.status, 'active'), lte(passPurchases.pausedAt, now)))
        .returning();
      if (paused) await closePeriodCredits(tx, paused, paused.currentPeriodEnd, `pause-${paused.pausedAt!.getTime()}`, now);
      return Boolean(paused);
    });
    if (changed) started++;
  }
  return started;
}
