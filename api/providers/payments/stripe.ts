// Stripe behind the PaymentProvider interface: PaymentIntents (destination charges paying the coach's
// connected account through application_fee_amount), refunds, signed webhooks, Connect Express onboarding, and
// memberships on Stripe Billing (a Customer, recurring Prices and a Subscription paying the coach through
// application_fee_percent and transfer_data.destination).
import Stripe from 'stripe';
import { applicationFeePercent } from './billing';
import {
  type CreateIntentInput,
  type CreateSubscriptionInput,
  InvalidWebhookSignature,
  type IntentStatus,
  type OffSessionCharge,
  type OffSessionChargeInput,
  type PaymentEvent,
  type PaymentProvider,
  type PayoutAccountStatus,
  type PayoutBalance,
  type ProviderIntent,
  type ProviderInvoice,
  type ProviderSubscription,
} from './types';

export interface StripeKeys {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
}

/** Tests pass a client whose HTTP layer is a local fake of Stripe's API (never the network). */
export function createStripeClient(secretKey: string, config: ConstructorParameters<typeof Stripe>[1] = {}): Stripe {
  return new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000, ...config });
}

function toIntent(pi: Stripe.PaymentIntent): ProviderIntent {
  const destination = pi.transfer_data?.destination;
  const fee = pi.application_fee_amount;
  return {
    id: pi.id,
    clientSecret: pi.client_secret ?? '',
    amountCents: pi.amount,
    currency: pi.currency,
    status: pi.status as IntentStatus,
    metadata: { ...(pi.metadata ?? {}) },
    lastError: pi.last_payment_error?.message ?? null,
    transferDestination: typeof destination === 'string' ? destination : (destination?.id ?? null),
    transferAmountCents: destination && typeof fee === 'number' ? pi.amount - fee : null,
  };
}

const fromUnix = (seconds: number) => new Date(seconds * 1000);
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

function toInvoice(invoice: Stripe.Invoice): ProviderInvoice {
  const details = invoice.parent?.subscription_details;
  // An invoice's period fields describe the period before it; its subscription line carries the one it pays for.
  const line = invoice.lines?.data?.[0];
  const clientSecret = invoice.confirmation_secret?.client_secret ?? null;
  return {
    id: invoice.id!,
    subscriptionId: idOf(details?.subscription) ?? '',
    status: (invoice.status ?? 'draft') as ProviderInvoice['status'],
    amountCents: invoice.amount_due,
    amountPaidCents: invoice.amount_paid,
    billingReason: invoice.billing_reason ?? 'subscription',
    periodStart: fromUnix(line?.period?.start ?? invoice.period_start),
    periodEnd: fromUnix(line?.period?.end ?? invoice.period_end),
    // The client secret is the PaymentIntent's: pi_..._secret_...
    payment: invoice.status === 'open' && clientSecret ? { intentId: clientSecret.split('_secret_')[0]!, clientSecret } : null,
    lastError: invoice.last_finalization_error?.message ?? null,
    metadata: { ...(details?.metadata ?? {}) },
  };
}

function toSubscription(sub: Stripe.Subscription): ProviderSubscription {
  // Since Stripe's 2025 API versions each item carries its period; both items of a membership share one.
  const item = sub.items.data[0];
  const interval = item?.price?.recurring?.interval === 'week' ? 'week' : 'month';
  return {
    id: sub.id,
    customerId: idOf(sub.customer) ?? '',
    status: sub.status as ProviderSubscription['status'],
    interval,
    amountCents: sub.items.data.reduce((sum, i) => sum + (i.price?.unit_amount ?? 0) * (i.quantity ?? 1), 0),
    currentPeriodStart: fromUnix(item?.current_period_start ?? sub.start_date),
    currentPeriodEnd: fromUnix(item?.current_period_end ?? sub.start_date),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    billingResumesAt: sub.status === 'trialing' && sub.trial_end ? fromUnix(sub.trial_end) : null,
    metadata: { ...(sub.metadata ?? {}) },
    latestInvoice: sub.latest_invoice && typeof sub.latest_invoice === 'object' ? toInvoice(sub.latest_invoice) : null,
    transferDestination: idOf(sub.transfer_data?.destination),
    applicationFeePercent: sub.application_fee_percent,
  };
}

/** Reads of a subscription bring its latest invoice and that invoice's client secret along. */
const WITH_INVOICE = ['latest_invoice.confirmation_secret'];

function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && (error.code === 'resource_missing' || error.statusCode === 404);
}

