// Profile and password of the signed-in user (coach-admin-areas §2, §5): only the owner changes them.
import { eq, inArray } from 'drizzle-orm';
import { categories, users } from '../../db/schema';
import { NOT_YOUR_ACCOUNT } from '../auth/plugin';
import { hashPassword, verifyPassword } from '../lib/passwords';
import type { PasswordChangeBody, ProfileBody } from '../auth/model';
import { invalidateUserSessions, type SessionUser, toSessionUser } from '../auth/session';
import type { AppContext } from '../context';
import { badRequest, DomainError, forbidden, notFound } from '../errors';

/** The {id} of /api/users/{id}: a positive whole number, otherwise no such user. */
export function parseUserId(raw: string): number {
  const id = /^\d{1,12}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw notFound('User not found.');
  return id;
}

/** Everyone edits only their own account: another user's id is refused whatever the role. */
export function assertOwnAccount(user: SessionUser, id: number): void {
  if (user.id !== id) throw forbidden(NOT_YOUR_ACCOUNT);
}

/** Coaches also keep a bio, areas of expertise (category ids) and certifications; other roles' values are
 * ignored, so a customer's profile never grows coach fields. */
export async function updateProfile(ctx: AppContext, user: SessionUser, input: ProfileBody): Promise<SessionUser> {
  const changes: Partial<typeof users.$inferInsert> = {
    firstName: input.firstName,
    lastName: input.lastName,
  };
  if (input.phone !== undefined) changes.phone = input.phone || null;
  if (input.profileImage !== undefined) changes.profileImage = input.profileImage || null;
  if (input.classReminders !== undefined) changes.classReminders = input.classReminders;
  if (user.role === 'coach') {
    if (input.bio !== undefined) changes.bio = input.bio || null;
    if (input.certifications !== undefined) changes.certifications = input.certifications || null;
    if (input.areasOfExpertise !== undefined) {
      const ids = [...new Set(input.areasOfExpertise)];
      const known = ids.length ? await ctx.db.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids)) : [];
      if (known.length !== ids.length) {
        const message = 'Please choose areas of expertise from the list';
        throw badRequest(message, { areasOfExpertise: [message] });
      }
      changes.areasOfExpertise = ids;
    }
  }
  const [updated] = await ctx.db.write((tx) => tx.update(users).set(changes).where(eq(users.id, user.id)).returning());
  return toSessionUser(updated!);
}

/** Changing the password needs the current one and ends every other session of the account. Each attempt is
 * counted before the current password is checked and handed back when it is right, so a borrowed session
 * cannot guess its way in, not even with many requests at once. */
export async function changePassword(ctx: AppContext, user: SessionUser, sessionId: string, input: PasswordChangeBody): Promise<void> {
  const row = await ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id)).get();
  if (!row?.passwordHash) {
    throw new DomainError(400, 'Your account signs in with Google. Use Forgot password on the sign-in page to set a password.');
  }
  const attempt = await ctx.rateLimits.reserve('Too many wrong passwords. Please wait a few minutes and try again.', [
    'passwordChangePerUser',
    String(user.id),
  ]);
  if (!(await verifyPassword(input.currentPassword, row.passwordHash))) {
    const message = 'Current password is incorrect';
    throw badRequest(message, { currentPassword: [message] });
  }
  await attempt.release();
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.write((tx) => tx.update(users).set({ passwordHash }).where(eq(users.id, user.id)));
  await invalidateUserSessions(ctx.db, user.id, sessionId);
}
