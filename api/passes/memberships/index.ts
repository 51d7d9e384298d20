// Membership routes of the wallet: cancel at the end of the paid period, pause, and pay a failed renewal with
// another card. Buying a membership is POST /api/passes/{id}/purchase (api/passes), renewals come from the
// provider (the payment webhook, or the test provider's clock).
import { Elysia } from 'elysia';
import { authPlugin, requireUser } from '../../auth/plugin';
import type { AppContext } from '../../context';
import { Message } from '../../../common/schema';
import { parseId } from '../../lib/route-id';
import { PurchaseIdParams } from '../model';
import { cancelMembership, openRenewalPayment, pauseMembership, resumeMembership } from './manage';
import { MembershipAnswer, PauseBody, UpdateCardAnswer } from './model';

const tags = ['Wallet'];
const NOT_FOUND = 'Purchase not found.';

export function membershipRoutes(ctx: AppContext) {
  return new Elysia()
    .use(authPlugin(ctx))
    .post(
      '/wallet/:purchaseId/cancel',
      ({ user, params }) => cancelMembership(ctx, requireUser(user), parseId(params.purchaseId, NOT_FOUND)),
      {
        auth: 'user',
        params: PurchaseIdParams,
        response: { 200: MembershipAnswer, 401: Message, 404: Message, 409: Message },
        detail: {
          tags,
          summary: 'Cancel your membership at the end of the paid period',
          description:
            'The subscription will not renew; you keep booking with it until the paid period ends, and a cancellation email says when. 404 for a purchase that is not yours; 409 for a pass that is not a membership, one not paid yet, already ended or already cancelled.',
        },
      },
    )
    .post(
      '/wallet/:purchaseId/pause',
      ({ user, params, body }) => pauseMembership(ctx, requireUser(user), parseId(params.purchaseId, NOT_FOUND), body),
      {
        auth: 'user',
        params: PurchaseIdParams,
        body: PauseBody,
        response: { 200: MembershipAnswer, 400: Message, 401: Message, 404: Message, 409: Message },
        detail: {
          tags,
          summary: 'Pause your membership for some weeks',
          description:
            "The pause starts when the paid period ends and lasts the weeks asked: nothing is charged and it cannot book meanwhile; it renews when the pause ends, and every later renewal moves by as much. At most the pass's maxPauseWeeks per calendar year (409 naming the weeks left); 409 when the membership cannot be paused, is past due, cancelled or already paused.",
        },
      },
    )
    .post(
      '/wallet/:purchaseId/resume',
      ({ user, params }) => resumeMembership(ctx, requireUser(user), parseId(params.purchaseId, NOT_FOUND)),
      {
        auth: 'user',
        params: PurchaseIdParams,
        response: { 200: MembershipAnswer, 401: Message, 404: Message, 409: Message },
        detail: {
          tags,
          summary: 'Call off a planned pause, or end a running one now',
          description:
            'A pause that has not started yet is called off: the membership renews when the paid period ends, as before. A running pause ends now: the next period is charged at once (a renewal receipt; past due if the card declines) and the cycle restarts today. The weeks not paused go back to the year\'s allowance. 409 "This membership is not paused." otherwise.',
        },
      },
    )
    .post(
      '/wallet/:purchaseId/update-card',
      ({ user, params }) => openRenewalPayment(ctx, requireUser(user), parseId(params.purchaseId, NOT_FOUND)),
      {
        auth: 'user',
        params: PurchaseIdParams,
        response: { 200: UpdateCardAnswer, 401: Message, 404: Message, 409: Message },
        detail: {
          tags,
          summary: 'Pay a failed renewal with another card',
          description:
            "For a past-due membership: the unpaid renewal's payment intent. Pay it with Stripe's Payment Element (or, under the test provider, POST /api/payment/test-provider/pay); the membership is active again at once and that card pays the renewals to come. 409 when nothing is owed.",
        },
      },
    );
}
