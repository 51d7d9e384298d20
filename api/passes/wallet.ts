// GET /api/wallet: the signed-in customer's passes, each with its credits left (from the ledger, never a stored
// counter), their soonest expiry, what it covers, its history and, for memberships, the period and next renewal.
// With classId: only the passes that can pay for that class now, for the booking card's "Use 1 credit".
import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import { bookings, classes, passLedger, passPurchases, users } from '../../db/schema';
import type { SessionUser } from '../auth/session';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { centsToDollars, priceBreakdown } from '../../common/money';
import { creditWallet } from '../spots/credit';
import { coversClass, creditBalances, creditBuckets, isUnlimited, purchaseStatusProblem } from '../spots/pass-credits';
import type { LedgerEntry, WalletAnswer, WalletPass, WalletQuery } from './model';
import { categoryNamesOf, toCoverage } from './shape';

type PurchaseRow = typeof passPurchases.$inferSelect;

/** Purchases never paid for are not in the wallet. */
const NEVER_PAID = ['pending', 'cancelled'] as const;

export async function readWallet(ctx: AppContext, user: SessionUser, query: WalletQuery): Promise<WalletAnswer> {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .select({ purchase: passPurchases, coachFirst: users.firstName, coachLast: users.lastName })
    .from(passPurchases)
    .innerJoin(users, eq(users.id, passPurchases.coachId))
    .where(and(eq(passPurchases.userId, user.id), notInArray(passPurchases.status, [...NEVER_PAID])))
    .orderBy(desc(passPurchases.activatedAt), desc(passPurchases.id));
  let chosen = rows;
  if (query.classId) {
    const cls = await ctx.db
      .select()
      .from(classes)
      .where(eq(classes.id, Number(query.classId)))
      .get();
    if (!cls) throw notFound('Class not found.');
    const balances = await creditBalances(
      ctx.db,
      rows.map((r) => r.purchase.id),
      now,
    );
    chosen = rows.filter(
      ({ purchase }) =>
        coversClass(purchase, cls) &&
        purchaseStatusProblem(purchase, now) === null &&
        (isUnlimited(purchase) || (balances.get(purchase.id) ?? 0) > 0) &&
        (purchase.kind === 'membership' || !purchase.expiresAt || !cls.startTime || purchase.expiresAt > cls.startTime),
    );
  } else if (query.status === 'usable') {
    const balances = await creditBalances(
      ctx.db,
      rows.map((r) => r.purchase.id),
      now,
    );
    chosen = rows.filter(
      ({ purchase }) => purchaseStatusProblem(purchase, now) === null && (isUnlimited(purchase) || (balances.get(purchase.id) ?? 0) > 0),
    );
  }
  const passes = await walletPasses(
    ctx,
    chosen.map(({ purchase, coachFirst, coachLast }) => ({ purchase, coachName: `${coachFirst} ${coachLast}`.trim() })),
    now,
  );
  // For a class: the credits that expire soonest are offered first.
  if (query.classId) passes.sort((a, b) => (a.creditsExpireAt ?? '9').localeCompare(b.creditsExpireAt ?? '9'));
  // Credit with coaches (issue 20), from its own ledger: spent automatically at checkout on that coach's classes.
  return { passes, coachCredit: await creditWallet(ctx.db, user.id) };
}

