// Promo codes (issue 20, item 4): a coach lists, creates and changes their own codes; an admin the platform's
// (for any coach, funded by Fogline). Applying a code at checkout is the booking domain's (api/spots/promo.ts),
// in the write that takes its use.
import { desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { promoCodes } from '../../db/schema';
import type { SessionUser } from '../auth/session';
import type { AppContext } from '../context';
import { DomainError, forbidden, notFound } from '../errors';
import type { PageRequest } from '../../common/pagination';
import { type PromoCodeRow, promoUsesByCode } from '../spots/promo';
import { type CreatePromoCodeBody, parseInstant, type PromoCode, type UpdatePromoCodeBody } from './model';

const CODE_TAKEN = 'That code is already in use. Choose another one.';
const NOT_YOURS = 'You can only change your own promo codes.';
const NOT_FOUND = 'Promo code not found.';

/** The codes the caller manages: a coach's own; an admin's are the platform's. */
function scopeOf(user: SessionUser): SQL {
  return user.role === 'admin' ? isNull(promoCodes.coachId) : eq(promoCodes.coachId, user.id);
}

/** Uses taken per code id, at `now` (bookings and pass purchases: ../spots/promo.ts). */
const usesByCode = (ctx: AppContext, ids: number[], now: Date) => promoUsesByCode(ctx.db, ids, now);

function statusOf(row: PromoCodeRow, uses: number, now: Date): PromoCode['status'] {
  if (!row.active) return 'inactive';
  if (row.validUntil && row.validUntil.getTime() <= now.getTime()) return 'expired';
  if (row.maxUses !== null && uses >= row.maxUses) return 'usedUp';
  if (row.validFrom && row.validFrom.getTime() > now.getTime()) return 'scheduled';
  return 'active';
}

function toPromoCodeJson(row: PromoCodeRow, uses: number, now: Date): PromoCode {
  return {
    id: row.id,
    code: row.code,
    scope: row.coachId === null ? 'platform' : 'coach',
    coachId: row.coachId,
    kind: row.kind,
    percentOff: row.percentOff,
    amountOffCents: row.amountOffCents,
    validFrom: row.validFrom?.toISOString() ?? null,
    validUntil: row.validUntil?.toISOString() ?? null,
    maxUses: row.maxUses,
    uses,
    oncePerCustomer: row.oncePerCustomer,
    firstBookingOnly: row.firstBookingOnly,
    minimumCents: row.minimumCents,
    active: row.active,
    status: statusOf(row, uses, now),
    createdAt: row.createdAt.toISOString(),
  };
}

/** GET /api/promo-codes: one page of the caller's codes, newest first, with their uses. */
export async function listPromoCodes(ctx: AppContext, user: SessionUser, page: PageRequest): Promise<{ rows: PromoCode[]; total: number }> {
  const now = ctx.clock.now();
  const where = scopeOf(user);
  const [count] = await ctx.db.select({ total: sql<number>`count(*)` }).from(promoCodes).where(where);
  const rows = await ctx.db.select().from(promoCodes).where(where).orderBy(desc(promoCodes.id)).limit(page.limit).offset(page.offset);
  const uses = await usesByCode(
    ctx,
    rows.map((r) => r.id),
    now,
  );
  return { rows: rows.map((r) => toPromoCodeJson(r, uses.get(r.id) ?? 0, now)), total: Number(count?.total ?? 0) };
}

const instantOrNull = (value: string | null | undefined) => (value ? parseInstant(value) : null);

/** POST /api/promo-codes: a coach's code is theirs; an admin's is a platform code. Codes are unique. */
export async function createPromoCode(ctx: AppContext, user: SessionUser, body: CreatePromoCodeBody): Promise<PromoCode> {
  const now = ctx.clock.now();
  const row = await ctx.db.write(async (tx) => {
    const taken = await tx.select({ id: promoCodes.id }).from(promoCodes).where(eq(promoCodes.code, body.code)).get();
    if (taken) throw new DomainError(409, CODE_TAKEN, { code: [CODE_TAKEN] });
    const [created] = await tx
      .insert(promoCodes)
      .values({
        code: body.code,
        coachId: user.role === 'admin' ? null : user.id,
        createdBy: user.id,
        kind: body.kind,
        percentOff: body.kind === 'percent' ? body.percentOff! : null,
        amountOffCents: body.kind === 'amount' ? body.amountOffCents! : null,
        validFrom: instantOrNull(body.validFrom),
        validUntil: instantOrNull(body.validUntil),
        maxUses: body.maxUses ?? null,
        oncePerCustomer: body.oncePerCustomer ?? false,
        firstBookingOnly: body.firstBookingOnly ?? false,
        minimumCents: body.minimumCents || null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return created!;
  });
  return toPromoCodeJson(row, 0, now);
}

/** PATCH /api/promo-codes/{id}: the owner coach changes or deactivates their code; an admin any code (a
 * coach's too, for support). The kind stays: the value that matches it may change. */
export async function updatePromoCode(ctx: AppContext, user: SessionUser, id: number, body: UpdatePromoCodeBody): Promise<PromoCode> {
  const now = ctx.clock.now();
  const row = await ctx.db.write(async (tx) => {
    const found = await tx.select().from(promoCodes).where(eq(promoCodes.id, id)).get();
    if (!found) throw notFound(NOT_FOUND);
    if (user.role !== 'admin' && found.coachId !== user.id) throw forbidden(NOT_YOURS);
    const validFrom = body.validFrom === undefined ? found.validFrom : instantOrNull(body.validFrom);
    const validUntil = body.validUntil === undefined ? found.validUntil : instantOrNull(body.validUntil);
    if (validFrom && validUntil && validUntil <= validFrom) {
      throw new DomainError(400, 'The end must be after the start', { validUntil: ['The end must be after the start'] });
    }
    const patch: Partial<PromoCodeRow> = { validFrom, validUntil, updatedAt: now };
    if (found.kind === 'percent' && body.percentOff != null) patch.percentOff = body.percentOff;
    if (found.kind === 'amount' && body.amountOffCents != null) patch.amountOffCents = body.amountOffCents;
    if (body.maxUses !== undefined) patch.maxUses = body.maxUses;
    if (body.oncePerCustomer !== undefined) patch.oncePerCustomer = body.oncePerCustomer;
    if (body.firstBookingOnly !== undefined) patch.firstBookingOnly = body.firstBookingOnly;
    if (body.minimumCents !== undefined) patch.minimumCents = body.minimumCents || null;
    if (body.active !== undefined) patch.active = body.active;
    const [updated] = await tx.update(promoCodes).set(patch).where(eq(promoCodes.id, id)).returning();
    return updated!;
  });
  const uses = await usesByCode(ctx, [row.id], now);
  return toPromoCodeJson(row, uses.get(row.id) ?? 0, now);
}
