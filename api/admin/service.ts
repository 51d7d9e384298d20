// Admin account tools: list every user, approve coaches (and tell them by email).
import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { users } from '../../db/schema';
import { toCurrentUser } from '../auth/public-user';
import { type SessionUser, toSessionUser } from '../auth/session';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { renderEmail } from '../mail-templates';
import { contains } from '../lib/like';
import type { PageRequest } from '../lib/pagination';
import type { AdminUser, AdminUserFilter } from './model';

export function toAdminUser(user: SessionUser): AdminUser {
  const { bio: _bio, areasOfExpertise: _areas, certifications: _certs, hasPassword: _hasPassword, ...adminView } = toCurrentUser(user);
  return adminView;
}

/** GET /api/admin/users: one page, newest first, filtered by role, approval and a name or email search. */
export async function listUsers(ctx: AppContext, filter: AdminUserFilter, page: PageRequest): Promise<{ rows: AdminUser[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.role) conditions.push(eq(users.role, filter.role));
  if (filter.approved) conditions.push(eq(users.isApproved, filter.approved === 'true'));
  if (filter.q?.trim()) {
    conditions.push(or(contains(sql`${users.firstName} || ' ' || ${users.lastName}`, filter.q), contains(users.email, filter.q))!);
  }
  const where = and(...conditions);
  const [count] = await ctx.db.select({ total: sql<number>`count(*)` }).from(users).where(where);
  const rows = await ctx.db.select().from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(page.limit).offset(page.offset);
  return { rows: rows.map((row) => toAdminUser(toSessionUser(row))), total: Number(count?.total ?? 0) };
}

/** Approves a coach so they can create classes; the coach is emailed the first time only. */
export async function approveCoach(ctx: AppContext, coachId: number): Promise<AdminUser> {
  const { coach, changed } = await ctx.db.write(async (tx) => {
    const row = await tx.select().from(users).where(eq(users.id, coachId)).get();
    if (!row || row.role !== 'coach') throw notFound('Coach not found.');
    if (row.isApproved) return { coach: row, changed: false };
    const [updated] = await tx.update(users).set({ isApproved: true }).where(eq(users.id, coachId)).returning();
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
