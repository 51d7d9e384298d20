// Coach review and account standing (issue 24, item 3): the application an admin reads before deciding, Reject
// with a reason, Suspend and Reinstate. Each decision is one write with its audit row, then an email to the
// person. A suspended coach's classes to come leave the catalogue (deleted_at, marked hidden_with_coach_at so
// reinstating brings back exactly those), their booked customers refunded in full and told.
import { and, count, eq, gt, inArray, isNotNull, isNull } from 'drizzle-orm';
import { categories, classes, payoutAccounts, sessions, users } from '../../db/schema';
import { type SessionUser, toSessionUser } from '../auth/session';
import type { AppContext } from '../context';
import { conflict, forbidden, notFound } from '../errors';
import { renderEmail } from '../mail-templates';
import { cancelClassBookings } from '../notices/class-cancellations';
import { recordAudit } from './audit';
import { type AdminUserRow, type CoachApplication, NEUTRAL_CUSTOMER_REASON } from './model';
import { toAdminUser } from './service';

/** The cancellation email's words for a suspended coach's classes: the customer-facing reason the admin chose
 * (the suspension's own reason, or a neutral text), then what happened to the booking. */
function suspendedCoachCancels(customerReason: string): string {
  return `We are sorry: this class is no longer offered on Fogline. The reason: ${customerReason} Your booking has been cancelled and everything you paid refunded.`;
}

async function loadUser(ctx: AppContext, id: number) {
  const row = await ctx.db.select().from(users).where(eq(users.id, id)).get();
  if (!row || row.deletedAt) throw notFound('User not found.');
  return row;
}

/** GET /api/admin/coaches/{id}: everything the coach sent with the application, and their payout setup. */
export async function coachApplication(ctx: AppContext, coachId: number): Promise<CoachApplication> {
  const row = await loadUser(ctx, coachId);
  if (row.role !== 'coach') throw notFound('Coach not found.');
  const ids = row.areasOfExpertise ?? [];
  const [areas, payout, upcoming] = await Promise.all([
    ids.length
      ? ctx.db.select({ id: categories.id, name: categories.name }).from(categories).where(inArray(categories.id, ids))
      : Promise.resolve([]),
    ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, coachId)).get(),
    ctx.db
      .select({ n: count() })
      .from(classes)
      .where(and(eq(classes.coachId, coachId), isNull(classes.deletedAt), gt(classes.startTime, ctx.clock.now()))),
  ]);
  return {
    ...toAdminUser(toSessionUser(row)),
    bio: row.bio,
    areasOfExpertise: areas,
    certifications: row.certifications,
    payout: { onboarded: payout?.onboarded ?? false, canReceivePayments: payout?.canReceivePayments ?? false },
    upcomingClasses: upcoming[0]?.n ?? 0,
  };
}

function notify(ctx: AppContext, to: string, subject: string, heading: string, paragraphs: string[]) {
  return ctx.mail
    .send({
      to,
      subject,
      ...renderEmail({
        heading,
        preheader: paragraphs[1] ?? heading,
        paragraphs,
        footnote: 'You can reply to us from the Contact page on Fogline.',
      }),
    })
    .catch((error) => console.error('[admin] could not send the email', subject, error));
}

/** PUT /api/admin/coaches/{id}/reject: a pending application is turned down; the coach is told why. */
export async function rejectCoach(ctx: AppContext, admin: SessionUser, coachId: number, reason: string): Promise<AdminUserRow> {
  const now = ctx.clock.now();
  const coach = await ctx.db.write(async (tx) => {
    const row = await tx.select().from(users).where(eq(users.id, coachId)).get();
    if (!row || row.role !== 'coach' || row.deletedAt) throw notFound('Coach not found.');
    if (row.isApproved) throw conflict('This coach is already approved. Suspend the account instead.');
    if (row.coachRejectedAt) throw conflict('This application has already been rejected.');
    const [updated] = await tx.update(users).set({ coachRejectedAt: now }).where(eq(users.id, coachId)).returning();
    await recordAudit(tx, { actorId: admin.id, action: 'coach.reject', subjectUserId: coachId, reason, at: now });
    return updated!;
  });
  await notify(ctx, coach.email, 'Your Fogline coach application', 'Your coach application was not approved', [
    `Hi ${coach.firstName},`,
    'Thank you for applying to teach on Fogline. An admin reviewed your application and could not approve it this time, for this reason:',
    reason,
    'You can update your profile (bio, areas of expertise, certifications) and write to us from the Contact page to ask for another review.',
  ]);
  return toAdminUser(toSessionUser(coach));
}

