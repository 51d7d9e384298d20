// Pass routes: a coach's passes (Pricing screen), the public list on a coach's pages, buying one, the customer's
// wallet and confirming a purchase, and the admin's list of a customer's passes and refund.
import { Elysia } from 'elysia';
import * as v from 'valibot';
import { authPlugin, requireRole, requireUser } from '../auth/plugin';
import type { AppContext } from '../context';
import { Message, pathId, withExample } from '../../common/schema';
import { parseId } from '../lib/route-id';
import {
  ManagedPass,
  ManagedPassQuery,
  Pass,
  PassCreateBody,
  PassIdParams,
  PassRefundAnswer,
  PassRefundBody,
  PassUpdateBody,
  PublicPass,
  PassQuoteAnswer,
  PassQuoteQuery,
  PurchaseAnswer,
  PurchaseBody,
  PurchaseIdParams,
  WalletAnswer,
  WalletPass,
  WalletQuery,
} from './model';
import { quotePassWithCode } from './promo-quote';
import { confirmPurchase, purchasePass } from './purchase';
import { refundPurchase } from './refund';
import { createPass, listCoachPasses, listManagedPasses, PASS_NOT_FOUND, updatePass } from './service';
import { customerPurchases, readWallet, walletPassOf } from './wallet';

const tags = ['Passes'];
const walletTags = ['Wallet'];
const PURCHASE_NOT_FOUND = 'Purchase not found.';
/** GET /api/passes/purchases?userId= (the demo customer in the document's example). */
const UserIdQuery = withExample(v.pipe(v.string('userId is required.'), v.regex(/^\d{1,9}$/, 'userId must be a whole number.')), '4');

