// Issue 11 rows 3 and 10 in the built product, run as deployed (NODE_ENV=production) with PAYMENTS=test: every
// page announces the test provider, pages carry a Content-Security-Policy and HSTS, personal pages and API
// answers are never stored, and Chromium reports no CSP violation on the pages a visitor, a customer and a
// coach open.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Browser } from 'playwright-core';
import { TEST_PAYMENTS_NOTICE } from '../../api/providers/payments/settings';
import { launchBrowser, newContext, signIn, startProduct, type ProductServer } from '../helpers/browser';

let product: ProductServer;
let browser: Browser;
beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct({ NODE_ENV: 'production', PAYMENTS: 'test', PUBLIC_GOOGLE_MAPS_API_KEY: '' }), launchBrowser()]);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

/** Opens each path (signed in as `email` when given) and answers the CSP violations and page errors seen. */
async function violationsOn(paths: string[], email?: string): Promise<string[]> {
  const guard = await newContext(browser);
  const page = await guard.page();
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) seen.push(`${page.url()}: ${message.text().slice(0, 160)}`);
  });
  page.on('pageerror', (error) => seen.push(`${page.url()}: ${error.message.slice(0, 160)}`));
  if (email) await signIn(page, product.url, email);
  for (const path of paths) {
    await page.goto(product.url + path, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
  }
  expect(guard.offMachine).toEqual([]);
  await guard.context.close();
  return seen;
}

describe('PAYMENTS=test in production', () => {
  test('rendered and prerendered pages say that payments are in test mode', async () => {
    for (const path of ['/', '/about', '/classes']) {
      const html = await (await fetch(product.url + path)).text();
      expect(html).toContain(TEST_PAYMENTS_NOTICE);
    }
    const guard = await newContext(browser);
    const page = await guard.page();
    await page.goto(product.url + '/faq');
    await expect(page.getByRole('status').filter({ hasText: TEST_PAYMENTS_NOTICE }).isVisible()).resolves.toBe(true);
    await guard.context.close();
  });
});

describe('headers', () => {
  test('pages carry a Content-Security-Policy, HSTS in production, and the fixed headers', async () => {
    for (const path of ['/', '/about']) {
      const res = await fetch(product.url + path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      // Stripe and Google Maps are not configured here, so the policy does not allow them.
      expect(csp).not.toContain('stripe');
      expect(csp).not.toContain('googleapis');
      expect(res.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
  });

  test('personal pages and API answers: Cache-Control private, no-store', async () => {
    const login = await fetch(product.url + '/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: product.url },
      body: JSON.stringify({ email: 'customer@fogline.test', password: 'demo-password' }),
    });
    expect(login.headers.get('cache-control')).toBe('private, no-store');
    const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
    for (const path of ['/bookings', '/profile', '/', '/api/user', '/api/bookings']) {
      const res = await fetch(product.url + path, { headers: { cookie }, redirect: 'manual' });
      // Some routes say just no-store, which forbids storing as much.
      const cacheControl = res.headers.get('cache-control') === 'no-store' ? 'private, no-store' : res.headers.get('cache-control');
      expect({ path, status: res.status, cacheControl }).toEqual({ path, status: 200, cacheControl: 'private, no-store' });
    }
  });
});

describe('no CSP violations in Chromium', () => {
  test('a visitor: home, classes, a class, coaches, blog, about, sign in', async () => {
    expect(await violationsOn(['/', '/classes', '/classes/1', '/coaches', '/blog', '/about', '/auth'])).toEqual([]);
  });

  test('a customer: bookings and profile; a coach: my classes, create class, calendar', async () => {
    expect(await violationsOn(['/bookings', '/profile'], 'customer@fogline.test')).toEqual([]);
    expect(await violationsOn(['/my-classes', '/create-class', '/my-calendar'], 'coach@fogline.test')).toEqual([]);
  });
});
