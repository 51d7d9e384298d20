// Booking in the browser (issue 5, Chromium, the built-in test provider, demo data): a visitor books 2 spots
// of a paid class through sign-in and checkout; a declined card; a free class; cancelling from My Bookings;
// reviewing a past class; a coach's payout setup. Nothing is requested off the machine.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import { seriousA11yViolations } from '../helpers/axe';
import { launchBrowser, newContext, PHONE, signIn, startProduct, type ProductServer } from '../helpers/browser';

let product: ProductServer;
let browser: Browser;

interface ClassInfo {
  id: number;
  title: string;
  price: number;
  spotsLeft: number;
  startTime: string | null;
  coachId: number;
}
let paidClasses: ClassInfo[] = [];
let freeClass: ClassInfo;

beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
  const classes = (await (await fetch(`${product.url}/api/classes`)).json()) as ClassInfo[];
  // Classes more than 3 days away: bookable, and cancellable with a full refund.
  const later = classes.filter((c) => c.startTime && new Date(c.startTime).getTime() > Date.now() + 72 * 3_600_000 && c.spotsLeft >= 3);
  paidClasses = later.filter((c) => c.price > 0);
  freeClass = later.find((c) => c.price === 0)!;
  expect(paidClasses.length).toBeGreaterThan(3);
  expect(freeClass).toBeDefined();
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

let registered = 0;
/** A new customer through the public API, as a person would sign up. */
async function registerCustomer(): Promise<{ email: string; password: string }> {
  const email = `booker-${Date.now()}-${++registered}@example.com`;
  const password = 'harbor-lights-2027';
  const res = await fetch(`${product.url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: product.url },
    body: JSON.stringify({ firstName: 'Riley', lastName: 'Park', email, phone: '+14155550123', password, role: 'customer' }),
  });
  expect(res.status).toBeLessThan(300);
  return { email, password };
}

async function payWithCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration (MM / YY)').fill('12 / 40');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}

describe('booking a paid class', () => {
  test('a visitor books 2 spots, signs in, comes back, pays with 4242 and sees the booking under Upcoming', async () => {
    const cls = paidClasses[0]!;
    const { email, password } = await registerCustomer();
    const guard = await newContext(browser);
    const page = await guard.page();
    await page.goto(`${product.url}/classes/${cls.id}`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Add a spot' }).click();
    await page.getByRole('link', { name: 'Book Now' }).click();
    await page.waitForURL(`${product.url}/auth?redirect=/classes/${cls.id}`);
    await page.waitForLoadState('networkidle');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${product.url}/classes/${cls.id}`);
    await page.waitForLoadState('networkidle');
    expect(await page.getByLabel('Number of spots').textContent()).toBe('2'); // remembered across sign-in
    await page.getByRole('link', { name: 'Book Now' }).click();
    await page.waitForURL(`${product.url}/checkout/${cls.id}?quantity=2`);
    await page.getByRole('heading', { name: 'Payment Details' }).waitFor();
    expect(await page.getByText('Booking for Riley Park').isVisible()).toBe(true);
    const total = (Math.round(cls.price * 100) * 2 + Math.round(cls.price * 100 * 2 * 0.05)) / 100;
    expect(await page.getByTestId('total').textContent()).toBe(`$${total.toFixed(2)}`);
    await payWithCard(page, '4242 4242 4242 4242');
    await page.getByText('Payment successful').waitFor();
    await page.waitForURL(`${product.url}/bookings`, { timeout: 10_000 }); // ?refresh=true is cleaned away
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: cls.title }) });
    await card.waitFor();
    expect(await card.getByText('Confirmed').isVisible()).toBe(true);
    expect(await card.getByText('2 spots booked').isVisible()).toBe(true);
    expect(await page.getByRole('tab', { name: /Upcoming/ }).getAttribute('aria-selected')).toBe('true');
    expect(guard.offMachine).toEqual([]);
    await guard.context.close();
  }, 60_000);

  test('a declined card shows Payment Failed and stays on the form', async () => {
    const cls = paidClasses[1]!;
    const { email, password } = await registerCustomer();
    const guard = await newContext(browser, PHONE);
    const page = await guard.page();
    await signIn(page, product.url, email, password);
    await page.goto(`${product.url}/checkout/${cls.id}?quantity=1`, { waitUntil: 'networkidle' });
    await payWithCard(page, '4000 0000 0000 0002');
    const alert = page.getByRole('alert').filter({ hasText: 'Payment Failed' }).first();
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Your card was declined.');
    expect(await page.getByTestId('toast').textContent()).toContain('Payment Failed');
    expect(page.url()).toBe(`${product.url}/checkout/${cls.id}?quantity=1`);
    expect(await page.getByRole('button', { name: /^Pay \$/ }).isEnabled()).toBe(true);
    await payWithCard(page, '4000 0000 0000 9995');
    await page.getByText('Your card has insufficient funds.').first().waitFor();
    await guard.context.close();
  }, 60_000);
});

