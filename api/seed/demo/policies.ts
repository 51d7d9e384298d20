// Demo cancellation policies (issue 20): a coach with each preset, one offering credit instead of a refund, and one
// charging membership fees, copied onto their classes and onto the bookings made of them, as booking does (the seed
// writes rows directly).
// Written inside the seeding transaction.
import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { bookings, classes, coachPolicies } from '../../../db/schema';
import { type CancellationPolicy, normalizePolicy } from '../../../common/cancellation-policy';

/** Which demo coach (by key) follows which policy; the others keep the default, Moderate. */
export const DEMO_POLICIES: Record<string, CancellationPolicy> = {
  // Moderate, and fees for her unlimited membership's late cancels and no-shows (issue 20).
  maya: normalizePolicy({ preset: 'moderate', passRules: { lateCancelFeeCents: 1500, noShowFeeCents: 2000 } }),
  sofia: normalizePolicy({ preset: 'flexible' }),
  priya: normalizePolicy({ preset: 'strict' }),
  // Strict, or a credit for the full amount paid instead of the refund, until the class starts.
  marcus: normalizePolicy({ preset: 'strict', creditPercent: 100 }),
  diego: normalizePolicy({
    preset: 'custom',
    tiers: [
      { hoursBefore: 72, refundPercent: 100 },
      { hoursBefore: 24, refundPercent: 50 },
    ],
  }),
};

export async function seedPoliciesDemo(tx: Tx, userId: Record<string, number>): Promise<void> {
  for (const [key, policy] of Object.entries(DEMO_POLICIES)) {
    const coachId = userId[key];
    if (!coachId) continue;
    await tx.insert(coachPolicies).values({ coachId, policy });
    await tx.update(classes).set({ cancellationPolicy: policy }).where(eq(classes.coachId, coachId));
  }
  const coachIds = Object.keys(DEMO_POLICIES)
    .map((key) => userId[key])
    .filter((id): id is number => id !== undefined);
  // Each demo booking keeps a copy of its class's policy, as if booked under it.
  await tx
    .update(bookings)
    .set({ cancellationPolicy: sql`(select ${classes.cancellationPolicy} from ${classes} where ${classes.id} = ${bookings.classId})` })
    .where(inArray(bookings.classId, tx.select({ id: classes.id }).from(classes).where(inArray(classes.coachId, coachIds))));
}
