// Payout routes (the coach themself or an admin, checked before anything is read): Connect onboarding link and
// status; the test provider's completion (coaches and admins; the account's owner is checked by the service).
import { Elysia } from 'elysia';
import { authPlugin, requireUser } from '../../auth/plugin';
import type { AppContext } from '../../context';
import { isTestProvider } from '../../providers/payments';
import { Message } from '../../../common/schema';
import { parseId } from '../../lib/route-id';
import { CoachIdParams, OnboardingAnswer, PayoutStatus, TestOnboardingBody } from './model';
import { completeTestOnboarding, payoutStatus, startOnboarding } from './service';

const tags = ['Payouts'];

export function payoutRoutes(ctx: AppContext) {
  const app = new Elysia()
    .use(authPlugin(ctx))
    .post(
      '/coaches/:id/stripe-onboarding',
      ({ user, params }) => startOnboarding(ctx, requireUser(user), parseId(params.id, 'Coach not found.')),
      {
        auth: 'coachSelf',
        params: CoachIdParams,
        response: { 200: OnboardingAnswer, 400: Message, 401: Message, 403: Message, 404: Message, 502: Message },
        detail: {
          tags,
          'x-example-role': 'coach',
          summary: 'Start or resume payout setup: a Stripe Connect Express onboarding link',
          description:
            'The link returns to /profile?success=true, or /profile?refresh=true when it expired. With the test provider it opens a local onboarding page.',
        },
      },
    )
    .get('/coaches/:id/stripe-status', ({ user, params }) => payoutStatus(ctx, requireUser(user), parseId(params.id, 'Coach not found.')), {
      auth: 'coachSelf',
      params: CoachIdParams,
      response: { 200: PayoutStatus, 400: Message, 401: Message, 403: Message, 404: Message },
      detail: { tags, 'x-example-role': 'coach', summary: "A coach's payout status: onboarded, canReceivePayments" },
    });
  if (!isTestProvider(ctx.payments)) return app;
  return app.post('/payouts/test-onboarding/complete', ({ user, body }) => completeTestOnboarding(ctx, requireUser(user), body.accountId), {
    auth: 'coach',
    body: TestOnboardingBody,
    response: { 200: PayoutStatus, 401: Message, 403: Message, 404: Message },
    detail: { tags, 'x-example-role': 'coach', summary: 'Test provider only: complete the local onboarding of your payout account' },
  });
}
