// The one payment provider interface the booking flow talks to: Stripe (stripe.ts) or the built-in test
// provider (test.ts). Amounts are integer cents; every call returns the same plain shapes for both.
import type { BillingInterval } from './billing';

export type { BillingInterval } from './billing';

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

/** A charge made without the customer present (a membership's late-cancel or no-show fee), to the card the
 * membership's subscription pays with. */
export interface OffSessionChargeInput {
  /** The membership's subscription: its saved payment method (and customer) are charged. */
  subscriptionId: string;
  amountCents: number;
  description: string;
  metadata: Record<string, string>;
  /** One key per fee: a retry (another process, a crash mid-charge) never charges twice. */
  idempotencyKey: string;
  /** When the coach can receive payments: their account and their share. */
  payout: { destination: string; amountCents: number } | null;
}

/** What an off-session charge did: succeeded, or failed (declined, authentication required, no card on file) with
 * the provider's message; the intent's id whenever the provider made one. */
export interface OffSessionCharge {
  id: string | null;
  status: 'succeeded' | 'failed';
  amountCents: number;
  failureMessage: string | null;
  /** Stripe's code for a failure (card_declined, authentication_required...), or null. */
  failureCode: string | null;
}

export interface ProviderRefund {
  id: string;
  amountCents: number;
}

/** Stripe's subscription statuses. A pause is Stripe's trial (no invoice until it ends, then a new cycle);
 * the test provider uses incomplete, active, trialing, past_due and canceled. */
export type SubscriptionStatus =
  | 'incomplete'
  | 'incomplete_expired'
  | 'trialing'
  | 'active'
  | 'past_due'
  | 'unpaid'
  | 'canceled'
  | 'paused';

export type InvoiceStatus = 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';

export interface CreateSubscriptionInput {
  /** The paying customer; the provider's customer is made once per subscription (the purchase keeps its id). */
  customer: { userId: number; email: string; name: string };
  /** The membership's name as the invoice shows it ("Sunrise Yoga: Monthly unlimited"). */
  description: string;
  /** Every invoice has two lines, as the checkout shows them: the price per period and the 5% service fee. */
  priceCents: number;
  serviceFeeCents: number;
  interval: BillingInterval;
  /** Ties the subscription (and a snapshot on each invoice) to its purchase: purchaseId, userId, passId. */
  metadata: Record<string, string>;
  /** Retries with the same key never create a second subscription. */
  idempotencyKey: string;
  /** When the coach can receive payments: their account and their 85% of the price, every period. */
  payout: { destination: string; amountCents: number } | null;
}

/** What the browser confirms to pay an open invoice (the first period, or a failed renewal with a new card):
 * the invoice's PaymentIntent, paid with Stripe's Payment Element or the test provider's card form. */
export interface InvoicePayment {
  intentId: string;
  clientSecret: string;
}

export interface ProviderInvoice {
  id: string;
  subscriptionId: string;
  status: InvoiceStatus;
  /** price + service fee for one period. */
  amountCents: number;
  amountPaidCents: number;
  /** subscription_create (the first period), subscription_cycle (a renewal), ... */
  billingReason: string;
  /** The service period the invoice pays for. */
  periodStart: Date;
  periodEnd: Date;
  /** Set while the invoice is open; null once paid or void. */
  payment: InvoicePayment | null;
  /** Why the last charge failed (a declined renewal), for the customer. */
  lastError: string | null;
  /** The subscription's metadata when the invoice was made (purchaseId...). */
  metadata: Record<string, string>;
}

export interface ProviderSubscription {
  id: string;
  customerId: string;
  status: SubscriptionStatus;
  interval: BillingInterval;
  /** price + service fee, charged every period. */
  amountCents: number;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  /** A pause: nothing is charged until then, when a new cycle starts (Stripe's trial_end). */
  billingResumesAt: Date | null;
  metadata: Record<string, string>;
  latestInvoice: ProviderInvoice | null;
  /** The coach's connected account and the platform's share of each invoice, as a percentage. */
  transferDestination: string | null;
  applicationFeePercent: number | null;
}

