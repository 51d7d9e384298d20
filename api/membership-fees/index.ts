// Membership fee routes (issue 20, item 2): the admin's list of a customer's late-cancel and no-show fees and the
// refund of one. Charging is not a route: the cancellation and the membership-fees job do it.
import { Elysia } from 'elysia';
import * as v from 'valibot';
import { authPlugin, requireRole } from '../auth/plugin';
import type { AppContext } from '../context';
import { Message } from '../../common/schema';
import { parseId } from '../lib/route-id';
import { FeeIdParams, FeeRefundBody, FeeUserQuery, MembershipFee } from './model';
import { customerFees, FEE_NOT_FOUND, refundMembershipFee } from './service';

const tags = ['Passes'];

export function membershipFeeRoutes(ctx: AppContext) {
  return new Elysia()
    .use(authPlugin(ctx))
    .get('/admin/membership-fees', ({ query }) => customerFees(ctx, Number(query.userId)), {
      auth: 'admin',
      query: FeeUserQuery,
      response: { 200: v.array(MembershipFee), 400: Message, 401: Message, 403: Message },
      detail: {
        tags,
        summary: "A customer's membership fees (late cancels and no-shows), newest first (the admin's user page)",
      },
    })
    .post(
      '/admin/membership-fees/:feeId/refund',
      ({ user, params, body }) => refundMembershipFee(ctx, requireRole(user, 'admin'), parseId(params.feeId, FEE_NOT_FOUND), body.reason),
      {
        auth: 'admin',
        params: FeeIdParams,
        body: FeeRefundBody,
        response: { 200: MembershipFee, 400: Message, 401: Message, 403: Message, 404: Message, 409: Message, 502: Message },
        detail: {
          tags,
          summary: 'Refund a membership fee in full through the payment provider (once)',
          description:
            "Refunds a charged late-cancel or no-show fee to the membership's card, reversing the coach's share; recorded once with an audit row. 409 for a fee not charged (pending or declined) or already refunded.",
        },
      },
    );
}
