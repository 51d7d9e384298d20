// Credit with a coach (issue 20): an append-only ledger (coach_credits), balances summed from its rows. Credit is
// set aside for a booking or a pass purchase in the write that opens its checkout (the hold's, the pending
// purchase's credit_applied_cents, so two checkouts at once cannot both spend it: every write runs under the
// database's write lock), recorded as spent by the write that confirms it, and given back (as credit) when what it
// paid for is cancelled or refunded.
import { and, eq, gt, inArray, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { bookings, classes, coachCredits, type CreditKind, passPurchases, users } from '../../db/schema';
import { conflict, DomainError } from '../errors';
import { centsToDollars, formatDollars } from '../../common/money';
import { type BookingRow, inStates } from './booking-states';
import type { SpotsContext } from './context';
import { cardCentsOf } from './paid';
import { HOLD_MAX_MINUTES } from './policy';

/** The ledger's balance for one customer with one coach, in cents. */
export async function ledgerBalance(db: Database | Tx, customerId: number, coachId: number): Promise<number> {
  const row = await db
    .select({ cents: sql<number>`coalesce(sum(${coachCredits.amountCents}), 0)` })
    .from(coachCredits)
    .where(and(eq(coachCredits.customerId, customerId), eq(coachCredits.coachId, coachId)))
    .get();
  return Number(row?.cents ?? 0);
}

/** SQL condition: a pass purchase's checkout still running at `now` (pending, opened less than HOLD_MAX_MINUTES
 * ago): it holds the coach credit it set aside, as a booking's hold does (and a promo code's use: ./promo.ts). */
export function passCheckoutRunning(now: Date): SQL {
  return and(eq(passPurchases.status, 'pending'), gt(passPurchases.createdAt, new Date(now.getTime() - HOLD_MAX_MINUTES * 60_000)))!;
}

/** The checkouts re-reading the credit they set aside themselves (a reloaded checkout, a confirmation): left out. */
export interface CreditExcept {
  bookingId?: number;
  purchaseIds?: number[];
}

/** Credit held by the customer's running checkouts with this coach (class holds and pass purchases), not yet spent
 * in the ledger. */
async function reservedByHolds(tx: Database | Tx, customerId: number, coachId: number, now: Date, except: CreditExcept): Promise<number> {
  const holds = await tx
    .select({ cents: sql<number>`coalesce(sum(${bookings.creditAppliedCents}), 0)` })
    .from(bookings)
    .innerJoin(classes, eq(classes.id, bookings.classId))
    .where(
      and(
        eq(bookings.userId, customerId),
        eq(classes.coachId, coachId),
        inStates(['hold']),
        gt(bookings.holdExpiresAt, now),
        gt(bookings.creditAppliedCents, 0),
        except.bookingId === undefined ? undefined : ne(bookings.id, except.bookingId),
      ),
    )
    .get();
  const purchases = await tx
    .select({ cents: sql<number>`coalesce(sum(${passPurchases.creditAppliedCents}), 0)` })
    .from(passPurchases)
    .where(
      and(
        eq(passPurchases.userId, customerId),
        eq(passPurchases.coachId, coachId),
        passCheckoutRunning(now),
        gt(passPurchases.creditAppliedCents, 0),
        except.purchaseIds?.length ? notInArray(passPurchases.id, except.purchaseIds) : undefined,
      ),
    )
    .get();
  return Number(holds?.cents ?? 0) + Number(purchases?.cents ?? 0);
}

/** What a checkout may spend now: the balance less what the customer's other running checkouts hold. Read inside
 * the write that places the hold, so the answer cannot go stale before the hold is written. */
export async function spendableCredit(
  tx: Database | Tx,
  customerId: number,
  coachId: number,
  now: Date,
  except: number | CreditExcept = {},
) {
  const [balance, reserved] = await Promise.all([
    ledgerBalance(tx, customerId, coachId),
    reservedByHolds(tx, customerId, coachId, now, typeof except === 'number' ? { bookingId: except } : except),
  ]);
  return Math.max(0, balance - reserved);
}

/** Every coach the customer holds credit with (balances above zero), largest first. */
export async function creditBalances(db: Database, customerId: number): Promise<{ coachId: number; cents: number }[]> {
  const rows = await db
    .select({ coachId: coachCredits.coachId, cents: sql<number>`sum(${coachCredits.amountCents})` })
    .from(coachCredits)
    .where(eq(coachCredits.customerId, customerId))
    .groupBy(coachCredits.coachId);
  return rows
    .map((r) => ({ coachId: r.coachId, cents: Number(r.cents) }))
    .filter((r) => r.cents > 0)
    .sort((a, b) => b.cents - a.cents);
}

/** The customer's credit with each coach (balances above zero, largest first), with the coach's name: the
 * wallet's credit section. */
export async function creditWallet(db: Database, customerId: number) {
  const balances = await creditBalances(db, customerId);
  const names = balances.length
    ? await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(
          inArray(
            users.id,
            balances.map((b) => b.coachId),
          ),
        )
    : [];
  const nameOf = new Map(names.map((n) => [n.id, `${n.firstName} ${n.lastName}`.trim()]));
  return {
    credits: balances.map((b) => ({
      coachId: b.coachId,
      coachName: nameOf.get(b.coachId) || 'Coach',
      balanceCents: b.cents,
      balance: centsToDollars(b.cents),
    })),
    totalCents: balances.reduce((sum, b) => sum + b.cents, 0),
  };
}

/** Appends one movement. */
export async function recordCredit(
  tx: Tx,
  entry: {
    customerId: number;
    coachId: number;
    cents: number;
    kind: CreditKind;
    bookingId: number | null;
    purchaseId?: number | null;
    actorId?: number | null;
    providerRefundId?: string | null;
  },
): Promise<void> {
  if (entry.cents === 0) return;
  await tx.insert(coachCredits).values({
    customerId: entry.customerId,
    coachId: entry.coachId,
    amountCents: entry.cents,
    kind: entry.kind,
    bookingId: entry.bookingId,
    purchaseId: entry.purchaseId ?? null,
    actorId: entry.actorId ?? null,
    providerRefundId: entry.providerRefundId ?? null,
  });
}

/** A booking that spent credit is confirmed: the credit leaves the ledger, in the confirming write. */
export async function spendOnConfirmed(tx: Tx, booking: Pick<BookingRow, 'id' | 'userId' | 'creditAppliedCents'>, coachId: number) {
  await recordCredit(tx, { customerId: booking.userId, coachId, cents: -booking.creditAppliedCents, kind: 'spent', bookingId: booking.id });
}

/** A pass purchase that set credit aside is activated: the credit leaves the ledger, in the activating write. */
export async function spendOnPurchase(
  tx: Tx,
  purchase: { id: number; userId: number; coachId: number; creditAppliedCents: number },
): Promise<void> {
  await recordCredit(tx, {
    customerId: purchase.userId,
    coachId: purchase.coachId,
    cents: -purchase.creditAppliedCents,
    kind: 'spent',
    bookingId: null,
    purchaseId: purchase.id,
  });
}

/** A pass purchase activated after its checkout ran out (a late payment) no longer holds its credit: is what it set
 * aside still there? Read in the activating write, so the answer is exact across processes. */
export async function purchaseCreditStillThere(
  tx: Tx,
  purchase: { id: number; userId: number; coachId: number; creditAppliedCents: number },
  now: Date,
): Promise<boolean> {
  if (purchase.creditAppliedCents === 0) return true;
  return (await spendableCredit(tx, purchase.userId, purchase.coachId, now, { purchaseIds: [purchase.id] })) >= purchase.creditAppliedCents;
}

/** A payment the credit can go back through: a booking with this coach that was given back as credit and whose
 * card payment still has money the provider can refund. */
async function refundablePayments(tx: Database | Tx, customerId: number, coachId: number) {
  const rows = await tx
    .select({ booking: bookings })
    .from(bookings)
    .innerJoin(classes, eq(classes.id, bookings.classId))
    .where(and(eq(bookings.userId, customerId), eq(classes.coachId, coachId), gt(bookings.creditIssuedCents, 0)))
    .orderBy(sql`${bookings.id} desc`);
  return rows
    .map(({ booking }) => ({ booking, cents: booking.paymentIntentId ? cardCentsOf(booking) - (booking.refundAmountCents ?? 0) : 0 }))
    .filter((p) => p.cents > 0);
}

export const CREDIT_NOT_REFUNDABLE = 'This credit did not come from a card payment, so it cannot be refunded to a card.';

/** An admin sends a customer's credit with a coach back to the card, through the original payments the credit
 * came from (newest first), each refund through the provider before it is recorded; the ledger row, the booking's
 * refunded total and `record` (the audit row) are one write per payment. */
export async function refundCreditToCard(
  ctx: SpotsContext & { payments: { refund(intentId: string, cents: number, key: string): Promise<{ id: string }> } },
  input: { customerId: number; coachId: number; cents: number | undefined; actorId: number },
  record: (tx: Tx, booking: BookingRow, cents: number) => Promise<void>,
): Promise<{ refundedCents: number; balanceCents: number }> {
  const balance = await spendableCredit(ctx.db, input.customerId, input.coachId, ctx.clock.now());
  const wanted = input.cents ?? balance;
  if (balance <= 0) throw conflict('This customer has no credit with this coach.');
  if (wanted > balance) throw conflict(`At most ${formatDollars(balance)} of credit is available to refund.`);
  const payments = await refundablePayments(ctx.db, input.customerId, input.coachId);
  const available = payments.reduce((sum, p) => sum + p.cents, 0);
  if (available === 0) throw conflict(CREDIT_NOT_REFUNDABLE);
  if (wanted > available)
    throw conflict(`Only ${formatDollars(available)} of this credit came from card payments and can be refunded to a card.`);
  let left = wanted;
  for (const { booking, cents } of payments) {
    if (left === 0) break;
    const part = Math.min(left, cents);
    const [{ n }] = (await ctx.db
      .select({ n: sql<number>`count(*)` })
      .from(coachCredits)
      .where(and(eq(coachCredits.bookingId, booking.id), eq(coachCredits.kind, 'refunded_to_card')))) as [{ n: number }];
    let refundId: string;
    try {
      refundId = (await ctx.payments.refund(booking.paymentIntentId!, part, `credit-refund-${booking.id}-${Number(n) + 1}-${part}`)).id;
    } catch (error) {
      console.error('[credit] refund to card failed', booking.id, error);
      throw new DomainError(502, 'The refund could not be issued right now. Please try again in a moment.');
    }
    await ctx.db.write(async (tx) => {
      await recordCredit(tx, {
        customerId: input.customerId,
        coachId: input.coachId,
        cents: -part,
        kind: 'refunded_to_card',
        bookingId: booking.id,
        actorId: input.actorId,
        providerRefundId: refundId,
      });
      await tx
        .update(bookings)
        .set({ refundAmountCents: sql`coalesce(${bookings.refundAmountCents}, 0) + ${part}` })
        .where(eq(bookings.id, booking.id));
      await record(tx, booking, part);
    });
    left -= part;
  }
  return { refundedCents: wanted, balanceCents: await ledgerBalance(ctx.db, input.customerId, input.coachId) };
}
