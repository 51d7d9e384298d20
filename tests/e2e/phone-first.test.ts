// Phone-first browsing and booking (issue 22) in Chromium at 390 px, and at 1280 px where the layout differs:
// the class page's sticky Book bar on the first screen (no layout shift), browse in the page's own scroll with
// the filter summary that opens a sheet, the day strip, time-of-day chips and sorts, and classes that started
// today dimmed and marked Started. Screenshots go to SCREENSHOT_DIR (default: the system's temp folder).
import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { seriousA11yViolations } from '../helpers/axe';
import { acceptWaiver, DESKTOP, newContext, PHONE, signIn } from '../helpers/browser';
import { useProductInBrowser } from '../helpers/pages';
import { testNow } from '../helpers/today';
import { withWaivers } from '../helpers/waivers';

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
  const res = await fetch(`${site.product.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site.product.url },
    body: JSON.stringify({ email: 'coach@fogline.test', password: 'demo-password' }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

let made = 0;
/** A class of the demo coach starting `inMinutes` from now, with a title no other class has. */
async function makeClass(inMinutes: number, fields: Record<string, unknown> = {}): Promise<Listed> {
  const title = `Phonetest ${Date.now().toString(36)} ${++made}`;
  const res = await fetch(`${site.product.url}/api/classes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site.product.url, cookie: await coachCookie() },
    body: JSON.stringify({
      title,
      description: 'A class made for the phone tests.',
      price: 24,
      capacity: 12,
      categoryId: 1,
      duration: 60,
      location: 'Crissy Field',
      address: '1199 E Beach, San Francisco, CA 94129',
      latitude: 37.8039,
      longitude: -122.4645,
      startTime: new Date(testNow() + inMinutes * 60_000).toISOString(),
      ...fields,
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
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!entry.hadRecentInput) w.cls += entry.value;
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
    // A new customer (the demo customer holds the demo coach's class pack, so their bar would offer a credit).
    const person = await newCustomer();
    await signIn(page, site.product.url, person.email, person.password);
    // The customer takes the free class's only spot, so it is full for everyone else, booked for them.
    expect(
      (
        await page.request.post(`${site.product.url}/api/bookings/free`, {
          headers: { origin: site.product.url },
          data: withWaivers({ classId: full.id, quantity: 1, attendees: [{ name: 'Riley Park' }] }),
        })
      ).status(),
    ).toBe(201);
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
    expect((await summary.boundingBox())!.height).toBeLessThan(60); // one line
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
    // The chip of that day: Today is the 2nd button, Tomorrow the 3rd, and so on (26 h ahead is 1 or 2 days on).
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date(testNow()));
    const daysAhead = Math.round((Date.parse(`${day}T12:00:00Z`) - Date.parse(`${today}T12:00:00Z`)) / 86_400_000);
    const chip = days.getByRole('button').nth(daysAhead + 1);
    if (daysAhead === 1) expect(await chip.textContent()).toBe('Tomorrow');
    await chip.click();
    await page.waitForURL((url) => url.searchParams.get('date') === day);
    expect(await chip.getAttribute('aria-pressed')).toBe('true');
    const hour = Number(
      new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', hour: 'numeric', hourCycle: 'h23' }).format(
        new Date(evening.startTime),
      ),
    );
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
    const prices = (await page.getByRole('list', { name: 'Classes' }).getByRole('listitem').allTextContents()).map((text) =>
      Number(/\$(\d+\.\d\d)/.exec(text)![1]),
    );
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    await page.getByLabel('Sort').selectOption('rating');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'rating');
    expect(await page.getByLabel('Sort').locator('option[value="nearest"]').isDisabled()).toBe(true); // no location shared yet
    await guard.context.close();
  });

  test('nearest first with distances on each card, at 390 and 1280 px', async () => {
    for (const [name, viewport] of [
      ['390', PHONE],
      ['1280', DESKTOP],
    ] as const) {
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

let people = 0;
/** A new customer through the public API; answers the session cookie (for API calls) and the credentials. */
async function newCustomer(): Promise<{ email: string; password: string; cookie: string }> {
  const email = `phone-${Date.now()}-${++people}@example.com`;
  const password = 'harbor-lights-2027';
  const headers = { 'content-type': 'application/json', origin: site.product.url };
  expect(
    (
      await fetch(`${site.product.url}/api/register`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ firstName: 'Riley', lastName: 'Park', email, phone: '+14155550123', password, role: 'customer' }),
      })
    ).status,
  ).toBeLessThan(300);
  const login = await fetch(`${site.product.url}/api/login`, { method: 'POST', headers, body: JSON.stringify({ email, password }) });
  return {
    email,
    password,
    cookie: login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; '),
  };
}

