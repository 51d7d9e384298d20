// Cancellation policies and coach credit (issue 20): the coach's policy (settings), the customer's credit
// balances (wallet). The rules themselves are the booking domain's (api/spots/refund-policy.ts, credit.ts).
import { inArray } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { AppContext } from '../context';
import { centsToDollars } from '../../common/money';
import { creditBalances } from '../spots/credit';
import { classOverrides, coachPolicyOf, saveCoachPolicy } from '../spots/policy-store';
import { normalizePolicy, PRESET_TIERS } from '../../common/cancellation-policy';
import { toPolicyJson } from '../spots/shape';
import type { CoachPolicyAnswer, CreditAnswer, PolicyBody } from './model';

const PRESETS = (['flexible', 'moderate', 'strict'] as const).map((preset) =>
  toPolicyJson({ preset, tiers: PRESET_TIERS[preset], creditPercent: null }),
);

/** GET /api/coaches/me/policy. */
export async function coachPolicy(ctx: AppContext, coachId: number): Promise<CoachPolicyAnswer> {
  const [policy, overrides] = await Promise.all([coachPolicyOf(ctx.db, coachId), classOverrides(ctx.db, coachId)]);
  return { policy: toPolicyJson(policy), presets: PRESETS, classOverrides: overrides };
}

/** PUT /api/coaches/me/policy: the coach's classes without their own policy follow it from now on; bookings made
 * already keep the terms they were booked under. */
export async function updateCoachPolicy(ctx: AppContext, coachId: number, body: PolicyBody): Promise<CoachPolicyAnswer> {
  const policy = normalizePolicy(body);
  const { classOverrides } = await saveCoachPolicy(ctx.db, coachId, policy);
  return { policy: toPolicyJson(policy), presets: PRESETS, classOverrides };
}

/** GET /api/wallet/credit: the customer's credit with each coach, from the ledger. */
export async function walletCredit(ctx: AppContext, customerId: number): Promise<CreditAnswer> {
  const balances = await creditBalances(ctx.db, customerId);
  const names = balances.length
    ? await ctx.db
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
      coachName: nameOf.get(b.coachId) ?? 'Coach',
      balanceCents: b.cents,
      balance: centsToDollars(b.cents),
    })),
    totalCents: balances.reduce((sum, b) => sum + b.cents, 0),
  };
}
