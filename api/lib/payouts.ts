// Where a coach's share of a payment goes: their connected payout account at the active provider, when it can
// receive payments (pass purchases; api/payments keeps its own for bookings, whose payout a promo code may change), with the coach's 85% of the price.
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { payoutAccounts } from '../../db/schema';
import { coachPayoutCents } from '../../common/money';

export async function payoutDestination(
  db: Database,
  providerKind: string,
  coachId: number,
  subtotalCents: number,
): Promise<{ destination: string; amountCents: number } | null> {
  const account = await db
    .select()
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.userId, coachId), eq(payoutAccounts.provider, providerKind), eq(payoutAccounts.canReceivePayments, true)))
    .get();
  return account ? { destination: account.accountId, amountCents: coachPayoutCents(subtotalCents) } : null;
}

/** A payment intent for a pass purchase (api/passes) names it in its metadata; a booking's names its booking. */
export const PASS_PURCHASE_METADATA = 'passPurchaseId';
export const isPassIntent = (intent: { metadata: Record<string, string> }) => Boolean(intent.metadata[PASS_PURCHASE_METADATA]);
