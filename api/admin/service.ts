// Admin account tools: list every user, approve coaches (and tell them by email).
import { desc, eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { toCurrentUser } from '../auth/public-user';
import { type SessionUser, toSessionUser } from '../auth/session';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { renderEmail } from '../mail-templates';
import type { AdminUser } from './model';

export function toAdminUser(user: SessionUser): AdminUser {
  const { bio: _bio, areasOfExpertise: _areas, certifications: _certs, hasPassword: _hasPassword, ...adminView } = toCurrentUser(user);
  return adminView;
}

export async function listUsers(ctx: AppContext): Promise<AdminUser[]> {
  const rows = await ctx.db.select().from(users).orderBy(desc(users.createdAt), desc(users.id));
  return rows.map((row) => toAdminUser(toSessionUser(row)));
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
