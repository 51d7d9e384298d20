// A local stand-in for the parts of Stripe Billing's HTTP API memberships use (customers, recurring prices,
// subscriptions, invoices), on 127.0.0.1 and in the shapes of Stripe's current API version (periods on the
// subscription items, the invoice's subscription under parent.subscription_details, its PaymentIntent's client
// secret as confirmation_secret). The real `stripe` SDK talks to it; every request is recorded for assertions.
import { testNow } from '../../helpers/today';

export interface FakeBillingRequest {
  method: string;
  path: string;
  form: Record<string, string>;
  idempotencyKey: string | null;
}

interface Price {
  id: string;
  object: 'price';
  unit_amount: number;
  currency: string;
  recurring: { interval: string; interval_count: number };
  product: string;
}

interface Invoice {
  id: string;
  object: 'invoice';
  status: 'open' | 'paid' | 'void';
  amount_due: number;
  amount_paid: number;
  billing_reason: string;
  period_start: number;
  period_end: number;
  parent: { type: 'subscription_details'; subscription_details: { subscription: string; metadata: Record<string, string> } };
  lines: { object: 'list'; data: Array<{ id: string; object: 'line_item'; amount: number; period: { start: number; end: number } }> };
  confirmation_secret: { client_secret: string; type: 'payment_intent' } | null;
  last_finalization_error: null;
  /** Not a field of Stripe's invoice (its payments list holds it): the stand-in's own record of the intent. */
  payment_intent: string;
}

interface Subscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  start_date: number;
  cancel_at_period_end: boolean;
  trial_end: number | null;
  metadata: Record<string, string>;
  application_fee_percent: number | null;
  transfer_data: { destination: string; amount_percent: null } | null;
  items: {
    object: 'list';
    data: Array<{
      id: string;
      object: 'subscription_item';
      price: Price;
      quantity: number;
      current_period_start: number;
      current_period_end: number;
    }>;
  };
  latest_invoice: string;
  /** Saved by payment_settings.save_default_payment_method when the first invoice is paid. */
  default_payment_method: string | null;
}

/** What an off-session PaymentIntent does with a saved card (membership fees): succeeds, or Stripe's card errors. */
export type OffSessionOutcome = 'succeeded' | 'card_declined' | 'authentication_required';

export interface FakeStripeBilling {
  port: number;
  requests: FakeBillingRequest[];
  subscriptions: Map<string, Subscription>;
  invoices: Map<string, Invoice>;
  /** The browser confirms the invoice's PaymentIntent: the invoice is paid and its subscription active. */
  payInvoice(invoiceId: string): void;
  /** Stripe's renewal at the period's end: a new invoice, paid or failed (the subscription then past_due). */
  renew(subscriptionId: string, outcome: 'paid' | 'failed'): Invoice;
  /** What off-session charges to this payment method do from now on (default: succeed). */
  offSessionOutcomes: Map<string, OffSessionOutcome>;
  /** The off-session PaymentIntents made, by id. */
  paymentIntents: Map<string, Record<string, unknown>>;
  stop(): void;
}

const DAY = 24 * 60 * 60;

/** Stripe's form encoding back to one level of nesting: items[0][price] -> items.0.price. */
function readIndexed(form: Record<string, string>, prefix: string): Array<Record<string, string>> {
  const rows: Array<Record<string, string>> = [];
  for (const [key, value] of Object.entries(form)) {
    const match = key.match(new RegExp(`^${prefix}\\[(\\d+)\\]\\[([^\\]]+)\\]$`));
    if (match) (rows[Number(match[1])] ??= {})[match[2]!] = value;
  }
  return rows;
}

function metadataOf(form: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(form)
      .filter(([k]) => k.startsWith('metadata['))
      .map(([k, v]) => [k.slice(9, -1), v]),
  );
}