export function createStripeProvider(keys: StripeKeys, client: Stripe = createStripeClient(keys.secretKey)): PaymentProvider {
  const stripe = client;
  return {
    kind: 'stripe',
    publishableKey: keys.publishableKey,

    async createIntent(input: CreateIntentInput) {
      const params: Stripe.PaymentIntentCreateParams = {
        amount: input.amountCents,
        currency: 'usd',
        automatic_payment_methods: { enabled: true },
        description: input.description,
        metadata: input.metadata,
      };
      if (input.payout) {
        // Destination charge: the coach's account receives amount - application fee = 85% of price x quantity;
        // the platform keeps its 15% and the customer's 5% service fee.
        params.application_fee_amount = input.amountCents - input.payout.amountCents;
        params.transfer_data = { destination: input.payout.destination };
      }
      const pi = await stripe.paymentIntents.create(params, { idempotencyKey: input.idempotencyKey });
      return toIntent(pi);
    },

    async retrieveIntent(id) {
      try {
        return toIntent(await stripe.paymentIntents.retrieve(id));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async cancelIntent(id) {
      try {
        await stripe.paymentIntents.cancel(id);
      } catch {
        // Already succeeded or canceled: the caller's state machine decides what happens next.
      }
    },

    // Stripe's off-session payment: a PaymentIntent with the membership's customer and saved payment method,
    // off_session and confirm at once. A declined card or one needing authentication is a card error: recorded as a
    // failed charge (the customer is emailed), never thrown.
    async chargeOffSession(input: OffSessionChargeInput): Promise<OffSessionCharge> {
      const failed = (message: string, code: string | null, id: string | null = null): OffSessionCharge => ({
        id,
        status: 'failed',
        amountCents: input.amountCents,
        failureMessage: message,
        failureCode: code,
      });
      const sub = await stripe.subscriptions.retrieve(input.subscriptionId);
      const customerId = idOf(sub.customer);
      let paymentMethod = idOf(sub.default_payment_method);
      if (!paymentMethod && customerId) {
        const customer = await stripe.customers.retrieve(customerId);
        if (!('deleted' in customer && customer.deleted))
          paymentMethod = idOf((customer as Stripe.Customer).invoice_settings?.default_payment_method);
      }
      if (!customerId || !paymentMethod) return failed('There is no card on file for this membership.', 'payment_method_missing');
      const params: Stripe.PaymentIntentCreateParams = {
        amount: input.amountCents,
        currency: 'usd',
        customer: customerId,
        payment_method: paymentMethod,
        off_session: true,
        confirm: true,
        description: input.description,
        metadata: input.metadata,
      };
      if (input.payout) {
        params.application_fee_amount = input.amountCents - input.payout.amountCents;
        params.transfer_data = { destination: input.payout.destination };
      }
      try {
        const pi = await stripe.paymentIntents.create(params, { idempotencyKey: input.idempotencyKey });
        if (pi.status === 'succeeded')
          return { id: pi.id, status: 'succeeded', amountCents: pi.amount, failureMessage: null, failureCode: null };
        return failed(
          pi.last_payment_error?.message ?? 'The charge needs the cardholder to confirm it.',
          pi.last_payment_error?.code ?? pi.status,
          pi.id,
        );
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError)
          return failed(error.message, error.code ?? 'card_declined', error.payment_intent?.id ?? null);
        throw error;
      }
    },

    async refund(intentId, amountCents, idempotencyKey) {
      const pi = await stripe.paymentIntents.retrieve(intentId);
      const refund = await stripe.refunds.create(
        {
          payment_intent: intentId,
          amount: amountCents,
          ...(pi.transfer_data ? { reverse_transfer: true, refund_application_fee: true } : {}),
        },
        { idempotencyKey },
      );
      return { id: refund.id, amountCents: refund.amount };
    },

    async parseWebhook(payload, signature) {
      if (!signature) throw new InvalidWebhookSignature('The Stripe-Signature header is missing.');
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(payload, signature, keys.webhookSecret);
      } catch {
        throw new InvalidWebhookSignature();
      }
      return readEvent(event);
    },

    async createPayoutAccount({ email, userId }) {
      const account = await stripe.accounts.create(
        {
          type: 'express',
          email,
          metadata: { userId: String(userId) },
          capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
        },
        { idempotencyKey: `payout-account-${userId}` },
      );
      return account.id;
    },

    async createOnboardingLink(accountId, { returnUrl, refreshUrl }) {
      const link = await stripe.accountLinks.create({
        account: accountId,
        type: 'account_onboarding',
        return_url: returnUrl,
        refresh_url: refreshUrl,
      });
      return link.url;
    },

    async retrievePayoutAccount(accountId): Promise<PayoutAccountStatus> {
      const account = await stripe.accounts.retrieve(accountId);
      return {
        onboarded: Boolean(account.details_submitted),
        canReceivePayments: account.capabilities?.transfers === 'active' || Boolean(account.charges_enabled && account.payouts_enabled),
      };
    },

    async createSubscription(input: CreateSubscriptionInput) {
      const key = input.idempotencyKey;
      const customer = await stripe.customers.create(
        { email: input.customer.email, name: input.customer.name, metadata: { userId: String(input.customer.userId) } },
        { idempotencyKey: `${key}-customer` },
      );
      const recurring = { interval: input.interval };
      // Two recurring prices, so each invoice shows the price and the service fee as the checkout did.
      const price = await stripe.prices.create(
        { currency: 'usd', unit_amount: input.priceCents, recurring, product_data: { name: input.description } },
        { idempotencyKey: `${key}-price` },
      );
      const fee = await stripe.prices.create(
        { currency: 'usd', unit_amount: input.serviceFeeCents, recurring, product_data: { name: 'Service fee (5%)' } },
        { idempotencyKey: `${key}-fee` },
      );
      const params: Stripe.SubscriptionCreateParams = {
        customer: customer.id,
        items: [{ price: price.id }, { price: fee.id }],
        // The first invoice waits for the browser to confirm its PaymentIntent; that card then pays the renewals.
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        metadata: input.metadata,
        expand: WITH_INVOICE,
      };
      if (input.payout) {
        // The coach receives 85% of the price every period; the platform keeps 15% of it and the whole service
        // fee, expressed as Stripe wants it: a share of each invoice's total, with two decimals.
        params.application_fee_percent = applicationFeePercent(input.priceCents + input.serviceFeeCents, input.payout.amountCents);
        params.transfer_data = { destination: input.payout.destination };
      }
      return toSubscription(await stripe.subscriptions.create(params, { idempotencyKey: key }));
    },

    async retrieveSubscription(id) {
      try {
        return toSubscription(await stripe.subscriptions.retrieve(id, { expand: WITH_INVOICE }));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async retrieveInvoice(id) {
      try {
        return toInvoice(await stripe.invoices.retrieve(id, { expand: ['confirmation_secret'] }));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async cancelSubscriptionAtPeriodEnd(id) {
      const sub = await stripe.subscriptions.update(id, { cancel_at_period_end: true, expand: WITH_INVOICE });
      // A past-due subscription's unpaid invoice would still be retried: voided, nothing is charged after cancelling.
      const latest = sub.latest_invoice && typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
      if (sub.status === 'past_due' && latest?.status === 'open' && latest.id) {
        await stripe.invoices.voidInvoice(latest.id, {}, { idempotencyKey: `void-${latest.id}` });
        return toSubscription(await stripe.subscriptions.retrieve(id, { expand: WITH_INVOICE }));
      }
      return toSubscription(sub);
    },

    async cancelSubscriptionNow(id) {
      const sub = await stripe.subscriptions.cancel(id, { invoice_now: false, prorate: false, expand: WITH_INVOICE });
      const latest = sub.latest_invoice && typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
      if (latest?.status === 'open' && latest.id) await stripe.invoices.voidInvoice(latest.id, {}, { idempotencyKey: `void-${latest.id}` });
      return toSubscription(sub);
    },

    // A trial until resumesAt: nothing is invoiced meanwhile and the billing cycle restarts there, so the
    // period and every renewal shift (Stripe's pause_collection would keep the old cycle and skip invoices).
    async pauseSubscription(id, resumesAt) {
      const trialEnd = Math.floor(resumesAt.getTime() / 1000);
      return toSubscription(
        await stripe.subscriptions.update(id, { trial_end: trialEnd, proration_behavior: 'none', expand: WITH_INVOICE }),
      );
    },

    async resumeSubscription(id) {
      return toSubscription(await stripe.subscriptions.update(id, { trial_end: 'now', proration_behavior: 'none', expand: WITH_INVOICE }));
    },

    async openInvoicePayment(subscriptionId) {
      const sub = await stripe.subscriptions.retrieve(subscriptionId, { expand: WITH_INVOICE });
      const latest = sub.latest_invoice && typeof sub.latest_invoice === 'object' ? toInvoice(sub.latest_invoice) : null;
      return latest?.status === 'open' ? latest : null;
    },

    async retrievePayoutBalance(accountId): Promise<PayoutBalance> {
      const options = { stripeAccount: accountId };
      const [balance, payouts] = await Promise.all([stripe.balance.retrieve({}, options), stripe.payouts.list({ limit: 24 }, options)]);
      const usd = (entries: Array<{ amount: number; currency: string }>) =>
        entries.filter((e) => e.currency === 'usd').reduce((sum, e) => sum + e.amount, 0);
      return {
        availableCents: usd(balance.available),
        pendingCents: usd(balance.pending),
        payouts: payouts.data.map((p) => ({
          id: p.id,
          amountCents: p.amount,
          status: p.status,
          arrivalDate: new Date(p.arrival_date * 1000),
        })),
      };
    },
  };
}

/** The Stripe events the product reacts to, in the provider-neutral shape. */
export function readEvent(event: { type: string; data: { object: unknown } }): PaymentEvent {
  const object = event.data.object as { id?: string };
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed':
      return { type: event.type, intentId: String(object.id) };
    case 'account.updated':
      return { type: 'account.updated', accountId: String(object.id) };
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return { type: event.type, invoiceId: String(object.id) };
    case 'customer.subscription.deleted':
      return { type: 'customer.subscription.deleted', subscriptionId: String(object.id) };
    default:
      return { type: 'ignored', name: event.type };
  }
}
