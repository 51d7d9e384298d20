// Who may write which class: its coach or an admin changes it; an approved coach creates their own, an admin
// creates for an approved coach; the category must exist.
import { eq } from 'drizzle-orm';
import { categories, classes, users } from '../../db/schema';
import { requireRole } from '../auth/plugin';
import type { SessionUser } from '../auth/session';
import type { AppContext } from '../context';
import { badRequest, forbidden, notFound } from '../errors';
import { liveClass } from '../spots/classes';
import { CLASS_MESSAGES } from './model';
import type { ClassRow } from './shape';

/** A 400 naming the field, so the form shows the message beside it. */
export const invalid = (field: string, message: string) => badRequest(message, { [field]: [message] });

/** The class, if the user may change it: its coach or an admin (404 when missing or deleted, 403 otherwise). */
export async function loadManagedClass(ctx: AppContext, user: SessionUser | null, id: number): Promise<{ row: ClassRow; by: SessionUser }> {
  const signedIn = requireRole(user, 'coach', 'admin');
  const row = await ctx.db.select().from(classes).where(liveClass(id)).get();
  if (!row) throw notFound('Class not found.');
  if (signedIn.role !== 'admin' && row.coachId !== signedIn.id) throw forbidden('You can only change your own classes.');
  return { row, by: signedIn };
}

/** The coach a new class belongs to: the coach creating it, or the approved coach an admin names. */
export async function coachFor(ctx: AppContext, user: SessionUser, requested: number | null | undefined): Promise<number> {
  if (user.role === 'coach') return user.id;
  // Admins create on behalf of an approved coach; they never own classes themselves.
  if (!requested) throw invalid('coachId', CLASS_MESSAGES.coach);
  const coach = await ctx.db.select({ role: users.role, isApproved: users.isApproved }).from(users).where(eq(users.id, requested)).get();
  if (!coach || coach.role !== 'coach' || !coach.isApproved) throw invalid('coachId', CLASS_MESSAGES.coach);
  return requested;
}

export async function checkCategory(ctx: AppContext, categoryId: number): Promise<void> {
  const found = await ctx.db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId)).get();
  if (!found) throw invalid('categoryId', CLASS_MESSAGES.category);
}
