// Cancellation policies and coach credit (issue 20): the coach's policy (settings), the customer's credit
// balances are in GET /api/wallet (api/passes/wallet.ts). The rules themselves are the booking domain's (api/spots/refund-policy.ts, credit.ts).
import type { AppContext } from '../context';
import { classOverrides, coachPolicyOf, saveCoachPolicy } from '../spots/policy-store';
import { normalizePolicy, PRESET_TIERS } from '../../common/cancellation-policy';
import { toPolicyJson } from '../spots/shape';
import type { CoachPolicyAnswer, PolicyBody } from './model';

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