/** The few webhook events the product reacts to; everything else is acknowledged and ignored. Invoice and
 * subscription events carry only ids: the handler asks the provider for the objects themselves. */
export type PaymentEvent =
  | { type: 'payment_intent.succeeded'; intentId: string }
  | { type: 'payment_intent.payment_failed'; intentId: string }
  | { type: 'account.updated'; accountId: string }
  | { type: 'invoice.paid'; invoiceId: string }
  | { type: 'invoice.payment_failed'; invoiceId: string }
  | { type: 'customer.subscription.deleted'; subscriptionId: string }
  | { type: 'ignored'; name: string };

/** The events about memberships (Stripe Billing): api/payments hands them to the memberships workflow. */
export type SubscriptionEvent = Extract<
  PaymentEvent,
  { type: 'invoice.paid' | 'invoice.payment_failed' | 'customer.subscription.deleted' }
>;

export function isSubscriptionEvent(event: PaymentEvent): event is SubscriptionEvent {
  return event.type === 'invoice.paid' || event.type === 'invoice.payment_failed' || event.type === 'customer.subscription.deleted';
}

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
  /** Charges a membership's saved card without the customer present (a late-cancel or no-show fee); a declined card
   * or one that asks for authentication answers status 'failed' rather than throwing. */
  chargeOffSession(input: OffSessionChargeInput): Promise<OffSessionCharge>;
  /** Refunds part or all of a succeeded intent (reversing the coach's transfer proportionally). */
  refund(intentId: string, amountCents: number, idempotencyKey: string): Promise<ProviderRefund>;
  /** Verifies the signature and reads the event; throws InvalidWebhookSignature otherwise. */
  parseWebhook(payload: string, signature: string | null): Promise<PaymentEvent>;
  createPayoutAccount(input: { email: string; userId: number }): Promise<string>;
  createOnboardingLink(accountId: string, urls: { returnUrl: string; refreshUrl: string }): Promise<string>;
  retrievePayoutAccount(accountId: string): Promise<PayoutAccountStatus>;
  /** The connected account's balance and its latest payouts (the coach's Earnings page). */
  retrievePayoutBalance(accountId: string): Promise<PayoutBalance>;

  // Memberships (Stripe Billing). The first invoice is open until the browser pays its `payment`; every renewal
  // charges the saved card and is reported by invoice.paid or invoice.payment_failed.
  /** A customer, a recurring price (and its service fee line) and the subscription, paying the coach through
   * application_fee_percent and transfer_data.destination. */
  createSubscription(input: CreateSubscriptionInput): Promise<ProviderSubscription>;
  /** null when the provider does not know the id. */
  retrieveSubscription(id: string): Promise<ProviderSubscription | null>;
  retrieveInvoice(id: string): Promise<ProviderInvoice | null>;
  /** Ends the subscription when the paid period ends: no further invoice (a past-due one's unpaid invoice is voided). */
  cancelSubscriptionAtPeriodEnd(id: string): Promise<ProviderSubscription>;
  /** Ends it at once (a checkout given up whose first invoice was paid anyway, refunded by the caller): nothing
   * more is invoiced, and an open invoice is voided. */
  cancelSubscriptionNow(id: string): Promise<ProviderSubscription>;
  /** Charges nothing until `resumesAt`, when a new cycle starts, so the period and every renewal shift. */
  pauseSubscription(id: string, resumesAt: Date): Promise<ProviderSubscription>;
  /** Ends a pause now: the next period is charged at once and the cycle restarts from today. */
  resumeSubscription(id: string): Promise<ProviderSubscription>;
  /** The open invoice of a past-due subscription, to pay with a new card (which becomes the renewal card);
   * null when nothing is owed. */
  openInvoicePayment(subscriptionId: string): Promise<ProviderInvoice | null>;
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
