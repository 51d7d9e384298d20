// Passes in Chromium (issue 19, "Done when"): the coach creates a 5-class pack on Pricing; a new customer buys it
// with 4242 from the class page (the receipt in the outbox), books two classes with credits (no card form),
// cancels one in time and sees the credit back in the wallet (then support refunds the rest pro rata); another customer subscribes to a weekly membership,
// the product's clock passes the renewal (a restart on the same data with SEED_TODAY a week on: the renewal
// receipt), the renewal card fails on the next one (past due in the wallet, booking refused with the server's
// message, the email), and the customer cancels. Every class, pass and customer is made here; the demo data is
// only the signed-in coach. SCREENSHOTS_DIR=... also saves each new screen at 390 and 1280 px.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { seriousA11yViolations } from '../helpers/axe';
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
import { spawnFogline, type FoglineProcess } from '../helpers/processes';
import { testNow } from '../helpers/today';
import { pacificDay } from '../../common/pacific';

let product: ProductServer;
let browser: Browser;
const SHOTS = process.env.SCREENSHOTS_DIR;
const json = { 'content-type': 'application/json' };

beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

let counter = 0;
const unique = () => `${Date.now().toString(36)}${++counter}`;

async function cookieOf(email: string, password = 'demo-password', base = product.url): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { ...json, origin: base },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function call(cookie: string, method: string, path: string, body?: unknown, base = product.url) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...json, origin: base, cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
}

/** A $25 adults' class by the signed-in coach, `days` from now at 10:00 AM Pacific-ish (a round UTC half hour),
 * far enough ahead to cancel with a full refund. */
async function createClass(coach: string, title: string, days: number, base = product.url, from = testNow()): Promise<number> {
  const categories = (await call(coach, 'GET', '/api/categories', undefined, base)).body as { id: number }[];
  const start = new Date(Math.ceil((from + days * 86_400_000) / 1_800_000) * 1_800_000);
  const created = await call(
    coach,
    'POST',
    '/api/classes',
    {
      title,
      description: 'A test class for the passes flow, by the bay.',
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
    },
    base,
  );
  expect(created.status).toBe(201);
  return created.body.id as number;
}

async function registerCustomer(base = product.url): Promise<{ email: string; password: string }> {
  const email = `pass-buyer-${unique()}@example.test`;
  const password = 'harbor-lights-2027';
  const res = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { ...json, origin: base },
    body: JSON.stringify({ firstName: 'Robin', lastName: 'Alvarez', email, phone: '+14155550177', password, role: 'customer' }),
  });
  expect(res.status).toBeLessThan(300);
  return { email, password };
}