/** The wallet's view of these purchases, with their balances and histories read in a few queries. */
export async function walletPasses(
  ctx: AppContext,
  rows: { purchase: PurchaseRow; coachName: string }[],
  now: Date,
): Promise<WalletPass[]> {
  const ids = rows.map((r) => r.purchase.id);
  if (ids.length === 0) return [];
  const [balances, history, names] = await Promise.all([
    creditBalances(ctx.db, ids, now),
    ctx.db
      .select({ row: passLedger, classId: classes.id, classTitle: classes.title, classStart: classes.startTime })
      .from(passLedger)
      .leftJoin(bookings, eq(bookings.id, passLedger.bookingId))
      .leftJoin(classes, eq(classes.id, bookings.classId))
      .where(inArray(passLedger.purchaseId, ids))
      .orderBy(desc(passLedger.createdAt), desc(passLedger.id)),
    categoryNamesOf(
      ctx.db,
      rows.map((r) => r.purchase),
    ),
  ]);
  const byPurchase = new Map<number, LedgerEntry[]>();
  for (const { row, classId, classTitle, classStart } of history) {
    const list = byPurchase.get(row.purchaseId) ?? [];
    list.push({
      id: row.id,
      kind: row.kind,
      delta: row.delta,
      at: row.createdAt.toISOString(),
      creditsExpireAt: row.creditsExpireAt?.toISOString() ?? null,
      bookingId: row.bookingId,
      classId: classId ?? null,
      classTitle: classTitle ?? null,
      classStartTime: classStart?.toISOString() ?? null,
    });
    byPurchase.set(row.purchaseId, list);
  }
  return Promise.all(
    rows.map(async ({ purchase, coachName }) => {
      const unlimited = isUnlimited(purchase);
      const soonest = unlimited ? undefined : (await creditBuckets(ctx.db, purchase.id, now))[0];
      const renews =
        purchase.kind === 'membership' && !purchase.cancelAtPeriodEnd && ['active', 'past_due', 'paused'].includes(purchase.status);
      const nextRenewalAt = renews ? (purchase.pauseEndsAt ?? purchase.currentPeriodEnd) : null;
      return {
        purchaseId: purchase.id,
        passId: purchase.passId,
        coachId: purchase.coachId,
        coachName,
        kind: purchase.kind,
        name: purchase.name,
        status: purchase.status,
        unlimited,
        creditsLeft: unlimited ? null : Math.max(0, balances.get(purchase.id) ?? 0),
        creditsTotal: purchase.credits,
        creditsExpireAt: soonest?.expiresAt?.toISOString() ?? null,
        expiresAt: purchase.expiresAt?.toISOString() ?? null,
        coverage: toCoverage(purchase, names),
        price: centsToDollars(purchase.priceCents),
        amountPaid: centsToDollars(purchase.amountCents),
        refunded: centsToDollars(purchase.refundedCents),
        purchasedAt: (purchase.activatedAt ?? purchase.createdAt).toISOString(),
        billingPeriod: purchase.billingPeriod,
        currentPeriodEnd: purchase.currentPeriodEnd?.toISOString() ?? null,
        nextRenewalAt: nextRenewalAt?.toISOString() ?? null,
        nextRenewalAmount: renews ? centsToDollars(priceBreakdown(purchase.priceCents, 1).totalCents) : null,
        cancelAtPeriodEnd: purchase.cancelAtPeriodEnd,
        pausedAt: purchase.pausedAt?.toISOString() ?? null,
        pauseEndsAt: purchase.pauseEndsAt?.toISOString() ?? null,
        maxPauseWeeks: purchase.maxPauseWeeks,
        history: byPurchase.get(purchase.id) ?? [],
      } satisfies WalletPass;
    }),
  );
}

/** One of the customer's own purchases as the wallet shows it (the confirm answer). */
export async function walletPassOf(ctx: AppContext, purchase: PurchaseRow): Promise<WalletPass> {
  const coach = await ctx.db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, purchase.coachId))
    .get();
  const [pass] = await walletPasses(
    ctx,
    [{ purchase, coachName: coach ? `${coach.firstName} ${coach.lastName}`.trim() : '' }],
    ctx.clock.now(),
  );
  return pass!;
}

/** GET /api/passes/purchases?userId=: a customer's passes as their wallet shows them, for an admin. */
export async function customerPurchases(ctx: AppContext, userId: number): Promise<WalletPass[]> {
  const rows = await ctx.db
    .select({ purchase: passPurchases, coachFirst: users.firstName, coachLast: users.lastName })
    .from(passPurchases)
    .innerJoin(users, eq(users.id, passPurchases.coachId))
    .where(and(eq(passPurchases.userId, userId), notInArray(passPurchases.status, [...NEVER_PAID])))
    .orderBy(desc(passPurchases.activatedAt), desc(passPurchases.id));
  return walletPasses(
    ctx,
    rows.map(({ purchase, coachFirst, coachLast }) => ({ purchase, coachName: `${coachFirst} ${coachLast}`.trim() })),
    ctx.clock.now(),
  );
}
