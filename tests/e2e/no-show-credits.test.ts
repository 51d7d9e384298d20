// Issue 20's "Done when", in Chromium: a pass booking marked no-show forfeits its credit. A customer buys a class pack
// from a coach whose policy says a no-show forfeits the credit (api/spots/no-show-credits.ts: the credit was spent at
// booking and stays spent), books a class with one of its credits, the coach marks the customer no-show on the
// roster, and once the mark is final (24 hours after the class) the wallet still shows the credit gone. In contrast,
// the same flow with a coach whose policy says a no-show keeps the credit shows it back in the wallet.
// One data folder served by a product restarted with its clock on (SEED_TODAY): today (buy, book), tomorrow (the class
// started about 21 hours ago: the roster's marks are open), and two days on (the mark final, the job run at start).
import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { pacificDay } from '../../common/pacific';
import { acceptWaiver, DESKTOP, launchBrowser, newContext, payWithCard, PHONE, signIn } from '../helpers/browser';
import { type FoglineProcess, spawnFogline } from '../helpers/processes';
import { testNow } from '../helpers/today';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const SHOTS = process.env.SCREENSHOT_DIR ?? join(import.meta.dir, '../../data/screenshots/no-show-credits');
const json = { 'content-type': 'application/json' };
const tag = Date.now().toString(36);

const dataDir = mkdtempSync(join(tmpdir(), 'fogline-e2e-no-show-'));
let running: FoglineProcess | null = null;
let base = '';
let browser: Browser | null = null;
/** The product on `days` after the tests' day (SEED_TODAY), same data; the clock at this time of day. */
async function serveOn(days: number): Promise<void> {
  await running?.kill();
  running = await spawnFogline({ DATA_DIR: dataDir, SEED_TODAY: pacificDay(new Date(testNow() + days * DAY)), PAYMENTS: 'test' });
  base = running.url;
}
afterAll(async () => {
  await browser?.close();
  await running?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

async function call(cookie: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...json, origin: base, cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
}

async function login(email: string, password = 'demo-password'): Promise<string> {
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

let registered = 0;
async function register(role: 'customer' | 'coach', firstName: string) {
  const email = `no-show-${tag}-${++registered}@example.com`;
  const password = 'harbor-lights-2027';
  const res = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { ...json, origin: base },
    body: JSON.stringify({ firstName, lastName: 'Lane', email, phone: '+14155550123', password, role }),
  });
  expect(res.status).toBeLessThan(300);
  return { id: ((await res.json()) as { id: number }).id, email, password };
}

interface Setup {
  coach: { id: number; email: string; password: string };
  classTitle: string;
  classId: number;
  packName: string;
  packId: number;
}

/** An approved coach with this no-show rule, a $25 class starting 2-3 hours from now and a 5-class pack. */
async function coachSelling(admin: string, firstName: string, noShowForfeitsCredit: boolean): Promise<Setup> {
  const coach = await register('coach', firstName);
  expect((await call(admin, 'PUT', `/api/admin/coaches/${coach.id}/approve`)).status).toBe(200);
  const cookie = await login(coach.email, coach.password);
  expect((await call(cookie, 'PUT', '/api/coaches/me/policy', { preset: 'moderate', passRules: { noShowForfeitsCredit } })).status).toBe(
    200,
  );
  const categoryId = ((await call(cookie, 'GET', '/api/categories')).body as { id: number }[])[0]!.id;
  const classTitle = `${firstName}'s Dawn Circuit ${tag}`;
  const created = await call(cookie, 'POST', '/api/classes', {
    title: classTitle,
    description: 'Intervals and bodyweight strength along the water.',
    categoryId,
    location: 'Crissy Field',
    addressLine1: '1199 E Beach',
    city: 'San Francisco',
    state: 'CA',
    zipCode: '94129',
    startTime: new Date(Math.ceil((testNow() + 2 * HOUR) / HOUR) * HOUR).toISOString(),
    duration: 60,
    capacity: 12,
    price: 25,
    latitude: 37.8039,
    longitude: -122.4648,
  });
  expect(created.status).toBe(201);
  const packName = `${firstName}'s 5-class pack ${tag}`;
  const pack = await call(cookie, 'POST', '/api/passes', { kind: 'pack', name: packName, price: 100, credits: 5, validityDays: 90 });
  expect(pack.status).toBe(201);
  return { coach, classTitle, classId: created.body.id, packName, packId: pack.body.id };
}

/** A page whose clock is the product's (moved by SEED_TODAY `days` on), so the roster's check-in window agrees. */
async function pageOn(days: number, viewport = PHONE): Promise<Page> {
  const guard = await newContext(browser!, viewport);
  const time = testNow() + days * DAY;
  await guard.context.clock.install({ time }).catch(() => guard.context.clock.setSystemTime(time));
  return guard.page();
}

/** The customer buys the pack with 4242 at the pass checkout, then books the class with one of its credits. */
async function buyAndBook(page: Page, setup: Setup) {
  await page.goto(`${base}/passes/${setup.packId}/buy?coach=${setup.coach.id}`, { waitUntil: 'networkidle' });
  await page.getByTestId('total').waitFor();
  await payWithCard(page);
  await page.waitForURL(/\/wallet\?highlight=\d+$/, { timeout: 20_000 });
  await page.goto(`${base}/classes/${setup.classId}`, { waitUntil: 'networkidle' });
  const card = page.getByRole('region', { name: 'Book this class' });
  await card.getByRole('radio', { name: /^Use 1 credit \(5 left/ }).waitFor();
  if (await card.getByLabel('Emergency contact name').count()) await acceptWaiver(page);
  await card.getByRole('button', { name: 'Book with 1 credit' }).click();
  await page.waitForURL(/\/bookings\?highlight=\d+$/, { timeout: 20_000 });
}

/** The coach opens the class's roster and marks the one attendee no-show. */
async function markNoShow(page: Page, setup: Setup) {
  await signIn(page, base, setup.coach.email, setup.coach.password);
  await page.goto(`${base}/roster/${setup.classId}`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: `Roster: ${setup.classTitle}` }).waitFor();
  const noShow = page.getByRole('button', { name: /^No-show: / });
  await noShow.click();
  await page.getByText('0 of 1 checked in · 1 no-show').waitFor();
  expect(await noShow.getAttribute('aria-pressed')).toBe('true');
}

/** The wallet card of the pack: its credits left, and its history's text. */
async function walletPack(page: Page, packName: string) {
  await page.goto(`${base}/wallet`, { waitUntil: 'networkidle' });
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: packName }) });
  await card.waitFor();
  await card.getByText(/^History/).click();
  const history = (await card.getByRole('list', { name: `History of ${packName}` }).textContent()) ?? '';
  return { left: await card.getByTestId('credits-left').textContent(), history };
}

