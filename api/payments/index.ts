// Payment routes: create-intent, confirm, the provider's webhook, the checkout's config and, only while the
// built-in test provider is active, its card endpoint. Payout routes live in ./payouts.
import { toJsonSchema } from '@valibot/to-json-schema';
import { Elysia } from 'elysia';
import { authPlugin, requireUser } from '../auth/plugin';
import { requestSource } from '../lib/client-address';
import { Message } from '../../common/schema';
import { parseId } from '../lib/route-id';
import type { AppContext } from '../context';
import { DomainError } from '../errors';
import { InvalidWebhookSignature, isTestProvider } from '../providers/payments';
import {
  ConfirmAnswer,
  ConfirmBody,
  CreateIntentBody,
  PaymentConfig,
  PaymentIntentAnswer,
  QuoteAnswer,
  QuoteQuery,
  TestPayAnswer,
  TestPayBody,
  WebhookAnswer,
  WebhookEvent,
} from './model';
import { quoteCheckout } from './quote';
import { createPaymentIntent, handleWebhook, payWithTestCard, settleIntent } from './service';

const tags = ['Payments'];

export function paymentRoutes(ctx: AppContext) {
  const app = new Elysia()
    .use(authPlugin(ctx))
    .get('/payment/config', () => ({ provider: ctx.payments.kind, publishableKey: ctx.payments.publishableKey }), {
      response: { 200: PaymentConfig },
      detail: { tags, summary: 'Which payment form the checkout shows: Stripe (with its publishable key) or the test provider' },
    })
    .get(
      '/payment/quote',
      ({ user, query }) =>
        quoteCheckout(ctx, requireUser(user), {
          classId: parseId(query.classId, 'Class not found.'),
          quantity: Number(query.quantity),
          promoCode: query.promoCode,
        }),
      {
        auth: 'user',
        query: QuoteQuery,
        response: { 200: QuoteAnswer, 400: Message, 401: Message, 404: Message, 409: Message },
        detail: {
          tags,
          summary: "The checkout's price lines for a class, a number of spots and an optional promo code",
          description:
            "Integer cents: price x quantity, the promo code's discount, the 5% service fee on the discounted price, and the total (also in dollars as `amount`, what create-intent must send). A code that cannot be used is answered with its reason: unknown, inactive, not started or expired, used up (409), already used by you (409), not for this class, below its minimum, or only for a first booking with this coach. A total of 0 (a 100% code) is booked with POST /api/bookings/free and the same promoCode: no card.",
        },
      },
    )
    .post(
      '/payment/create-intent',
      ({ user, body, request }) => createPaymentIntent(ctx, requireUser(user), body, requestSource(request.headers)),
      {
        auth: 'user',
        body: CreateIntentBody,
        response: { 200: PaymentIntentAnswer, 400: Message, 401: Message, 404: Message, 409: Message, 429: Message, 502: Message },
        detail: {
          tags,
          summary: 'Hold the spots for 15 minutes and create a payment intent',
          description:
            "The server computes price x quantity x 1.05 in cents (rounded to the cent), spends the customer's credit with the class's coach first (in this same write, so two checkouts cannot spend it twice) and refuses a client amount other than the rest due by card with 409 \"The price has changed. Please reload the page.\" (GET /api/payment/quote shows it). Credit covering everything, there is no intent: status credit_covers, then confirmed when sent again with the attendees. The booking keeps a copy of the class's cancellation policy. With `promoCode`, the code is checked and its use taken in the same write as the hold, and the amount must be the discounted total (GET /api/payment/quote); its use is given back if the hold expires, is replaced or the payment fails. When the coach can receive payouts, 85% of price x quantity (of the discounted price for a coach's own code) is transferred to them. Asking again for the same quantity reuses the hold and intent and renews the hold, but never past 30 minutes after it began; a customer may hold at most 3 unpaid checkouts at once (429 with Retry-After). waiverAcceptance (see GET /api/classes/{id}/waivers) is recorded with the hold: the checkout sends it with the attendees before paying. A hold is placed without it (the checkout holds the spots when it opens, before anyone is named), but is never paid or confirmed without every attendee's acceptance: the test card is refused (400 naming who), credit covering everything is not confirmed (400), and a payment made anyway is refunded in full.",
        },
      },
    )
    .post('/payment/confirm', ({ user, body }) => settleIntent(ctx, body.paymentIntentId, requireUser(user).id), {
      auth: 'user',
      body: ConfirmBody,
      response: { 200: ConfirmAnswer, 400: Message, 401: Message, 403: Message, 404: Message, 409: Message },
      detail: {
        tags,
        summary: 'Confirm the booking of a paid intent (idempotent)',
        description:
          "Asks the provider whether the intent succeeded for the booking's amount and user; replays give the same single confirmed booking. A payment after the hold expired is confirmed if spots remain, otherwise refunded (409 with the reason).",
      },
    })
    .post(
      '/payment/webhook',
      async ({ request }) => {
        try {
          return await handleWebhook(ctx, await request.text(), request.headers.get('stripe-signature'));
        } catch (error) {
          if (error instanceof InvalidWebhookSignature) throw new DomainError(400, error.message);
          throw error;
        }
      },
      {
        parse: 'none',
        response: { 200: WebhookAnswer, 400: Message },
        detail: {
          tags,
          // Read as raw text (its signature covers the exact bytes), so the body is described here, not validated.
          requestBody: { required: true, content: { 'application/json': { schema: toJsonSchema(WebhookEvent) as object } } },
          parameters: [
            {
              name: 'stripe-signature',
              in: 'header',
              required: true,
              description:
                'The Stripe signature of the exact body (t=...,v1=...): with STRIPE_WEBHOOK_SECRET, or whsec_fogline_test_provider under the test provider.',
              schema: { type: 'string', examples: ['t=1767225600,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd'] },
            },
          ],
          summary: 'Payment provider webhook (Stripe-Signature verified)',
          description:
            'Handles payment_intent.succeeded (confirms the booking or pass purchase even if the browser never returns), account.updated (payout status), and for memberships invoice.paid (the first period or a renewal), invoice.payment_failed (past due) and customer.subscription.deleted (ended). Only the ids are read: the intent, invoice or subscription is then asked of the provider.',
        },
      },
    );
  if (!isTestProvider(ctx.payments)) return app;
  return app.post('/payment/test-provider/pay', ({ body }) => payWithTestCard(ctx, body), {
    body: TestPayBody,
    response: { 200: TestPayAnswer, 400: Message, 404: Message },
    detail: {
      tags: ['Payments (test provider)'],
      summary: 'Test provider only: pay an intent with a Stripe test card',
      description:
        "4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 fails for insufficient funds (400 with the message); 4000 0000 0000 0341 succeeds, and as a membership's card pays its first renewal and declines the ones after. Any future expiry (MM/YY) and 3-digit CVC. A membership's invoice (its first period, or a renewal paid with a new card) is paid the same way, then reported as invoice.paid. Refused (400, nothing charged) while an attendee's waiver is not accepted for a booking's hold. Exists only while no Stripe keys are set.",
    },
  });
}
