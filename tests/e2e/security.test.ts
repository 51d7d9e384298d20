// Issue 11 rows 3 and 10 in the built product, run as deployed (NODE_ENV=production) with PAYMENTS=test: every
// page announces the test provider, pages carry a Content-Security-Policy and HSTS, personal pages and API
// answers are never stored, and Chromium reports no CSP violation on the pages a visitor, a customer and a
// coach open. Inline scripts run only by their hashes: script-src carries no 'unsafe-inline'.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Browser } from 'playwright-core';
import { scriptHash } from '../../api/lib/page-headers';
import { TEST_PAYMENTS_NOTICE } from '../../api/providers/payments/settings';
import { launchBrowser, newContext, signIn, startProduct, type ProductServer } from '../helpers/browser';

let product: ProductServer;
let browser: Browser;
beforeAll(async () => {
  [product, browser] = await Promise.all([
    startProduct({ NODE_ENV: 'production', PAYMENTS: 'test', PUBLIC_GOOGLE_MAPS_API_KEY: '' }),
    launchBrowser(),
  ]);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

/** The session cookie of `email` signed in through the API. */
async function sessionCookie(email: string): Promise<string> {
  const login = await fetch(product.url + '/api/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: product.url },
    body: JSON.stringify({ email, password: 'demo-password' }),
  });
  expect(login.status).toBe(200);
  return login.headers.getSetCookie()[0]!.split(';')[0]!;
}

/** The text of each inline script in `html` (the ones without src). */
function inlineScriptsOf(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([^]*?)<\/script>/g)].map((match) => match[1]!);
}

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
      body: '{}',
    });
    expect(login.headers.get('cache-control')).toBe('private, no-store');
    const cookie = await sessionCookie('customer@fogline.test');
    for (const path of ['/bookings', '/profile', '/', '/about', '/api/user', '/api/bookings', '/api/waitlist', '/api/calendar']) {
      const res = await fetch(product.url + path, { headers: { cookie }, redirect: 'manual' });
      expect({ path, status: res.status, cacheControl: res.headers.get('cache-control') }).toEqual({
        path,
        status: 200,
        cacheControl: 'private, no-store',
      });
    }
  });
});

describe('inline scripts', () => {
  test("script-src has no 'unsafe-inline'; every inline script on the pages is allowed by its hash", async () => {
    const customer = await sessionCookie('customer@fogline.test');
    const coach = await sessionCookie('coach@fogline.test');
    const coachPage = /href="(\/coaches\/\d+)"/.exec(await (await fetch(product.url + '/coaches')).text())![1]!;
    const visits: [string, string][] = [
      ...['/', '/classes', '/classes/1', '/coaches', coachPage, '/blog', '/about', '/faq', '/auth'].map((path): [string, string] => [
        path,
        '',
      ]),
      ['/about', customer], // a prerendered page with the visitor's own header
      ['/bookings', customer],
      ['/create-class', coach],
      ['/payouts/test-onboarding', coach], // carries a page script that Astro inlines
    ];
    const seen = new Set<string>();
    for (const [path, cookie] of visits) {
      const res = await fetch(product.url + path, { headers: cookie ? { cookie } : {} });
      const scriptSrc = /(?:^|;\s*)script-src ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1] ?? '';
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      for (const text of inlineScriptsOf(await res.text())) {
        seen.add(text);
        expect({ path, script: text.slice(0, 60), allowed: scriptSrc.split(' ').includes(scriptHash(text)) }).toEqual({
          path,
          script: text.slice(0, 60),
          allowed: true,
        });
      }
    }
    // The theme, the menus, the image fallbacks, Astro's island element and its load, idle and only loaders, the payout page's script.
    expect(seen.size).toBeGreaterThanOrEqual(8);
  });
});

describe('no CSP violations in Chromium', () => {
  test('a visitor: home, classes, a class, coaches, blog, about, sign in', async () => {
    expect(await violationsOn(['/', '/classes', '/classes/1', '/coaches', '/blog', '/about', '/auth'])).toEqual([]);
  });

  test('a customer: bookings, profile, checkout; a coach: my classes, create and edit class, calendar, roster, customers', async () => {
    const paid = ((await (await fetch(product.url + '/api/classes')).json()) as { id: number; price: number }[]).find(
      (cls) => cls.price > 0,
    )!;
    expect(await violationsOn(['/bookings', '/profile', `/checkout/${paid.id}`], 'customer@fogline.test')).toEqual([]);
    const managed = await fetch(product.url + '/api/classes/managed', { headers: { cookie: await sessionCookie('coach@fogline.test') } });
    const own = ((await managed.json()) as { id: number }[])[0]!;
    expect(
      await violationsOn(
        ['/my-classes', '/create-class', `/edit-class/${own.id}`, '/my-calendar', `/roster/${own.id}`, '/customers'],
        'coach@fogline.test',
      ),
    ).toEqual([]);
  });

  test('an admin: the admin area, customers, blog administration', async () => {
    expect(await violationsOn(['/admin', '/customers', '/blog/admin', '/blog/admin/create'], 'admin@fogline.test')).toEqual([]);
  });
});
