// Which payment provider runs, decided once at start-up and failing closed in production: with any Stripe
// variable set all three are needed (the server refuses to start, naming what is missing, PAYMENTS=test or not),
// and the built-in test provider (anyone pays with 4242..., its webhook secret is public) runs in production
// only when PAYMENTS=test says so explicitly, which every page then announces.
import { SettingError } from '../../lib/setting-error';

export const STRIPE_VARIABLES = ['STRIPE_SECRET_KEY', 'PUBLIC_STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
}

export interface PaymentSettings {
  /** null: the built-in test provider. */
  stripe: StripeSettings | null;
  /** The test provider runs in production (PAYMENTS=test): the pages show a banner saying so. */
  announceTestPayments: boolean;
}

const ALL_THREE = STRIPE_VARIABLES.join(', ');

export function readPaymentSettings(read: (name: string) => string | undefined, production: boolean): PaymentSettings {
  const mode = read('PAYMENTS');
  if (mode !== undefined && mode !== 'stripe' && mode !== 'test') throw new SettingError(`PAYMENTS must be stripe or test, got "${mode}"`);
  const [secretKey, publishableKey, webhookSecret] = STRIPE_VARIABLES.map(read);
  const missing = STRIPE_VARIABLES.filter((name) => !read(name));
  // A half-set Stripe configuration is a mistake whatever PAYMENTS says: in production it never starts.
  if (missing.length > 0 && missing.length < STRIPE_VARIABLES.length) {
    const message = `Stripe is only partly configured: ${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} missing (${ALL_THREE} are all needed; for the built-in test provider instead, set none of them and PAYMENTS=test).`;
    if (production || mode === 'stripe') throw new SettingError(message);
    if (mode !== 'test') console.warn(`[fogline] ${message} Using the built-in test provider.`);
  }
  if (mode === 'test') return { stripe: null, announceTestPayments: production };
  if (missing.length === 0)
    return {
      stripe: { secretKey: secretKey!, publishableKey: publishableKey!, webhookSecret: webhookSecret! },
      announceTestPayments: false,
    };
  if (production || mode === 'stripe') {
    throw new SettingError(
      `Payments need Stripe${production ? ' in production' : ''}: set ${ALL_THREE}, or PAYMENTS=test to run the built-in test provider (the pages then say so).`,
    );
  }
  return { stripe: null, announceTestPayments: false };
}

/** The banner's words, shown on every page while the test provider runs in production. */
export const TEST_PAYMENTS_NOTICE = 'Test mode: payments use the built-in test provider and no card is charged.';

/** The banner itself: inline styles, so it looks the same on pages built before any setting was known (the
 * prerendered ones get it from api/server.ts, the rendered ones from site/layouts/Base.astro). */
export const TEST_PAYMENTS_BANNER = `<div role="status" data-test-payments style="background:#fef3c7;color:#78350f;padding:0.5rem 1rem;text-align:center;font-size:0.875rem;font-weight:600">${TEST_PAYMENTS_NOTICE}</div>`;
