// Cancellation policies and coach credit in the browser (issue 20, "Done when"): a customer books a Strict class and,
// cancelling 3 days before, is shown and refunded exactly 50%; on a class whose coach offers credit, they choose
// credit and spend it partly on another class of that coach, the rest by card. The coaches, classes and customers
// are made here through the API (class times relative to the tests' clock); the pass checkout spends coach credit
// wholly and partly. Screenshots at 390 and 1280 px of the pass checkout, the cancel dialog and the coach's policy
// settings.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newContext, payWithCard, PHONE, signIn, startProduct, type ProductServer } from '../helpers/browser';
import { testNow } from '../helpers/today';

const SHOTS = process.env.SCREENSHOT_DIR ?? join(import.meta.dir, '../../data/screenshots/policies');
const json = { 'content-type': 'application/json' };
const HOUR = 3_600_000;

let product: ProductServer;
let browser: Browser;
let strictCoach: { id: number; cookie: string; email: string; password: string };
let creditCoach: { id: number; cookie: string; email: string; password: string };
let categoryId: number;

async function login(email: string, password = 'demo-password'): Promise<string> {
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
async function register(role: 'customer' | 'coach', firstName: string) {
  const email = `policies-${Date.now()}-${++registered}@example.com`;
  const password = 'harbor-lights-2027';
  const res = await fetch(`${product.url}/api/register`, {
    method: 'POST',
    headers: { ...json, origin: product.url },
    body: JSON.stringify({ firstName, lastName: 'Lane', email, phone: '+14155550123', password, role }),
  });
  expect(res.status).toBeLessThan(300);
  return { id: ((await res.json()) as { id: number }).id, email, password };
}

/** A new approved coach with this policy. */
async function coachWith(admin: string, firstName: string, policy: object) {
  const person = await register('coach', firstName);
  expect((await call(admin, 'PUT', `/api/admin/coaches/${person.id}/approve`)).status).toBe(200);
  const cookie = await login(person.email, person.password);
  expect((await call(cookie, 'PUT', '/api/coaches/me/policy', policy)).status).toBe(200);
  return { id: person.id, cookie, email: person.email, password: person.password };
}

/** A one-time adults' class of the coach, starting this many hours from the tests' now, on the hour. */
async function classOf(coach: { cookie: string }, title: string, price: number, startsInHours: number): Promise<number> {
  const start = new Date(Math.ceil((testNow() + startsInHours * HOUR) / HOUR) * HOUR);
  const created = await call(coach.cookie, 'POST', '/api/classes', {
    title,
    description: 'Intervals and bodyweight strength along the water.',
    categoryId,
    location: 'Crissy Field',
    addressLine1: '1199 E Beach',
    city: 'San Francisco',
    state: 'CA',
    zipCode: '94129',
    startTime: start.toISOString(),
    duration: 60,
    capacity: 12,
    price,
    latitude: 37.8039,
    longitude: -122.4648,
  });
  expect(created.status).toBe(201);
  return created.body.id;
}

async function customerPage(viewport = DESKTOP): Promise<Page> {
  const person = await register('customer', 'Riley');
  const page = await (await newContext(browser, viewport)).page();
  await signIn(page, product.url, person.email, person.password);
  return page;
}

/** Pays at checkout with 4242 and answers the new booking's id. */
async function bookAtCheckout(page: Page, classId: number, payLabel: RegExp): Promise<number> {
  await page.goto(`${product.url}/checkout/${classId}?quantity=1`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: payLabel }).waitFor();
  await payWithCard(page);
  await page.waitForURL(/\/bookings\/\d+\?new=1/, { timeout: 20_000 });
  return Number(new URL(page.url()).pathname.split('/').pop());
}

