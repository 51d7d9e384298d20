// Stripe behind the PaymentProvider interface: PaymentIntents (destination charges paying the coach's
// connected account through application_fee_amount), refunds, signed webhooks, Connect Express onboarding.
import Stripe from 'stripe';
import {
  type CreateIntentInput,
  InvalidWebhookSignature,
  type IntentStatus,
  type PaymentEvent,
  type PaymentProvider,
  type PayoutAccountStatus,
  type PayoutBalance,
  type ProviderIntent,
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
    default:
      return { type: 'ignored', name: event.type };
  }
}
