// Membership fees (issue 20, item 2), the workflow around the booking domain's fee rows (api/spots/membership-fees.ts):
// charge the due ones off-session to the membership's card and email the customer, and an admin's refund. Run by
// the cancelling request for its own fee (after the cancellation's write committed) and by the membership-fees job
// for everything else: no-shows once final, and any fee a stopped process left unpaid.
import { desc, eq, inArray } from 'drizzle-orm';
import { auditLog, bookings, classes, membershipFees, passPurchases } from '../../db/schema';
import { centsToDollars } from '../../common/money';
import type { SessionUser } from '../auth/session';
import type { AppContext } from '../context';
import { conflict, DomainError, notFound } from '../errors';
import { payoutDestination } from '../lib/payouts';
import {
  claimDueFees,
  claimFeeEmail,
  feesAwaitingEmail,
  type MembershipFeeRow,
  queueNoShowFees,
  recordFeeCharge,
  recordFeeRefund,
} from '../spots/membership-fees';
import { sendFeeEmail, sendFeeRefundEmail } from './emails';
import type { MembershipFee } from './model';

export const FEE_NOT_FOUND = 'Fee not found.';
const WHY = { late_cancel: 'Late-cancellation fee', no_show: 'No-show fee' } as const;

/** Charges one claimed fee and records the outcome; a provider that cannot be reached leaves the claim to lapse and
 * be charged again (same idempotency key) by a later run. */
async function chargeFee(ctx: AppContext, fee: MembershipFeeRow): Promise<MembershipFeeRow | null> {
  const purchase = await ctx.db.select().from(passPurchases).where(eq(passPurchases.id, fee.purchaseId)).get();
  const charge = purchase?.subscriptionId
    ? await ctx.payments.chargeOffSession({
        subscriptionId: purchase.subscriptionId,
        amountCents: fee.amountCents,
        description: `${WHY[fee.kind]}: ${purchase.name}`,
        // No `bookingId` or `passPurchaseId` key: the payment webhook settles intents naming those as a booking's or a
        // pass's, and this one is neither (its payment_intent.succeeded is acknowledged and ignored).
        metadata: {
          membershipFeeId: String(fee.id),
          feeBookingId: String(fee.bookingId),
          membershipPurchaseId: String(fee.purchaseId),
          kind: fee.kind,
        },
        idempotencyKey: `membership-fee-${fee.id}`,
        // The coach's usual share: a fee is paid like a booking (85% of it to the coach's account).
        payout: await payoutDestination(ctx.db, ctx.payments.kind, fee.coachId, fee.amountCents),
      })
    : { id: null, status: 'failed' as const, failureMessage: 'There is no card on file for this membership.' };
  return recordFeeCharge(ctx, fee, charge);
}

/** Queues the no-show fees now final, then charges every due fee (or only this booking's) and emails each customer
 * once. Answers the fees settled by this run. */
export async function chargeMembershipFees(ctx: AppContext, bookingId?: number): Promise<MembershipFeeRow[]> {
  if (bookingId === undefined) await queueNoShowFees(ctx);
  const settled: MembershipFeeRow[] = [];
  for (const fee of await claimDueFees(ctx, bookingId)) {
    let done: MembershipFeeRow | null = null;
    try {
      done = await chargeFee(ctx, fee);
    } catch (error) {
      console.error('[membership-fees] the charge could not be made now; it will be tried again', fee.id, error);
      continue;
    }
    if (!done) continue;
    settled.push(done);
    if (await claimFeeEmail(ctx, done.id)) await sendFeeEmail(ctx, done);
  }
  // A fee charged by a process that stopped before its email: sent now, still once (the claim decides).
  if (bookingId === undefined)
    for (const fee of await feesAwaitingEmail(ctx.db)) if (await claimFeeEmail(ctx, fee.id)) await sendFeeEmail(ctx, fee);
  return settled;
}

/** The background job's run: the same, never throwing into the scheduler. */
export async function runMembershipFees(ctx: AppContext): Promise<number> {
  return (await chargeMembershipFees(ctx)).length;
}

async function toFeeJson(ctx: AppContext, rows: MembershipFeeRow[]): Promise<MembershipFee[]> {
  if (rows.length === 0) return [];
  const about = await ctx.db
    .select({ bookingId: bookings.id, className: classes.title, classStart: classes.startTime })
    .from(bookings)
    .innerJoin(classes, eq(classes.id, bookings.classId))
    .where(
      inArray(
        bookings.id,
        rows.map((r) => r.bookingId),
      ),
    );
  const names = await ctx.db
    .select({ id: passPurchases.id, name: passPurchases.name })
    .from(passPurchases)
    .where(
      inArray(
        passPurchases.id,
        rows.map((r) => r.purchaseId),
      ),
    );
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return rows.map((row) => {
    const cls = about.find((a) => a.bookingId === row.bookingId);
    return {
      id: row.id,
      bookingId: row.bookingId,
      purchaseId: row.purchaseId,
      membershipName: names.find((n) => n.id === row.purchaseId)?.name ?? '',
      className: cls?.className ?? '',
      classStart: iso(cls?.classStart ?? null),
      kind: row.kind,
      amountCents: row.amountCents,
      amount: centsToDollars(row.amountCents),
      status: row.status,
      failureMessage: row.failureMessage,
      chargedAt: iso(row.chargedAt),
      refundedAt: iso(row.refundedAt),
      createdAt: row.createdAt.toISOString(),
    };
  });
}

/** A customer's membership fees, newest first (the admin's user page). */
export async function customerFees(ctx: AppContext, userId: number): Promise<MembershipFee[]> {
  const rows = await ctx.db.select().from(membershipFees).where(eq(membershipFees.userId, userId)).orderBy(desc(membershipFees.id));
  return toFeeJson(ctx, rows);
}

/** An admin refunds a paid fee in full: through the provider first (one idempotency key per fee, so a second click
 * or a second admin refunds once), then recorded once with its audit row; the customer's card gets the whole fee
 * back and the coach's share is reversed with it. */
export async function refundMembershipFee(ctx: AppContext, admin: SessionUser, feeId: number, reason: string): Promise<MembershipFee> {
  const fee = await ctx.db.select().from(membershipFees).where(eq(membershipFees.id, feeId)).get();
  if (!fee) throw notFound(FEE_NOT_FOUND);
  if (fee.refundedAt) throw conflict('This fee has already been refunded.');
  if (fee.status !== 'paid' || !fee.chargeId) throw conflict('Only a fee that was charged can be refunded.');
  let refundId: string;
  try {
    refundId = (await ctx.payments.refund(fee.chargeId, fee.amountCents, `refund-membership-fee-${fee.id}`)).id;
  } catch (error) {
    console.error('[membership-fees] refund failed', fee.id, error);
    throw new DomainError(502, 'The refund could not be issued right now. Please try again in a moment.');
  }
  const now = ctx.clock.now();
  const recorded = await recordFeeRefund(ctx, fee.id, refundId, (tx) =>
    tx.insert(auditLog).values({
      actorId: admin.id,
      action: 'membership_fee.refund',
      subjectUserId: fee.userId,
      bookingId: fee.bookingId,
      reason,
      details: { feeId: fee.id, kind: fee.kind, amount: centsToDollars(fee.amountCents) },
      createdAt: now,
    }),
  );
  if (!recorded) throw conflict('This fee has already been refunded.');
  await sendFeeRefundEmail(ctx, recorded);
  const [json] = await toFeeJson(ctx, [recorded]);
  return json!;
}