async function openCancelDialog(page: Page, title: string) {
  await page.goto(`${product.url}/bookings`, { waitUntil: 'networkidle' });
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await card.getByRole('button', { name: 'Cancel Booking' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  return dialog;
}

beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
  mkdirSync(SHOTS, { recursive: true });
  const admin = await login('admin@fogline.test');
  categoryId = ((await call(admin, 'GET', '/api/categories')).body as { id: number }[])[0]!.id;
  strictCoach = await coachWith(admin, 'Stella', { preset: 'strict' });
  creditCoach = await coachWith(admin, 'Cormac', { preset: 'strict', creditPercent: 100 });
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe('a Strict class cancelled 3 days before', () => {
  test('the class page and checkout state the terms; the dialog shows exactly 50% and the next deadline in PT; 50% is refunded', async () => {
    const classId = await classOf(strictCoach, 'Strict Sunrise Bootcamp', 30, 3 * 24 + 2);
    const page = await customerPage(DESKTOP);
    await page.goto(`${product.url}/classes/${classId}`, { waitUntil: 'networkidle' });
    const terms = (await page.getByTestId('class-cancellation-policy').textContent()) ?? '';
    expect(terms).toContain('Cancellation policy (Strict)');
    expect(terms).toMatch(/Full refund until .* PT; 50% refund until .* PT; No refund after that/);
    // $30 + $1.50 fee = $31.50 paid; half of it is $15.75.
    const bookingId = await bookAtCheckout(page, classId, /^Pay \$31\.50$/);

    const dialog = await openCancelDialog(page, 'Strict Sunrise Bootcamp');
    const note = (await dialog.getByTestId('refund-note').textContent()) ?? '';
    expect(note).toContain('You will be refunded $15.75, 50% of what you paid');
    expect(note).toMatch(/This applies until .* PT, 48 hours before the class; after that, nothing is refunded\./);
    expect(await dialog.textContent()).toContain('Booked under the Strict cancellation policy');
    expect(await dialog.getByRole('radio').count()).toBe(0);
    await page.screenshot({ path: join(SHOTS, 'cancel-dialog-strict-1280.png') });
    await dialog.getByRole('button', { name: 'Confirm Cancellation' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Booking cancelled' }).waitFor();
    expect(await page.getByTestId('toast').first().textContent()).toContain('$15.75 will be refunded');
    const booking = (await (await page.request.get(`${product.url}/api/bookings/${bookingId}`)).json()) as Record<string, unknown>;
    expect(booking).toMatchObject({ status: 'cancelled', amount: 31.5, refundAmount: 15.75, refundedAsCredit: 0 });
  }, 90_000);
});

describe('credit instead of a refund', () => {
  test('the customer chooses the credit, then spends it partly on another class of that coach with the rest by card', async () => {
    const first = await classOf(creditCoach, 'Credit Coast Run', 20, 3 * 24 + 2);
    const second = await classOf(creditCoach, 'Credit Coast Strength', 30, 10 * 24);
    const page = await customerPage(PHONE);
    await bookAtCheckout(page, first, /^Pay \$21\.00$/);

    const dialog = await openCancelDialog(page, 'Credit Coast Run');
    const card = dialog.getByRole('radio', { name: /Refund to my card: \$10\.50/ });
    const credit = dialog.getByRole('radio', { name: /Credit with my coach: \$21\.00/ });
    expect(await card.getAttribute('aria-checked')).toBe('true');
    await credit.click();
    expect(await credit.getAttribute('aria-checked')).toBe('true');
    await page.screenshot({ path: join(SHOTS, 'cancel-dialog-credit-390.png') });
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: join(SHOTS, 'cancel-dialog-credit-1280.png') });
    await page.setViewportSize(PHONE);
    await dialog.getByRole('button', { name: 'Confirm Cancellation' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Booking cancelled' }).waitFor();
    expect(await page.getByTestId('toast').first().textContent()).toContain('$21.00 is now credit with your coach');

    await page.goto(`${product.url}/wallet`, { waitUntil: 'networkidle' });
    expect(await page.getByTestId('coach-credit').textContent()).toContain('$21.00');

    // $30 + $1.50 = $31.50: $21.00 of credit, $10.50 by card.
    await page.goto(`${product.url}/checkout/${second}?quantity=1`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: /^Pay \$10\.50$/ }).waitFor();
    expect(await page.getByTestId('total').textContent()).toBe('$31.50');
    expect(await page.getByTestId('credit-applied').textContent()).toBe('-$21.00');
    expect(await page.getByTestId('amount-due').textContent()).toBe('$10.50');
    expect(await page.getByTestId('checkout-policy').textContent()).toContain('Cancellation policy: Strict');
    await page.screenshot({ path: join(SHOTS, 'checkout-credit-390.png'), fullPage: true });
    await payWithCard(page);
    await page.waitForURL(/\/bookings\/\d+\?new=1/, { timeout: 20_000 });
    const bookingId = Number(new URL(page.url()).pathname.split('/').pop());
    const booking = (await (await page.request.get(`${product.url}/api/bookings/${bookingId}`)).json()) as Record<string, unknown>;
    expect(booking).toMatchObject({ status: 'confirmed', amount: 31.5, creditApplied: 21 });
    const wallet = (await (await page.request.get(`${product.url}/api/wallet`)).json()) as { coachCredit: { totalCents: number } };
    expect(wallet.coachCredit.totalCents).toBe(0);

    // The admin's user page says how each was paid: the split, and the first one given back as credit.
    const customerId = ((await (await page.request.get(`${product.url}/api/user`)).json()) as { id: number }).id;
    for (const [viewport, width] of [
      [PHONE, 390],
      [DESKTOP, 1280],
    ] as const) {
      const admin = await (await newContext(browser, viewport)).page();
      await signIn(admin, product.url, 'admin@fogline.test');
      await admin.goto(`${product.url}/admin/users/${customerId}`, { waitUntil: 'networkidle' });
      const bookings = admin.getByRole('list', { name: 'Bookings' });
      const split = bookings.getByRole('listitem', { name: `Booking #${bookingId}: Credit Coast Strength` });
      await split.waitFor();
      expect(await split.textContent()).toContain('Paid $31.50: $10.50 by card, $21.00 with credit');
      const givenBack = bookings.getByRole('listitem').filter({ hasText: 'Credit Coast Run' });
      expect(await givenBack.textContent()).toContain('Paid $21.00 · $21.00 back as credit');
      await admin.screenshot({ path: join(SHOTS, `admin-user-credit-${width}.png`), fullPage: true });
    }
  }, 120_000);
});

describe('coach credit spent on passes', () => {
  test("the pass checkout spends the customer's credit with the coach: wholly (no card), then partly with the rest by card", async () => {
    const classId = await classOf(creditCoach, 'Credit Pass Warm-up', 20, 3 * 24 + 2);
    const small = await call(creditCoach.cookie, 'POST', '/api/passes', {
      kind: 'pack',
      name: 'Taster pack',
      price: 10,
      credits: 1,
      validityDays: 30,
    });
    const big = await call(creditCoach.cookie, 'POST', '/api/passes', {
      kind: 'pack',
      name: 'Coast 5-pack',
      price: 100,
      credits: 5,
      validityDays: 90,
    });
    expect([small.status, big.status]).toEqual([201, 201]);
    const page = await customerPage(PHONE);
    // $21.00 of credit with the coach: a booking cancelled for credit (the policy gives 100%).
    const bookingId = await bookAtCheckout(page, classId, /^Pay \$21\.00$/);
    const cancelled = await page.request.put(`${product.url}/api/bookings/${bookingId}/cancel`, {
      data: { refundAs: 'credit' },
      headers: { origin: product.url },
    });
    expect(cancelled.status()).toBe(200);

    // $10 + $0.50 fee: the credit pays it all, no card form.
    await page.goto(`${product.url}/passes/${small.body.id}/buy?coach=${creditCoach.id}`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Buy with credit' }).waitFor();
    expect(await page.getByTestId('total').textContent()).toBe('$10.50');
    expect(await page.getByTestId('credit-applied').textContent()).toBe('-$10.50');
    expect(await page.getByTestId('amount-due').textContent()).toBe('$0.00');
    expect(await page.getByLabel('Card number').count()).toBe(0);
    await page.screenshot({ path: join(SHOTS, 'pass-checkout-credit-covers-390.png'), fullPage: true });
    await page.getByRole('button', { name: 'Buy with credit' }).click();
    await page.waitForURL(/\/wallet\?highlight=\d+/, { timeout: 20_000 });
    await page.getByTestId('coach-credit').waitFor();
    expect(await page.getByTestId('coach-credit').textContent()).toContain('$10.50');

    // $100 + $5 fee = $105: the $10.50 left, then $94.50 by card.
    await page.setViewportSize(DESKTOP);
    await page.goto(`${product.url}/passes/${big.body.id}/buy?coach=${creditCoach.id}`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: /^Pay \$94\.50$/ }).waitFor();
    expect(await page.getByTestId('credit-applied').textContent()).toBe('-$10.50');
    expect(await page.getByTestId('amount-due').textContent()).toBe('$94.50');
    await page.screenshot({ path: join(SHOTS, 'pass-checkout-credit-1280.png'), fullPage: true });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: join(SHOTS, 'pass-checkout-credit-390.png'), fullPage: true });
    await payWithCard(page);
    await page.waitForURL(/\/wallet\?highlight=\d+/, { timeout: 20_000 });
    const wallet = (await (await page.request.get(`${product.url}/api/wallet`)).json()) as {
      coachCredit: { totalCents: number };
      passes: { name: string; creditsLeft: number | null }[];
    };
    expect(wallet.coachCredit.totalCents).toBe(0);
    expect(wallet.passes.map((p) => [p.name, p.creditsLeft]).sort()).toEqual([
      ['Coast 5-pack', 5],
      ['Taster pack', 1],
    ]);
  }, 120_000);
});

describe("the coach's policy settings", () => {
  test('the Cancellation policy tab edits the policy and states what customers will read (390 and 1280 px)', async () => {
    for (const [viewport, width] of [
      [PHONE, 390],
      [DESKTOP, 1280],
    ] as const) {
      const page = await (await newContext(browser, viewport)).page();
      await signIn(page, product.url, creditCoach.email, creditCoach.password);
      await page.goto(`${product.url}/profile?tab=policy`, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { name: 'Cancellation policy' }).waitFor();
      expect(await page.getByRole('radio', { name: /Strict/ }).getAttribute('aria-checked')).toBe('true');
      await page.getByRole('radio', { name: /Custom/ }).click();
      await page.getByRole('button', { name: 'Add a tier' }).click();
      expect(await page.getByText('Customers will read:').locator('..').textContent()).toContain(
        'Full refund until 7 days before the class',
      );
      await page.screenshot({ path: join(SHOTS, `coach-policy-settings-${width}.png`), fullPage: true });
    }
    // Saving from the screen: Flexible, the API reads it back.
    const page = await (await newContext(browser, DESKTOP)).page();
    await signIn(page, product.url, strictCoach.email, strictCoach.password);
    await page.goto(`${product.url}/profile?tab=policy`, { waitUntil: 'networkidle' });
    await page.getByRole('radio', { name: /Flexible/ }).click();
    await page.getByRole('button', { name: 'Save policy' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Cancellation policy saved' }).waitFor();
    expect((await call(strictCoach.cookie, 'GET', '/api/coaches/me/policy')).body.policy.preset).toBe('flexible');
  }, 90_000);
});
