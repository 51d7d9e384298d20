// Phone-first browsing and booking (issue 22) in Chromium at 390 px, and at 1280 px where the layout differs:
// the class page's sticky Book bar on the first screen (no layout shift), browse in the page's own scroll with
// the filter summary that opens a sheet, the day strip, time-of-day chips and sorts, and classes that started
// today dimmed and marked Started. Screenshots go to SCREENSHOT_DIR (default: the system's temp folder).
import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { DESKTOP, newContext, PHONE, signIn } from '../helpers/browser';
import { useProductInBrowser } from '../helpers/pages';

setDefaultTimeout(60_000);

const site = useProductInBrowser({ PUBLIC_GOOGLE_MAPS_API_KEY: '' });
const shot = (page: Page, name: string) => page.screenshot({ path: join(process.env.SCREENSHOT_DIR ?? tmpdir(), `issue22-${name}.png`) });

interface Listed {
  id: number;
  title: string;
  price: number;
  spotsLeft: number;
  capacity: number;
  startTime: string;
  coach: { rating: number | null } | null;
}

/** The demo coach's cookie, to make the classes a test needs through the API. */
async function coachCookie(): Promise<string> {
  const res = await fetch(`${site.product.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: site.product.url }, body: JSON.stringify({ email: 'coach@fogline.test', password: 'demo-password' }) });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
}

let made = 0;
/** A class of the demo coach starting `inMinutes` from now, with a title no other class has. */
async function makeClass(inMinutes: number, fields: Record<string, unknown> = {}): Promise<Listed> {
  const title = `Phonetest ${Date.now().toString(36)} ${++made}`;
  const res = await fetch(`${site.product.url}/api/classes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site.product.url, cookie: await coachCookie() },
    body: JSON.stringify({
      title, description: 'A class made for the phone tests.', price: 24, capacity: 12, categoryId: 1, duration: 60, location: 'Crissy Field',
      address: '1199 E Beach, San Francisco, CA 94129', latitude: 37.8039, longitude: -122.4645, startTime: new Date(Date.now() + inMinutes * 60_000).toISOString(), ...fields,
    }),
  });
  expect(res.status).toBe(201);
  return ((await (await fetch(`${site.product.url}/api/classes?q=${encodeURIComponent(title)}`)).json()) as Listed[])[0]!;
}

/** Records layout shifts from the first paint on (the Cumulative Layout Shift a visitor would feel). */
async function recordLayoutShift(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const w = window as unknown as { cls: number };
    w.cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!entry.hadRecentInput) w.cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { cls: number }).cls);
}

const hydrated = (page: Page) => page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);

