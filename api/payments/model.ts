// Payment request and answer schemas (valibot only): the checkout and the test provider's card form import
// these, so the browser shows exactly the server's messages.
import * as v from 'valibot';
import { ClassPolicyResource } from '../policies/model';
import { fields, withExample } from '../../common/schema';
import { AttendeesField } from '../attendees/model';
import { Booking, ClassIdField, QuantityField } from '../bookings/model';
import { PromoCodeField } from '../promo-codes/model';
import { WaiverAcceptanceField } from '../waivers/model';

export const CreateIntentBody = withExample(
  fields({
    classId: ClassIdField,
    quantity: QuantityField,
    /** What the page shows as the total, in dollars: price x quantity x 1.05, rounded to the cent. */
    amount: v.pipe(v.number('Send the total shown at checkout.'), v.minValue(0, 'Send the total shown at checkout.')),
    attendees: AttendeesField,
    /** A promo code: the amount must then be the discounted total GET /api/payment/quote answers. */
    promoCode: v.optional(v.nullable(PromoCodeField)),
    waiverAcceptance: WaiverAcceptanceField,
  }),
  {
    classId: 12,
    quantity: 2,
    amount: 52.5,
    attendees: [
      { name: 'Maya Lee', age: 7 },
      { name: 'Leo Lee', age: 5 },
    ],
    waiverAcceptance: {
      waivers: [{ id: 1, version: 1 }],
      emergencyContact: { name: 'Sam Lee', phone: '+14155550100' },
      attendees: [
        { position: 0, accepted: true },
        { position: 1, accepted: true },
      ],
    },
  },
);
export type CreateIntentBody = v.InferOutput<typeof CreateIntentBody>;

/** GET /api/payment/quote: the checkout's numbers, as the server computes them (coach credit spent first). */
export const QuoteQuery = v.object({
  classId: withExample(v.pipe(v.string(), v.regex(/^\d{1,12}$/, 'Class not found.')), '12'),
  quantity: withExample(v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'Quantity must be a whole number.')), '2'),
  promoCode: v.optional(v.string()),
});

export const QuoteAnswer = v.object({
  classId: v.number(),
  quantity: v.number(),
  /** price x quantity, in cents */
  subtotalCents: v.number(),
  /** what the promo code takes off, in cents (0 without one) */
  discountCents: v.number(),
  /** the 5% service fee on the discounted price, in cents */
  serviceFeeCents: v.number(),
  /** subtotal - discount + fee, in cents: the booking's amount */
  totalCents: v.number(),
  /** coach credit spent, in cents (0 without) */
  creditAppliedCents: v.number(),
  /** what the card is charged, in cents: total - credit */
  amountDueCents: v.number(),
  /** the same amount due in dollars: what create-intent's `amount` must be */
  amount: v.number(),
  /** the code applied, upper case, or null */
  promoCode: v.nullable(v.string()),
  /** who funds the discount: the coach's own code, or a platform code */
  discountFundedBy: v.nullable(v.picklist(['coach', 'platform'])),
  /** the cancellation policy a booking made now is booked under */
  policy: ClassPolicyResource,
});
export type QuoteAnswer = v.InferOutput<typeof QuoteAnswer>;

/** `requires_payment`: pay the intent for `amount` (dollars) with the card. Coach credit paying it all, there is
 * no intent: `credit_covers` (the spots are held; send create-intent again with the attendees to confirm) or
 * `confirmed` (the booking is confirmed). */
export const PaymentIntentAnswer = v.object({
  status: v.picklist(['requires_payment', 'credit_covers', 'confirmed']),
  clientSecret: v.nullable(v.string()),
  id: v.nullable(v.string()),
  bookingId: v.number(),
  amount: v.number(),
  /** Coach credit spent on the booking, in dollars (part of its total; the card pays `amount`). */
  creditApplied: v.number(),
  holdExpiresAt: v.nullable(v.string()),
});

export const ConfirmBody = withExample(
  fields({
    paymentIntentId: v.pipe(
      v.string('Payment intent ID not found.'),
      v.trim(),
      v.minLength(1, 'Payment intent ID not found.'),
      v.maxLength(255, 'Payment intent ID not found.'),
    ),
    classId: v.optional(v.number()),
    quantity: v.optional(v.number()),
  }),
  { paymentIntentId: 'pi_test_3kq9x2m7c4vb8n5t' },
);
export type ConfirmBody = v.InferOutput<typeof ConfirmBody>;

export const ConfirmAnswer = v.object({ status: v.literal('confirmed'), booking: Booking });

export const PaymentConfig = v.object({
  provider: v.picklist(['stripe', 'test']),
  publishableKey: v.nullable(v.string()),
});

/** The test provider's card form: the same checks Stripe's Payment Element makes before it sends anything. */
export const TestCardFields = fields({
  cardNumber: v.pipe(
    v.string('Your card number is incomplete.'),
    v.transform((value) => value.replace(/[\s-]/g, '')),
    v.regex(/^\d{16}$/, 'Your card number is incomplete.'),
  ),
  expiry: v.pipe(
    v.string("Your card's expiration date is incomplete."),
    v.trim(),
    v.regex(/^(0[1-9]|1[0-2]) ?\/ ?\d{2}$/, "Your card's expiration date is incomplete."),
  ),
  cvc: v.pipe(
    v.string("Your card's security code is incomplete."),
    v.trim(),
    v.regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
  ),
});
export type TestCardFields = v.InferOutput<typeof TestCardFields>;

export const TestPayBody = withExample(
  fields({
    paymentIntentId: v.pipe(v.string('Payment intent ID not found.'), v.minLength(1, 'Payment intent ID not found.')),
    clientSecret: v.pipe(v.string('The client secret is missing.'), v.minLength(1, 'The client secret is missing.')),
    ...TestCardFields.entries,
  }),
  {
    paymentIntentId: 'pi_test_3kq9x2m7c4vb8n5t',
    clientSecret: 'pi_test_3kq9x2m7c4vb8n5t_secret_w8e2r6t1y4u9',
    cardNumber: '4242 4242 4242 4242',
    expiry: '12/34',
    cvc: '123',
  },
);

export const TestPayAnswer = v.object({ id: v.string(), status: v.string() });

export const WebhookAnswer = v.object({ received: v.literal(true) });

/** What the webhook reads of a Stripe event (the route takes the raw text, to check its signature): the type and
 * the id of the intent or account it is about, which it then looks up at the provider. Documentation only. */
export const WebhookEvent = v.pipe(
  v.object({
    id: v.optional(v.string()),
    type: v.string(),
    data: v.object({ object: v.object({ id: v.string() }) }),
  }),
  v.metadata({
    examples: [{ id: 'evt_test_7d2k9m4x', type: 'payment_intent.succeeded', data: { object: { id: 'pi_test_3kq9x2m7c4vb8n5t' } } }],
  }),
);
