// Chooses the payment provider once per server: Stripe when all three Stripe keys are set, else the test provider.
import type { Db } from '../../../db/client';
import type { Env } from '../../env';
import type { Clock } from '../../lib/clock';
import { createStripeProvider } from './stripe';
import { createTestPaymentProvider, type TestPaymentProvider } from './test';
import type { PaymentProvider } from './types';

export * from './types';

export function createPaymentProvider(env: Env, db: Db, clock: Clock): PaymentProvider {
  if (env.stripe) return createStripeProvider(env.stripe);
  return createTestPaymentProvider(db, clock);
}

export function isTestProvider(provider: PaymentProvider): provider is TestPaymentProvider {
  return provider.kind === 'test' && 'payIntent' in provider;
}
