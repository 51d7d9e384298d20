// The one payment provider interface the booking flow talks to: Stripe (stripe.ts) or the built-in test
// provider (test.ts). Amounts are integer cents; every call returns the same plain shapes for both.

/** Stripe's PaymentIntent statuses; the test provider uses the subset it needs. */
export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

export interface ProviderIntent {
  id: string;
  clientSecret: string;
  amountCents: number;
  currency: string;
  status: IntentStatus;
  /** Ties the intent to its booking: bookingId, userId, classId, quantity. */
  metadata: Record<string, string>;
  /** The provider's explanation of the last failed attempt (declined card...). */
  lastError: string | null;
  /** The coach's connected account receiving the transfer, and how much of the amount goes there. */
  transferDestination: string | null;
  transferAmountCents: number | null;
}

export interface CreateIntentInput {
  amountCents: number;
  metadata: Record<string, string>;
  description: string;
  /** Retries with the same key never create a second intent. */
  idempotencyKey: string;
  /** When the coach can receive payments: their account and their 85% share. */
  payout: { destination: string; amountCents: number } | null;
}

export interface ProviderRefund {
  id: string;
  amountCents: number;
}

/** The few webhook events the product reacts to; everything else is acknowledged and ignored. */
export type PaymentEvent =
  | { type: 'payment_intent.succeeded'; intentId: string }
  | { type: 'payment_intent.payment_failed'; intentId: string }
  | { type: 'account.updated'; accountId: string }
  | { type: 'ignored'; name: string };

export interface PayoutAccountStatus {
  onboarded: boolean;
  canReceivePayments: boolean;
}

/** A connected account's money at the provider: its balance and its latest payouts to the coach's bank. */
export interface PayoutBalance {
  availableCents: number;
  pendingCents: number;
  payouts: Array<{ id: string; amountCents: number; status: string; arrivalDate: Date }>;
}

export interface PaymentProvider {
  readonly kind: 'stripe' | 'test';
  /** The browser-side key for Stripe's Payment Element; null for the test provider. */
  readonly publishableKey: string | null;
  createIntent(input: CreateIntentInput): Promise<ProviderIntent>;
  /** null when the provider does not know the id. */
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
  /** Stops an unpaid intent from being paid later (a replaced or cancelled hold); never throws. */
  cancelIntent(id: string): Promise<void>;
  /** Refunds part or all of a succeeded intent (reversing the coach's transfer proportionally). */
  refund(intentId: string, amountCents: number, idempotencyKey: string): Promise<ProviderRefund>;
  /** Verifies the signature and reads the event; throws InvalidWebhookSignature otherwise. */
  parseWebhook(payload: string, signature: string | null): Promise<PaymentEvent>;
  createPayoutAccount(input: { email: string; userId: number }): Promise<string>;
  createOnboardingLink(accountId: string, urls: { returnUrl: string; refreshUrl: string }): Promise<string>;
  retrievePayoutAccount(accountId: string): Promise<PayoutAccountStatus>;
  /** The connected account's balance and its latest payouts (the coach's Earnings page). */
  retrievePayoutBalance(accountId: string): Promise<PayoutBalance>;
}

export class InvalidWebhookSignature extends Error {
  constructor(message = 'Invalid webhook signature.') {
    super(message);
    this.name = 'InvalidWebhookSignature';
  }
}

/** A declined card, insufficient funds...: the provider's message is meant for the customer. */
export class PaymentDeclined extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentDeclined';
  }
}
