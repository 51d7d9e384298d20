// DELETE /api/users/me: a customer leaves. Personal data is blanked or removed; the users row stays (anonymised)
// so the bookings, payments and refunds it made still count in coaches' totals and the books still add up.
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import {
  bookingAttendees,
  bookings,
  calendarFeeds,
  classes,
  passPurchases,
  passwordResetTokens,
  sessions,
  users,
  waiverAcceptances,
  waitlistEntries,
} from '../../db/schema';
import { eraseSafetyDetails } from '../spots/waivers';
import type { SessionUser } from '../auth/session';
import type { AppContext } from '../context';
import { badRequest, conflict, forbidden } from '../errors';
import { verifyPassword } from '../lib/passwords';

export const DELETED_NAME = 'Deleted user';
export const STAFF_CANNOT_DELETE = 'Coach and admin accounts are closed by our team. Please write to us from the Contact page.';
export const UPCOMING_BOOKINGS_FIRST =
  'You have upcoming bookings or waitlist offers. Cancel them on My Bookings before deleting your account.';
export const RENEWING_MEMBERSHIP_FIRST =
  'You have a membership that renews. Cancel it in your wallet before deleting your account, so nothing more is charged.';
export const PASSWORD_NEEDED = 'Enter your password to delete your account';

/** The address a deleted account keeps: unique, never deliverable (.invalid), so nobody signs in with it. */
export const deletedEmail = (userId: number) => `deleted-${userId}@deleted.fogline.invalid`;

export async function deleteOwnAccount(ctx: AppContext, user: SessionUser, password: string | undefined): Promise<void> {
  if (user.role !== 'customer') throw forbidden(STAFF_CANNOT_DELETE);
  const row = await ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id)).get();
  if (row?.passwordHash) {
    // A borrowed session must not be enough to erase an account: the password is asked, counted like a change.
    if (!password) throw badRequest(PASSWORD_NEEDED, { password: [PASSWORD_NEEDED] });
    const attempt = await ctx.rateLimits.reserve('Too many wrong passwords. Please wait a few minutes and try again.', [
      'passwordChangePerUser',
      String(user.id),
    ]);
    if (!(await verifyPassword(password, row.passwordHash))) {
      const message = 'Password is incorrect';
      throw badRequest(message, { password: [message] });
    }
    await attempt.release();
  }
  const now = ctx.clock.now();
  await ctx.db.write(async (tx) => {
    // Spots still held for a class to come are the customer's to cancel (with the refund its policy gives).
    const upcoming = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .innerJoin(classes, eq(classes.id, bookings.classId))
      .where(and(eq(bookings.userId, user.id), inArray(bookings.status, ['pending', 'confirmed', 'offered']), gt(classes.startTime, now)))
      .limit(1)
      .get();
    if (upcoming) throw conflict(UPCOMING_BOOKINGS_FIRST);
    // A membership would go on charging the card of an account that is gone: it is cancelled first.
    const renewing = await tx
      .select({ id: passPurchases.id })
      .from(passPurchases)
      .where(
        and(
          eq(passPurchases.userId, user.id),
          eq(passPurchases.kind, 'membership'),
          inArray(passPurchases.status, ['active', 'past_due', 'paused']),
          eq(passPurchases.cancelAtPeriodEnd, false),
        ),
      )
      .limit(1)
      .get();
    if (renewing) throw conflict(RENEWING_MEMBERSHIP_FIRST);
    // Places in line for a full class are simply given up (no spots are held while waiting).
    await tx
      .update(waitlistEntries)
      .set({ status: 'left', endedAt: now })
      .where(and(eq(waitlistEntries.userId, user.id), eq(waitlistEntries.status, 'waiting')));
    // Names the customer gave for their spots (friends, children) go; the number of spots stays. Emergency
    // contacts and medical notes go; waiver acceptances stay as evidence, under the same "Attendee N".
    const mine = tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.userId, user.id));
    const bookingIds = (await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.userId, user.id))).map((b) => b.id);
    await eraseSafetyDetails(tx, bookingIds);
    if (bookingIds.length) {
      await tx
        .update(waiverAcceptances)
        .set({ attendeeName: sql`'Attendee ' || (${waiverAcceptances.position} + 1)` })
        .where(inArray(waiverAcceptances.bookingId, bookingIds));
    }
    const named = await tx
      .select({ bookingId: bookingAttendees.bookingId, position: bookingAttendees.position })
      .from(bookingAttendees)
      .where(inArray(bookingAttendees.bookingId, mine));
    for (const spot of named) {
      await tx
        .update(bookingAttendees)
        .set({ name: `Attendee ${spot.position + 1}` })
        .where(and(eq(bookingAttendees.bookingId, spot.bookingId), eq(bookingAttendees.position, spot.position)));
    }
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, user.id));
    await tx
      .update(users)
      .set({
        email: deletedEmail(user.id),
        passwordHash: null,
        googleSub: null,
        firstName: DELETED_NAME,
        lastName: '',
        phone: null,
        profileImage: null,
        bio: null,
        certifications: null,
        areasOfExpertise: [],
        classReminders: false,
        deletedAt: now,
      })
      .where(and(eq(users.id, user.id), isNull(users.deletedAt)));
  });
}