/** A signed-in customer's page at `viewport`. */
async function customerPage(viewport = PHONE) {
  const person = await newCustomer();
  const guard = await newContext(site.browser, viewport);
  const page = await guard.page();
  await signIn(page, site.product.url, person.email, person.password);
  return { guard, page, person };
}

async function activeBookings(cookie: string, classId: number): Promise<{ id: number; status: string; quantity: number }[]> {
  return (await fetch(`${site.product.url}/api/bookings?classId=${classId}&active=true`, { headers: { cookie } })).json() as Promise<
    { id: number; status: string; quantity: number }[]
  >;
}

describe('holds only at checkout', () => {
  test('Book Now holds nothing; the checkout holds, says until when, changes the quantity by holding again; the class page offers Change and Release', async () => {
    const cls = await makeClass(5 * 24 * 60);
    const { guard, page, person } = await customerPage();
    await page.goto(`${site.product.url}/classes/${cls.id}`, { waitUntil: 'networkidle' });
    await hydrated(page);
    await page.getByRole('region', { name: 'Booking bar' }).getByRole('link', { name: 'Book Now' }).waitFor();
    expect(await activeBookings(person.cookie, cls.id)).toEqual([]); // the class page holds nothing
    await page.getByRole('region', { name: 'Booking bar' }).getByRole('link', { name: 'Book Now' }).click();
    await page.waitForURL(`${site.product.url}/checkout/${cls.id}?quantity=1`);
    const hold = page.getByTestId('hold-status');
    await hold.getByText(/^Spot held until \d{1,2}:\d{2} (AM|PM) PT$/).waitFor();
    expect(await page.getByTestId('total').textContent()).toBe('$25.20');
    await page.getByRole('button', { name: 'Add a spot' }).click();
    await hold.getByText(/^2 spots held until \d{1,2}:\d{2} (AM|PM) PT$/).waitFor();
    expect(page.url()).toBe(`${site.product.url}/checkout/${cls.id}?quantity=2`);
    expect(await page.getByTestId('total').textContent()).toBe('$50.40');
    expect(await page.getByRole('button', { name: 'Pay $50.40' }).isEnabled()).toBe(true);
    expect((await activeBookings(person.cookie, cls.id)).map((b) => [b.status, b.quantity])).toEqual([['pending', 2]]);
    await hold.scrollIntoViewIfNeeded();
    await shot(page, 'checkout-quantity-390');
    // Back on the class page: never stranded on Complete payment.
    await page.goto(`${site.product.url}/classes/${cls.id}`, { waitUntil: 'networkidle' });
    const card = page.getByRole('region', { name: 'Book this class' });
    await card.getByText('2 spots · Pending payment').waitFor();
    expect(await card.getByRole('link', { name: 'Change spots' }).getAttribute('href')).toBe(`/checkout/${cls.id}?quantity=2`);
    await card.getByRole('button', { name: 'Release spots' }).click();
    await card.getByRole('link', { name: 'Book Now' }).waitFor();
    expect(await activeBookings(person.cookie, cls.id)).toEqual([]);
    await guard.context.close();
  });

  test('spots taken while deciding: the checkout offers the spots left in one tap, and a full class the waitlist in one tap', async () => {
    const cls = await makeClass(5 * 24 * 60 + 30, { capacity: 3 });
    const other = await newCustomer();
    // Someone else holds 2 of the 3 spots.
    const held = await fetch(`${site.product.url}/api/payment/create-intent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.product.url, cookie: other.cookie },
      body: JSON.stringify(withWaivers({ classId: cls.id, quantity: 2, amount: 50.4 })),
    });
    expect(held.status).toBe(200);
    const { guard, page, person } = await customerPage();
    await page.goto(`${site.product.url}/checkout/${cls.id}?quantity=3`, { waitUntil: 'networkidle' });
    const choice = page.getByRole('alert').filter({ hasText: 'Only 1 spot left' });
    await choice.waitFor();
    await shot(page, 'checkout-sold-out-choice-390');
    await choice.getByRole('button', { name: 'Book the 1 spot left' }).click();
    await page
      .getByTestId('hold-status')
      .getByText(/^Spot held until/)
      .waitFor();
    expect((await activeBookings(person.cookie, cls.id)).map((b) => b.quantity)).toEqual([1]);
    await guard.context.close();

    // Now the class is full for a third customer: the waitlist, in one tap.
    const third = await customerPage();
    await third.page.goto(`${site.product.url}/checkout/${cls.id}?quantity=2`, { waitUntil: 'networkidle' });
    await third.page.getByRole('heading', { name: 'Class is Full' }).waitFor();
    await shot(third.page, 'checkout-full-waitlist-390');
    await third.page.getByRole('button', { name: 'Join the waitlist for 2 spots' }).click();
    await third.page.waitForURL(`${site.product.url}/bookings?tab=waitlist`);
    await third.page.getByRole('listitem', { name: `Waitlist: ${cls.title}` }).waitFor();
    await third.guard.context.close();
  });
});

describe('errors you can see, and after booking', () => {
  test('Pay with an attendee name missing focuses that field, scrolled into view, and announces it; then the confirmation page with calendar, directions and refund terms', async () => {
    const cls = await makeClass(6 * 24 * 60);
    const { guard, page } = await customerPage();
    await page.goto(`${site.product.url}/checkout/${cls.id}?quantity=2`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Payment Details' }).waitFor();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiration (MM / YY)').fill('12 / 40');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay $50.40' }).click();
    const second = page.getByLabel('Attendee 2 name');
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'attendees.1.name');
    expect(await second.getAttribute('aria-invalid')).toBe('true');
    const alert = page.getByRole('alert').filter({ hasText: "Enter each attendee's name." });
    expect(await alert.count()).toBe(1);
    const box = (await second.boundingBox())!;
    expect(box.y).toBeGreaterThan(60);
    expect(box.y + box.height).toBeLessThan(PHONE.height - 60);
    await shot(page, 'checkout-attendee-error-390');
    await second.fill('Jordan Park');
    await acceptWaiver(page); // the checkout's waiver step (issue 24)
    await page.getByRole('button', { name: 'Pay $50.40' }).click();
    await page.waitForURL(/\/bookings\/\d+\?new=1$/, { timeout: 15_000 });
    const bookingId = Number(/\/bookings\/(\d+)/.exec(page.url())![1]);
    await page.getByRole('heading', { level: 1, name: cls.title }).waitFor();
    const main = page.getByRole('main');
    expect(await main.getByText("You're booked!").isVisible()).toBe(true);
    for (const name of ['Riley Park', 'Jordan Park']) expect(await main.getByRole('listitem').filter({ hasText: name }).count()).toBe(1);
    const fullRefundBy = new Date(Date.parse(cls.startTime) - 48 * 3_600_000);
    expect(await page.getByTestId('refund-terms').textContent()).toMatch(
      /^Cancel by .+ PT for a full refund of \$50\.40\. After that, cancelling refunds nothing\.$/,
    );
    expect(await page.getByTestId('refund-terms').textContent()).toContain(
      new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', month: 'long', day: 'numeric', year: 'numeric' }).format(
        fullRefundBy,
      ),
    );
    const google = new URL((await main.getByRole('link', { name: 'Google Calendar' }).getAttribute('href'))!);
    expect(google.origin + google.pathname).toBe('https://calendar.google.com/calendar/render');
    const stamp = (iso: string) =>
      new Date(iso)
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '');
    expect(google.searchParams.get('dates')).toBe(
      `${stamp(cls.startTime)}/${stamp(new Date(Date.parse(cls.startTime) + 3_600_000).toISOString())}`,
    );
    expect(google.searchParams.get('text')).toBe(cls.title);
    const ics = decodeURIComponent((await main.getByRole('link', { name: 'Download .ics' }).getAttribute('href'))!);
    expect(ics).toStartWith('data:text/calendar;charset=utf-8,BEGIN:VCALENDAR');
    expect(ics).toContain(`DTSTART:${stamp(cls.startTime)}`);
    expect(ics).toContain(`UID:booking-${bookingId}@fogline`);
    expect(await main.getByRole('link', { name: 'Subscribe to all my classes' }).getAttribute('href')).toMatch(
      /^webcal:\/\/[\w.]+:\d+\/api\/calendar\/[\w-]+\.ics$/,
    );
    expect(await main.getByRole('link', { name: 'Directions' }).getAttribute('href')).toBe(
      `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent('1199 E Beach, San Francisco, CA 94129')}`,
    );
    expect(await main.getByRole('button', { name: 'Share' }).isVisible()).toBe(true);
    await main.getByRole('heading', { name: 'Add to calendar' }).scrollIntoViewIfNeeded();
    // The payment toast would cover the buttons in the picture: dismissed, as a person would.
    const dismiss = page.getByRole('button', { name: 'Dismiss notification' });
    if (await dismiss.count()) await dismiss.first().click();
    await shot(page, 'confirmation-390');
    await page.setViewportSize(DESKTOP);
    await shot(page, 'confirmation-1280');
    // The header's account menu ("RP Riley") is named "RP Riley, Account menu": its visible text first.
    expect(await seriousA11yViolations(page)).toEqual([]);
    // My Bookings rings the new booking.
    await main.getByRole('link', { name: 'My Bookings' }).click();
    await page.waitForURL(`${site.product.url}/bookings?highlight=${bookingId}`);
    const card = page.locator(`[data-booking-id="${bookingId}"]`);
    await card.getByText('Just booked').waitFor();
    expect(await card.getAttribute('aria-current')).toBe('true');
    await shot(page, 'my-bookings-highlight-1280');
    expect(guard.offMachine).toEqual([]);
    await guard.context.close();
  });

  test('a free class: Book for Free with a name missing focuses that field on the class page, announced', async () => {
    const cls = await makeClass(6 * 24 * 60 + 60, { price: 0 });
    const { guard, page } = await customerPage();
    await page.goto(`${site.product.url}/classes/${cls.id}`, { waitUntil: 'networkidle' });
    await hydrated(page);
    const card = page.getByRole('region', { name: 'Book this class' });
    await card.getByRole('button', { name: 'Add a spot' }).click();
    await card.getByRole('button', { name: 'Book for Free' }).click();
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'attendees.1.name');
    expect(await card.getByRole('alert').filter({ hasText: "Enter each attendee's name." }).count()).toBe(1);
    const box = (await card.getByLabel('Attendee 2 name').boundingBox())!;
    expect(box.y).toBeGreaterThan(60);
    expect(box.y + box.height).toBeLessThan(PHONE.height - 120); // clear of the Book bar and the bottom navigation
    await guard.context.close();
  });

  test("the profile's calendar feed has Subscribe (webcal) and Add to Google Calendar beside Copy", async () => {
    const { guard, page } = await customerPage();
    await page.goto(`${site.product.url}/profile`, { waitUntil: 'networkidle' });
    const card = page.getByRole('region', { name: 'Calendar subscription' });
    await card.getByRole('link', { name: 'Subscribe' }).waitFor();
    const feed = await card.getByLabel('Your calendar link').inputValue();
    expect(await card.getByRole('link', { name: 'Subscribe' }).getAttribute('href')).toBe(feed.replace(/^https?:\/\//, 'webcal://'));
    expect(await card.getByRole('link', { name: 'Add to Google Calendar' }).getAttribute('href')).toBe(
      `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(feed.replace(/^https?:\/\//, 'webcal://'))}`,
    );
    expect(await card.getByRole('button', { name: 'Copy' }).isVisible()).toBe(true);
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'profile-calendar-390');
    await guard.context.close();
  });
});
