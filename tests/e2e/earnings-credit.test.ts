// The coach's Earnings page explains coach credit (issue 20, "money stays exact"): a booking given back as credit
// stays a sale, the booking paid with that credit shows "paid with credit you issued" and only its card part as
// gross, and the page says how much credit customers hold. In Chromium at 390 and 1280 px, on a built site served by
// the test server (SCREENSHOT_DIR=... keeps the screenshots).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { SESSION_COOKIE } from '../../api/auth/session';
import { DESKTOP, launchBrowser, newContext, PHONE } from '../helpers/browser';
import type { TestServer } from '../helpers/api';
import { createUser, pageTotal, type SignedIn, startWithCoach } from '../helpers/fixtures';
import { bookPaid, classOf, DAY } from '../api/policies/helpers';

const SHOTS = process.env.SCREENSHOT_DIR;
let server: TestServer;
let browser: Browser;
let coach: SignedIn;

beforeAll(async () => {
  ({ server } = await startWithCoach({ site: true }));
  coach = await createUser(server, 'coach', 'Mira');
  expect((await coach.client.put('/api/coaches/me/policy', { preset: 'strict', creditPercent: 100 })).status).toBe(200);
  const customer = await createUser(server);
  // $20 + $1 by card, cancelled 3 days ahead for 100% credit; then a $30 class paid $21 by that credit, $10.50 by card.
  const given = await bookPaid(customer, (await classOf(server, coach, 2000, 3 * DAY)).id, pageTotal(2000, 1));
  expect((await customer.client.put(`/api/bookings/${given.bookingId}/cancel`, { refundAs: 'credit' })).status).toBe(200);
  await bookPaid(customer, (await classOf(server, coach, 3000, 10 * DAY)).id, 10.5);
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function earningsPage(viewport: { width: number; height: number }): Promise<Page> {
  const guarded = await newContext(browser, viewport);
  const { hostname } = new URL(server.url);
  await guarded.context.addCookies([
    { name: SESSION_COOKIE, value: coach.client.cookies.get(SESSION_COOKIE)!, domain: hostname, path: '/' },
  ]);
  const page = await guarded.page();
  await page.goto(`${server.url}/earnings`, { waitUntil: 'networkidle' });
  return page;
}

describe('the Earnings page with coach credit', () => {
  for (const [name, viewport] of [
    ['390', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    test(`at ${name} px: the credit block and the class lines say why a booking shows less card money`, async () => {
      const page = await earningsPage(viewport);
      const credit = page.getByRole('region', { name: 'Coach credit' });
      expect(await credit.innerText()).toContain('$21.00 given back as credit instead of a refund');
      expect(await credit.innerText()).toContain('$21.00 paid with credit you issued');
      expect(await credit.innerText()).toContain('Customers hold $0.00 of credit with you now');
      const classes = await page.getByRole('region', { name: 'By class' }).innerText();
      expect(classes).toContain('gross $10.00 · fee $1.50 · paid with credit you issued $21.00');
      expect(classes).toContain('given back as credit $21.00');
      // Gross: $20 (kept though given back as credit) + $10 (the card part): counted once.
      expect(await page.getByText('$30.00', { exact: true }).count()).toBeGreaterThan(0);
      if (SHOTS) await page.screenshot({ path: join(SHOTS, `earnings-credit-${name}.png`), fullPage: true });
      await page.context().close();
    }, 60_000);
  }
});
