// Payment request and answer schemas (valibot only): the checkout and the test provider's card form import
// these, so the browser shows exactly the server's messages.
import * as v from 'valibot';
import { fields } from '../lib/schema';
import { AttendeesField } from '../attendees/model';
import { Booking, ClassIdField, QuantityField } from '../bookings/model';

export const CreateIntentBody = fields({
  classId: ClassIdField,
  quantity: QuantityField,
  /** What the page shows as the total, in dollars: price x quantity x 1.05, rounded to the cent. */
  amount: v.pipe(v.number('Send the total shown at checkout.'), v.minValue(0, 'Send the total shown at checkout.')),
  attendees: AttendeesField,
});
export type CreateIntentBody = v.InferOutput<typeof CreateIntentBody>;

export const PaymentIntentAnswer = v.object({
  clientSecret: v.string(),
  id: v.string(),
  bookingId: v.number(),
  amount: v.number(),
  holdExpiresAt: v.nullable(v.string()),
});

export const ConfirmBody = fields({
  paymentIntentId: v.pipe(v.string('Payment intent ID not found.'), v.trim(), v.minLength(1, 'Payment intent ID not found.'), v.maxLength(255, 'Payment intent ID not found.')),
  classId: v.optional(v.number()),
  quantity: v.optional(v.number()),
});
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
  cvc: v.pipe(v.string("Your card's security code is incomplete."), v.trim(), v.regex(/^\d{3,4}$/, "Your card's security code is incomplete.")),
});
export type TestCardFields = v.InferOutput<typeof TestCardFields>;

export const TestPayBody = fields({
  paymentIntentId: v.pipe(v.string('Payment intent ID not found.'), v.minLength(1, 'Payment intent ID not found.')),
  clientSecret: v.pipe(v.string('The client secret is missing.'), v.minLength(1, 'The client secret is missing.')),
  ...TestCardFields.entries,
});

export const TestPayAnswer = v.object({ id: v.string(), status: v.string() });

export const WebhookAnswer = v.object({ received: v.literal(true) });
