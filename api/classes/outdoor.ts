// The class writes' outdoor rules: a minimum size no larger than the capacity, and the coach's weather policy
// defaults (the last policy they saved, which a new class without one starts from).
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { AppContext } from '../context';
import { POLICY_MESSAGES, type WeatherPolicy } from '../conditions/model';
import { invalid } from './access';

export function checkMinimum(minAttendees: number | null | undefined, capacity: number): void {
  if (minAttendees != null && minAttendees > capacity) throw invalid('minAttendees', POLICY_MESSAGES.minAttendees);
}

export async function coachPolicyDefaults(ctx: AppContext, coachId: number): Promise<WeatherPolicy | null> {
  const row = await ctx.db.select({ defaults: users.weatherPolicyDefaults }).from(users).where(eq(users.id, coachId)).get();
  return (row?.defaults as WeatherPolicy | null | undefined) ?? null;
}

/** A policy saved on a class becomes the coach's default for their next class. */
export async function rememberPolicy(ctx: AppContext, coachId: number, policy: WeatherPolicy | null | undefined): Promise<void> {
  if (!policy) return;
  await ctx.db.write((tx) => tx.update(users).set({ weatherPolicyDefaults: policy }).where(eq(users.id, coachId)));
}
