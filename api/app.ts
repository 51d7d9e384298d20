// The Elysia app mounted at /api: every feature's routes, registered in one place, behind the API's headers,
// the body-depth check and the one error handler (api/http/: those, and the guards api/server.ts runs first).
import { Elysia } from 'elysia';
import { adminRoutes } from './admin';
import { waiverRoutes } from './waivers';
import { authRoutes } from './auth';
import { attendeeRoutes } from './attendees';
import { bookingRoutes } from './bookings';
import { calendarRoutes } from './calendar';
import { uploadRoutes } from './uploads';
import { userRoutes } from './users';
import type { AppContext } from './context';
import { docsRoutes } from './docs';
import { badRequest, DomainError } from './errors';
import { answerApiError } from './http/error-handler';
import { API_HEADERS } from './http/headers';
import { MAX_BODY_DEPTH, nestsDeeperThan } from './lib/body-depth';
import { healthRoutes } from './health';
import { paymentRoutes } from './payments';
import { policyRoutes } from './policies';
import { promoCodeRoutes } from './promo-codes';
import { payoutRoutes } from './payments/payouts';
import { reviewRoutes } from './reviews';
import { catalogRoutes } from './catalog';
import { contactRoutes } from './contact';
import { blogRoutes } from './blog';
import { classRoutes } from './classes';
import { conditionsRoutes } from './conditions';
import { customerRoutes } from './customers';
import { earningsRoutes } from './earnings';
import { blogAdminRoutes } from './blog/admin';
import { waitlistRoutes } from './waitlist';
import { announceNewOffers } from './notices/waitlist-emails';
import { openIntent } from './payments/service';
import { membershipFeeRoutes } from './membership-fees';
import { chargeMembershipFees } from './membership-fees/service';
import { passRoutes } from './passes';
import { settlePassIntent } from './passes/purchase';
import { updateClass } from './classes/update';
import { membershipRoutes } from './passes/memberships';
import { handleSubscriptionEvent } from './passes/memberships/billing-events';

export function createApi(ctx: AppContext) {
  // The booking domain (api/spots) announces the waitlist offers a write made once it commits, through here.
  ctx.announceOffers ??= () => announceNewOffers(ctx);
  // A pass purchase's payment, from the webhook or the test card endpoint, is settled by api/passes.
  ctx.settlePassIntent ??= async (intent) => {
    await settlePassIntent(ctx, intent);
  };
  // The payment webhook hands membership invoices and subscriptions to api/passes/memberships.
  ctx.onSubscriptionEvent ??= (event) => handleSubscriptionEvent(ctx, event);
  ctx.chargeMembershipFees ??= (bookingId) => chargeMembershipFees(ctx, bookingId);
  return (
    new Elysia({ prefix: '/api' })
      .error({ DomainError })
      // Security headers are static: Elysia writes them into every response without a per-request hook.
      .headers(API_HEADERS)
      // Right after parsing, before validation: a hostile, deeply nested body would otherwise tie the server up for
      // seconds inside the validation error's JSON.stringify and end in a stack overflow (a 500).
      .onTransform({ as: 'global' }, ({ body }) => {
        if (body !== null && typeof body === 'object' && nestsDeeperThan(body, MAX_BODY_DEPTH)) {
          throw badRequest('The request body is nested too deeply.');
        }
      })
      .onError(answerApiError)
      .use(docsRoutes())
      .use(healthRoutes(ctx))
      .use(authRoutes(ctx))
      .use(userRoutes(ctx))
      .use(adminRoutes(ctx))
      .use(waiverRoutes(ctx))
      .use(uploadRoutes(ctx))
      .use(catalogRoutes(ctx))
      .use(contactRoutes(ctx))
      .use(blogRoutes(ctx))
      .use(classRoutes(ctx))
      // A weather call that moves a class runs class management's edit of that session (change notices included).
      .use(conditionsRoutes(ctx, { editClass: (c, by, id, changes) => updateClass(c, by, id, changes, 'this') }))
      .use(customerRoutes(ctx))
      .use(blogAdminRoutes(ctx))
      // Feature routes are added below, one line each.
      .use(bookingRoutes(ctx))
      .use(waitlistRoutes(ctx, { openCheckout: openIntent }))
      .use(paymentRoutes(ctx))
      .use(passRoutes(ctx))
      .use(promoCodeRoutes(ctx))
      .use(payoutRoutes(ctx))
      .use(earningsRoutes(ctx))
      .use(reviewRoutes(ctx))
      .use(calendarRoutes(ctx))
      .use(attendeeRoutes(ctx))
      .use(policyRoutes(ctx))
      .use(membershipRoutes(ctx))
      .use(membershipFeeRoutes(ctx))
      .all(
        '/*',
        ({ set }) => {
          set.status = 404;
          return { message: 'Not found.' };
        },
        { detail: { hide: true } },
      )
  );
}

export type Api = ReturnType<typeof createApi>;