/** The emails in the product's outbox to `to`, decoded enough to read. */
function emailsTo(to: string, dataDir = product.dataDir): string[] {
  const dir = join(dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  return files
    .map((f) =>
      readFileSync(join(dir, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    )
    .filter((mail) => new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'm').test(mail));
}

async function waitForEmail(to: string, subject: RegExp, dataDir = product.dataDir, seconds = 10): Promise<string> {
  for (let i = 0; i < seconds * 5; i++) {
    const found = emailsTo(to, dataDir).find((mail) => subject.test(mail));
    if (found) return found;
    await Bun.sleep(200);
  }
  throw new Error(`no email to ${to} matching ${subject}`);
}

/** axe's serious findings on this page, except the header's account menu for a customer without a photo (its
 * visible initials are not in its label: a known issue of the shared header, not of these screens). */
async function a11yProblems(page: Page) {
  return (await seriousA11yViolations(page)).filter(
    (v) => !(v.id === 'label-content-name-mismatch' && v.targets.every((t) => t === '.pl-1')),
  );
}

/** Saves the page at phone and desktop widths when SCREENSHOTS_DIR is set. */
async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const [label, size] of [
    ['390', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await Bun.sleep(250);
    await page.screenshot({ path: join(SHOTS, `passes-${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

/** Books the class with the pass the booking card offers first: no card form, confirmed at once. */
async function bookWithCredit(page: Page, classId: number, creditsLeftBefore: number) {
  await page.goto(`${product.url}/classes/${classId}`, { waitUntil: 'networkidle' });
  const card = page.getByRole('region', { name: 'Book this class' });
  const offer = card.getByRole('radio', {
    name: new RegExp(`^Use 1 credit \\(${creditsLeftBefore} left, expires [A-Z][a-z]{2} \\d{1,2}\\)`),
  });
  await offer.waitFor();
  expect(await offer.isChecked()).toBe(true);
  expect(await card.getByRole('radio', { name: 'Pay by card' }).isChecked()).toBe(false);
  if (await card.getByLabel('Emergency contact name').count()) await acceptWaiver(page);
  expect(await page.getByLabel('Card number').count()).toBe(0);
  await card.getByRole('button', { name: 'Book with 1 credit' }).click();
  await page.waitForURL(/\/bookings\?highlight=\d+$/, { timeout: 15_000 });
  await page.getByTestId('toast').filter({ hasText: 'Booking confirmed!' }).waitFor();
}

describe('class packs', () => {
  test('the coach creates a 5-class pack; a new customer buys it with 4242, books two classes with credits and cancels one in time for the credit back', async () => {
    const coach = await cookieOf('coach@fogline.test');
    const tag = unique();
    const first = await createClass(coach, `Pack Flow Yoga ${tag}`, 5);
    const second = await createClass(coach, `Pack Flow Pilates ${tag}`, 6);
    const packName = `Bay 5-class pack ${tag}`;

    // The coach: Pricing → New class pack → 5 credits, $100, 90 days.
    const coachGuard = await newContext(browser);
    const coachPage = await coachGuard.page();
    await signIn(coachPage, product.url, 'coach@fogline.test');
    await coachPage.goto(`${product.url}/pricing`, { waitUntil: 'networkidle' });
    await coachPage.getByRole('heading', { name: 'Pricing', level: 1 }).waitFor();
    await coachPage.getByRole('button', { name: 'New class pack' }).click();
    const dialog = coachPage.getByRole('dialog');
    await dialog.getByLabel('Name').fill(packName);
    await dialog.getByRole('button', { name: 'Create class pack' }).click();
    // The price is required, with the server's own message beside the field.
    await dialog.getByText(/Enter a price from \$1 to \$10,000/).waitFor();
    await dialog.getByLabel('Price ($)').fill('100');
    expect(await dialog.getByLabel('Credits (classes)').inputValue()).toBe('5');
    await dialog.getByLabel('Valid for (days)').fill('90');
    await dialog.getByText('Customers see: 5-class pack: $100, $20 a class').waitFor();
    await shoot(coachPage, 'pricing-form');
    await dialog.getByRole('button', { name: 'Create class pack' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const passCard = coachPage.getByRole('listitem').filter({ has: coachPage.getByRole('heading', { name: packName }) });
    await passCard.waitFor();
    expect(await passCard.textContent()).toContain('5 credits · valid 90 days');
    expect(await a11yProblems(coachPage)).toEqual([]);
    await shoot(coachPage, 'pricing');

    // A new customer finds it beside the booking card: "$20 a class — save $25" against the $25 class price.
    const { email, password } = await registerCustomer();
    const guard = await newContext(browser);
    const page = await guard.page();
    await signIn(page, product.url, email, password);
    await page.goto(`${product.url}/classes/${first}`, { waitUntil: 'networkidle' });
    const offers = page.locator('#passes');
    await offers.scrollIntoViewIfNeeded();
    const offer = offers.getByRole('listitem').filter({ hasText: packName });
    await offer.waitFor();
    expect(await offer.getByTestId('pass-offer-line').textContent()).toBe('5-class pack: $100, $20 a class — save $25');
    await offer.getByRole('link', { name: 'Buy for $105.00' }).click();

    // The pass checkout: price + the 5% service fee as the server computes it, paid with 4242.
    await page.waitForURL(/\/passes\/\d+\/buy\?coach=\d+$/);
    await page.getByTestId('total').waitFor();
    expect(await page.getByTestId('subtotal').textContent()).toBe('$100.00');
    expect(await page.getByTestId('service-fee').textContent()).toBe('$5.00');
    expect(await page.getByTestId('total').textContent()).toBe('$105.00');
    await shoot(page, 'checkout');
    await payWithCard(page);
    await page.waitForURL(/\/wallet\?highlight=\d+$/, { timeout: 15_000 });
    const walletCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: packName }) });
    expect(await walletCard.getByTestId('credits-left').textContent()).toBe('5 of 5');
    const receipt = await waitForEmail(email, new RegExp(`Subject: .*${packName}`));
    expect(receipt).toContain('$105.00');

    // Two classes with credits: no card form, confirmed at once.
    await bookWithCredit(page, first, 5);
    await bookWithCredit(page, second, 4);
    await page.goto(`${product.url}/wallet`, { waitUntil: 'networkidle' });
    expect(await walletCard.getByTestId('credits-left').textContent()).toBe('3 of 5');

    // Cancel one well before the class: its credit comes back.
    await page.goto(`${product.url}/bookings`, { waitUntil: 'networkidle' });
    const booked = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Pack Flow Yoga ${tag}` }) });
    await booked.getByRole('button', { name: 'Cancel Booking' }).click();
    const cancelDialog = page.getByRole('dialog');
    expect(await cancelDialog.getByTestId('refund-note').textContent()).toContain('1 credit goes back');
    await cancelDialog.getByRole('button', { name: 'Confirm Cancellation' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Booking cancelled' }).waitFor();

    await page.goto(`${product.url}/wallet`, { waitUntil: 'networkidle' });
    expect(await walletCard.getByTestId('credits-left').textContent()).toBe('4 of 5');
    await walletCard.getByText(/^History/).click();
    const history = walletCard.getByRole('list', { name: `History of ${packName}` });
    expect(await history.textContent()).toContain(`Returned from Pack Flow Yoga ${tag}`);
    expect(await a11yProblems(page)).toEqual([]);
    await shoot(page, 'wallet');

    // The coach sees the sale and the holder.
    await coachPage.reload({ waitUntil: 'networkidle' });
    const sold = coachPage.getByRole('listitem').filter({ has: coachPage.getByRole('heading', { name: packName }) });
    expect(await sold.getByText('Sales').locator('..').textContent()).toContain('1');
    expect(await sold.getByText('Active holders').locator('..').textContent()).toContain('1');

    // Support refunds the unused credits pro rata from the customer's page: $105.00 x 4 / 5 = $84.00, the pass ends.
    const customerId = (await call(await cookieOf(email, password), 'GET', '/api/user')).body.id as number;
    const adminGuard = await newContext(browser);
    const admin = await adminGuard.page();
    await signIn(admin, product.url, 'admin@fogline.test');
    await admin.goto(`${product.url}/admin/users/${customerId}`, { waitUntil: 'networkidle' });
    const held = admin.getByRole('list', { name: 'Passes' }).getByRole('listitem').filter({ hasText: packName });
    expect(await held.textContent()).toContain('4 of 5 credits left');
    await held.getByRole('button', { name: 'Refund unused credits' }).click();
    const refundDialog = admin.getByRole('dialog');
    expect(await refundDialog.textContent()).toContain('$84.00 for the 4 unused of 5 credits');
    await refundDialog.getByRole('button', { name: 'Refund' }).click();
    await refundDialog.getByText('Give a reason for the refund.').waitFor();
    await refundDialog.getByLabel('Reason (sent to the customer)').fill('Moving away from the city');
    await refundDialog.getByRole('button', { name: 'Refund' }).click();
    await admin.getByTestId('toast').filter({ hasText: '$84.00 for 4 unused credits.' }).waitFor();
    await page.goto(`${product.url}/wallet`, { waitUntil: 'networkidle' });
    const ended = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: packName }) });
    await ended.getByText('Refunded', { exact: true }).waitFor();
    expect(await ended.textContent()).toContain('$84.00 refunded');
    await adminGuard.context.close();
    expect(guard.offMachine).toEqual([]);
    await guard.context.close();
    await coachGuard.context.close();
  }, 120_000);
});

