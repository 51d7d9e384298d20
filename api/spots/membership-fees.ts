// Late-cancel and no-show fees of unlimited-membership bookings (issue 20, item 2). A fee is due when the booking's
// own copy of its policy sets one and the booking was paid with an unlimited membership: a late cancellation (after
// the policy's last full-refund deadline) queues it in the cancelling write; a no-show mark queues it once the mark
// is final, 24 hours after the class ends (as ./no-show-credits.ts returns a pack's credit), so a mark the coach
// clears before then costs nothing. Each fee is one row of membership_fees, unique per (booking, kind): the
// outbox a charge is claimed from (pending -> charging, one conditional UPDATE), charged off-session by the caller
// with one idempotency key per fee, then recorded paid or failed. A process that dies mid-charge leaves a claim that
// lapses; the next claim charges again with the same key, which the provider answers with the first charge.
import { and, eq, gte, inArray, isNull, lt, lte, ne, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { bookingAttendees, bookings, classes, type MembershipFeeKind, membershipFees, passLedger, passPurchases } from '../../db/schema';
import { coachPayoutCents } from '../../common/money';
import type { Clock } from '../lib/clock';
import { classEnd } from '../lib/class-place';
import type { BookingRow } from './booking-states';
import { NO_SHOW_FINAL_AFTER_MS } from './no-show-credits';
import { fullRefundDeadline, hasStarted } from './policy';
import { type CancellationPolicy, passRulesOf, policyFrom } from './refund-policy';

export type MembershipFeeRow = typeof membershipFees.$inferSelect;
type PurchaseRow = typeof passPurchases.$inferSelect;

export const MEMBERSHIP_FEES_EVERY_MS = 10 * 60_000;
/** A claim older than this is presumed dead (its process stopped mid-charge) and taken again. */
export const FEE_CLAIM_LEASE_MS = 5 * 60_000;
/** No-shows of classes further back than this are not looked at again. */
const LOOK_BACK_MS = 30 * 86_400_000;

/** The unlimited membership that paid for a booking (its ledger row names the purchase), or null. */
export async function unlimitedMembershipOf(db: Db | Tx, bookingId: number): Promise<PurchaseRow | null> {
  const row = await db
    .select({ purchase: passPurchases })
    .from(passLedger)
    .innerJoin(passPurchases, eq(passPurchases.id, passLedger.purchaseId))
    .where(and(eq(passLedger.bookingId, bookingId), eq(passLedger.kind, 'booking')))
    .limit(1)
    .get();
  const purchase = row?.purchase;
  return purchase && purchase.kind === 'membership' && purchase.credits === null ? purchase : null;
}

/** The fee a policy sets for this kind, in cents, or null. */
export function feeOf(policy: CancellationPolicy, kind: MembershipFeeKind): number | null {
  const rules = passRulesOf(policy);
  return kind === 'late_cancel' ? rules.lateCancelFeeCents : rules.noShowFeeCents;
}

/** A cancellation at `now` is late when it is after the policy's last full-refund deadline (never for a class the
 * coach moved, which refunds in full until it starts) and before the class starts. */
export function isLateCancel(
  policy: CancellationPolicy,
  cls: { startTime: Date | null },
  booking: Pick<BookingRow, 'classChangedAt'>,
  now: Date,
): boolean {
  if (!cls.startTime || hasStarted(cls.startTime, now)) return false;
  const until = fullRefundDeadline(cls.startTime, booking.classChangedAt !== null, policy);
  return until === null || now.getTime() > until.getTime();
}

/** An unlimited membership's fees under a booking's policy, as the cancel dialog states them: the late-cancel fee and
 * from when a cancellation is late (null: from the start, the policy never refunds in full), and the no-show fee. */
export function membershipFeeTerms(
  policy: CancellationPolicy,
  classStart: Date | null,
  changedByCoach: boolean,
): { lateCancelFeeCents: number | null; lateFrom: Date | null; noShowFeeCents: number | null } {
  const lateCancelFeeCents = feeOf(policy, 'late_cancel');
  return {
    lateCancelFeeCents,
    lateFrom: lateCancelFeeCents === null ? null : changedByCoach ? classStart : fullRefundDeadline(classStart, false, policy),
    noShowFeeCents: feeOf(policy, 'no_show'),
  };
}

/** What a late cancellation of this booking would cost now: the fee in cents, or null (no membership, no fee in the
 * booking's policy, or not late). The cancel dialog states it; the cancelling write queues the same amount. */
export async function lateCancelFeeFor(
  db: Db | Tx,
  booking: Pick<BookingRow, 'id' | 'cancellationPolicy' | 'classChangedAt'>,
  cls: { startTime: Date | null },
  now: Date,
): Promise<number | null> {
  const policy = policyFrom(booking.cancellationPolicy);
  const cents = feeOf(policy, 'late_cancel');
  if (cents === null || !isLateCancel(policy, cls, booking, now)) return null;
  return (await unlimitedMembershipOf(db, booking.id)) ? cents : null;
}

async function queueFee(tx: Tx, booking: Pick<BookingRow, 'id'>, purchase: PurchaseRow, kind: MembershipFeeKind, cents: number, now: Date) {
  const [row] = await tx
    .insert(membershipFees)
    .values({
      bookingId: booking.id,
      purchaseId: purchase.id,
      userId: purchase.userId,
      coachId: purchase.coachId,
      kind,
      amountCents: cents,
      payoutCents: coachPayoutCents(cents),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** In the customer's cancelling write: queues the late-cancel fee when one is due. Answers the queued row or null. */
export async function queueLateCancelFee(
  tx: Tx,
  booking: Pick<BookingRow, 'id' | 'cancellationPolicy' | 'classChangedAt'>,
  cls: { startTime: Date | null },
  now: Date,
): Promise<MembershipFeeRow | null> {
  const cents = await lateCancelFeeFor(tx, booking, cls, now);
  if (cents === null) return null;
  const purchase = await unlimitedMembershipOf(tx, booking.id);
  return purchase ? queueFee(tx, booking, purchase, 'late_cancel', cents, now) : null;
}

/** Queues the no-show fee of every booking whose no-show mark is final (24 hours after its class ended) under a
 * policy with a no-show fee. Answers how many were queued (a fee already queued is not queued again). */
export async function queueNoShowFees(ctx: { db: Db; clock: Clock }): Promise<number> {
  const now = ctx.clock.now();
  const marked = await ctx.db
    .selectDistinct({
      bookingId: bookings.id,
      policy: bookings.cancellationPolicy,
      startTime: classes.startTime,
      endTime: classes.endTime,
      duration: classes.duration,
    })
    .from(bookingAttendees)
    .innerJoin(bookings, eq(bookings.id, bookingAttendees.bookingId))
    .innerJoin(classes, eq(classes.id, bookings.classId))
    .leftJoin(membershipFees, and(eq(membershipFees.bookingId, bookings.id), eq(membershipFees.kind, 'no_show')))
    .where(
      and(
        eq(bookingAttendees.attendance, 'no_show'),
        ne(bookings.status, 'cancelled'),
        isNull(membershipFees.id),
        lte(classes.startTime, new Date(now.getTime() - NO_SHOW_FINAL_AFTER_MS)),
        gte(classes.startTime, new Date(now.getTime() - LOOK_BACK_MS)),
      ),
    );
  let queued = 0;
  for (const row of marked) {
    const cents = feeOf(policyFrom(row.policy), 'no_show');
    if (cents === null || !row.startTime) continue;
    const end = classEnd({ startTime: row.startTime, endTime: row.endTime, duration: row.duration });
    if (end.getTime() + NO_SHOW_FINAL_AFTER_MS > now.getTime()) continue;
    const purchase = await unlimitedMembershipOf(ctx.db, row.bookingId);
    if (!purchase) continue;
    const fee = await ctx.db.write(async (tx) => {
      // Re-read in the write: the mark is still there (it can no longer change, but the booking could be cancelled).
      const still = await tx
        .select({ id: bookingAttendees.bookingId })
        .from(bookingAttendees)
        .innerJoin(bookings, eq(bookings.id, bookingAttendees.bookingId))
        .where(
          and(eq(bookingAttendees.bookingId, row.bookingId), eq(bookingAttendees.attendance, 'no_show'), ne(bookings.status, 'cancelled')),
        )
        .limit(1)
        .get();
      return still ? queueFee(tx, { id: row.bookingId }, purchase, 'no_show', cents, now) : null;
    });
    if (fee) queued += 1;
  }
  return queued;
}

/** Claims the fees due for charging (pending, or a claim that lapsed): one conditional UPDATE per row, so exactly
 * one process gets each. `bookingId` narrows it to one booking's (the cancelling request charges its own fee). */
export async function claimDueFees(ctx: { db: Db; clock: Clock }, bookingId?: number): Promise<MembershipFeeRow[]> {
  const now = ctx.clock.now();
  const lapsed = new Date(now.getTime() - FEE_CLAIM_LEASE_MS);
  const due = or(eq(membershipFees.status, 'pending'), and(eq(membershipFees.status, 'charging'), lte(membershipFees.claimedAt, lapsed)));
  const candidates = await ctx.db
    .select({ id: membershipFees.id })
    .from(membershipFees)
    .where(bookingId === undefined ? due : and(due, eq(membershipFees.bookingId, bookingId)))
    .limit(100);
  if (candidates.length === 0) return [];
  return ctx.db.write((tx) =>
    tx
      .update(membershipFees)
      .set({ status: 'charging', claimedAt: now, updatedAt: now })
      .where(
        and(
          inArray(
            membershipFees.id,
            candidates.map((c) => c.id),
          ),
          due,
        ),
      )
      .returning(),
  );
}

/** Records a claimed fee's charge: paid, or failed with the provider's message. Only the claim's holder records. */
export async function recordFeeCharge(
  ctx: { db: Db; clock: Clock },
  fee: MembershipFeeRow,
  charge: { id: string | null; status: 'succeeded' | 'failed'; failureMessage: string | null },
): Promise<MembershipFeeRow | null> {
  const now = ctx.clock.now();
  const [row] = await ctx.db.write((tx) =>
    tx
      .update(membershipFees)
      .set({
        status: charge.status === 'succeeded' ? 'paid' : 'failed',
        chargeId: charge.id,
        failureMessage: charge.status === 'succeeded' ? null : charge.failureMessage,
        chargedAt: charge.status === 'succeeded' ? now : null,
        updatedAt: now,
      })
      .where(and(eq(membershipFees.id, fee.id), eq(membershipFees.status, 'charging')))
      .returning(),
  );
  return row ?? null;
}

/** Fees settled whose email has not gone out (a process stopped between the two): the job sends them. */
export async function feesAwaitingEmail(db: Db): Promise<MembershipFeeRow[]> {
  return db
    .select()
    .from(membershipFees)
    .where(and(inArray(membershipFees.status, ['paid', 'failed']), isNull(membershipFees.emailedAt)))
    .limit(100);
}

/** The email about a charged (or failed) fee is sent once: true for the one caller that claims it. */
export async function claimFeeEmail(ctx: { db: Db; clock: Clock }, feeId: number): Promise<boolean> {
  const now = ctx.clock.now();
  const rows = await ctx.db.write((tx) =>
    tx
      .update(membershipFees)
      .set({ emailedAt: now })
      .where(and(eq(membershipFees.id, feeId), isNull(membershipFees.emailedAt), inArray(membershipFees.status, ['paid', 'failed'])))
      .returning({ id: membershipFees.id }),
  );
  return rows.length === 1;
}

/** Records an admin's refund of a paid fee, once (the provider's idempotency key made the refund itself once). */
export async function recordFeeRefund(
  ctx: { db: Db; clock: Clock },
  feeId: number,
  refundId: string,
  /** Runs in the same write when it records (the admin's audit row). */
  record?: (tx: Tx) => Promise<unknown>,
): Promise<MembershipFeeRow | null> {
  const now = ctx.clock.now();
  return ctx.db.write(async (tx) => {
    const [row] = await tx
      .update(membershipFees)
      .set({ refundId, refundedAt: now, updatedAt: now })
      .where(and(eq(membershipFees.id, feeId), eq(membershipFees.status, 'paid'), isNull(membershipFees.refundedAt)))
      .returning();
    if (row && record) await record(tx);
    return row ?? null;
  });
}

/** The fees of these bookings, by booking id (Customer Management, the admin's view, the earnings). */
export async function feesOfBookings(db: Db | Tx, bookingIds: number[]): Promise<MembershipFeeRow[]> {
  if (bookingIds.length === 0) return [];
  return db.select().from(membershipFees).where(inArray(membershipFees.bookingId, bookingIds));
}

/** A coach's fees charged in [from, to) (either may be left out): what the earnings count (a refunded one takes back
 * both shares). */
export async function chargedFeesOfCoach(db: Db | Tx, coachId: number, from?: Date, to?: Date): Promise<MembershipFeeRow[]> {
  return db
    .select()
    .from(membershipFees)
    .where(
      and(
        eq(membershipFees.coachId, coachId),
        eq(membershipFees.status, 'paid'),
        from ? gte(membershipFees.chargedAt, from) : undefined,
        to ? lt(membershipFees.chargedAt, to) : undefined,
      ),
    );
}
