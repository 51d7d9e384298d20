// Admin account tools: list every user, approve coaches (and tell them by email, and log it).
import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { users } from '../../db/schema';
import { toCurrentUser } from '../auth/public-user';
import { type SessionUser, toSessionUser } from '../auth/session';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { renderEmail } from '../mail-templates';
import { contains } from '../lib/like';
import type { PageRequest } from '../../common/pagination';
import { recordAudit } from './audit';
import type { AccountStatus, AdminUserFilter, AdminUserRow } from './model';

/** Where an account stands: deleted or suspended first, then a coach's application, else approved. */
export function accountStatusOf(
  user: Pick<SessionUser, 'role' | 'isApproved' | 'coachRejectedAt' | 'suspendedAt' | 'deletedAt'>,
): AccountStatus {
  if (user.deletedAt) return 'deleted';
  if (user.suspendedAt) return 'suspended';
  if (user.role !== 'coach' || user.isApproved) return 'approved';
  return user.coachRejectedAt ? 'rejected' : 'pending';
}

export function toAdminUser(user: SessionUser): AdminUserRow {
  const {
    bio: _bio,
    areasOfExpertise: _areas,
    certifications: _certs,
    hasPassword: _hasPassword,
    classReminders: _reminders,
    ...adminView
  } = toCurrentUser(user);
  return { ...adminView, status: accountStatusOf(user) };
}

/** GET /api/admin/users: one page, newest first, filtered by role, approval and a name or email search. */
export async function listUsers(
  ctx: AppContext,
  filter: AdminUserFilter,
  page: PageRequest,
): Promise<{ rows: AdminUserRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.role) conditions.push(eq(users.role, filter.role));
  // approved=false lists coaches awaiting a decision: a rejected application is no longer pending.
  if (filter.approved === 'true') conditions.push(eq(users.isApproved, true));
  if (filter.approved === 'false') conditions.push(eq(users.isApproved, false), isNull(users.coachRejectedAt));
  if (filter.q?.trim()) {
    conditions.push(or(contains(sql`${users.firstName} || ' ' || ${users.lastName}`, filter.q), contains(users.email, filter.q))!);
  }
  const where = and(...conditions);
  const [count] = await ctx.db.select({ total: sql<number>`count(*)` }).from(users).where(where);
  const rows = await ctx.db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows: rows.map((row) => toAdminUser(toSessionUser(row))), total: Number(count?.total ?? 0) };
}

/** Approves a coach so they can create classes (a rejected application too, on a second look); the coach is
 * emailed and the approval logged the first time only. */
export async function approveCoach(ctx: AppContext, admin: SessionUser, coachId: number): Promise<AdminUserRow> {
  const { coach, changed } = await ctx.db.write(async (tx) => {
    const row = await tx.select().from(users).where(eq(users.id, coachId)).get();
    if (!row || row.role !== 'coach' || row.deletedAt) throw notFound('Coach not found.');
    if (row.isApproved) return { coach: row, changed: false };
    const [updated] = await tx.update(users).set({ isApproved: true, coachRejectedAt: null }).where(eq(users.id, coachId)).returning();
    await recordAudit(tx, { actorId: admin.id, action: 'coach.approve', subjectUserId: coachId, at: ctx.clock.now() });
    return { coach: updated!, changed: true };
  });
  if (changed) {
    await ctx.mail
      .send({
        to: coach.email,
        subject: 'You are approved to teach on Fogline',
        ...renderEmail({
          heading: 'Your coach account is approved',
          preheader: 'You can now create classes on Fogline.',
          paragraphs: [
            `Hi ${coach.firstName},`,
            'Good news: an admin approved your coach account. You can now publish one-time and recurring classes, and customers can book them.',
            'Set up payouts from your profile so you get paid for every booking.',
          ],
          button: { label: 'Create Your First Class', url: `${ctx.env.publicUrl}/create-class` },
          footnote: 'You received this email because you registered as a coach on Fogline.',
        }),
      })
      .catch((error) => console.error('[admin] could not send the approval email', error));
  }
  return toAdminUser(toSessionUser(coach));
}