/** A day `days` after the tests' day, as SEED_TODAY takes it. */
const dayAfter = (days: number) => pacificDay(new Date(testNow() + days * 86_400_000));

describe('memberships', () => {
  // One data folder, served by a product restarted with its clock a week on each time (SEED_TODAY moves the
  // clock of the test payment provider's renewals with it; PAYMENTS=test allows it in production mode).
  const dataDir = mkdtempSync(join(tmpdir(), 'fogline-e2e-memberships-'));
  let running: FoglineProcess | null = null;
  const serveOn = async (days: number) => {
    await running?.kill();
    running = await spawnFogline({ DATA_DIR: dataDir, SEED_TODAY: dayAfter(days), PAYMENTS: 'test' });
    return running.url;
  };
  afterAll(async () => {
    await running?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('a customer subscribes with a card that fails on its second renewal: the first renews (receipt), the next is past due (booking refused, email), and the customer cancels', async () => {
    let base = await serveOn(0);
    const coach = await cookieOf('coach@fogline.test', 'demo-password', base);
    const coachId = (await call(coach, 'GET', '/api/user', undefined, base)).body.id as number;
    const name = `Weekly unlimited ${unique()}`;
    // The coach sells it from Pricing: $30 a week, unlimited classes, up to 2 weeks of pause a year.
    const coachGuard = await newContext(browser, PHONE);
    const coachPage = await coachGuard.page();
    await signIn(coachPage, base, 'coach@fogline.test');
    await coachPage.goto(`${base}/pricing`, { waitUntil: 'networkidle' });
    await coachPage.getByRole('button', { name: 'New membership' }).click();
    const form = coachPage.getByRole('dialog');
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Billed every').selectOption('week');
    await form.getByLabel('Price per week ($)').fill('30');
    expect(await form.getByRole('radio', { name: 'Unlimited classes' }).isChecked()).toBe(true);
    await form.getByLabel('Pause allowed (weeks a year)').fill('2');
    await form.getByRole('button', { name: 'Create membership' }).click();
    await form.waitFor({ state: 'hidden' });
    const sold = coachPage.getByRole('listitem').filter({ has: coachPage.getByRole('heading', { name }) });
    expect(await sold.textContent()).toContain('Unlimited classes · billed weekly · pause up to 2 weeks a year');
    await coachGuard.context.close();

    // Subscribe from the coach's profile, with the card whose later charges fail.
    const { email, password } = await registerCustomer(base);
    const guard = await newContext(browser);
    const page = await guard.page();
    await signIn(page, base, email, password);
    await page.goto(`${base}/coaches/${coachId}`, { waitUntil: 'networkidle' });
    const offer = page.locator('#passes').getByRole('listitem').filter({ hasText: name });
    await offer.waitFor();
    expect(await offer.getByTestId('pass-offer-line').textContent()).toBe('$30 a week');
    await offer.getByRole('link', { name: 'Join for $31.50' }).click();
    await page.getByTestId('total').waitFor();
    expect(await page.getByTestId('total').textContent()).toBe('$31.50');
    await page.getByRole('heading', { name: 'Start your membership' }).waitFor();
    await payWithCard(page, '4000 0000 0000 0341');
    await page.waitForURL(/\/wallet\?highlight=\d+$/, { timeout: 15_000 });
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    await card.getByText('Active', { exact: true }).waitFor();
    expect(await card.textContent()).toContain('$31.50');
    await waitForEmail(email, new RegExp(`Subject: Your receipt: ${name}`), dataDir);
    await shoot(page, 'wallet-membership');

    // A week on: the renewal is charged (the renewal receipt).
    base = await serveOn(8);
    await waitForEmail(email, new RegExp(`Subject: Your renewal receipt: ${name}`), dataDir, 90);

    // Another week on: the saved card declines, the membership is past due and the customer is told.
    base = await serveOn(15);
    await waitForEmail(email, new RegExp(`Subject: Action needed: update your card for ${name}`), dataDir, 90);
    await page.goto(`${base}/wallet`, { waitUntil: 'networkidle' });
    await card.getByText('Past due', { exact: true }).waitFor();
    expect(await card.getByRole('alert').textContent()).toContain('Your membership payment is past due.');
    expect(await card.getByRole('button', { name: 'Update card' }).isVisible()).toBe(true);
    await shoot(page, 'wallet-past-due');

    // Booking with it is refused with the server's message and the way to update the card.
    const classId = await createClass(
      await cookieOf('coach@fogline.test', 'demo-password', base),
      `Membership Run ${unique()}`,
      4,
      base,
      Date.parse(`${dayAfter(15)}T20:00:00Z`),
    );
    await page.goto(`${base}/classes/${classId}`, { waitUntil: 'networkidle' });
    const booking = page.getByRole('region', { name: 'Book this class' });
    await booking.getByRole('radio', { name: /^Use your membership \(payment past due\)/ }).check();
    if (await booking.getByLabel('Emergency contact name').count()) await acceptWaiver(page);
    await booking.getByRole('button', { name: 'Book with membership' }).click();
    const refusal = booking.getByRole('alert').filter({ has: page.getByRole('link', { name: 'Update your card in your wallet' }) });
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('Your membership payment is past due');
    expect(await refusal.getByRole('link').getAttribute('href')).toMatch(/^\/wallet\?highlight=\d+$/);
    expect(await page.getByLabel('Card number').count()).toBe(0);
    await shoot(page, 'booking-past-due');

    // The customer cancels (confirm dialog), and the cancellation email goes out.
    await page.goto(`${base}/wallet`, { waitUntil: 'networkidle' });
    await card.getByRole('button', { name: 'Cancel membership' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Cancel membership' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Membership cancelled' }).waitFor();
    await waitForEmail(email, new RegExp(`Subject: Cancelled: ${name}`), dataDir);
    expect(await a11yProblems(page)).toEqual([]);
    expect(guard.offMachine).toEqual([]);
    await guard.context.close();
  }, 300_000);
});
