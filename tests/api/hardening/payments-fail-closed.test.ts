// Issue 11 row 3: payments fail closed in production. With any Stripe variable set all three are required, or
// the server refuses to start naming the missing one; the built-in test provider runs in production only with
// PAYMENTS=test (and the pages announce it: tests/e2e/security.test.ts).
import { describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { readPaymentSettings } from '../../../api/providers/payments/settings';

const reader = (vars: Record<string, string>) => (name: string) => vars[name];
const KEYS = { STRIPE_SECRET_KEY: 'sk_test_x', PUBLIC_STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };

describe('readPaymentSettings', () => {
  test('all three Stripe keys: Stripe, in production and elsewhere', () => {
    for (const production of [true, false])
      expect(readPaymentSettings(reader(KEYS), production).stripe).toEqual({
        secretKey: 'sk_test_x',
        publishableKey: 'pk_test_x',
        webhookSecret: 'whsec_x',
      });
  });

  test('production with some keys: refuses, naming each missing one', () => {
    const { STRIPE_WEBHOOK_SECRET: _w, ...twoKeys } = KEYS;
    expect(() => readPaymentSettings(reader(twoKeys), true)).toThrow(/STRIPE_WEBHOOK_SECRET is missing/);
    expect(() => readPaymentSettings(reader({ STRIPE_SECRET_KEY: 'sk' }), true)).toThrow(
      /PUBLIC_STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET are missing/,
    );
    // PAYMENTS=test does not excuse a half-set Stripe configuration.
    expect(() => readPaymentSettings(reader({ ...twoKeys, PAYMENTS: 'test' }), true)).toThrow(/STRIPE_WEBHOOK_SECRET is missing/);
  });

  test('production without keys: refuses unless PAYMENTS=test, which is announced', () => {
    expect(() => readPaymentSettings(reader({}), true)).toThrow(/PAYMENTS=test/);
    expect(readPaymentSettings(reader({ PAYMENTS: 'test' }), true)).toEqual({ stripe: null, announceTestPayments: true });
  });

  test('development: no keys is the test provider, unannounced; PAYMENTS=stripe insists on the keys; other values are refused', () => {
    expect(readPaymentSettings(reader({}), false)).toEqual({ stripe: null, announceTestPayments: false });
    expect(readPaymentSettings(reader({ STRIPE_SECRET_KEY: 'sk', PAYMENTS: 'test' }), false)).toEqual({
      stripe: null,
      announceTestPayments: false,
    });
    expect(() => readPaymentSettings(reader({ PAYMENTS: 'stripe' }), false)).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => readPaymentSettings(reader({ PAYMENTS: 'fake' }), false)).toThrow(/PAYMENTS must be stripe or test/);
  });
});

describe('the production server', () => {
  async function start(env: Record<string, string>) {
    const dataDir = mkdtempSync(join(tmpdir(), 'fogline-pay-'));
    const child = Bun.spawn(['bun', 'api/main.ts'], {
      cwd: resolve(import.meta.dir, '../../..'),
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: '0',
        WORKERS: '1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SEED: 'none',
        PAYMENTS: '',
        ...env,
      },
      stdout: 'pipe',
      stderr: 'pipe',
    });
    const code = await Promise.race([child.exited, Bun.sleep(20_000).then(() => 'running' as const)]);
    child.kill();
    await child.exited;
    rmSync(dataDir, { recursive: true, force: true });
    return { code, stderr: await new Response(child.stderr).text() };
  }

  test('refuses to start with two of the three Stripe keys, naming the missing one', async () => {
    const { code, stderr } = await start({
      STRIPE_SECRET_KEY: 'sk_test_x',
      PUBLIC_STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_WEBHOOK_SECRET: '',
    });
    expect(code).not.toBe(0);
    expect(code).not.toBe('running');
    expect(stderr).toContain('STRIPE_WEBHOOK_SECRET is missing');
  }, 30_000);

  test('refuses to start without Stripe keys or PAYMENTS=test', async () => {
    const { code, stderr } = await start({ STRIPE_SECRET_KEY: '', PUBLIC_STRIPE_PUBLISHABLE_KEY: '', STRIPE_WEBHOOK_SECRET: '' });
    expect(code).not.toBe(0);
    expect(stderr).toContain('PAYMENTS=test');
  }, 30_000);
});
