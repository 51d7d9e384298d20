// The coach's business screens in Chromium (issue 22), on the demo data with bookings this test makes itself:
// the Earnings page at 390 and 1280 px shows figures that move by exactly the bookings and refund made here
// (85% of price x spots to the coach, nothing kept of a refunded booking), and the CSV has their lines.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { CLASS_EXAMPLE } from '../../api/classes/model';
import { seriousA11yViolations } from '../helpers/axe';
import {
  DESKTOP,
  type GuardedContext,
  launchBrowser,
  newContext,
  PHONE,
  signIn,
  startProduct,
  type ProductServer,
} from '../helpers/browser';
import { testNow } from '../helpers/today';
import { withWaivers } from '../helpers/waivers';

setDefaultTimeout(30_000);
const SHOTS = process.env.SCREENSHOT_DIR;
const DAY = 86_400_000;

let product: ProductServer;
let browser: Browser;
let coach: GuardedContext;
let page: Page;
let coachId: number;
let baseline: { gross: number; refunds: number; net: number };
let soonClass: { id: number; startTime: string };
let fullClass: { id: number; startTime: string };
const KEPT = `Kept Flow ${Date.now().toString(36)}`;
const REFUNDED = `Refunded Flow ${Date.now().toString(36)}`;
const SOON = `Soon Stretch ${Date.now().toString(36)}`;
const FULL = `Full Circle ${Date.now().toString(36)}`;
const pacificDay = (at: Date | string) => new Date(at).toLocaleDateString('en-CA', { timeZone: 'America/Los_Angeles' });