describe('returning from a redirect-based payment', () => {
  test('payment_status=success with the intent confirms automatically and goes to My Bookings', async () => {
    const cls = paidClasses[3]!;
    const { email, password } = await registerCustomer();
    const guard = await newContext(browser);
    const page = await guard.page();
    await signIn(page, product.url, email, password);
    const headers = { origin: product.url };
    const total = (Math.round(cls.price * 100) + Math.round(cls.price * 100 * 0.05)) / 100;
    const intent = await (await page.request.post(`${product.url}/api/payment/create-intent`, { headers, data: { classId: cls.id, quantity: 1, amount: total } })).json();
    const paid = await page.request.post(`${product.url}/api/payment/test-provider/pay`, {
      headers,
      data: { paymentIntentId: intent.id, clientSecret: intent.clientSecret, cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' },
    });
    expect(paid.status()).toBe(200);
    await page.goto(`${product.url}/checkout/${cls.id}?quantity=1&payment_status=success&payment_intent=${intent.id}`);
    await page.getByTestId('toast').filter({ hasText: 'Payment successful' }).waitFor();
    await page.waitForURL(`${product.url}/bookings`, { timeout: 10_000 });
    await page.getByRole('heading', { name: cls.title }).waitFor();
    await guard.context.close();
  }, 60_000);

  test('without the intent in the URL it shows Payment Processing Error', async () => {
    const { email, password } = await registerCustomer();
    const guard = await newContext(browser, PHONE);
    const page = await guard.page();
    await signIn(page, product.url, email, password);
    await page.goto(`${product.url}/checkout/${paidClasses[0]!.id}?payment_status=success`);
    await page.getByRole('heading', { name: 'Payment Processing Error' }).waitFor();
    expect(await page.getByText('Payment intent ID not found in URL').isVisible()).toBe(true);
    await guard.context.close();
  }, 60_000);
});

describe('booking a free class', () => {
  test('a free class books directly with the toast, then My Bookings', async () => {
    const { email, password } = await registerCustomer();
    const guard = await newContext(browser);
    const page = await guard.page();
    await signIn(page, product.url, email, password);
    await page.goto(`${product.url}/classes/${freeClass.id}`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Book for Free' }).click();
    await page.waitForURL(`${product.url}/bookings`);
    await page.getByTestId('toast').filter({ hasText: 'Booking confirmed!' }).waitFor();
    expect(await page.getByTestId('toast').textContent()).toContain('Your free class booking has been confirmed.');
    await page.getByRole('heading', { name: freeClass.title }).waitFor();
    await page.goto(`${product.url}/classes/${freeClass.id}`, { waitUntil: 'networkidle' });
    await page.getByText("You've booked this class").waitFor();
    expect(await page.getByText('1 spot · Confirmed').isVisible()).toBe(true);
    await guard.context.close();
  }, 60_000);
});

describe('My Bookings', () => {
  test('cancel from My Bookings with the dialog, which says exactly what is refunded', async () => {
    const cls = paidClasses[2]!;
    const { email, password } = await registerCustomer();
    const guard = await newContext(browser);
    const page = await guard.page();
    await signIn(page, product.url, email, password);
    await page.goto(`${product.url}/checkout/${cls.id}?quantity=1`, { waitUntil: 'networkidle' });
    await payWithCard(page, '4242424242424242');
    await page.waitForURL(`${product.url}/bookings`, { timeout: 10_000 });
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: cls.title }) });
    await card.getByRole('button', { name: 'Cancel Booking' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const paid = (Math.round(cls.price * 100) + Math.round(cls.price * 100 * 0.05)) / 100;
    expect(await dialog.getByTestId('refund-note').textContent()).toContain(`You will be refunded $${paid.toFixed(2)} in full`);
    expect(await dialog.textContent()).toContain('PT');
    await dialog.getByRole('button', { name: 'Keep Booking' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await card.getByRole('button', { name: 'Cancel Booking' }).click();
    await page.getByRole('button', { name: 'Confirm Cancellation' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Booking cancelled' }).waitFor();
    expect(await page.getByTestId('toast').textContent()).toContain('Your booking has been successfully cancelled');
    await page.getByText('No Upcoming Bookings').waitFor();
    await guard.context.close();
  }, 60_000);

  test('review a past booking and see it on the coach profile', async () => {
    const guard = await newContext(browser);
    const page = await guard.page();
    await signIn(page, product.url, 'customer@fogline.test');
    await page.goto(`${product.url}/bookings`, { waitUntil: 'networkidle' });
    await page.getByRole('tab', { name: 'Past' }).click();
    const action = page.getByRole('link', { name: /^(Add Review|View Review)$/ }).first();
    const href = (await action.getAttribute('href'))!;
    const bookingId = Number(new URL(href, product.url).searchParams.get('bookingId'));
    await action.click();
    await page.waitForURL(/\/review\?classId=\d+&bookingId=\d+/);
    await page.getByRole('button', { name: /^(Submit|Update) Review$/ }).waitFor();
    if ((await page.getByRole('button', { name: 'Submit Review' }).count()) > 0) {
      await page.getByRole('button', { name: 'Submit Review' }).click();
      expect(await page.getByText('Please select a rating').isVisible()).toBe(true);
    }
    await page.getByLabel('4 Very Good').check({ force: true });
    expect(await page.getByText('Very Good', { exact: true }).isVisible()).toBe(true);
    const comment = `Loved the fog rolling in over the bay, review ${Date.now()}`;
    await page.getByLabel('Comment (optional)').fill(comment);
    await page.getByRole('button', { name: /^(Submit|Update) Review$/ }).click();
    await page.waitForURL(`${product.url}/bookings`);
    const bookings = (await (await page.request.get(`${product.url}/api/bookings`)).json()) as { id: number; class: { coachId: number } }[];
    const coachId = bookings.find((b) => b.id === bookingId)!.class.coachId;
    await page.goto(`${product.url}/coaches/${coachId}`, { waitUntil: 'networkidle' });
    await page.getByText(comment).first().waitFor();
    expect(guard.offMachine).toEqual([]);
    await guard.context.close();
  }, 60_000);
});

describe('a class deleted after booking', () => {
  test('My Bookings keeps the booking as Cancelled by the coach with the full refund, and no link to the gone class', async () => {
    const cls = paidClasses.at(-1)!;
    const { email, password } = await registerCustomer();
    const guard = await newContext(browser, PHONE);
    const page = await guard.page();
    await signIn(page, product.url, email, password);
    const paid = (Math.round(cls.price * 100) + Math.round(cls.price * 100 * 0.05)) / 100;
    const headers = { origin: product.url };
    const intent = await (await page.request.post(`${product.url}/api/payment/create-intent`, { data: { classId: cls.id, quantity: 1, amount: paid }, headers })).json();
    const card4242 = { paymentIntentId: intent.id, clientSecret: intent.clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
    expect((await page.request.post(`${product.url}/api/payment/test-provider/pay`, { data: card4242, headers })).status()).toBe(200);

    const admin = await newContext(browser);
    const adminPage = await admin.page();
    await signIn(adminPage, product.url, 'admin@fogline.test');
    expect((await adminPage.request.delete(`${product.url}/api/classes/${cls.id}`, { headers })).status()).toBe(200);
    await admin.context.close();

    await page.goto(`${product.url}/bookings`, { waitUntil: 'networkidle' });
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: cls.title }) });
    await card.getByText(`Cancelled by the coach — refunded $${paid.toFixed(2)}`).waitFor();
    expect(await card.getByText('Cancelled', { exact: true }).isVisible()).toBe(true);
    expect(await card.getByRole('link', { name: 'View Class Details' }).count()).toBe(0);
    expect(await card.getByRole('button', { name: 'Cancel Booking' }).count()).toBe(0);
    expect(await page.getByLabel('0 upcoming').isVisible()).toBe(true);
    await page.goto(`${product.url}/classes/${cls.id}`, { waitUntil: 'networkidle' });
    expect(await page.getByText('Class Not Found').first().isVisible()).toBe(true);
    expect(guard.offMachine).toEqual([]);
    await guard.context.close();
  }, 60_000);
});

describe('payouts', () => {
  test('a coach on a phone sets up payouts in the same window and comes back to an active status', async () => {
    const guard = await newContext(browser, PHONE);
    const page = await guard.page();
    await signIn(page, product.url, 'coach@fogline.test');
    await page.goto(`${product.url}/profile?tab=payment`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: /Set Up Payouts|Continue Setup|Update Payout Details/ }).click();
    await page.waitForURL(/\/payouts\/test-onboarding\?account=acct_test_/);
    await page.getByRole('button', { name: 'Complete setup' }).click();
    await page.waitForURL(/\/profile/);
    await page.getByTestId('toast').filter({ hasText: 'Payout setup complete' }).waitFor();
    await page.getByTestId('payout-status').filter({ hasText: 'Active' }).waitFor();
    expect(guard.offMachine).toEqual([]);
    await guard.context.close();
  }, 60_000);
});