export function startFakeStripeBilling(now: () => number = () => Math.floor(testNow() / 1000)): FakeStripeBilling {
  const requests: FakeBillingRequest[] = [];
  const prices = new Map<string, Price>();
  const subscriptions = new Map<string, Subscription>();
  const invoices = new Map<string, Invoice>();
  const byKey = new Map<string, unknown>();
  const offSessionOutcomes = new Map<string, OffSessionOutcome>();
  const paymentIntents = new Map<string, Record<string, unknown>>();
  let seq = 0;
  const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { 'request-id': `req_${++seq}` } });
  const missing = (id: string) =>
    json({ error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such object: '${id}'` } }, 404);

  function makeInvoice(sub: Subscription, reason: string, start: number, end: number): Invoice {
    const id = `in_fake_${++seq}`;
    const intentId = `pi_fake_${++seq}`;
    const amount = sub.items.data.reduce((sum, item) => sum + item.price.unit_amount * item.quantity, 0);
    const invoice: Invoice = {
      id,
      object: 'invoice',
      status: 'open',
      amount_due: amount,
      amount_paid: 0,
      billing_reason: reason,
      // Stripe's invoice-level period is the one before the invoice; the lines carry the period paid for.
      period_start: start,
      period_end: start,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: { ...sub.metadata } } },
      lines: {
        object: 'list',
        data: sub.items.data.map((item) => ({
          id: `il_${++seq}`,
          object: 'line_item',
          amount: item.price.unit_amount,
          period: { start, end },
        })),
      },
      confirmation_secret: { client_secret: `${intentId}_secret_fake`, type: 'payment_intent' },
      last_finalization_error: null,
      payment_intent: intentId,
    };
    invoices.set(id, invoice);
    sub.latest_invoice = id;
    return invoice;
  }

  /** A subscription as Stripe answers it: latest_invoice expanded when asked. */
  function answer(sub: Subscription, form: Record<string, string>) {
    const expanded = Object.values(form).some((v) => v.startsWith('latest_invoice'));
    return { ...sub, latest_invoice: expanded ? invoices.get(sub.latest_invoice) : sub.latest_invoice };
  }

  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      const url = new URL(request.url);
      const form = Object.fromEntries(new URLSearchParams(request.method === 'GET' ? url.search : await request.text()));
      const idempotencyKey = request.headers.get('idempotency-key');
      requests.push({ method: request.method, path: url.pathname, form, idempotencyKey });
      const cacheKey = `${url.pathname}:${idempotencyKey}`;
      if (request.method === 'POST' && idempotencyKey && byKey.has(cacheKey)) {
        // Stripe replays a keyed request's answer, a card error's 402 included.
        const cached = byKey.get(cacheKey) as { error?: unknown };
        return json(cached, cached?.error ? 402 : 200);
      }
      const remember = (body: unknown) => {
        if (idempotencyKey) byKey.set(cacheKey, body);
        return json(body);
      };
      let match: RegExpMatchArray | null;

      if (request.method === 'POST' && url.pathname === '/v1/customers') {
        return remember({ id: `cus_fake_${++seq}`, object: 'customer', email: form.email, name: form.name, metadata: metadataOf(form) });
      }
      if (request.method === 'POST' && url.pathname === '/v1/prices') {
        const price: Price = {
          id: `price_fake_${++seq}`,
          object: 'price',
          unit_amount: Number(form.unit_amount),
          currency: form.currency!,
          recurring: { interval: form['recurring[interval]']!, interval_count: 1 },
          product: `prod_fake_${++seq}`,
        };
        prices.set(price.id, price);
        return remember(price);
      }
      if (request.method === 'POST' && url.pathname === '/v1/subscriptions') {
        const items = readIndexed(form, 'items').map((row) => prices.get(row.price!));
        if (items.some((p) => !p)) return json({ error: { type: 'invalid_request_error', message: 'No such price' } }, 400);
        const start = now();
        const days = items[0]!.recurring.interval === 'week' ? 7 : 30;
        const sub: Subscription = {
          id: `sub_fake_${++seq}`,
          object: 'subscription',
          customer: form.customer!,
          status: form.payment_behavior === 'default_incomplete' ? 'incomplete' : 'active',
          start_date: start,
          cancel_at_period_end: false,
          trial_end: null,
          metadata: metadataOf(form),
          application_fee_percent: form.application_fee_percent ? Number(form.application_fee_percent) : null,
          transfer_data: form['transfer_data[destination]']
            ? { destination: form['transfer_data[destination]'], amount_percent: null }
            : null,
          items: {
            object: 'list',
            data: items.map((price) => ({
              id: `si_fake_${++seq}`,
              object: 'subscription_item',
              price: price!,
              quantity: 1,
              current_period_start: start,
              current_period_end: start + days * DAY,
            })),
          },
          latest_invoice: '',
          default_payment_method: null,
        };
        subscriptions.set(sub.id, sub);
        makeInvoice(sub, 'subscription_create', start, start + days * DAY);
        return remember(answer(sub, form));
      }
      if ((match = url.pathname.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
        const sub = subscriptions.get(match[1]!);
        if (!sub) return missing(match[1]!);
        if (request.method === 'DELETE') {
          if (sub.status === 'canceled')
            return json({ error: { type: 'invalid_request_error', message: 'This subscription is canceled.' } }, 400);
          sub.status = 'canceled';
          return json(answer(sub, form));
        }
        if (request.method === 'POST') {
          if (form.cancel_at_period_end) sub.cancel_at_period_end = form.cancel_at_period_end === 'true';
          if (form.trial_end === 'now') {
            sub.trial_end = null;
            sub.status = 'active';
          } else if (form.trial_end) {
            sub.trial_end = Number(form.trial_end);
            sub.status = 'trialing';
            for (const item of sub.items.data) item.current_period_end = sub.trial_end;
          }
        }
        return json(answer(sub, form));
      }
      if ((match = url.pathname.match(/^\/v1\/customers\/([^/]+)$/)) && request.method === 'GET') {
        return json({ id: match[1], object: 'customer', invoice_settings: { default_payment_method: null } });
      }
      // An off-session payment with a saved card: confirmed at once; a card error answers 402 with the intent.
      if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
        if (form.confirm !== 'true' || form.off_session !== 'true' || !form.customer || !form.payment_method)
          return json({ error: { type: 'invalid_request_error', message: 'The stand-in only makes confirmed off-session intents.' } }, 400);
        const outcome = offSessionOutcomes.get(form.payment_method) ?? 'succeeded';
        const intent = {
          id: `pi_fake_${++seq}`,
          object: 'payment_intent',
          amount: Number(form.amount),
          currency: form.currency,
          customer: form.customer,
          payment_method: form.payment_method,
          status:
            outcome === 'succeeded' ? 'succeeded' : outcome === 'authentication_required' ? 'requires_action' : 'requires_payment_method',
          client_secret: `pi_fake_${seq}_secret_fake`,
          metadata: metadataOf(form),
          last_payment_error: null,
          application_fee_amount: form.application_fee_amount ? Number(form.application_fee_amount) : null,
          transfer_data: form['transfer_data[destination]'] ? { destination: form['transfer_data[destination]'] } : null,
        };
        paymentIntents.set(intent.id, intent);
        if (outcome === 'succeeded') return remember(intent);
        const message =
          outcome === 'authentication_required'
            ? 'Your card was declined. This transaction requires authentication.'
            : 'Your card was declined.';
        const body = { error: { type: 'card_error', code: outcome, decline_code: outcome, message, payment_intent: intent } };
        if (idempotencyKey) byKey.set(cacheKey, body);
        return json(body, 402);
      }
      // Stripe refuses to cancel an invoice's PaymentIntent (the invoice owns it).
      if ((match = url.pathname.match(/^\/v1\/payment_intents\/([^/]+)\/cancel$/))) {
        return json(
          { error: { type: 'invalid_request_error', message: 'You cannot cancel this PaymentIntent because it has an invoice.' } },
          400,
        );
      }
      if (request.method === 'POST' && url.pathname === '/v1/refunds') {
        return remember({
          id: `re_fake_${++seq}`,
          object: 'refund',
          amount: Number(form.amount),
          payment_intent: form.payment_intent,
          status: 'succeeded',
        });
      }
      // An invoice's PaymentIntent, as Stripe shows it: none of our metadata (it belongs to the invoice).
      if ((match = url.pathname.match(/^\/v1\/payment_intents\/([^/]+)$/)) && request.method === 'GET') {
        const invoice = [...invoices.values()].find((i) => i.payment_intent === match![1]);
        if (!invoice) return missing(match[1]!);
        return json({
          id: invoice.payment_intent,
          object: 'payment_intent',
          amount: invoice.amount_due,
          currency: 'usd',
          status: invoice.status === 'paid' ? 'succeeded' : 'requires_payment_method',
          client_secret: `${invoice.payment_intent}_secret_fake`,
          metadata: {},
          last_payment_error: null,
          transfer_data: null,
          application_fee_amount: null,
        });
      }
      if ((match = url.pathname.match(/^\/v1\/invoices\/([^/]+)\/void$/)) && request.method === 'POST') {
        const invoice = invoices.get(match[1]!);
        if (!invoice) return missing(match[1]!);
        if (invoice.status !== 'open')
          return json({ error: { type: 'invalid_request_error', message: 'Only open invoices can be voided.' } }, 400);
        invoice.status = 'void';
        invoice.confirmation_secret = null;
        return remember(invoice);
      }
      if ((match = url.pathname.match(/^\/v1\/invoices\/([^/]+)$/)) && request.method === 'GET') {
        const invoice = invoices.get(match[1]!);
        return invoice ? json(invoice) : missing(match[1]!);
      }
      return json(
        { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${url.pathname})` } },
        404,
      );
    },
  });

  return {
    port: server.port!,
    requests,
    subscriptions,
    invoices,
    payInvoice(invoiceId) {
      const invoice = invoices.get(invoiceId)!;
      invoice.status = 'paid';
      invoice.amount_paid = invoice.amount_due;
      invoice.confirmation_secret = null;
      const sub = subscriptions.get(invoice.parent.subscription_details.subscription)!;
      if (sub.latest_invoice === invoiceId) sub.status = 'active';
      sub.default_payment_method ??= `pm_fake_${++seq}`;
    },
    renew(subscriptionId, outcome) {
      const sub = subscriptions.get(subscriptionId)!;
      const start = sub.items.data[0]!.current_period_end;
      const end = start + (sub.items.data[0]!.price.recurring.interval === 'week' ? 7 : 30) * DAY;
      for (const item of sub.items.data) {
        item.current_period_start = start;
        item.current_period_end = end;
      }
      const invoice = makeInvoice(sub, 'subscription_cycle', start, end);
      if (outcome === 'paid') {
        invoice.status = 'paid';
        invoice.amount_paid = invoice.amount_due;
        invoice.confirmation_secret = null;
        sub.status = 'active';
      } else sub.status = 'past_due';
      return invoice;
    },
    offSessionOutcomes,
    paymentIntents,
    stop: () => server.stop(true),
  };
}
