// Admin routes (admins only): the user list, a coach's application with Approve and Reject, Suspend and
// Reinstate for any account, and the audit log of every admin action.
import { Elysia } from 'elysia';
import * as v from 'valibot';
import { Message } from '../lib/schema';
import { authPlugin, requireRole } from '../auth/plugin';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { pagedDescription, pageEntries, paged, readPage } from '../lib/pagination';
import { listAudit } from './audit';
import { type CancelClassBookings, coachApplication, reinstateAccount, rejectCoach, suspendAccount } from './coach-review';
import { AdminUserFilter, AdminUserRow, AuditEntry, AuditFilter, CoachApplication, CoachIdParams, ReasonBody, UserIdParams } from './model';
import { approveCoach, listUsers } from './service';

const tags = ['Admin'];
const PAGE_SIZE = 25;
const AUDIT_PAGE_SIZE = 50;

/** The {id} of an admin route: a positive whole number, otherwise no such user. */
function userIdOf(raw: string): number {
  const id = /^\d{1,12}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw notFound('User not found.');
  return id;
}

/** What the admin routes need from other features, handed in by api/app.ts (feature folders do not import
 * each other). */
export interface AdminDependencies {
  cancelClassBookings: CancelClassBookings;
}

export function adminRoutes(ctx: AppContext, deps: AdminDependencies) {
  return new Elysia()
    .use(authPlugin(ctx))
    .get(
      '/admin/users',
      async ({ user, query, set }) => {
        requireRole(user, 'admin');
        return paged(set, await listUsers(ctx, query, readPage(query, PAGE_SIZE)));
      },
      {
        auth: 'admin',
        query: v.object({ ...AdminUserFilter.entries, ...pageEntries }),
        response: { 200: v.array(AdminUserRow), 400: Message, 401: Message, 403: Message },
        detail: {
          tags,
          summary: 'Users, newest first (admin)',
          description: 'Filters: role, approved (true or false), q (part of the name or email, any case). status: pending, approved, rejected, suspended or deleted.' + pagedDescription(PAGE_SIZE),
        },
      },
    )
    .get(
      '/admin/coaches/:id',
      ({ params, user }) => {
        requireRole(user, 'admin');
        return coachApplication(ctx, userIdOf(params.id));
      },
      {
        auth: 'admin',
        params: CoachIdParams,
        response: { 200: CoachApplication, 401: Message, 403: Message, 404: Message },
        detail: { tags, summary: "A coach's application (admin)", description: 'Bio, areas of expertise, certifications, photo, payout status and where the application stands, read before Approve or Reject.' },
      },
    )
    .put(
      '/admin/coaches/:id/approve',
      ({ params, user }) => approveCoach(ctx, requireRole(user, 'admin'), userIdOf(params.id)),
      {
        auth: 'admin',
        params: CoachIdParams,
        response: { 200: AdminUserRow, 401: Message, 403: Message, 404: Message },
        detail: { tags, summary: 'Approve a coach (admin)', description: 'The coach can create classes from now on and is emailed that they were approved; the approval is in the audit log.' },
      },
    )
    .put(
      '/admin/coaches/:id/reject',
      ({ params, user, body }) => rejectCoach(ctx, requireRole(user, 'admin'), userIdOf(params.id), body.reason),
      {
        auth: 'admin',
        params: CoachIdParams,
        body: ReasonBody,
        response: { 200: AdminUserRow, 400: Message, 401: Message, 403: Message, 404: Message, 409: Message },
        detail: { tags, summary: "Reject a coach's application (admin)", description: 'A pending application only (409 for an approved coach: suspend instead). The coach is emailed the reason; the rejection is in the audit log.' },
      },
    )
    .put(
      '/admin/users/:id/suspend',
      async ({ params, user, body }) => {
        const result = await suspendAccount(ctx, requireRole(user, 'admin'), userIdOf(params.id), body.reason, deps.cancelClassBookings);
        return { ...result.user, cancelledBookings: result.cancelled, refunded: result.refunded };
      },
      {
        auth: 'admin',
        params: UserIdParams,
        body: ReasonBody,
        response: {
          200: v.object({ ...AdminUserRow.entries, cancelledBookings: v.number(), refunded: v.number() }),
          400: Message,
          401: Message,
          403: Message,
          404: Message,
          502: Message,
        },
        detail: {
          tags,
          summary: 'Suspend an account (admin)',
          description:
            "The person can no longer sign in (their sessions end) and is emailed the reason. A coach's classes to come leave the catalogue and every booking of them is cancelled with a full refund (dollars in `refunded`), each customer emailed. Admin accounts cannot be suspended (403). In the audit log.",
        },
      },
    )
    .put(
      '/admin/users/:id/reinstate',
      ({ params, user, body }) => reinstateAccount(ctx, requireRole(user, 'admin'), userIdOf(params.id), body.reason),
      {
        auth: 'admin',
        params: UserIdParams,
        body: ReasonBody,
        response: { 200: AdminUserRow, 400: Message, 401: Message, 403: Message, 404: Message, 409: Message },
        detail: { tags, summary: 'Reinstate a suspended account (admin)', description: "The person can sign in again and is emailed; a coach's classes taken down with the suspension come back if they have not started. In the audit log." },
      },
    )
    .get(
      '/admin/audit',
      async ({ user, query, set }) => {
        requireRole(user, 'admin');
        return paged(set, await listAudit(ctx.db, query, readPage(query, AUDIT_PAGE_SIZE)));
      },
      {
        auth: 'admin',
        query: v.object({ ...AuditFilter.entries, ...pageEntries }),
        response: { 200: v.array(AuditEntry), 400: Message, 401: Message, 403: Message },
        detail: {
          tags,
          summary: 'The audit log of admin actions, newest first (admin)',
          description: 'Who did what, about whom, when and why. Filters: userId (actions about that account), action.' + pagedDescription(AUDIT_PAGE_SIZE),
        },
      },
    );
}
