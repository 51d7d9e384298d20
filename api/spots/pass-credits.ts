// Paying for spots with a pass (class pack, intro offer, membership), inside the booking's own write: the credits
// are read from the append-only ledger (pass_ledger) and taken in the same transaction that books the spots, so
// simultaneous bookings can never spend a credit twice (the write lock serialises them, across processes too).
// Returning a cancelled booking's credits is the same kind of row, written by the cancelling write.
//
// The balance is never stored: it is the sum of the ledger rows whose credits have not expired. Every row carries
// the expiry of the credits it moves (a booking row takes credits of one expiry; its return gives back that
// expiry), so credits past their expiry leave every balance at that instant, with or without the 'expiry' row the
// background job appends for the history (./pass-expiry.ts).
import { and, asc, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { type classes, passLedger, passPurchases } from '../../db/schema';
import { conflict, DomainError, notFound } from '../errors';
import { formatDateLong } from '../../common/pacific';
import type { BookingRow } from './booking-states';
import type { Customer } from './context';
import { fullRefundDeadline, hasStarted, refundFor } from './policy';
import { type CancellationPolicy, passRulesOf, policyFrom } from './refund-policy';

type ClassRow = typeof classes.$inferSelect;
export type PurchaseRow = typeof passPurchases.$inferSelect;

export const PASS_NOT_FOUND = 'Pass not found.';
export const NOT_ENOUGH_CREDITS = 'Not enough credits left on this pass.';
export const PASS_PAST_DUE = 'Your membership payment is past due: update your card in your wallet to book with it.';

/** The rows whose credits count at `now`: no expiry, or an expiry still ahead. */
export function unexpiredAt(now: Date): SQL {
  return or(isNull(passLedger.creditsExpireAt), gt(passLedger.creditsExpireAt, now))!;
}

/** Credits left at `now` per purchase, from the ledger (purchases with none left are absent: read them as 0). */
export async function creditBalances(db: Database | Tx, purchaseIds: number[], now: Date): Promise<Map<number, number>> {
  const result = new Map<number, number>();
  if (purchaseIds.length === 0) return result;
  const rows = await db
    .select({ purchaseId: passLedger.purchaseId, left: sql<number>`coalesce(sum(${passLedger.delta}), 0)` })
    .from(passLedger)
    .where(and(inArray(passLedger.purchaseId, purchaseIds), unexpiredAt(now)))
    .groupBy(passLedger.purchaseId);
  for (const row of rows) result.set(row.purchaseId, Number(row.left));
  return result;
}

/** A purchase's credits left at `now`, grouped by when they expire, soonest first. */
export async function creditBuckets(db: Database | Tx, purchaseId: number, now: Date): Promise<{ expiresAt: Date | null; left: number }[]> {
  const rows = await db
    .select({ expiresAt: passLedger.creditsExpireAt, left: sql<number>`sum(${passLedger.delta})` })
    .from(passLedger)
    .where(and(eq(passLedger.purchaseId, purchaseId), unexpiredAt(now)))
    .groupBy(passLedger.creditsExpireAt)
    .orderBy(sql`${passLedger.creditsExpireAt} is null`, asc(passLedger.creditsExpireAt));
  return rows.map((r) => ({ expiresAt: r.expiresAt, left: Number(r.left) })).filter((r) => r.left > 0);
}

/** Does this purchase cover this class (its coach, and its categories and age groups when it names some)? */
export function coversClass(
  purchase: Pick<PurchaseRow, 'coachId' | 'coversAllClasses' | 'categoryIds' | 'ageGroups'>,
  cls: Pick<ClassRow, 'coachId' | 'categoryId' | 'ageGroup'>,
): boolean {
  if (purchase.coachId !== cls.coachId) return false;
  if (purchase.coversAllClasses) return true;
  const categories = purchase.categoryIds ?? [];
  const ages = purchase.ageGroups ?? [];
  if (categories.length > 0 && (cls.categoryId === null || !categories.includes(cls.categoryId))) return false;
  if (ages.length > 0 && !ages.includes(cls.ageGroup)) return false;
  return true;
}

/** An unlimited membership: no credits to count, only whether it is paid up. */
export const isUnlimited = (purchase: Pick<PurchaseRow, 'kind' | 'credits'>) => purchase.kind === 'membership' && purchase.credits === null;

/** Why this purchase cannot pay for anything now, or null when its status lets it: paid (active), and for a
 * membership paid up to now. Past due gets its own code, so the booking card can link to the card update. */
export function purchaseStatusProblem(purchase: PurchaseRow, now: Date): DomainError | null {
  switch (purchase.status) {
    case 'active':
      break;
    case 'past_due':
      return new DomainError(409, PASS_PAST_DUE, undefined, undefined, 'pass_past_due');
    case 'paused':
      return conflict(
        purchase.pauseEndsAt ? `Your membership is paused until ${formatDateLong(purchase.pauseEndsAt)}.` : 'Your membership is paused.',
        'pass_unusable',
      );
    case 'pending':
      return conflict('This pass has not been paid for yet.', 'pass_unusable');
    default:
      return conflict('This pass has ended.', 'pass_unusable');
  }
  if (purchase.kind === 'membership' && (!purchase.currentPeriodEnd || purchase.currentPeriodEnd.getTime() <= now.getTime()))
    return new DomainError(409, PASS_PAST_DUE, undefined, undefined, 'pass_past_due');
  if (purchase.kind !== 'membership' && purchase.expiresAt && purchase.expiresAt.getTime() <= now.getTime())
    return conflict('This pass has expired.', 'pass_unusable');
  return null;
}

/** Which credits (by expiry) a booking of `quantity` spots would take; for a pack or an intro offer, only credits
 * still valid when the class starts; for a membership, the current period's. */
export interface CreditPlan {
  purchase: PurchaseRow;
  /** One ledger row each: how many credits, of which expiry. Empty for an unlimited membership. */
  take: { credits: number; expiresAt: Date | null }[];
}

/** Checks that the customer's purchase can pay for `quantity` spots of this class now, and which credits it would
 * take. Runs inside the booking's write, so the balance it reads is the one the booking commits against. */
export async function planCredits(
  tx: Tx,
  customer: Pick<Customer, 'id'>,
  purchaseId: number,
  cls: ClassRow,
  quantity: number,
  now: Date,
): Promise<CreditPlan> {
  const purchase = await tx.select().from(passPurchases).where(eq(passPurchases.id, purchaseId)).get();
  if (!purchase || purchase.userId !== customer.id) throw notFound(PASS_NOT_FOUND);
  const problem = purchaseStatusProblem(purchase, now);
  if (problem) throw problem;
  if (!coversClass(purchase, cls)) throw conflict('This pass does not cover this class.', 'pass_unusable');
  if (isUnlimited(purchase)) {
    if (quantity > 1)
      throw conflict(
        'An unlimited membership books one spot per class: book the other spots by card or with a class pack.',
        'pass_unusable',
      );
    return { purchase, take: [] };
  }
  const classStart = cls.startTime?.getTime() ?? now.getTime();
  const validFor = (expiresAt: Date | null) =>
    expiresAt === null || (purchase.kind === 'membership' ? expiresAt.getTime() > now.getTime() : expiresAt.getTime() > classStart);
  const buckets = (await creditBuckets(tx, purchase.id, now)).filter((b) => validFor(b.expiresAt));
  const left = buckets.reduce((sum, b) => sum + b.left, 0);
  if (left < quantity) {
    const soon = (await creditBuckets(tx, purchase.id, now)).find((b) => !validFor(b.expiresAt));
    if (left === 0 && soon?.expiresAt)
      throw conflict(`This pass's credits expire on ${formatDateLong(soon.expiresAt)}, before this class starts.`, 'not_enough_credits');
    throw conflict(
      left === 0 ? 'No credits left on this pass.' : `Only ${left} ${left === 1 ? 'credit is' : 'credits are'} left on this pass.`,
      'not_enough_credits',
    );
  }
  const take: CreditPlan['take'] = [];
  let needed = quantity;
  for (const bucket of buckets) {
    if (needed === 0) break;
    const credits = Math.min(needed, bucket.left);
    take.push({ credits, expiresAt: bucket.expiresAt });
    needed -= credits;
  }
  return { purchase, take };
}

/** Writes the plan's ledger rows for the booking just made (same transaction): one 'booking' row per expiry taken,
 * or a row of 0 credits for an unlimited membership, so every booking paid by a pass names its pass. */
export async function spendCredits(tx: Tx, plan: CreditPlan, bookingId: number, now: Date): Promise<void> {
  const rows =
    plan.take.length > 0
      ? plan.take.map((t) => ({ delta: -t.credits, creditsExpireAt: t.expiresAt }))
      : [{ delta: 0, creditsExpireAt: null }];
  await tx
    .insert(passLedger)
    .values(rows.map((row) => ({ purchaseId: plan.purchase.id, kind: 'booking' as const, bookingId, createdAt: now, ...row })));
}

/** The credits a cancelled booking gives back: those it took, each with its original expiry (an expired one comes
 * back already expired, so it counts for nothing). Written once per booking (pass_ledger_once_idx). Answers the
 * number of credits returned. */
export async function returnCredits(tx: Tx, booking: Pick<BookingRow, 'id'>, now: Date): Promise<number> {
  const rows = await tx.select().from(passLedger).where(eq(passLedger.bookingId, booking.id));
  const returned = new Set(rows.filter((r) => r.kind === 'return').map((r) => `${r.purchaseId}:${r.creditsExpireAt?.getTime() ?? ''}`));
  const due = rows.filter(
    (r) => r.kind === 'booking' && r.delta < 0 && !returned.has(`${r.purchaseId}:${r.creditsExpireAt?.getTime() ?? ''}`),
  );
  if (due.length === 0) return 0;
  await tx.insert(passLedger).values(
    due.map((r) => ({
      purchaseId: r.purchaseId,
      kind: 'return' as const,
      delta: -r.delta,
      creditsExpireAt: r.creditsExpireAt,
      bookingId: booking.id,
      createdAt: now,
    })),
  );
  return due.reduce((sum, r) => sum - r.delta, 0);
}

/** A customer's cancellation gives the credits back when it is in time for a full refund by the class's policy
 * (as a card payment would be refunded in full); later, the credits are spent, unless the policy's pass rules say a
 * late cancellation does not forfeit them (issue 20). A class the coach moved gives them back until it starts, as a
 * card payment. */
export function creditsComeBack(
  cls: Pick<ClassRow, 'startTime'>,
  booking: Pick<BookingRow, 'classChangedAt' | 'cancellationPolicy'>,
  now: Date,
): boolean {
  const policy = policyFrom(booking.cancellationPolicy);
  if (!passRulesOf(policy).lateCancelForfeitsCredit && !hasStarted(cls.startTime, now)) return true;
  const probe = 100;
  // In time for a full refund under the policy the booking was booked under (issue 20).
  return refundFor(probe, cls.startTime, now, booking.classChangedAt !== null, policy) === probe;
}

/** Until when cancelling gives a booking's credits back: the policy's full-refund deadline (the start of a class the
 * coach moved), or the start itself when the policy's pass rules say a late cancellation does not forfeit them. */
export function creditsBackUntil(classStart: Date | null, changedByCoach: boolean, policy: CancellationPolicy): Date | null {
  if (!passRulesOf(policy).lateCancelForfeitsCredit) return classStart;
  return fullRefundDeadline(classStart, changedByCoach, policy);
}

/** How each of these bookings was paid for with a pass: the purchase and its kind, by booking id (a booking absent
 * from the map was paid by card, or free). */
export async function passPaymentsOf(
  db: Database | Tx,
  bookingIds: number[],
): Promise<Map<number, { purchaseId: number; kind: PurchaseRow['kind']; name: string; credits: number }>> {
  const result = new Map<number, { purchaseId: number; kind: PurchaseRow['kind']; name: string; credits: number }>();
  if (bookingIds.length === 0) return result;
  for (let i = 0; i < bookingIds.length; i += 500) {
    const rows = await db
      .select({
        bookingId: passLedger.bookingId,
        purchaseId: passLedger.purchaseId,
        kind: passPurchases.kind,
        name: passPurchases.name,
        credits: sql<number>`-sum(${passLedger.delta})`,
      })
      .from(passLedger)
      .innerJoin(passPurchases, eq(passPurchases.id, passLedger.purchaseId))
      .where(and(inArray(passLedger.bookingId, bookingIds.slice(i, i + 500)), eq(passLedger.kind, 'booking')))
      .groupBy(passLedger.bookingId, passLedger.purchaseId);
    for (const row of rows)
      if (row.bookingId !== null)
        result.set(row.bookingId, { purchaseId: row.purchaseId, kind: row.kind, name: row.name, credits: Number(row.credits) });
  }
  return result;
}

/** How a booking was paid, as Customer Management shows it: with a pass (its credits, or a membership), by card,
 * or nothing to pay (a free class, or a promo code that took off everything). */
export function paidWithOf(
  booking: Pick<BookingRow, 'amountCents'>,
  pass: { kind: PurchaseRow['kind'] } | undefined,
): 'card' | 'credit' | 'membership' | 'free' {
  if (pass) return pass.kind === 'membership' ? 'membership' : 'credit';
  return booking.amountCents > 0 ? 'card' : 'free';
}

/** A pass a customer holds now (paid, not ended), with its credits left. */
export interface HeldPass {
  purchaseId: number;
  name: string;
  kind: PurchaseRow['kind'];
  status: PurchaseRow['status'];
  /** null: an unlimited membership. */
  creditsLeft: number | null;
  expiresAt: string | null;
}

/** The passes each of these customers holds (of one coach's, or every coach's), by customer id. */
export async function passesHeldBy(
  db: Database | Tx,
  userIds: number[],
  coachId: number | undefined,
  now: Date,
): Promise<Map<number, HeldPass[]>> {
  const result = new Map<number, HeldPass[]>();
  if (userIds.length === 0) return result;
  const held = await db
    .select()
    .from(passPurchases)
    .where(
      and(
        inArray(passPurchases.userId, userIds),
        inArray(passPurchases.status, ['active', 'past_due', 'paused']),
        coachId === undefined ? undefined : eq(passPurchases.coachId, coachId),
      ),
    )
    .orderBy(asc(passPurchases.id));
  const balances = await creditBalances(
    db,
    held.map((p) => p.id),
    now,
  );
  for (const purchase of held) {
    const list = result.get(purchase.userId) ?? [];
    list.push({
      purchaseId: purchase.id,
      name: purchase.name,
      kind: purchase.kind,
      status: purchase.status,
      creditsLeft: isUnlimited(purchase) ? null : Math.max(0, balances.get(purchase.id) ?? 0),
      expiresAt: (purchase.kind === 'membership' ? purchase.currentPeriodEnd : purchase.expiresAt)?.toISOString() ?? null,
    });
    result.set(purchase.userId, list);
  }
  return result;
}

/** What a pass did for one booking: the credits it took and gave back, and the pass (its emails' words). */
export async function passUseOf(
  db: Database | Tx,
  bookingId: number,
): Promise<{ name: string; kind: PurchaseRow['kind']; taken: number; returned: number } | null> {
  const rows = await db
    .select({ kind: passLedger.kind, delta: passLedger.delta, name: passPurchases.name, passKind: passPurchases.kind })
    .from(passLedger)
    .innerJoin(passPurchases, eq(passPurchases.id, passLedger.purchaseId))
    .where(eq(passLedger.bookingId, bookingId));
  const first = rows.find((r) => r.kind === 'booking');
  if (!first) return null;
  const sum = (kind: string) => rows.filter((r) => r.kind === kind).reduce((n, r) => n + Math.abs(r.delta), 0);
  return { name: first.name, kind: first.passKind, taken: sum('booking'), returned: sum('return') };
}

/** Was this booking paid with a pass (any row of the ledger names it)? */
export async function paidByPass(db: Database | Tx, bookingId: number): Promise<boolean> {
  return (await db.select({ id: passLedger.id }).from(passLedger).where(eq(passLedger.bookingId, bookingId)).limit(1).get()) !== undefined;
}

/** A booking moved to another session with its payment (./offered-move.ts): the credits it still holds move with
 * it, as a 'return' row for the old booking and a 'booking' row for the new one of each expiry, so the balance is
 * unchanged and the new booking's cancellation gives them back. */
export async function movePassPayment(tx: Tx, fromBookingId: number, toBookingId: number, now: Date): Promise<void> {
  const rows = await tx.select().from(passLedger).where(eq(passLedger.bookingId, fromBookingId));
  const held = new Map<string, { purchaseId: number; creditsExpireAt: Date | null; credits: number }>();
  for (const row of rows) {
    if (row.kind !== 'booking' && row.kind !== 'return') continue;
    const key = `${row.purchaseId}:${row.creditsExpireAt?.getTime() ?? ''}`;
    const entry = held.get(key) ?? { purchaseId: row.purchaseId, creditsExpireAt: row.creditsExpireAt, credits: 0 };
    entry.credits -= row.delta;
    held.set(key, entry);
  }
  const moving = [...held.values()].filter((h) => h.credits > 0 || rows.some((r) => r.kind === 'booking' && r.delta === 0));
  if (moving.length === 0) return;
  await tx.insert(passLedger).values([
    ...moving
      .filter((m) => m.credits > 0)
      .map((m) => ({
        purchaseId: m.purchaseId,
        kind: 'return' as const,
        delta: m.credits,
        creditsExpireAt: m.creditsExpireAt,
        bookingId: fromBookingId,
        createdAt: now,
      })),
    ...moving.map((m) => ({
      purchaseId: m.purchaseId,
      kind: 'booking' as const,
      delta: -m.credits,
      creditsExpireAt: m.creditsExpireAt,
      bookingId: toBookingId,
      createdAt: now,
    })),
  ]);
}
