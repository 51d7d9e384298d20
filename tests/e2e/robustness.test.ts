// Robustness of the pages (runtime contract: never a stack trace, never a 500 for bad input): every route of the
// route table, requested with malformed ids and queries as a visitor and as each demo account, against the built
// product. Plain fetch, no browser: the server's answer is what is judged.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startProduct, type ProductServer } from '../helpers/browser';
import { inPool, pageProblems } from '../helpers/fuzz';

let product: ProductServer;
const cookies: Record<string, string> = {};
const ACCOUNTS = ['admin', 'coach', 'newcoach', 'customer'] as const;

beforeAll(async () => {
  product = await startProduct();
  for (const account of ACCOUNTS) {
    const res = await fetch(`${product.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: product.url },
      body: JSON.stringify({ email: `${account}@fogline.test`, password: 'demo-password' }),
    });
    if (res.status !== 200) throw new Error(`sign-in of ${account} failed: ${res.status}`);
    cookies[account] = res.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
  }
}, 90_000);
afterAll(() => product?.stop());

const XSS = encodeURIComponent('<script>alert("fog")</script>');
const HUGE = 'z'.repeat(4000);
/** Ids that are not ids: words, signs, overflow, a NUL byte, a broken escape, traversal, unicode, a huge string. */
const BAD_IDS = [
  'abc',
  '-1',
  '0',
  '1.5',
  '1e20',
  '99999999999999999999',
  '%00',
  '%E0%A4%A',
  '..%2F..%2Fetc%2Fpasswd',
  encodeURIComponent('🧘‍♀️ß'),
  HUGE,
  XSS,
];

const PAGES: string[] = [
  // Pages with an id in the path.
  ...BAD_IDS.flatMap((id) => [
    `/classes/${id}`,
    `/coaches/${id}`,
    `/checkout/${id}`,
    `/edit-class/${id}`,
    `/blog/${id}`,
    `/blog/admin/edit/${id}`,
  ]),
  // Query strings of the wrong type on every page that reads one.
  '/classes?date=not-a-date&lat=x&lng=y',
  `/classes?type=abc&category=-1&ageGroup=${XSS}&city=%00&q=${HUGE}`,
  '/classes?date=2024-13-45&lat=1e400&lng=-1e400&type=1e20&category=99999999999999999999',
  '/classes?q=%E0%A4%A&date[]=1&type[a]=b',
  `/coaches?q=${XSS}`,
  '/coaches?q=%00%E0%A4%A',
  `/blog?tag=${XSS}`,
  `/blog?tag=${HUGE}`,
  `/?q=${XSS}&date=yesterday&lat=north`,
  '/review?classId=x&bookingId=y',
  '/review?classId=-1&bookingId=1e20',
  '/review?classId=1&classId=2&bookingId=99999999999999999999',
  '/review',
  '/checkout/1?quantity=abc',
  '/checkout/1?quantity=-5&payment_status=success&payment_intent=..%2F..%2Fx',
  '/checkout/1?quantity=1e20&payment_status=success&payment_intent=pi_test_nope',
  `/auth?tab=${XSS}&role=admin&redirect=javascript:alert(1)`,
  '/auth?tab=reset&token=%E0%A4%A&redirect=%E0%A4%A',
  `/auth?redirect=${encodeURIComponent('//evil.example/x')}&register`,
  '/register?role=admin&redirect=https://evil.example',
  `/reset-password?token=${HUGE}`,
  '/reset-password?token=%00',
  '/forgot-password?email=%E0%A4%A',
  `/login?redirect=${XSS}`,
  '/create-class?edit=abc',
  '/create-class?id=-1',
  '/create-class?edit=99999999999999999999&id=1e20',
  `/admin?tab=${XSS}`,
  '/bookings?refresh=maybe',
  '/profile?success=x&refresh=%00',
  '/my-calendar?month=abc&year=-1',
  '/customers?page=-1',
  '/blog/admin?status=%00',
  '/payouts/test-onboarding?account=..%2F..%2Fx',
  '/payouts/test-onboarding?account=acct_test_ffffffffffffffff',
  `/payouts/test-onboarding?account=${HUGE}`,
  // Unknown and odd paths.
  '/%E0%A4%A',
  '/classes/1/../../etc/passwd',
  '/%2e%2e/%2e%2e/etc/passwd',
  '/uploads/..%2F..%2Fetc%2Fpasswd',
  '/uploads/%00.png',
];

const ACTORS = ['visitor', ...ACCOUNTS] as const;

describe('every page answers malformed ids and queries without a 5xx or a stack trace', () => {
  for (const actor of ACTORS) {
    test(`as ${actor}: ${PAGES.length} malformed page requests`, async () => {
      const tasks = PAGES.map((path) => async () => {
        const res = await fetch(product.url + path, {
          headers: actor === 'visitor' ? {} : { cookie: cookies[actor]! },
          redirect: 'manual',
        });
        const html = await res.text();
        return pageProblems(res.status, html, { reflected: '<script>alert("fog")</script>' }).map(
          (problem) => `${path.slice(0, 120)}: ${problem}`,
        );
      });
      expect((await inPool(tasks, 6)).flat()).toEqual([]);
    }, 90_000);
  }

  test('writes and odd methods on pages (a form posted to the wrong place) are never a 5xx', async () => {
    const CALLS: [string, string][] = [
      ['POST', '/'],
      ['POST', '/classes/1'],
      ['PUT', '/auth'],
      ['DELETE', '/blog'],
      ['POST', '/contact'],
      ['OPTIONS', '/classes'],
      ['PATCH', '/profile'],
      ['HEAD', '/classes/abc'],
      ['POST', '/payouts/test-onboarding?account=x'],
    ];
    const tasks = CALLS.flatMap(([method, path]) =>
      ACTORS.map((actor) => async () => {
        const headers: Record<string, string> = {
          origin: product.url,
          'content-type': 'application/x-www-form-urlencoded',
          ...(actor === 'visitor' ? {} : { cookie: cookies[actor]! }),
        };
        const res = await fetch(product.url + path, {
          method,
          headers,
          body: method === 'HEAD' || method === 'OPTIONS' ? undefined : 'a=b&__proto__[x]=1',
          redirect: 'manual',
        });
        return pageProblems(res.status, await res.text()).map((problem) => `${actor} ${method} ${path}: ${problem}`);
      }),
    );
    expect((await inPool(tasks, 6)).flat()).toEqual([]);
  }, 60_000);

  test('the sessions used above are still signed in after all of it', async () => {
    for (const account of ACCOUNTS) {
      const res = await fetch(`${product.url}/api/user`, { headers: { cookie: cookies[account]! } });
      expect({ account, status: res.status }).toEqual({ account, status: 200 });
    }
  });
});
