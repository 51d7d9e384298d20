// Cancellation policy routes (issue 20): the coach's policy (a customer's coach credit is in GET /api/wallet).
import { Elysia } from 'elysia';
import { authPlugin, requireUser } from '../auth/plugin';
import type { AppContext } from '../context';
import { Message } from '../../common/schema';
import { CoachPolicyAnswer, PolicyBody } from './model';
import { coachPolicy, updateCoachPolicy } from './service';

const tags = ['Policies and credit'];

export function policyRoutes(ctx: AppContext) {
  return new Elysia()
    .use(authPlugin(ctx))
    .get('/coaches/me/policy', ({ user }) => coachPolicy(ctx, requireUser(user).id), {
      auth: 'coach',
      response: { 200: CoachPolicyAnswer, 401: Message, 403: Message },
      detail: {
        tags,
        summary: "The signed-in coach's cancellation policy and the presets",
        description:
          'Flexible (full refund until 24 hours before), Moderate (full refund until 48 hours before: the default) or Strict (full refund until 7 days before, 50% until 48 hours before), or up to three custom tiers; creditPercent offers credit with the coach instead of a card refund whenever it is worth more.',
      },
    })
    .put('/coaches/me/policy', ({ user, body }) => updateCoachPolicy(ctx, requireUser(user).id, body), {
      auth: 'coach',
      body: PolicyBody,
      response: { 200: CoachPolicyAnswer, 400: Message, 401: Message, 403: Message },
      detail: {
        tags,
        summary: "Set the signed-in coach's cancellation policy",
        description:
          "Every class of the coach without its own policy follows it from now on (a class's own policy is set with the class: `cancellationPolicy`). Bookings already made keep the policy they were booked under. Custom: 1-3 tiers (hoursBefore 1-2160, refundPercent 1-100), less notice never refunding more.",
      },
    });
}
