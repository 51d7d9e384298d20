// Payment request and answer schemas (valibot only): the checkout and the test provider's card form import
// these, so the browser shows exactly the server's messages.
import * as v from 'valibot';
import { fields, withExample } from '../lib/schema';
import { AttendeesField } from '../attendees/model';
import { Booking, ClassIdField, QuantityField } from '../bookings/model';
import { WaiverAcceptanceField } from '../waivers/model';

export const CreateIntentBody = withExample(
  fields({
    classId: ClassIdField,
    quantity: QuantityField,
    /** What the page shows as the total, in dollars: price x quantity x 1.05, rounded to the cent. */
    amount: v.pipe(v.number('Send the total shown at checkout.'), v.minValue(0, 'Send the total shown at checkout.')),
    attendees: AttendeesField,
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

export const PaymentIntentAnswer = v.object({
  clientSecret: v.string(),
  id: v.string(),
  bookingId: v.number(),
  amount: v.number(),
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
