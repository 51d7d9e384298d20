// The passes' timed job (api/background.ts): credits past their expiry already count for nothing in every
// balance (api/spots/pass-credits.ts reads only unexpired rows); this job writes the 'expiry' row that shows it in
// the history, ends packs whose validity is over, and emails holders 7 days before their unused credits expire.
import { and, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import { passLedger, passPurchases } from '../../db/schema';
import type { AppContext } from '../context';
import { creditBalances } from '../spots/pass-credits';
import { sendExpiryNotice } from './emails';

export const PASS_EXPIRY_EVERY_MS = 10 * 60_000;
/** How long before a pack's credits expire its holder is told. */
export const EXPIRY_NOTICE_DAYS = 7;
const DAY_MS = 86_400_000;

/** Appends an 'expiry' row for every expiry bucket that has passed with credits left (so sum of all rows = what is
 * left), and ends the packs and intro offers whose validity is over. Answers how many rows it wrote. */
export async function expireCredits(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  return ctx.db.write(async (tx) => {
    const due = await tx
      .select({ purchaseId: passLedger.purchaseId, expiresAt: passLedger.creditsExpireAt, left: sql<number>`sum(${passLedger.delta})` })
      .from(passLedger)
      .where(lte(passLedger.creditsExpireAt, now))
      .groupBy(passLedger.purchaseId, passLedger.creditsExpireAt)
      .having(sql`sum(${passLedger.delta}) > 0`)
      .limit(500);
    if (due.length > 0)
      await tx.insert(passLedger).values(
        due.map((d) => ({
          purchaseId: d.purchaseId,
          kind: 'expiry' as const,
          delta: -Number(d.left),
          creditsExpireAt: d.expiresAt,
          createdAt: now,
        })),
      );
    await tx
      .update(passPurchases)
      .set({ status: 'ended', endedAt: now })
      .where(and(eq(passPurchases.status, 'active'), inArray(passPurchases.kind, ['pack', 'intro']), lte(passPurchases.expiresAt, now)));
    return due.length;
  });
}

/** Emails each holder whose pack expires within 7 days with credits left, once (claimed on expiry_notice_sent_at
 * before sending, so two processes never both send). Packs bought with less than 7 days of validity are not told.
 * Answers how many were sent. */
export async function sendExpiryNotices(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const soon = new Date(now.getTime() + EXPIRY_NOTICE_DAYS * DAY_MS);
  const candidates = await ctx.db
    .select()
    .from(passPurchases)
    .where(
      and(
        eq(passPurchases.status, 'active'),
        inArray(passPurchases.kind, ['pack', 'intro']),
        isNull(passPurchases.expiryNoticeSentAt),
        gt(passPurchases.expiresAt, now),
        lte(passPurchases.expiresAt, soon),
        sql`${passPurchases.activatedAt} < ${passPurchases.expiresAt} - ${EXPIRY_NOTICE_DAYS * DAY_MS}`,
      ),
    )
    .limit(200);
  const balances = await creditBalances(
    ctx.db,
    candidates.map((p) => p.id),
    now,
  );
  let sent = 0;
  for (const purchase of candidates) {
    const left = balances.get(purchase.id) ?? 0;
    const claimed = await ctx.db.write((tx) =>
      tx
        .update(passPurchases)
        .set({ expiryNoticeSentAt: now })
        .where(and(eq(passPurchases.id, purchase.id), isNull(passPurchases.expiryNoticeSentAt)))
        .returning({ id: passPurchases.id }),
    );
    if (claimed.length === 0 || left <= 0) continue;
    await sendExpiryNotice(ctx, purchase, left, purchase.expiresAt!);
    sent++;
  }
  return sent;
}

/** The job's one run. */
export async function runPassExpiry(ctx: AppContext): Promise<void> {
  await expireCredits(ctx);
  await sendExpiryNotices(ctx);
}
