// Promo code routes (issue 20, item 4): a coach's own codes, an admin's platform codes. Who may call them is
// declared on each route (an approved coach or an admin) and the service checks the code is the caller's.
import { Elysia } from 'elysia';
import * as v from 'valibot';
import { authPlugin, requireUser } from '../auth/plugin';
import type { AppContext } from '../context';
import { paged, pagedDescription, readPage } from '../../common/pagination';
import { Message, ValidationFailure } from '../../common/schema';
import { parseId } from '../lib/route-id';
import { CreatePromoCodeBody, PromoCode, PromoCodeListQuery, PromoCodeParams, UpdatePromoCodeBody } from './model';
import { createPromoCode, listPromoCodes, updatePromoCode } from './service';

const tags = ['Promo codes'];
const PAGE_SIZE = 50;
const RULES =
  "A code takes a percentage (1-100) or a fixed amount in cents off price x spots, optionally only from validFrom until validUntil, for maxUses uses in all, once per customer, only on a first booking with the coach, and only from a minimum (minimumCents of price x spots). A coach's code applies to their classes and passes and is funded by them (their 85% is of the discounted price); an admin's code is a platform code for any coach, funded by Fogline (the coach still receives 85% of the undiscounted price, so a platform discount is capped at about 19%, where the charge still covers that payout). A use is taken when the checkout's hold is placed and given back if the hold expires, is replaced or its payment fails.";

export function promoCodeRoutes(ctx: AppContext) {
  return new Elysia()
    .use(authPlugin(ctx))
    .get(
      '/promo-codes',
      async ({ user, set, query }) => paged(set, await listPromoCodes(ctx, requireUser(user), readPage(query, PAGE_SIZE))),
      {
        auth: 'approvedCoach',
        query: PromoCodeListQuery,
        response: { 200: v.array(PromoCode), 401: Message, 403: Message },
        detail: {
          tags,
          summary: "The caller's promo codes with their uses (a coach's own; an admin's: the platform codes)",
          description: `${RULES}${pagedDescription(PAGE_SIZE)}`,
        },
      },
    )
    .post(
      '/promo-codes',
      async ({ user, body, set }) => {
        set.status = 201;
        return createPromoCode(ctx, requireUser(user), body);
      },
      {
        auth: 'approvedCoach',
        body: CreatePromoCodeBody,
        response: { 201: PromoCode, 400: ValidationFailure, 401: Message, 403: Message, 409: ValidationFailure },
        detail: {
          tags,
          summary: 'Create a promo code (a coach: for their classes and passes; an admin: a platform code)',
          description: `${RULES} Codes are unique across Fogline (409 when taken), stored upper case and matched whatever the case typed.`,
        },
      },
    )
    .patch(
      '/promo-codes/:id',
      ({ user, params, body }) => updatePromoCode(ctx, requireUser(user), parseId(params.id, 'Promo code not found.'), body),
      {
        auth: 'approvedCoach',
        params: PromoCodeParams,
        body: UpdatePromoCodeBody,
        response: { 200: PromoCode, 400: ValidationFailure, 401: Message, 403: Message, 404: Message },
        detail: {
          tags,
          summary: 'Change or deactivate a promo code (`active: false`)',
          description:
            'Any subset of the rules; `active: false` deactivates the code (new checkouts refuse it; holds already placed keep their discount), `true` restores it. The code and its kind stay as made. A coach changes only their own codes; an admin any code.',
        },
      },
    );
}
