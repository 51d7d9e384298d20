// Admin routes (admins only): the user list and a user's page, a coach's application with Approve and Reject,
// Suspend and Reinstate for any account, refunds, cancellations and confirmations for a customer's bookings,
// and the audit log of every admin action.
import { Elysia } from 'elysia';
import * as v from 'valibot';
import { Message } from '../../common/schema';
import { authPlugin, requireRole } from '../auth/plugin';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { pagedDescription, pageEntries, paged, readPage } from '../../common/pagination';
import { listAudit } from './audit';
import { coachApplication, reinstateAccount, rejectCoach, suspendAccount } from './coach-review';
import {
  AdminUserFilter,
  AdminUserRow,
  AuditEntry,
  AuditFilter,
  BookingIdParams,
  CoachApplication,
  CoachIdParams,
  ReasonBody,
  SuspendBody,
  RefundBody,
  ResendBody,
  SupportCancelBody,
  SupportUser,
  UserIdParams,
} from './model';
import { approveCoach, listUsers } from './service';
import { cancelBookingForCustomer, refundBooking, refundCustomerCredit, resendBookingConfirmation, supportUser } from './user-support';
import { CreditRefundAnswer, CreditRefundBody } from '../policies/model';

const tags = ['Admin'];
const PAGE_SIZE = 25;
const AUDIT_PAGE_SIZE = 50;

/** The {id} of an admin route: a positive whole number, otherwise no such user. */
function userIdOf(raw: string): number {
  const id = /^\d{1,12}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw notFound('User not found.');
  return id;
}

/** The {id} of a booking route. */
function bookingIdOf(raw: string): number {
  const id = /^\d{1,12}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw notFound('Booking not found.');
  return id;
}

