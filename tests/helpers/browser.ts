// Browser test harness: the built product as its own process on a fresh data folder (demo data seeded),
// and Debian's Chromium driven by playwright-core. Requests that would leave the machine are recorded and
// aborted, so a test can assert that none happened.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnFogline } from './processes';
import { shiftedDay, testNow } from './today';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface ProductServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** Starts `bun api/main.ts` (the production entry) on a free port with its own data folder. */
export async function startProduct(env: Record<string, string> = {}): Promise<ProductServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fogline-e2e-'));
  const product = await spawnFogline({ DATA_DIR: dataDir, ...env });
  return {
    url: product.url,
    dataDir,
    async stop() {
      await product.kill();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface GuardedContext {
  context: BrowserContext;
  /** URLs the page tried to load from anywhere but this machine. */
  offMachine: string[];
  page(): Promise<Page>;
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };

export async function newContext(browser: Browser, viewport = DESKTOP): Promise<GuardedContext> {
  const context = await browser.newContext({ viewport, timezoneId: 'America/Los_Angeles', locale: 'en-US' });
  // On another day (SEED_TODAY) the page's clock starts where the product's does, and runs on from there.
  if (shiftedDay) await context.clock.install({ time: testNow() });
  const offMachine: string[] = [];
  await context.route('**/*', (route) => {
    const { hostname, protocol } = new URL(route.request().url());
    if (protocol === 'data:' || protocol === 'blob:' || hostname === '127.0.0.1' || hostname === 'localhost') return route.continue();
    offMachine.push(route.request().url());
    return route.abort();
  });
  return { context, offMachine, page: () => context.newPage() };
}

/** Signs in through the API from inside the page's context, so the cookie lands in the browser. */
export async function signIn(page: Page, baseUrl: string, email: string, password = 'demo-password'): Promise<void> {
  const res = await page.request.post(`${baseUrl}/api/login`, { data: { email, password }, headers: { origin: baseUrl } });
  if (res.status() !== 200) throw new Error(`sign-in failed for ${email}: ${res.status()} ${await res.text()}`);
}

/** The waiver step of booking (issue 24): accepts for every attendee shown and gives an emergency contact. */
export async function acceptWaiver(page: Page, contact = { name: 'Jordan Lee', phone: '+1 415 555 0111' }): Promise<void> {
  const name = page.getByLabel('Emergency contact name');
  await name.waitFor();
  for (const box of await page.getByRole('checkbox', { name: /accepts? the waiver/ }).all()) await box.check();
  await name.fill(contact.name);
  await page.getByLabel('Emergency contact phone').fill(contact.phone);
}

/** Fills the test provider's card form on the checkout (any future expiry, a 3-digit CVC) and presses Pay;
 * the checkout's waiver step is accepted first when it is there. */
export async function payWithCard(page: Page, number = '4242 4242 4242 4242'): Promise<void> {
  if (await page.getByLabel('Emergency contact name').count()) await acceptWaiver(page);
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration (MM / YY)').fill('12 / 40');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}