export function passRoutes(ctx: AppContext) {
  return new Elysia()
    .use(authPlugin(ctx))
    .get('/passes', ({ user, query }) => listManagedPasses(ctx, requireRole(user, 'coach', 'admin'), query), {
      auth: 'coach',
      query: ManagedPassQuery,
      response: { 200: v.array(ManagedPass), 400: Message, 401: Message, 403: Message },
      detail: {
        tags,
        summary: "The caller's passes with their sales and active holders (an admin: every coach's, or coachId's)",
        description:
          'On sale first, then archived; archived=false (on sale only), true (archived only) or all (the default). sales counts purchases paid for (refunded ones included); activeHolders the customers holding one now.',
      },
    })
    .post(
      '/passes',
      async ({ user, body, set }) => {
        const pass = await createPass(ctx, requireUser(user), body);
        set.status = 201;
        return pass;
      },
      {
        auth: 'approvedCoach',
        body: PassCreateBody,
        response: { 201: Pass, 400: Message, 401: Message, 403: Message },
        detail: {
          tags,
          summary: 'Sell a new pass: a class pack, a membership or an intro offer',
          description:
            "A pack or an intro offer: credits (classes) and validityDays (from the purchase) are required. A membership: a price per billingPeriod (month or week), credits per period or none for unlimited classes, maxPauseWeeks a year. categoryIds and ageGroups narrow what it covers (empty: all the coach's classes). Intro offers are sold only to customers who never booked with the coach, once.",
        },
      },
    )
    .patch(
      '/passes/:id',
      ({ user, params, body }) => updatePass(ctx, requireRole(user, 'coach', 'admin'), parseId(params.id, PASS_NOT_FOUND), body),
      {
        auth: 'coach',
        params: PassIdParams,
        body: PassUpdateBody,
        response: { 200: Pass, 400: Message, 401: Message, 403: Message, 404: Message },
        detail: {
          tags,
          summary: 'Change or archive one of your passes (an admin: any pass)',
          description:
            "Any subset. The kind and billing period never change. A new price, credits, validity or coverage applies to later purchases only: each purchase keeps a copy of what was bought. archived true stops new sales (holders keep using theirs); false puts it on sale again. An admin archiving a coach's pass is recorded in the audit log.",
        },
      },
    )
    .get('/coaches/:id/passes', ({ user, params }) => listCoachPasses(ctx, parseId(params.id, 'Coach not found.'), user ?? null), {
      params: v.object({ id: pathId(2) }),
      response: { 200: v.array(PublicPass), 404: Message },
      detail: {
        tags,
        summary: "An approved coach's passes on sale (intro offers, packs, memberships), for their profile and class pages",
        description:
          'Signed in, canBuy says whether the caller may buy each one (an intro offer is for customers who never booked with the coach, once), with the reason in unavailableReason.',
      },
    })
    .get(
      '/passes/:id/quote',
      ({ user, params, query }) => quotePassWithCode(ctx, requireUser(user), parseId(params.id, PASS_NOT_FOUND), query.promoCode),
      {
        auth: 'user',
        params: PassIdParams,
        query: PassQuoteQuery,
        response: { 200: PassQuoteAnswer, 400: Message, 401: Message, 404: Message, 409: Message },
        detail: {
          tags,
          summary:
            "A pack's or an intro offer's price (with a promo code or without): the discount, the fee, the credit and the total to send",
          description:
            "Integer cents, from the same function the purchase charges with: price, the code's discount (with `promoCode`), the 5% service fee on the discounted price and the total (also in dollars as `amount`, what POST /api/passes/{id}/purchase must send with the same promoCode), then the caller's coach credit with this coach spent first (`creditAppliedCents`) and what the card pays (`cardCents`). A code that cannot be used is answered with its reason (used up and already used by you: 409). Memberships take no code and no credit (400).",
        },
      },
    )
    .post(
      '/passes/:id/purchase',
      ({ user, params, body }) => purchasePass(ctx, requireUser(user), parseId(params.id, PASS_NOT_FOUND), body),
      {
        auth: 'user',
        params: PassIdParams,
        body: PurchaseBody,
        response: { 200: PurchaseAnswer, 400: Message, 401: Message, 403: Message, 404: Message, 409: Message, 502: Message },
        detail: {
          tags,
          summary: 'Buy a pass: a payment intent for price + the 5% service fee',
          description:
            "A pack or an intro offer is one payment (the coach's 85% of the price as a destination transfer, as a booking's); pay the intent (Stripe's Payment Element, or POST /api/payment/test-provider/pay under the test provider), then POST /api/wallet/{purchaseId}/confirm; payment_intent.succeeded confirms it too. The amount sent must be the server's total (409 \"The price has changed. Please reload the page.\"). The caller's coach credit with the pass's coach is spent first (packs and intro offers; memberships are billed by their subscription and take none): set aside in the same write as the purchase, spent when it is confirmed, no longer held once the checkout's 30 minutes are over; `cardAmount` is what the card pays, and when credit pays it all there is no intent (`clientSecret` null): POST /api/wallet/{purchaseId}/confirm activates it. Asking again reuses the open purchase and intent. 409 for an archived pass, an intro offer the caller may not buy, or a pass already paid.",
        },
      },
    )
    .get('/wallet', ({ user, query }) => readWallet(ctx, requireUser(user), query), {
      auth: 'user',
      query: WalletQuery,
      response: { 200: WalletAnswer, 400: Message, 401: Message, 404: Message },
      detail: {
        tags: walletTags,
        summary:
          "The signed-in customer's passes: credits left (from the ledger), expiry, coverage, history, membership status and renewal",
        description:
          'Every pass paid for, newest first. classId: only the passes that can pay for that class now (covering it, paid up, credits left or unlimited, valid when it starts), soonest expiry first, for the booking card. status=usable: only passes that can pay for something now.',
      },
    })
    .post(
      '/wallet/:purchaseId/confirm',
      async ({ user, params }) =>
        walletPassOf(ctx, await confirmPurchase(ctx, requireUser(user), parseId(params.purchaseId, PURCHASE_NOT_FOUND))),
      {
        auth: 'user',
        params: PurchaseIdParams,
        response: { 200: WalletPass, 401: Message, 403: Message, 404: Message, 409: Message },
        detail: {
          tags: walletTags,
          summary: 'Confirm your pass purchase once its payment succeeded (idempotent)',
          description:
            "Asks the provider whether the intent succeeded for the purchase's amount and buyer; the first confirmation (or the webhook) activates the pass, adds its credits to the ledger and emails the receipt. 409 while the payment has not gone through.",
        },
      },
    )
    .get('/passes/purchases', ({ query }) => customerPurchases(ctx, Number(query.userId)), {
      auth: 'admin',
      query: v.object({ userId: UserIdQuery }),
      response: { 200: v.array(WalletPass), 400: Message, 401: Message, 403: Message },
      detail: {
        tags,
        summary: "A customer's passes as their wallet shows them (the admin's user page)",
      },
    })
    .post(
      '/passes/purchases/:purchaseId/refund',
      ({ user, params, body }) =>
        refundPurchase(ctx, requireRole(user, 'admin'), parseId(params.purchaseId, PURCHASE_NOT_FOUND), body.reason),
      {
        auth: 'admin',
        params: PurchaseIdParams,
        body: PassRefundBody,
        response: { 200: PassRefundAnswer, 400: Message, 401: Message, 403: Message, 404: Message, 409: Message, 502: Message },
        detail: {
          tags,
          summary: 'Refund a pass: its unused credits, pro rata, through the payment provider; the pass ends',
          description:
            'Refunds the amount paid x unused credits / credits bought (rounded down to the cent), removes those credits from the ledger and ends the pass; bookings already made with it stay. Recorded in the audit log; the holder is emailed. 409 for a membership (cancel it instead), a pass that is not active or has no unused credits.',
        },
      },
    );
}
