// The pages' Content-Security-Policy allows exactly what the settings make the pages load: this server alone
// by default; Stripe, Google Maps, Google profile pictures and the upload bucket only when configured. HSTS
// only in production. (In Chromium: tests/e2e/security.test.ts.)
import { describe, expect, test } from 'bun:test';
import { contentSecurityPolicy, HSTS, pageSecurityHeaders, scriptHash } from './page-headers';

type Settings = Parameters<typeof contentSecurityPolicy>[0];
const NOTHING: Settings = { stripe: null, googleMapsKey: undefined, google: null, s3: null };
const STRIPE = { secretKey: 'sk_test_x', publishableKey: 'pk_test_x', webhookSecret: 'whsec_x' };

/** The policy as directive -> sources. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split('; ').map((part) => {
      const [name, ...sources] = part.split(' ');
      return [name!, sources];
    }),
  );
}

describe('Content-Security-Policy', () => {
  test('with nothing configured: this server only, no framing, no plugins, forms to this site', () => {
    const policy = directives(contentSecurityPolicy(NOTHING));
    expect(policy).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      'frame-src': ["'none'"],
      'worker-src': ["'self'", 'blob:'],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
    });
  });

  test('inline scripts are allowed by their hashes, never by unsafe-inline', () => {
    const policy = directives(contentSecurityPolicy(NOTHING, ['console.log(1)']));
    expect(policy['script-src']).toEqual(["'self'", scriptHash('console.log(1)')]);
  });

  test('Stripe, when configured: Stripe.js, its frames and its API, and nothing of Google', () => {
    const policy = contentSecurityPolicy({ ...NOTHING, stripe: STRIPE });
    const parts = directives(policy);
    expect(parts['script-src']).toContain('https://js.stripe.com');
    expect(parts['frame-src']).toContain('https://js.stripe.com');
    expect(parts['connect-src']).toContain('https://api.stripe.com');
    expect(policy).not.toContain('google');
  });

  test('Google Maps, when configured: the Maps scripts, tiles and API, and nothing of Stripe', () => {
    const policy = contentSecurityPolicy({ ...NOTHING, googleMapsKey: 'maps-key' });
    const parts = directives(policy);
    expect(parts['script-src']).toContain('https://*.googleapis.com');
    expect(parts['img-src']).toContain('https://*.gstatic.com');
    expect(parts['connect-src']).toContain('https://*.googleapis.com');
    expect(policy).not.toContain('stripe');
  });

  test('Google sign-in adds only profile pictures; an S3 bucket adds only its own origin for images', () => {
    const google = directives(
      contentSecurityPolicy({ ...NOTHING, google: { clientId: 'id', clientSecret: 'secret' } as Settings['google'] }),
    );
    expect(google['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://*.googleusercontent.com']);
    expect(google['script-src']).toEqual(["'self'"]);
    const s3 = directives(contentSecurityPolicy({ ...NOTHING, s3: { publicUrl: 'https://cdn.example.test/bucket' } as Settings['s3'] }));
    expect(s3['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.example.test']);
    expect(s3['connect-src']).toEqual(["'self'"]);
  });
});

test('Strict-Transport-Security in production only', () => {
  expect(pageSecurityHeaders({ ...NOTHING, production: true })['strict-transport-security']).toBe(HSTS);
  expect(pageSecurityHeaders({ ...NOTHING, production: false })).not.toHaveProperty('strict-transport-security');
});