/** axe on this feature's content only: the site header (accounts issue) is checked by its own tests. */
async function violationsBelowHeader(page: Page) {
  await page.evaluate(() => document.querySelector('body > header')?.remove());
  return seriousA11yViolations(page);
}

describe('accessibility', () => {
  test('checkout, My Bookings and the review form have no serious axe violations', async () => {
    const guard = await newContext(browser);
    const page = await guard.page();
    await signIn(page, product.url, 'customer@fogline.test');
    await page.goto(`${product.url}/checkout/${paidClasses[4]!.id}?quantity=1`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Payment Details' }).waitFor();
    expect(await violationsBelowHeader(page)).toEqual([]);
    await page.goto(`${product.url}/bookings`, { waitUntil: 'networkidle' });
    await page.getByRole('tab', { name: 'Past' }).waitFor();
    expect(await violationsBelowHeader(page)).toEqual([]);
    await page.getByRole('tab', { name: 'Past' }).click();
    const href = (await page.getByRole('link', { name: /^(Add Review|View Review)$/ }).first().getAttribute('href'))!;
    await page.goto(`${product.url}${href}`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: /^(Submit|Update) Review$/ }).waitFor();
    expect(await violationsBelowHeader(page)).toEqual([]);
    await guard.context.close();
  }, 60_000);
});
