// A local fake of the parts of Stripe's HTTP API the product uses (PaymentIntents, refunds, Connect accounts
// and account links), on 127.0.0.1: the real `stripe` SDK talks to it, so the Stripe code path is exercised
// without the network. Every request is recorded for assertions.
export interface FakeRequest {
  method: string;
  path: string;
  form: Record<string, string>;
  idempotencyKey: string | null;
  /** The Stripe-Account header: a call made on a connected account's behalf. */
  stripeAccount: string | null;
}

/** A connected account's balance and payouts, as a test sets them. */
export interface FakeBalance {
  available: number;
  pending: number;
  payouts: { id: string; amount: number; status: string; arrival_date: number }[];
}

interface Intent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  application_fee_amount: number | null;
  transfer_data: { destination: string } | null;
  last_payment_error: { message: string } | null;
  amount_refunded: number;
}

export interface FakeStripe {
  port: number;
  requests: FakeRequest[];
  intents: Map<string, Intent>;
  accounts: Map<string, { id: string; details_submitted: boolean; charges_enabled: boolean; payouts_enabled: boolean }>;
  balances: Map<string, FakeBalance>;
  /** What Stripe.js does in the browser when the customer's card is charged. */
  succeed(intentId: string): void;
  stop(): void;
}

export function startFakeStripe(): FakeStripe {
  const requests: FakeRequest[] = [];
  const intents = new Map<string, Intent>();
  const accounts = new Map<string, { id: string; details_submitted: boolean; charges_enabled: boolean; payouts_enabled: boolean }>();
  const byKey = new Map<string, unknown>();
  const balances = new Map<string, FakeBalance>();
  let seq = 0;
  const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { 'request-id': `req_${++seq}` } });
  const missing = (id: string) =>
    json({ error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such object: '${id}'` } }, 404);

  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      const url = new URL(request.url);
      const form = Object.fromEntries(new URLSearchParams(request.method === 'GET' ? url.search : await request.text()));
      const idempotencyKey = request.headers.get('idempotency-key');
      const stripeAccount = request.headers.get('stripe-account');
      requests.push({ method: request.method, path: url.pathname, form, idempotencyKey, stripeAccount });
      if (idempotencyKey && byKey.has(`${url.pathname}:${idempotencyKey}`)) return json(byKey.get(`${url.pathname}:${idempotencyKey}`));
      const remember = (body: unknown) => {
        if (idempotencyKey) byKey.set(`${url.pathname}:${idempotencyKey}`, body);
        return json(body);
      };
      const metadata = Object.fromEntries(
        Object.entries(form)
          .filter(([k]) => k.startsWith('metadata['))
          .map(([k, v]) => [k.slice(9, -1), v]),
      );
      let match: RegExpMatchArray | null;
      if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
        const id = `pi_fake_${++seq}`;
        const intent: Intent = {
          id,
          object: 'payment_intent',
          amount: Number(form.amount),
          currency: form.currency!,
          status: 'requires_payment_method',
          client_secret: `${id}_secret_fake`,
          metadata,
          application_fee_amount: form.application_fee_amount ? Number(form.application_fee_amount) : null,
          transfer_data: form['transfer_data[destination]'] ? { destination: form['transfer_data[destination]'] } : null,
          last_payment_error: null,
          amount_refunded: 0,
        };
        intents.set(id, intent);
        return remember(intent);
      }
      if ((match = url.pathname.match(/^\/v1\/payment_intents\/([^/]+)$/)) && request.method === 'GET') {
        return intents.has(match[1]!) ? json(intents.get(match[1]!)) : missing(match[1]!);
      }
      if ((match = url.pathname.match(/^\/v1\/payment_intents\/([^/]+)\/cancel$/))) {
        const intent = intents.get(match[1]!);
        if (!intent) return missing(match[1]!);
        if (intent.status === 'succeeded') return json({ error: { type: 'invalid_request_error', message: 'already succeeded' } }, 400);
        intent.status = 'canceled';
        return json(intent);
      }
      if (request.method === 'POST' && url.pathname === '/v1/refunds') {
        const intent = intents.get(form.payment_intent!);
        if (!intent || intent.status !== 'succeeded')
          return json({ error: { type: 'invalid_request_error', message: 'not refundable' } }, 400);
        intent.amount_refunded += Number(form.amount);
        return remember({
          id: `re_fake_${++seq}`,
          object: 'refund',
          amount: Number(form.amount),
          payment_intent: intent.id,
          status: 'succeeded',
        });
      }
      if (request.method === 'POST' && url.pathname === '/v1/accounts') {
        const account = {
          id: `acct_fake_${++seq}`,
          object: 'account',
          details_submitted: false,
          charges_enabled: false,
          payouts_enabled: false,
          capabilities: {},
        };
        accounts.set(account.id, account);
        return remember(account);
      }
      if ((match = url.pathname.match(/^\/v1\/accounts\/([^/]+)$/))) {
        const account = accounts.get(match[1]!);
        return account ? json({ object: 'account', capabilities: {}, ...account }) : missing(match[1]!);
      }
      // Balance and payouts of the connected account named by the Stripe-Account header.
      if (request.method === 'GET' && (url.pathname === '/v1/balance' || url.pathname === '/v1/payouts')) {
        const balance = balances.get(stripeAccount ?? '') ?? { available: 0, pending: 0, payouts: [] };
        if (url.pathname === '/v1/payouts') {
          return json({
            object: 'list',
            url: '/v1/payouts',
            has_more: false,
            data: balance.payouts.map((p) => ({ object: 'payout', currency: 'usd', ...p })),
          });
        }
        return json({
          object: 'balance',
          livemode: false,
          available: [{ amount: balance.available, currency: 'usd' }],
          pending: [{ amount: balance.pending, currency: 'usd' }],
        });
      }
      if (request.method === 'POST' && url.pathname === '/v1/account_links') {
        return json({ object: 'account_link', url: `https://connect.stripe.com/setup/e/${form.account}/fake`, expires_at: 0 });
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
    intents,
    accounts,
    balances,
    succeed(intentId) {
      intents.get(intentId)!.status = 'succeeded';
    },
    stop: () => server.stop(true),
  };
}
