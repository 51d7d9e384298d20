// Outdoor conditions in Chromium (issue 21, the built product with the demo data and WEATHER=sample): the class
// page shows the sample forecast for the class's hour, the AQI with its category and colour, and sunset for a
// class ending near it, once the background job has filled the forecast cache (never on the request).
import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Browser } from 'playwright-core';
import { pacificDay, pacificWallTimeToInstant } from '../../api/lib/pacific';
import { sunsetOn } from '../../api/lib/sun';
import { DESKTOP, launchBrowser, newContext, PHONE, startProduct, type ProductServer } from '../helpers/browser';

let product: ProductServer;
let browser: Browser;

beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

const json = { 'content-type': 'application/json' };

async function signInAs(email: string): Promise<string> {
  const res = await fetch(`${product.url}/api/login`, { method: 'POST', headers: { ...json, origin: product.url }, body: JSON.stringify({ email, password: 'demo-password' }) });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

async function call(cookie: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${product.url}${path}`, { method, headers: { ...json, origin: product.url, cookie }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
}

/** A class by the demo coach at Crissy Field, tomorrow, ending 30 minutes after sunset. */
async function eveningClass(coach: string) {
  const categories = (await call(coach, 'GET', '/api/categories')).body as { id: number }[];
  const day = pacificDay(new Date(Date.now() + 36 * 3_600_000));
  const sunset = sunsetOn(pacificWallTimeToInstant(day, '12:00'))!;
  const start = new Date(Math.round((sunset.getTime() - 30 * 60_000) / 1_800_000) * 1_800_000);
  const created = await call(coach, 'POST', '/api/classes', {
    title: 'Golden Hour Run Club',
    description: 'An easy 5K along the bay at dusk.',
    categoryId: categories[0]!.id,
    location: 'Crissy Field',
    addressLine1: '1199 E Beach',
    city: 'San Francisco',
    state: 'CA',
    zipCode: '94129',
    startTime: start.toISOString(),
    duration: 60,
    capacity: 12,
    price: 0,
    latitude: 37.8039,
    longitude: -122.4648,
  });
  expect(created.status).toBe(201);
  return { id: created.body.id as number, sunset };
}

test('the class page shows the sample forecast, the AQI with its category and colour, and sunset for a class ending near it', async () => {
  const coach = await signInAs('coach@fogline.test');
  const cls = await eveningClass(coach);
  // The job runs every minute: wait for the forecast of the new class to land in the cache.
  const deadline = Date.now() + 90_000;
  while ((await call('', 'GET', `/api/classes/${cls.id}/conditions`)).body.conditions.status !== 'forecast') {
    if (Date.now() > deadline) throw new Error('no forecast within 90 s');
    await Bun.sleep(2_000);
  }
  for (const viewport of [PHONE, DESKTOP]) {
    const { context, page, offMachine } = await (async () => {
      const guarded = await newContext(browser, viewport);
      return { ...guarded, page: await guarded.page() };
    })();
    await page.goto(`${product.url}/classes/${cls.id}`);
    const panel = page.getByRole('region', { name: 'Weather at class time' });
    await expect(panel.getByText('Sample forecast').first().isVisible()).resolves.toBe(true);
    const text = await panel.innerText();
    expect(text).toMatch(/\d+ °F/);
    expect(text).toMatch(/\d+% chance of rain · Wind \d+ mph/);
    expect(text).toMatch(/AQI \d+ · (Good|Moderate)/);
    const chip = panel.getByText(/^AQI \d+/);
    expect(['rgb(0, 228, 0)', 'rgb(255, 255, 0)']).toContain(await chip.evaluate((el) => getComputedStyle(el).backgroundColor));
    const sunsetText = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', hour: 'numeric', minute: '2-digit' }).format(cls.sunset);
    expect(text).toContain(`Sunset ${sunsetText} PT`);
    expect(await page.getByText('Weather policy:').isVisible()).toBe(true);
    await page.screenshot({ path: `/tmp/outdoor-class-${viewport.width}.png`, fullPage: viewport === PHONE });
    expect(offMachine).toEqual([]);
    await context.close();
  }
});
