// Where cancellation policies are kept (issue 20): each coach's own, copied onto their classes that have none
// of their own whenever it changes, so a booking's insert copies the class's (./booking-states.ts).
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Db, Tx } from '../../db/client';
import { classes, coachPolicies } from '../../db/schema';
import { type CancellationPolicy, DEFAULT_POLICY, policyFrom } from './refund-policy';

/** A coach's policy, or the default (Moderate) when they never set one. */
export async function coachPolicyOf(db: Database | Tx, coachId: number): Promise<CancellationPolicy> {
  const row = await db.select({ policy: coachPolicies.policy }).from(coachPolicies).where(eq(coachPolicies.coachId, coachId)).get();
  return row ? policyFrom(row.policy) : DEFAULT_POLICY;
}

/** Saves a coach's policy and, in the same write, copies it onto every class of theirs without its own policy
 * (bookings already made keep their copies). Answers how many classes keep their own policy. */
export async function saveCoachPolicy(db: Db, coachId: number, policy: CancellationPolicy): Promise<{ classOverrides: number }> {
  return db.write(async (tx) => {
    await tx
      .insert(coachPolicies)
      .values({ coachId, policy })
      .onConflictDoUpdate({ target: coachPolicies.coachId, set: { policy, updatedAt: new Date() } });
    await tx
      .update(classes)
      .set({ cancellationPolicy: policy })
      .where(and(eq(classes.coachId, coachId), eq(classes.ownCancellationPolicy, false), isNull(classes.deletedAt)));
    return { classOverrides: await classOverrides(tx, coachId) };
  });
}

/** How many of a coach's live classes (sessions and one-time classes) have their own policy. */
export async function classOverrides(db: Database | Tx, coachId: number): Promise<number> {
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(classes)
    .where(and(eq(classes.coachId, coachId), eq(classes.ownCancellationPolicy, true), isNull(classes.deletedAt)))
    .get();
  return Number(row?.n ?? 0);
}
