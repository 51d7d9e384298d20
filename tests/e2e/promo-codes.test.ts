// Promo codes in the browser (issue 20, "Done when"): a coach makes a 20% code with one use for a class of theirs;
// a customer adds it at checkout, sees the discount line and pays the discounted total; the next customer is told
// it is used up; the coach's Promo codes screen shows the use, and edits a code with the same form. Screenshots at 390
// and 1280 px of both screens.
// The test makes its own class, code and customers through the API.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  acceptWaiver,
  DESKTOP,
  launchBrowser,
  newContext,
  payWithCard,
  PHONE,
  signIn,
  startProduct,
  type ProductServer,
} from '../helpers/browser';
import { pacificDay, pacificWallTimeToInstant } from '../../common/pacific';
import { testNow } from '../helpers/today';

const SHOTS = process.env.SCREENSHOT_DIR ?? join(import.meta.dir, '../../data/screenshots/promo-codes');

let product: ProductServer;
let browser: Browser;
let classId: number;
let code: string;

const json = { 'content-type': 'application/json' };

async function signInAs(email: string, password = 'demo-password'): Promise<string> {
  const res = await fetch(`${product.url}/api/login`, {
    method: 'POST',
    headers: { ...json, origin: product.url },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function call(cookie: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${product.url}${path}`, {
    method,
    headers: { ...json, origin: product.url, cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
}

let registered = 0;
async function newCustomerPage(viewport = DESKTOP): Promise<Page> {
  const email = `promo-${Date.now()}-${++registered}@example.com`;
  const password = 'harbor-lights-2027';
  const res = await fetch(`${product.url}/api/register`, {
    method: 'POST',
    headers: { ...json, origin: product.url },
    body: JSON.stringify({ firstName: 'Riley', lastName: 'Park', email, phone: '+14155550123', password, role: 'customer' }),
  });
  expect(res.status).toBeLessThan(300);
  const page = await (await newContext(browser, viewport)).page();
  await signIn(page, product.url, email, password);
  return page;
}

async function applyCode(page: Page, value: string) {
  await page.getByRole('button', { name: 'Add a promo code' }).click();
  await page.getByLabel('Promo code').fill(value);
  await page.getByRole('button', { name: 'Apply' }).click();
}

beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
  mkdirSync(SHOTS, { recursive: true });
  const coach = await signInAs('coach@fogline.test');
  const categories = (await call(coach, 'GET', '/api/categories')).body as { id: number }[];
  const start = pacificWallTimeToInstant(pacificDay(new Date(testNow() + 6 * 86_400_000)), '09:00');
  const created = await call(coach, 'POST', '/api/classes', {
    title: 'Bay Trail Bootcamp',
    description: 'Intervals and bodyweight strength along the water.',
    categoryId: categories[0]!.id,
    location: 'Crissy Field',
    addressLine1: '1199 E Beach',
    city: 'San Francisco',
    state: 'CA',
    zipCode: '94129',
    startTime: start.toISOString(),
    duration: 60,
    capacity: 12,
    price: 25,
    latitude: 37.8039,
    longitude: -122.4648,
  });
  expect(created.status).toBe(201);
  classId = created.body.id;
  code = `BAY${Date.now().toString(36).toUpperCase()}`;
  const made = await call(coach, 'POST', '/api/promo-codes', { code, kind: 'percent', percentOff: 20, maxUses: 1 });
  expect(made.status).toBe(201);
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe('a promo code at checkout', () => {
  test('takes 20% off: the discount is a line, the total and the charge are the discounted amount', async () => {
    const page = await newCustomerPage(DESKTOP);
    await page.goto(`${product.url}/checkout/${classId}?quantity=1`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: /^Pay \$26\.25$/ }).waitFor();
    await applyCode(page, code.toLowerCase());
    await expect(page.getByTestId('discount').textContent()).resolves.toBe('-$5.00');
    expect(await page.getByTestId('promo-applied').textContent()).toContain(`Promo code ${code} applied`);
    expect(await page.getByTestId('service-fee').textContent()).toBe('$1.00');
    expect(await page.getByTestId('total').textContent()).toBe('$21.00');
    await page.getByRole('button', { name: /^Pay \$21\.00$/ }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'checkout-with-code-1280.png'), fullPage: true });

    await payWithCard(page);
    await page.waitForURL(/\/bookings\/\d+\?new=1/, { timeout: 20_000 });
    await page
      .getByTestId('booking-discount')
      .waitFor({ timeout: 15_000 })
      .catch(async (error) => {
        await page.screenshot({ path: join(SHOTS, 'confirmation-on-failure.png'), fullPage: true });
        throw error;
      });
    expect(await page.getByTestId('booking-discount').textContent()).toBe('-$5.00');
    const bookingId = Number(new URL(page.url()).pathname.split('/').pop());
    const booking = (await (await page.request.get(`${product.url}/api/bookings/${bookingId}`)).json()) as Record<string, number>;
    expect(booking).toMatchObject({ subtotal: 25, discount: 5, serviceFee: 1, amount: 21 });
  });

  test('is refused once used up, with the reason under the field, and the price stays whole', async () => {
    const page = await newCustomerPage(PHONE);
    await page.goto(`${product.url}/checkout/${classId}?quantity=1`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: /^Pay \$26\.25$/ }).waitFor();
    await applyCode(page, code);
    const alert = page.getByRole('alert').filter({ hasText: 'This promo code has been used up.' });
    await alert.waitFor();
    expect(await page.getByTestId('discount').count()).toBe(0);
    expect(await page.getByTestId('total').textContent()).toBe('$26.25');
    await page.getByLabel('Promo code').fill('NOSUCHCODE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('alert').filter({ hasText: "We don't recognise that promo code." }).waitFor();
  });

  test('screenshots at 390 px: the checkout with a code applied', async () => {
    const coach = await signInAs('coach@fogline.test');
    const extra = `SUN${Date.now().toString(36).toUpperCase()}`;
    expect(
      (await call(coach, 'POST', '/api/promo-codes', { code: extra, kind: 'amount', amountOffCents: 500, minimumCents: 2000 })).status,
    ).toBe(201);
    const page = await newCustomerPage(PHONE);
    await page.goto(`${product.url}/checkout/${classId}?quantity=1`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: /^Pay \$26\.25$/ }).waitFor();
    await applyCode(page, extra);
    await page.getByTestId('discount').waitFor();
    await page.getByRole('button', { name: /^Pay \$21\.00$/ }).waitFor();
    await page.getByTestId('discount').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'checkout-with-code-390.png'), fullPage: true });
  });
});

describe('a code that covers the whole price', () => {
  test('confirms the booking without a card', async () => {
    const coach = await signInAs('coach@fogline.test');
    const free = `FREE${Date.now().toString(36).toUpperCase()}`;
    expect((await call(coach, 'POST', '/api/promo-codes', { code: free, kind: 'percent', percentOff: 100, maxUses: 1 })).status).toBe(201);
    const page = await newCustomerPage(DESKTOP);
    await page.goto(`${product.url}/checkout/${classId}?quantity=1`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: /^Pay \$26\.25$/ }).waitFor();
    await applyCode(page, free);
    await page.getByText('Your promo code covers the whole price: no card needed.').waitFor();
    expect(await page.getByTestId('total').textContent()).toBe('$0.00');
    expect(await page.getByLabel('Card number').count()).toBe(0);
    if (await page.getByLabel('Emergency contact name').count()) await acceptWaiver(page);
    await page.getByRole('button', { name: 'Confirm booking' }).click();
    await page.waitForURL(/\/bookings\/\d+\?new=1/, { timeout: 20_000 });
    const bookingId = Number(new URL(page.url()).pathname.split('/').pop());
    const booking = (await (await page.request.get(`${product.url}/api/bookings/${bookingId}`)).json()) as Record<string, unknown>;
    expect(booking).toMatchObject({ status: 'confirmed', subtotal: 25, discount: 25, amount: 0 });
  });
});

describe('a promo code on a class pack', () => {
  test('the pass checkout shows the discount line and charges the discounted total', async () => {
    const coach = await signInAs('coach@fogline.test');
    const me = (await call(coach, 'GET', '/api/user')).body as { id: number };
    const pack = await call(coach, 'POST', '/api/passes', {
      kind: 'pack',
      name: 'Bay 10-pack',
      price: 200,
      credits: 10,
      validityDays: 180,
    });
    expect(pack.status).toBe(201);
    const packCode = `PACK${Date.now().toString(36).toUpperCase()}`;
    expect((await call(coach, 'POST', '/api/promo-codes', { code: packCode, kind: 'percent', percentOff: 25 })).status).toBe(201);
    const page = await newCustomerPage(PHONE);
    await page.goto(`${product.url}/passes/${pack.body.id}/buy?coach=${me.id}`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: /^Pay \$210\.00$/ }).waitFor();
    await applyCode(page, packCode);
    await page.getByTestId('discount').waitFor();
    expect(await page.getByTestId('discount').textContent()).toBe('-$50.00');
    expect(await page.getByTestId('total').textContent()).toBe('$157.50');
    await page.getByRole('button', { name: /^Pay \$157\.50$/ }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'pass-checkout-with-code-390.png'), fullPage: true });
    await payWithCard(page);
    await page.waitForURL(/\/wallet/, { timeout: 20_000 });
  });
});

describe("the coach's promo codes", () => {
  test('lists each code with its uses and status; a new code is created and deactivated from the screen', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await (await newContext(browser, viewport)).page();
      await signIn(page, product.url, 'coach@fogline.test');
      await page.goto(`${product.url}/promo-codes`, { waitUntil: 'networkidle' });
      const row = page.getByTestId('promo-code-row').filter({ hasText: code });
      await row.waitFor();
      expect(await row.getByTestId('promo-uses').textContent()).toBe('1 / 1');
      expect(await row.textContent()).toContain('Used up');
      await page.screenshot({ path: join(SHOTS, `coach-codes-${viewport.width}.png`), fullPage: true });
    }

    const page = await (await newContext(browser, DESKTOP)).page();
    await signIn(page, product.url, 'coach@fogline.test');
    await page.goto(`${product.url}/promo-codes`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'New code' }).click();
    const dialog = page.getByRole('dialog');
    const fresh = `FALL${Date.now().toString(36).toUpperCase()}`;
    await dialog.getByLabel('Code').fill(fresh);
    await dialog.getByLabel('Percent off').fill('150');
    await dialog.getByRole('button', { name: 'Create code' }).click();
    await dialog.getByText('The percentage must be a whole number from 1 to 100').waitFor();
    await dialog.getByLabel('Percent off').fill('15');
    await dialog.getByLabel('Total uses (optional)').fill('30');
    await dialog.getByLabel('Once per customer').check();
    await dialog.screenshot({ path: join(SHOTS, 'coach-new-code-1280.png') });
    await dialog.getByRole('button', { name: 'Create code' }).click();
    const row = page.getByTestId('promo-code-row').filter({ hasText: fresh });
    await row.waitFor();
    expect(await row.textContent()).toContain('15% off');
    expect(await row.getByTestId('promo-uses').textContent()).toBe('0 / 30');
    await row.getByRole('button', { name: `Deactivate ${fresh}` }).click();
    await row.getByText('Inactive').waitFor();
  });
});

describe("editing a coach's promo code", () => {
  test('Edit opens the same form with the code as made; a change is saved and the list shows it, a bad value is refused in the words of the API', async () => {
    const coach = await signInAs('coach@fogline.test');
    const editable = `EDIT${Date.now().toString(36).toUpperCase()}`;
    expect((await call(coach, 'POST', '/api/promo-codes', { code: editable, kind: 'percent', percentOff: 10, maxUses: 20 })).status).toBe(
      201,
    );
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await (await newContext(browser, viewport)).page();
      await signIn(page, product.url, 'coach@fogline.test');
      await page.goto(`${product.url}/promo-codes`, { waitUntil: 'networkidle' });
      const row = page.getByTestId('promo-code-row').filter({ hasText: editable });
      await row.getByRole('button', { name: `Edit ${editable}` }).click();
      const dialog = page.getByRole('dialog', { name: `Edit ${editable}` });
      await dialog.waitFor();
      expect(await dialog.getByLabel('Code').inputValue()).toBe(editable);
      expect(await dialog.getByLabel('Code').getAttribute('readonly')).not.toBeNull();
      expect(await dialog.getByLabel('Percent off').inputValue()).toBe(viewport === PHONE ? '10' : '25');
      await page.screenshot({ path: join(SHOTS, `coach-edit-code-${viewport.width}.png`), fullPage: viewport === DESKTOP });
      if (viewport === PHONE) {
        await dialog.getByLabel('Percent off').fill('0');
        await dialog.getByRole('button', { name: 'Save changes' }).click();
        await dialog.getByText('The percentage must be a whole number from 1 to 100').waitFor();
        await dialog.getByLabel('Percent off').fill('25');
        await dialog.getByLabel('Total uses (optional)').fill('');
        await dialog.getByLabel('Once per customer').check();
        await dialog.getByRole('button', { name: 'Save changes' }).click();
        await dialog.waitFor({ state: 'hidden' });
        await page
          .getByTestId('toast')
          .filter({ hasText: `${editable} updated` })
          .waitFor();
        await row.getByText('25% off').waitFor();
        expect(await row.getByTestId('promo-uses').textContent()).toBe('0');
        expect(await row.textContent()).toContain('Once per customer');
        await page.screenshot({ path: join(SHOTS, 'coach-codes-edited-390.png'), fullPage: true });
      }
    }
    const saved = ((await call(coach, 'GET', '/api/promo-codes?limit=100')).body as { code: string }[]).find((c) => c.code === editable);
    expect(saved).toMatchObject({ percentOff: 25, maxUses: null, oncePerCustomer: true, kind: 'percent' });
  });
});

describe('platform codes in the admin panel', () => {
  test("an admin creates a platform code on the panel's Promo codes tab, which says Fogline funds it", async () => {
    const page = await (await newContext(browser, DESKTOP)).page();
    await signIn(page, product.url, 'admin@fogline.test');
    await page.goto(`${product.url}/admin?tab=promo`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Platform promo codes' }).waitFor();
    expect(await page.getByText('Fogline pays for the discount').count()).toBe(1);
    await page.getByRole('button', { name: 'New code' }).click();
    const dialog = page.getByRole('dialog');
    const platform = `FOG${Date.now().toString(36).toUpperCase()}`;
    await dialog.getByLabel('Code').fill(platform);
    await dialog.getByLabel('Percent off').fill('10');
    await dialog.getByRole('button', { name: 'Create code' }).click();
    const row = page.getByTestId('promo-code-row').filter({ hasText: platform });
    await row.waitFor();
    expect(await row.textContent()).toContain('10% off');
    await page.screenshot({ path: join(SHOTS, 'admin-platform-codes-1280.png'), fullPage: true });
  });
});
