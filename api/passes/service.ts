// The passes a coach sells: create, change (never what a holder bought: each purchase keeps its own copy), archive,
// the coach's and the admin's lists with sales and holders, and the public list on a coach's profile and class
// pages (with whether the signed-in customer may buy each one).
import { and, asc, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { auditLog, bookings, categories, classes, passes, passPurchases, users } from '../../db/schema';
import type { SessionUser } from '../auth/session';
import type { AppContext } from '../context';
import { badRequest, forbidden, notFound } from '../errors';
import { dollarsToCents } from '../../common/money';
import {
  type ManagedPass,
  type ManagedPassQuery,
  type PassCreateBody,
  type PassUpdateBody,
  type PublicPass,
  passKindProblem,
  type Pass,
} from './model';
import { categoryNamesOf, coverageColumns, toPassJson } from './shape';

type PassRow = typeof passes.$inferSelect;

export const PASS_NOT_FOUND = 'Pass not found.';
export const INTRO_ONLY_NEW = 'This intro offer is for people who have not booked with this coach before.';
export const INTRO_ONCE = 'You have already used this coach’s intro offer.';

/** The purchase states that hold a pass (its holders, on the Pricing screen). */
const HOLDING = ['active', 'past_due', 'paused'] as const;
/** The purchase states that were paid for (its sales). */
const SOLD = ['active', 'past_due', 'paused', 'ended', 'refunded'] as const;

/** Categories must exist: a pass covering an unknown category would cover nothing. */
async function checkCategories(ctx: AppContext, ids: number[] | undefined): Promise<void> {
  const wanted = [...new Set(ids ?? [])];
  if (wanted.length === 0) return;
  const found = await ctx.db.select({ id: categories.id }).from(categories).where(inArray(categories.id, wanted));
  if (found.length !== wanted.length)
    throw badRequest('Choose the categories from the list.', { categoryIds: ['Choose the categories from the list.'] });
}

/** POST /api/passes: an approved coach (or an admin, for themself) adds a pass to their Pricing screen. */
export async function createPass(ctx: AppContext, user: SessionUser, body: PassCreateBody): Promise<Pass> {
  await checkCategories(ctx, body.categoryIds);
  const now = ctx.clock.now();
  const membership = body.kind === 'membership';
  const [row] = await ctx.db.write((tx) =>
    tx
      .insert(passes)
      .values({
        coachId: user.id,
        kind: body.kind,
        name: body.name,
        description: body.description || null,
        priceCents: dollarsToCents(body.price),
        credits: body.credits ?? null,
        validityDays: membership ? null : (body.validityDays ?? null),
        ...coverageColumns(body),
        billingPeriod: membership ? (body.billingPeriod ?? 'month') : null,
        maxPauseWeeks: membership ? (body.maxPauseWeeks ?? 0) : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning(),
  );
  return toPassJson(row!, await categoryNamesOf(ctx.db, [row!]));
}

/** The pass, if the caller may manage it: its coach, or an admin. */
async function managedPass(ctx: AppContext, user: SessionUser, passId: number): Promise<PassRow> {
  const row = await ctx.db.select().from(passes).where(eq(passes.id, passId)).get();
  if (!row) throw notFound(PASS_NOT_FOUND);
  if (user.role !== 'admin' && row.coachId !== user.id) throw forbidden('You can only change your own passes.');
  return row;
}

/** PATCH /api/passes/{id}: the coach's (or an admin's) change applies to later purchases only. */
export async function updatePass(ctx: AppContext, user: SessionUser, passId: number, body: PassUpdateBody): Promise<Pass> {
  const current = await managedPass(ctx, user, passId);
  // The kind's rules hold on the pass as it will be (a pack keeps its credits and validity).
  const next = {
    kind: current.kind,
    credits: body.credits !== undefined ? body.credits : current.credits,
    validityDays: body.validityDays !== undefined ? body.validityDays : current.validityDays,
    billingPeriod: current.billingPeriod,
    maxPauseWeeks: body.maxPauseWeeks !== undefined ? body.maxPauseWeeks : current.maxPauseWeeks,
  };
  const problem = passKindProblem(next);
  if (problem) throw badRequest(problem.message, { [problem.field]: [problem.message] });
  await checkCategories(ctx, body.categoryIds);
  const now = ctx.clock.now();
  const patch: Partial<typeof passes.$inferInsert> = { updatedAt: now };
  if (body.name !== undefined) patch.name = body.name;
  if (body.description !== undefined) patch.description = body.description || null;
  if (body.price !== undefined) patch.priceCents = dollarsToCents(body.price);
  if (body.credits !== undefined) patch.credits = body.credits;
  if (body.validityDays !== undefined) patch.validityDays = body.validityDays;
  if (body.maxPauseWeeks !== undefined) patch.maxPauseWeeks = body.maxPauseWeeks;
  if (body.categoryIds !== undefined || body.ageGroups !== undefined)
    Object.assign(
      patch,
      coverageColumns({
        categoryIds: body.categoryIds ?? (current.coversAllClasses ? [] : current.categoryIds),
        ageGroups: body.ageGroups ?? (current.coversAllClasses ? [] : current.ageGroups),
      }),
    );
  if (body.archived !== undefined) patch.archivedAt = body.archived ? (current.archivedAt ?? now) : null;
  const row = await ctx.db.write(async (tx) => {
    const [updated] = await tx.update(passes).set(patch).where(eq(passes.id, passId)).returning();
    // An admin's archiving of a coach's pass is an admin action: one audit row, in the same write.
    if (
      user.role === 'admin' &&
      current.coachId !== user.id &&
      body.archived !== undefined &&
      body.archived !== (current.archivedAt !== null)
    )
      await tx.insert(auditLog).values({
        actorId: user.id,
        action: body.archived ? 'pass.archive' : 'pass.unarchive',
        subjectUserId: current.coachId,
        details: { passId, name: current.name },
        createdAt: now,
      });
    return updated!;
  });
  return toPassJson(row, await categoryNamesOf(ctx.db, [row]));
}

/** GET /api/passes: the coach's own passes with their sales and holders; an admin sees every coach's (or one's). */
export async function listManagedPasses(ctx: AppContext, user: SessionUser, query: ManagedPassQuery): Promise<ManagedPass[]> {
  const conditions: SQL[] = [];
  if (user.role !== 'admin') conditions.push(eq(passes.coachId, user.id));
  else if (query.coachId) conditions.push(eq(passes.coachId, Number(query.coachId)));
  if (query.archived === 'true') conditions.push(isNotNull(passes.archivedAt));
  else if (query.archived !== 'all' && query.archived !== undefined) conditions.push(isNull(passes.archivedAt));
  const rows = await ctx.db
    .select({ pass: passes, firstName: users.firstName, lastName: users.lastName })
    .from(passes)
    .innerJoin(users, eq(users.id, passes.coachId))
    .where(and(...conditions))
    .orderBy(sql`${passes.archivedAt} is not null`, asc(passes.kind), asc(passes.priceCents), asc(passes.id));
  const ids = rows.map((r) => r.pass.id);
  const counts =
    ids.length === 0
      ? []
      : await ctx.db
          .select({
            passId: passPurchases.passId,
            sales: sql<number>`sum(case when ${inArray(passPurchases.status, [...SOLD])} then 1 else 0 end)`,
            holders: sql<number>`count(distinct case when ${inArray(passPurchases.status, [...HOLDING])} then ${passPurchases.userId} end)`,
          })
          .from(passPurchases)
          .where(inArray(passPurchases.passId, ids))
          .groupBy(passPurchases.passId);
  const byPass = new Map(counts.map((c) => [c.passId, c]));
  const names = await categoryNamesOf(
    ctx.db,
    rows.map((r) => r.pass),
  );
  return rows.map(({ pass, firstName, lastName }) => ({
    ...toPassJson(pass, names),
    sales: Number(byPass.get(pass.id)?.sales ?? 0),
    activeHolders: Number(byPass.get(pass.id)?.holders ?? 0),
    coachName: `${firstName} ${lastName}`.trim(),
  }));
}

/** The coach sells through Fogline: an approved coach whose account is not suspended. */
export async function sellingCoach(ctx: AppContext, coachId: number) {
  return ctx.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(eq(users.id, coachId), eq(users.role, 'coach'), eq(users.isApproved, true), isNull(users.suspendedAt)))
    .get();
}

/** Why this customer may not buy this pass, or null. Intro offers are for people who never booked with the coach
 * (a confirmed booking, even one cancelled later) and never bought one of the coach's intro offers. */
export async function purchaseRefusal(ctx: AppContext, user: Pick<SessionUser, 'id'>, pass: PassRow): Promise<string | null> {
  if (pass.coachId === user.id) return 'You sell this pass, so you cannot buy it.';
  if (pass.kind !== 'intro') return null;
  const booked = await ctx.db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(classes, eq(classes.id, bookings.classId))
    .where(and(eq(bookings.userId, user.id), eq(classes.coachId, pass.coachId), isNotNull(bookings.confirmedAt)))
    .get();
  if (booked) return INTRO_ONLY_NEW;
  const bought = await ctx.db
    .select({ id: passPurchases.id })
    .from(passPurchases)
    .where(
      and(
        eq(passPurchases.userId, user.id),
        eq(passPurchases.coachId, pass.coachId),
        eq(passPurchases.kind, 'intro'),
        inArray(passPurchases.status, [...SOLD]),
      ),
    )
    .get();
  return bought ? INTRO_ONCE : null;
}

/** GET /api/coaches/{id}/passes: the passes on sale (not archived) of an approved coach, cheapest first by kind;
 * for a signed-in visitor, whether they may buy each one. */
export async function listCoachPasses(ctx: AppContext, coachId: number, user: SessionUser | null): Promise<PublicPass[]> {
  if (!(await sellingCoach(ctx, coachId))) throw notFound('Coach not found.');
  const rows = await ctx.db
    .select()
    .from(passes)
    .where(and(eq(passes.coachId, coachId), isNull(passes.archivedAt)))
    .orderBy(sql`case ${passes.kind} when 'intro' then 0 when 'pack' then 1 else 2 end`, asc(passes.priceCents), desc(passes.id));
  const names = await categoryNamesOf(ctx.db, rows);
  return Promise.all(
    rows.map(async (row) => {
      const refusal = user ? await purchaseRefusal(ctx, user, row) : null;
      return { ...toPassJson(row, names), canBuy: user ? refusal === null : null, unavailableReason: refusal };
    }),
  );
}