const money = (dollars: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(dollars);
const cents = (dollars: number) => Math.round(dollars * 100);

async function shot(p: Page, name: string, fullPage = true) {
  if (SHOTS) await p.screenshot({ path: join(SHOTS, `${name}.png`), fullPage });
}

/** A one-time class of the signed-in coach (the documented class example: $25) a week from now unless told. */
async function newClass(title: string, extra: Record<string, unknown> = {}): Promise<number> {
  const startTime = new Date(testNow() + 7 * DAY).toISOString();
  const res = await page.request.post(`${product.url}/api/classes`, {
    data: { ...CLASS_EXAMPLE, recurrence: null, title, startTime, ...extra },
    headers: { origin: product.url },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).id;
}

async function payFor(customer: Page, classId: number, quantity: number): Promise<number> {
  const headers = { origin: product.url };
  const intent = await customer.request.post(`${product.url}/api/payment/create-intent`, {
    data: withWaivers({ classId, quantity, amount: 26.25 * quantity }),
    headers,
  });
  expect(intent.status()).toBe(200);
  const { id, clientSecret, bookingId } = await intent.json();
  const paid = await customer.request.post(`${product.url}/api/payment/test-provider/pay`, {
    data: { paymentIntentId: id, clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' },
    headers,
  });
  expect(paid.status()).toBe(200);
  return bookingId;
}

async function earnings(): Promise<any> {
  const res = await page.request.get(`${product.url}/api/coaches/${coachId}/earnings`);
  expect(res.status()).toBe(200);
  return res.json();
}

beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
  coach = await newContext(browser, PHONE);
  page = await coach.page();
  await signIn(page, product.url, 'coach@fogline.test');
  coachId = (await (await page.request.get(`${product.url}/api/user`)).json()).id;
  baseline = (await earnings()).summary;
  // A new customer pays for 2 spots of one class, and for 1 spot of another that they cancel a week ahead.
  const customerContext = await newContext(browser);
  const customer = await customerContext.page();
  const email = `earner-${Date.now()}@example.test`;
  const registered = await customer.request.post(`${product.url}/api/register`, {
    data: { firstName: 'Robin', lastName: 'Vale', email, phone: '+14155550177', password: 'correct-horse-9', role: 'customer' },
    headers: { origin: product.url },
  });
  expect(registered.status()).toBe(201);
  await payFor(customer, await newClass(KEPT), 2);
  const refundedId = await payFor(customer, await newClass(REFUNDED), 1);
  const cancel = await customer.request.put(`${product.url}/api/bookings/${refundedId}/cancel`, { headers: { origin: product.url } });
  expect(cancel.status()).toBe(200);
  // A free class starting in 15 minutes, booked for two named people: the dashboard's roster shows them.
  const soonStart = new Date(testNow() + 15 * 60_000).toISOString();
  soonClass = { id: await newClass(SOON, { price: 0, startTime: soonStart }), startTime: soonStart };
  const free = await customer.request.post(`${product.url}/api/bookings/free`, {
    data: withWaivers({ classId: soonClass.id, quantity: 2, attendees: [{ name: 'Juniper Lake' }, { name: 'Otis Fern' }] }),
    headers: { origin: product.url },
  });
  expect(free.status()).toBe(201);
  // A free class of 2 spots in two days, booked full.
  const fullStart = new Date(testNow() + 2 * DAY).toISOString();
  fullClass = { id: await newClass(FULL, { price: 0, capacity: 2, startTime: fullStart }), startTime: fullStart };
  const both = await customer.request.post(`${product.url}/api/bookings/free`, {
    data: withWaivers({ classId: fullClass.id, quantity: 2, attendees: [{ name: 'Juniper Lake' }, { name: 'Otis Fern' }] }),
    headers: { origin: product.url },
  });
  expect(both.status()).toBe(201);
  await customerContext.context.close();
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe('Earnings', () => {
  test('the API moved by exactly the bookings and the refund made here', async () => {
    const after = (await earnings()).summary;
    expect(cents(after.gross) - cents(baseline.gross)).toBe(7500); // $25 x 2 + $25 x 1
    expect(cents(after.refunds) - cents(baseline.refunds)).toBe(2500); // the cancelled spot, price part
    expect(cents(after.net) - cents(baseline.net)).toBe(4250); // 85% of $50; nothing of the refunded $25
  });

  test('on a phone: the totals, the payout state, per month and per class with the same figures', async () => {
    const after = (await earnings()).summary;
    await page.goto(`${product.url}/earnings`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Earnings', level: 1 }).waitFor();
    const totals = page.getByRole('region', { name: 'Totals' });
    expect(await totals.getByText(money(after.net), { exact: true }).first().isVisible()).toBe(true);
    expect(await totals.getByText(money(after.gross), { exact: true }).first().isVisible()).toBe(true);
    // The demo coach has not set up payouts; the page says it is the test provider.
    expect(await page.getByText('Test provider').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Set up payouts' }).isVisible()).toBe(true);
    const kept = page.getByRole('listitem').filter({ hasText: KEPT });
    expect(await kept.textContent()).toContain('$42.50');
    expect(await kept.textContent()).toContain('gross $50.00');
    const refunded = page.getByRole('listitem').filter({ hasText: REFUNDED });
    expect(await refunded.textContent()).toContain('refunded $25.00');
    expect(await refunded.textContent()).toContain('$0.00');
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'earnings-390');
  });

  test('on a desktop, the same page in four columns', async () => {
    const desktop = await newContext(browser, DESKTOP);
    const p = await desktop.page();
    await signIn(p, product.url, 'coach@fogline.test');
    await p.goto(`${product.url}/earnings`, { waitUntil: 'networkidle' });
    await p.getByRole('heading', { name: 'By month' }).waitFor();
    await shot(p, 'earnings-1280');
    await desktop.context.close();
  });

  test('Export CSV downloads the lines of these bookings', async () => {
    const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    const res = await page.request.get(`${product.url}${href}`);
    expect(res.headers()['content-type']).toContain('text/csv');
    const text = await res.text();
    expect(text.split('\r\n').find((line) => line.includes(KEPT))).toContain(',Robin Vale,2,confirmed,50.00,2.50,0.00,0.00,7.50,42.50');
    expect(text.split('\r\n').find((line) => line.includes(REFUNDED))).toContain(
      ',Robin Vale,1,cancelled,25.00,1.25,26.25,25.00,0.00,0.00',
    );
  });

  test('the coach menu links to Earnings', async () => {
    await page.goto(`${product.url}/profile`, { waitUntil: 'networkidle' });
    await page.locator('summary[aria-label="Open menu"]').click();
    expect(await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Earnings' }).isVisible()).toBe(true);
  });
});

describe('the coach lands on their dashboard', () => {
  test('signing in with the form at 390 px lands on /dashboard: today with rosters, this week earnings', async () => {
    const phone = await newContext(browser, PHONE);
    const p = await phone.page();
    await p.goto(`${product.url}/auth`, { waitUntil: 'networkidle' });
    await p.getByLabel('Email').fill('coach@fogline.test');
    await p.getByLabel('Password', { exact: true }).fill('demo-password');
    await p.getByRole('button', { name: 'Sign In', exact: true }).click();
    await p.waitForURL(`${product.url}/dashboard`);
    await p.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    // The class made above is today's unless it crossed Pacific midnight in the 15 minutes (then it is tomorrow's).
    if (pacificDay(soonClass.startTime) === pacificDay(new Date(testNow()))) {
      const roster = p.getByRole('list', { name: `Roster of ${SOON}` });
      await roster.waitFor();
      expect(await roster.getByRole('listitem').allTextContents()).toEqual(['Juniper Lake', 'Otis Fern']);
      expect(await p.getByRole('listitem').filter({ hasText: SOON }).getByText('2/12 booked').isVisible()).toBe(true);
    }
    // This week (Sunday to Saturday, Pacific): the same net as the API says.
    const today = new Date(`${pacificDay(new Date(testNow()))}T12:00:00Z`);
    const sunday = new Date(today.getTime() - today.getUTCDay() * DAY);
    const saturday = new Date(sunday.getTime() + 6 * DAY);
    const res = await p.request.get(
      `${product.url}/api/coaches/${coachId}/earnings?from=${sunday.toISOString().slice(0, 10)}&to=${saturday.toISOString().slice(0, 10)}`,
    );
    const week = (await res.json()).summary;
    const card = p.getByRole('region', { name: "This week's earnings" });
    await card.getByText(money(week.net), { exact: true }).waitFor();
    expect(await seriousA11yViolations(p)).toEqual([]);
    await shot(p, 'dashboard-390');
    await p.setViewportSize(DESKTOP);
    await shot(p, 'dashboard-1280');
    await phone.context.close();
  });

  test('a customer still lands on the home page', async () => {
    const ctx = await newContext(browser, PHONE);
    const p = await ctx.page();
    await p.goto(`${product.url}/auth`, { waitUntil: 'networkidle' });
    await p.getByLabel('Email').fill('customer@fogline.test');
    await p.getByLabel('Password', { exact: true }).fill('demo-password');
    await p.getByRole('button', { name: 'Sign In', exact: true }).click();
    await p.waitForURL(`${product.url}/`);
    await ctx.context.close();
  });
});

describe('My Calendar on a phone', () => {
  test('opens on the agenda: days from today, each session with booked/capacity and Full', async () => {
    await page.goto(`${product.url}/my-calendar`, { waitUntil: 'networkidle' });
    expect(await page.getByRole('button', { name: 'Agenda' }).getAttribute('aria-pressed')).toBe('true');
    const row = page.getByRole('button', { name: new RegExp(FULL) });
    await row.waitFor();
    expect(await row.textContent()).toContain('2/2 booked');
    expect(await row.getByText('Full', { exact: true }).isVisible()).toBe(true);
    // The first day heading is today's when the coach teaches today (the class made above, unless it crossed midnight).
    if (pacificDay(soonClass.startTime) === pacificDay(new Date(testNow()))) {
      expect(await page.getByRole('heading', { level: 3 }).first().textContent()).toStartWith('Today · ');
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'calendar-agenda-390');
    await row.click();
    await page.getByRole('dialog').getByRole('heading', { name: FULL }).waitFor();
    await page.keyboard.press('Escape');
  });

  test('the day view steps day by day to the full class', async () => {
    await page.goto(`${product.url}/my-calendar?view=day`, { waitUntil: 'networkidle' });
    await page
      .locator('#day-title')
      .getByText(/^Today · /)
      .waitFor();
    const days = Math.round(
      (Date.parse(`${pacificDay(fullClass.startTime)}T12:00:00Z`) - Date.parse(`${pacificDay(new Date(testNow()))}T12:00:00Z`)) / DAY,
    );
    for (let i = 0; i < days; i++) await page.getByRole('button', { name: 'Next day' }).click();
    await page.getByRole('button', { name: new RegExp(FULL) }).waitFor();
    await shot(page, 'calendar-day-390');
  });

  test('the month grid stays one tap away', async () => {
    await page.getByRole('button', { name: 'Month' }).click();
    await page.getByRole('grid').waitFor();
    expect(new URL(page.url()).searchParams.get('view')).toBe('month');
  });
});

describe('My Classes: Upcoming and Past', () => {
  test('Upcoming shows each class with its next session booked/capacity and Full; Past leaves it out', async () => {
    await page.goto(`${product.url}/my-classes`, { waitUntil: 'networkidle' });
    expect(await page.getByRole('tab', { name: 'Upcoming' }).getAttribute('aria-selected')).toBe('true');
    let card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: FULL, exact: true }) });
    while (!(await card.count()) && (await page.getByRole('button', { name: /Load more/ }).count()))
      await page.getByRole('button', { name: /Load more/ }).click();
    await card.waitFor();
    expect(await card.getByText('2/2 booked').isVisible()).toBe(true);
    expect(await card.getByText('Full', { exact: true }).isVisible()).toBe(true);
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'my-classes-upcoming-390', false);
    await page.getByRole('tab', { name: 'Past' }).click();
    await page.waitForURL(/tab=past/);
    await page.getByRole('tabpanel').waitFor();
    await page.waitForLoadState('networkidle');
    card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: FULL, exact: true }) });
    expect(await card.count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'my-classes-past-390');
  });
});