/** PUT /api/admin/users/{id}/suspend: the account can no longer sign in (its sessions end now). A coach's
 * classes to come leave the catalogue and their bookings are cancelled with full refunds, each customer emailed
 * with `customerReason` (the admin's choice; a neutral text when none is given, as the suspension's own reason
 * may be for the audit log only). Calling it again for a suspended coach finishes a takedown a failed refund
 * interrupted. */
export async function suspendAccount(
  ctx: AppContext,
  admin: SessionUser,
  userId: number,
  reason: string,
  customerReason: string = NEUTRAL_CUSTOMER_REASON,
) {
  const target = await loadUser(ctx, userId);
  if (target.role === 'admin') throw forbidden('Admin accounts cannot be suspended here.');
  const now = ctx.clock.now();
  const wasSuspended = target.suspendedAt !== null;
  if (!wasSuspended) {
    await ctx.db.write(async (tx) => {
      await tx.update(users).set({ suspendedAt: now }).where(eq(users.id, userId));
      await tx.delete(sessions).where(eq(sessions.userId, userId));
      await recordAudit(tx, { actorId: admin.id, action: 'account.suspend', subjectUserId: userId, reason, at: now });
    });
  }
  let refunds = { cancelled: 0, refunded: 0 };
  if (target.role === 'coach') {
    const upcoming = await ctx.db
      .select({ id: classes.id })
      .from(classes)
      .where(and(eq(classes.coachId, userId), isNull(classes.deletedAt), gt(classes.startTime, now)));
    const ids = upcoming.map((c) => c.id);
    refunds = await cancelClassBookings(ctx, ids, 'admin', suspendedCoachCancels(customerReason));
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      await ctx.db.write((tx) =>
        tx
          .update(classes)
          .set({ deletedAt: now, hiddenWithCoachAt: now })
          .where(and(inArray(classes.id, chunk), isNull(classes.deletedAt))),
      );
    }
  }
  if (!wasSuspended) {
    const paragraphs = [`Hi ${target.firstName},`, 'An admin suspended your Fogline account, for this reason:', reason];
    if (target.role === 'coach')
      paragraphs.push('Your classes to come are no longer listed, and their customers have been refunded in full and told.');
    paragraphs.push(
      'You cannot sign in while the account is suspended. If you think this is a mistake, write to us from the Contact page.',
    );
    await notify(ctx, target.email, 'Your Fogline account is suspended', 'Your account is suspended', paragraphs);
  }
  return { user: toAdminUser(toSessionUser({ ...target, suspendedAt: target.suspendedAt ?? now })), ...refunds };
}

/** PUT /api/admin/users/{id}/reinstate: the account can sign in again; a coach's classes taken down with the
 * suspension come back if they have not started (their bookings stay cancelled and refunded). */
export async function reinstateAccount(ctx: AppContext, admin: SessionUser, userId: number, reason: string): Promise<AdminUserRow> {
  const now = ctx.clock.now();
  const user = await ctx.db.write(async (tx) => {
    const row = await tx.select().from(users).where(eq(users.id, userId)).get();
    if (!row || row.deletedAt) throw notFound('User not found.');
    if (!row.suspendedAt) throw conflict('This account is not suspended.');
    const [updated] = await tx.update(users).set({ suspendedAt: null }).where(eq(users.id, userId)).returning();
    await tx
      .update(classes)
      .set({ deletedAt: null, hiddenWithCoachAt: null })
      .where(and(eq(classes.coachId, userId), isNotNull(classes.hiddenWithCoachAt), gt(classes.startTime, now)));
    await recordAudit(tx, { actorId: admin.id, action: 'account.reinstate', subjectUserId: userId, reason, at: now });
    return updated!;
  });
  const paragraphs = [`Hi ${user.firstName},`, 'An admin lifted the suspension of your Fogline account:', reason, 'You can sign in again.'];
  if (user.role === 'coach')
    paragraphs.push('Your classes that have not started yet are listed again; bookings cancelled during the suspension stay cancelled.');
  await notify(ctx, user.email, 'Your Fogline account is active again', 'Your account is active again', paragraphs);
  return toAdminUser(toSessionUser(user));
}