describe('no-shows of pass bookings', () => {
  test('a pass booking marked no-show forfeits its credit', async () => {
    await serveOn(0);
    browser = await launchBrowser();
    const admin = await login('admin@fogline.test');
    const forfeits = await coachSelling(admin, 'Frankie', true);
    const keeps = await coachSelling(admin, 'Kendall', false);
    const customer = await register('customer', 'Riley');
    const page = await pageOn(0);
    await signIn(page, base, customer.email, customer.password);
    await buyAndBook(page, forfeits);
    await buyAndBook(page, keeps);
    expect((await walletPack(page, forfeits.packName)).left).toBe('4 of 5');

    // Tomorrow: both classes started about 21 hours ago, their rosters open for marks; the customer did not come.
    await serveOn(1);
    for (const setup of [forfeits, keeps]) await markNoShow(await pageOn(1), setup);

    // Two days on, the marks are final (24 hours after the class) and the no-show job has run.
    await serveOn(2);
    const wallet = await pageOn(2);
    await signIn(wallet, base, customer.email, customer.password);
    // The coach whose policy keeps the credit: it came back (the job's return row) — which also shows the job ran.
    for (let i = 0; i < 20; i++) {
      if ((await walletPack(wallet, keeps.packName)).left === '5 of 5') break;
      await Bun.sleep(500);
    }
    const kept = await walletPack(wallet, keeps.packName);
    expect(kept.left).toBe('5 of 5');
    expect(kept.history).toContain(`Returned from ${keeps.classTitle}`);
    // The coach whose policy forfeits it: still spent, nothing returned.
    const forfeited = await walletPack(wallet, forfeits.packName);
    expect(forfeited.left).toBe('4 of 5');
    expect(forfeited.history).not.toContain('Returned');
    const heading = wallet.getByRole('heading', { name: forfeits.packName });
    await heading.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await wallet.screenshot({ path: join(SHOTS, 'wallet-no-show-forfeited-390.png') });
    await wallet.setViewportSize(DESKTOP);
    await heading.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await wallet.screenshot({ path: join(SHOTS, 'wallet-no-show-forfeited-1280.png') });
  }, 180_000);
});