export function adminRoutes(ctx: AppContext) {
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
          description:
            'Filters: role, approved (true or false), q (part of the name or email, any case). status: pending, approved, rejected, suspended or deleted.' +
            pagedDescription(PAGE_SIZE),
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
        detail: {
          tags,
          summary: "A coach's application (admin)",
          description:
            'Bio, areas of expertise, certifications, photo, payout status and where the application stands, read before Approve or Reject.',
        },
      },
    )
    .put('/admin/coaches/:id/approve', ({ params, user }) => approveCoach(ctx, requireRole(user, 'admin'), userIdOf(params.id)), {
      auth: 'admin',
      params: CoachIdParams,
      response: { 200: AdminUserRow, 401: Message, 403: Message, 404: Message },
      detail: {
        tags,
        summary: 'Approve a coach (admin)',
        description: 'The coach can create classes from now on and is emailed that they were approved; the approval is in the audit log.',
      },
    })
    .put(
      '/admin/coaches/:id/reject',
      ({ params, user, body }) => rejectCoach(ctx, requireRole(user, 'admin'), userIdOf(params.id), body.reason),
      {
        auth: 'admin',
        params: CoachIdParams,
        body: ReasonBody,
        response: { 200: AdminUserRow, 400: Message, 401: Message, 403: Message, 404: Message, 409: Message },
        detail: {
          tags,
          summary: "Reject a coach's application (admin)",
          description:
            'A pending application only (409 for an approved coach: suspend instead). The coach is emailed the reason; the rejection is in the audit log.',
        },
      },
    )
    .put(
      '/admin/users/:id/suspend',
      async ({ params, user, body }) => {
        const result = await suspendAccount(ctx, requireRole(user, 'admin'), userIdOf(params.id), body.reason, body.customerReason);
        return { ...result.user, cancelledBookings: result.cancelled, refunded: result.refunded };
      },
      {
        auth: 'admin',
        params: UserIdParams,
        body: SuspendBody,
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
            "The person can no longer sign in (their sessions end) and is emailed the reason. A coach's classes to come leave the catalogue and every booking of them is cancelled with a full refund (dollars in `refunded`), each customer emailed with `customerReason` (what the admin chose to tell them: the same reason or a neutral text; absent, a neutral sentence). Admin accounts cannot be suspended (403). In the audit log.",
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
        detail: {
          tags,
          summary: 'Reinstate a suspended account (admin)',
          description:
            "The person can sign in again and is emailed; a coach's classes taken down with the suspension come back if they have not started. In the audit log.",
        },
      },
    )
    .get(
      '/admin/users/:id',
      ({ params, user }) => {
        requireRole(user, 'admin');
        return supportUser(ctx, userIdOf(params.id));
      },
      {
        auth: 'admin',
        params: UserIdParams,
        response: { 200: SupportUser, 401: Message, 403: Message, 404: Message },
        detail: {
          tags,
          summary: "A user's page (admin)",
          description:
            'The account, its newest 100 bookings (paid, refunded, still refundable, cancellable), its payments and every refund (support refunds with their reason, and what cancellations refunded). Amounts in dollars.',
        },
      },
    )
    .post(
      '/admin/users/:id/credit/refund',
      ({ params, user, body }) =>
        refundCustomerCredit(ctx, requireRole(user, 'admin'), userIdOf(params.id), body.coachId, body.amountCents),
      {
        auth: 'admin',
        params: UserIdParams,
        body: CreditRefundBody,
        response: { 200: CreditRefundAnswer, 400: Message, 401: Message, 403: Message, 404: Message, 409: Message, 502: Message },
        detail: {
          tags,
          summary: "Refund a customer's credit with a coach to their card (admin)",
          description:
            "Sends `amountCents` (default: the whole balance) of the credit back through the original card payments it came from, newest first, each refund through the payment provider; the credit ledger, the bookings' refunded totals and the audit log record each one. 409 above the balance, or above what those payments can still refund.",
        },
      },
    )
    .post(
      '/admin/bookings/:id/refund',
      ({ params, user, body }) => refundBooking(ctx, requireRole(user, 'admin'), bookingIdOf(params.id), body.amount, body.reason),
      {
        auth: 'admin',
        params: BookingIdParams,
        body: RefundBody,
        response: {
          200: v.object({ bookingId: v.number(), amount: v.number(), refunded: v.number(), refundable: v.number() }),
          400: Message,
          401: Message,
          403: Message,
          404: Message,
          409: Message,
          502: Message,
        },
        detail: {
          tags,
          summary: 'Refund a booking, in full or in part (admin)',
          description:
            "Refunds `amount` dollars through the payment provider, at most what is paid and not yet refunded (409 above it). The refund is recorded with its reason, the booking's refunded total grows by exactly that amount, the customer is emailed and the audit log keeps it. The booking keeps its status.",
        },
      },
    )
    .put(
      '/admin/bookings/:id/cancel',
      ({ params, user, body }) =>
        cancelBookingForCustomer(ctx, requireRole(user, 'admin'), bookingIdOf(params.id), body.refundAmount, body.reason),
      {
        auth: 'admin',
        params: BookingIdParams,
        body: SupportCancelBody,
        response: {
          200: v.object({ bookingId: v.number(), status: v.string(), refunded: v.number() }),
          400: Message,
          401: Message,
          403: Message,
          404: Message,
          409: Message,
          502: Message,
        },
        detail: {
          tags,
          summary: "Cancel a booking on the customer's behalf (admin)",
          description:
            'A hold or a confirmed booking of a class not yet started; refundAmount dollars (0 for none, at most what is still paid) go back through the provider first. The spots go to the waitlist, the customer is emailed why, and the audit log keeps it.',
        },
      },
    )
    .post(
      '/admin/bookings/:id/resend-confirmation',
      ({ params, user, body }) => resendBookingConfirmation(ctx, requireRole(user, 'admin'), bookingIdOf(params.id), body.reason),
      {
        auth: 'admin',
        params: BookingIdParams,
        body: ResendBody,
        response: { 200: Message, 400: Message, 401: Message, 403: Message, 404: Message, 409: Message },
        detail: {
          tags,
          summary: 'Send a booking confirmation again (admin)',
          description:
            'A confirmed booking only (409 otherwise). The customer gets the confirmation email again; the audit log keeps who asked and why.',
        },
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
          description:
            'Who did what, about whom, when and why. Filters: userId (actions about that account), action.' +
            pagedDescription(AUDIT_PAGE_SIZE),
        },
      },
    );
}