describe('Customers, by customer', () => {
  test('search finds a customer by an attendee name; their card and their own page show bookings and names', async () => {
    await page.goto(`${product.url}/customers`, { waitUntil: 'networkidle' });
    expect(await page.getByRole('button', { name: 'By customer' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByLabel('Search customers').fill('juniper');
    const card = page.getByRole('link').filter({ hasText: 'Robin Vale' });
    await card.waitFor();
    expect(await card.textContent()).toContain('3 bookings');
    expect(await card.textContent()).toContain('Attendees: Juniper Lake, Otis Fern');
    expect(await card.textContent()).toContain('6 spots');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'customers-390');
    await card.click();
    await page.getByRole('heading', { name: 'Robin Vale', level: 1 }).waitFor();
    const list = page.getByRole('region', { name: 'Bookings' });
    for (const title of [KEPT, SOON, FULL]) expect(await list.getByRole('link', { name: title }).isVisible()).toBe(true);
    expect(await list.getByRole('link', { name: REFUNDED }).count()).toBe(0); // cancelled: not a customer booking
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'customer-390');
  });
});

describe('accessibility of the coach screens', () => {
  test('no serious axe violations on a phone, light and dark', async () => {
    await page.goto(`${product.url}/dashboard`, { waitUntil: 'networkidle' });
    for (const theme of ['light', 'dark']) {
      await page.evaluate((t) => localStorage.setItem('theme', t), theme);
      for (const [path, ready] of [
        ['/dashboard', 'Today'],
        ['/earnings', 'By month'],
        ['/my-calendar?view=agenda', 'My Calendar'],
        ['/my-calendar?view=day', 'My Calendar'],
        ['/my-classes?tab=past', 'My Classes'],
        ['/customers', 'Customers'],
      ] as const) {
        await page.goto(`${product.url}${path}`, { waitUntil: 'networkidle' });
        await page.getByRole('heading', { name: ready, exact: true }).first().waitFor();
        expect({ theme, path, problems: await seriousA11yViolations(page) }).toEqual({ theme, path, problems: [] });
      }
    }
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
  });
});