describe('the class page on a phone', () => {
  test('the first screen shows title, date, price and rating, and a sticky Book bar above the bottom navigation, with no layout shift', async () => {
    const cls = await makeClass(3 * 24 * 60);
    const guard = await newContext(site.browser, PHONE);
    const page = await guard.page();
    const cls0 = await recordLayoutShift(page);
    await page.goto(`${site.product.url}/classes/${cls.id}`, { waitUntil: 'networkidle' });
    await hydrated(page);
    const inFirstScreen = async (locator: ReturnType<Page['locator']>) => {
      const box = (await locator.boundingBox())!;
      return box.y >= 0 && box.y + box.height <= PHONE.height;
    };
    expect(await inFirstScreen(page.getByRole('heading', { level: 1, name: cls.title }))).toBe(true);
    expect(await inFirstScreen(page.getByTestId('class-price-line'))).toBe(true);
    expect(await page.getByTestId('class-price-line').textContent()).toMatch(/\$24\.00 per person.*(\d\.\d \(\d+\)|No reviews yet)/);
    const bar = page.getByRole('region', { name: 'Booking bar' });
    expect(await bar.textContent()).toContain('$24.00 per person12 spots left');
    const barBox = (await bar.boundingBox())!;
    const navBox = (await page.getByRole('navigation', { name: 'Bottom' }).boundingBox())!;
    expect(Math.abs(barBox.y + barBox.height - navBox.y)).toBeLessThanOrEqual(1); // sits right on the bottom navigation
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('[data-testid="book-bar"]')!).position)).toBe('fixed');
    // A visitor: the bar's Book Now signs them in first, then back to this class.
    expect(await bar.getByRole('link', { name: 'Book Now' }).getAttribute('href')).toBe(`/auth?redirect=/classes/${cls.id}`);
    await shot(page, 'class-page-390');
    // Still in reach far down the page.
    await page.mouse.wheel(0, 2000);
    await page.waitForTimeout(300);
    expect(await bar.isVisible()).toBe(true);
    expect(await cls0()).toBe(0);
    await guard.context.close();
  });

  test('a signed-in customer: the bar books the chosen spots at the checkout, a full class offers Join Waitlist, a booked one says so', async () => {
    const cls = await makeClass(4 * 24 * 60);
    const full = await makeClass(4 * 24 * 60 + 30, { capacity: 1, price: 0 });
    const guard = await newContext(site.browser, PHONE);
    const page = await guard.page();
    await signIn(page, site.product.url, 'customer@fogline.test');
    // The demo customer takes the free class's only spot, so it is full for everyone else, booked for them.
    expect((await page.request.post(`${site.product.url}/api/bookings/free`, { headers: { origin: site.product.url }, data: { classId: full.id, quantity: 1, attendees: [{ name: 'Casey Customer' }] } })).status()).toBe(201);
    const cls0 = await recordLayoutShift(page);
    await page.goto(`${site.product.url}/classes/${cls.id}`, { waitUntil: 'networkidle' });
    await hydrated(page);
    const bar = page.getByRole('region', { name: 'Booking bar' });
    await bar.getByRole('link', { name: 'Book Now' }).waitFor();
    await page.getByRole('region', { name: 'Book this class' }).getByRole('button', { name: 'Add a spot' }).click();
    expect(await bar.getByRole('link', { name: 'Book Now' }).getAttribute('href')).toBe(`/checkout/${cls.id}?quantity=2`);
    expect(await cls0()).toBe(0);
    await page.goto(`${site.product.url}/classes/${full.id}`, { waitUntil: 'networkidle' });
    await bar.getByRole('link', { name: 'View booking' }).waitFor();
    expect(await bar.textContent()).toContain("You're booked");
    await guard.context.close();
    // Anyone else finds it full: the bar's Join Waitlist takes them to the card's waitlist controls.
    const visitor = await newContext(site.browser, PHONE);
    const other = await visitor.page();
    await other.goto(`${site.product.url}/classes/${full.id}`, { waitUntil: 'networkidle' });
    const otherBar = other.getByRole('region', { name: 'Booking bar' });
    expect(await otherBar.getByRole('link', { name: 'Join Waitlist' }).getAttribute('href')).toBe('#book');
    expect(await otherBar.textContent()).toContain('Class Full');
    await visitor.context.close();
  });

  test('at 1280 px the side card stays and there is no bar', async () => {
    const cls = await makeClass(3 * 24 * 60 + 60);
    const guard = await newContext(site.browser, DESKTOP);
    const page = await guard.page();
    await page.goto(`${site.product.url}/classes/${cls.id}`, { waitUntil: 'networkidle' });
    await hydrated(page);
    expect(await page.getByRole('region', { name: 'Booking bar' }).count()).toBe(0); // display: none, out of the accessibility tree
    const card = (await page.getByRole('region', { name: 'Book this class' }).boundingBox())!;
    const heading = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
    expect(card.x).toBeGreaterThan(heading.x + 400);
    expect(card.y).toBeLessThan(DESKTOP.height);
    await shot(page, 'class-page-1280');
    await guard.context.close();
  });
});

describe('browsing on a phone', () => {
  test('the filters are one summary line whose chips open the form as a sheet; the list scrolls with the page', async () => {
    const guard = await newContext(site.browser, PHONE);
    const page = await guard.page();
    await page.goto(`${site.product.url}/classes?ageGroup=Adults`, { waitUntil: 'networkidle' });
    await hydrated(page);
    expect(await page.getByRole('search', { name: 'Search classes' }).isVisible()).toBe(false);
    const summary = page.getByTestId('filter-summary');
    expect(((await summary.boundingBox())!.height)).toBeLessThan(60); // one line
    await summary.getByRole('button', { name: 'Adults' }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.waitFor();
    expect(await page.getByLabel('What', { exact: true }).evaluate((el) => el === document.activeElement)).toBe(true);
    await shot(page, 'browse-sheet-390');
    await page.getByLabel('What', { exact: true }).fill('yoga');
    await sheet.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === 'yoga');
    expect(await sheet.count()).toBe(0);
    expect(await summary.textContent()).toContain('"yoga"');
    const list = page.getByRole('list', { name: 'Classes' });
    await list.getByRole('listitem').first().waitFor();
    expect(await list.evaluate((el) => getComputedStyle(el).overflowY)).toBe('visible');
    await guard.context.close();
  });

  test('the day strip (Today, Tomorrow, the next days) and the time-of-day chips narrow the list and the URL', async () => {
    const evening = await makeClass(26 * 60);
    const guard = await newContext(site.browser, PHONE);
    const page = await guard.page();
    await page.goto(`${site.product.url}/classes`, { waitUntil: 'networkidle' });
    await hydrated(page);
    const days = page.getByRole('group', { name: 'Day', exact: true });
    expect((await days.getByRole('button').allTextContents()).slice(0, 3)).toEqual(['Any day', 'Today', 'Tomorrow']);
    expect(await days.getByRole('button').count()).toBe(8);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date(evening.startTime));
    const label = day === new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date(Date.now() + 86_400_000)) ? 'Tomorrow' : 'Today';
    await days.getByRole('button', { name: label }).click();
    await page.waitForURL((url) => url.searchParams.get('date') === day);
    expect(await days.getByRole('button', { name: label }).getAttribute('aria-pressed')).toBe('true');
    const hour = Number(new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', hour: 'numeric', hourCycle: 'h23' }).format(new Date(evening.startTime)));
    const part = hour < 12 ? 'Morning' : hour < 17 ? 'Afternoon' : 'Evening';
    await page.getByRole('group', { name: 'Time of day' }).getByRole('button', { name: part }).click();
    await page.waitForURL((url) => url.searchParams.get('time') === part.toLowerCase());
    await page.getByRole('link', { name: new RegExp(evening.title) }).waitFor();
    await shot(page, 'browse-day-time-390');
    await guard.context.close();
  });

  test('sort by price, then by rating', async () => {
    const { guard, page } = await site.open('/classes', PHONE);
    await page.getByLabel('Sort').selectOption('price');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price');
    await page.waitForFunction(() => !document.querySelector('[aria-label="Classes"][aria-busy="true"]'));
    const prices = (await page.getByRole('list', { name: 'Classes' }).getByRole('listitem').allTextContents()).map((text) => Number(/\$(\d+\.\d\d)/.exec(text)![1]));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    await page.getByLabel('Sort').selectOption('rating');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'rating');
    expect(await page.getByLabel('Sort').locator('option[value="nearest"]').isDisabled()).toBe(true); // no location shared yet
    await guard.context.close();
  });

  test('nearest first with distances on each card, at 390 and 1280 px', async () => {
    for (const [name, viewport] of [['390', PHONE], ['1280', DESKTOP]] as const) {
      const guard = await newContext(site.browser, viewport);
      await guard.context.grantPermissions(['geolocation'], { origin: site.product.url });
      await guard.context.setGeolocation({ latitude: 37.8025, longitude: -122.4485 });
      const page = await guard.page();
      await page.goto(`${site.product.url}/classes`, { waitUntil: 'networkidle' });
      await hydrated(page);
      if (viewport === PHONE) await page.getByRole('button', { name: /^Filters/ }).click();
      await page.getByRole('button', { name: 'Use my location' }).click();
      await page.getByText('Near your location').first().waitFor();
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('sort') === 'nearest');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="distance"]').length > 3);
      const miles = (await page.getByTestId('distance').allTextContents()).map((text) => Number(text.replace(/[^\d.]/g, '')));
      expect(miles).toEqual([...miles].sort((a, b) => a - b));
      expect((await page.getByTestId('distance').first().textContent())!).toMatch(/^· \d+(\.\d)? mi$/);
      await shot(page, `browse-nearest-${name}`);
      await guard.context.close();
    }
  });

  test('a class that started earlier today stays listed, dimmed and marked Started, never with spots left in green', async () => {
    const soon = await makeClass(90);
    const guard = await newContext(site.browser, PHONE);
    const page = await guard.page();
    // The visitor's clock is 10 minutes past the start (the server's is not: it still lists the class either way).
    await page.clock.setFixedTime(new Date(Date.parse(soon.startTime) + 10 * 60_000));
    await page.goto(`${site.product.url}/classes?q=${encodeURIComponent(soon.title)}`, { waitUntil: 'networkidle' });
    await hydrated(page);
    const row = page.getByRole('list', { name: 'Classes' }).getByRole('listitem').filter({ hasText: soon.title });
    await row.getByText('Started', { exact: true }).waitFor();
    expect(await row.textContent()).not.toMatch(/spots left/);
    expect(await row.locator('img').evaluate((el) => getComputedStyle(el).opacity)).toBe('0.5');
    expect(await row.getByRole('link').getAttribute('data-started')).toBe('true');
    await shot(page, 'browse-started-390');
    await guard.context.close();
  });
});
