// Trust and safety in Chromium (issue 24): the footer's and the sign-up form's legal links open real pages, and a
// customer deletes their account from the profile and can no longer sign in.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import { seriousA11yViolations } from '../helpers/axe';
import { DESKTOP, launchBrowser, newContext, PHONE, startProduct, type ProductServer } from '../helpers/browser';

let product: ProductServer;
let browser: Browser;
beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

let counter = 0;
const uniqueEmail = () => `trust${Date.now().toString(36)}${++counter}@example.test`;
const SHOTS = process.env.SCREENSHOTS_DIR;

async function withPage<T>(run: (page: Page) => Promise<T>, viewport = DESKTOP): Promise<T> {
  const guard = await newContext(browser, viewport);
  const page = await guard.page();
  try {
    const result = await run(page);
    expect(guard.offMachine).toEqual([]);
    return result;
  } finally {
    await guard.context.close();
  }
}

async function open(page: Page, path: string) {
  await page.goto(`${product.url}${path}`);
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
}

describe('legal pages', () => {
  for (const [label, heading, mentions] of [
    ['Privacy', 'Privacy Policy', ['Who sees what', 'Waivers, emergency contacts and medical notes', 'How long we keep it', 'Deleting your account']],
    ['Terms', 'Terms of Service', ['Cancellations, refunds and waitlists', 'Taking part safely, and waivers']],
    ['Cookies', 'Cookies', ['fogline_session']],
  ] as const) {
    test(`the footer's ${label} link opens a real page`, async () => {
      await withPage(async (page) => {
        await open(page, '/');
        await page.getByRole('contentinfo').getByRole('link', { name: label, exact: true }).click();
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(heading);
        const text = await page.locator('main, article').first().textContent();
        for (const words of mentions) expect(text).toContain(words);
        expect(await seriousA11yViolations(page)).toEqual([]);
      });
    });
  }

  test('the sign-up form links its Terms of Service and Privacy Policy', async () => {
    await withPage(async (page) => {
      await open(page, '/register');
      for (const [name, path] of [['Terms of Service', '/terms'], ['Privacy Policy', '/privacy']] as const) {
        const link = page.getByRole('link', { name, exact: true });
        expect(await link.getAttribute('href')).toBe(path);
        const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
        await tab.waitForLoadState();
        expect(await tab.getByRole('heading', { level: 1 }).textContent()).toBe(name);
        await tab.close();
      }
    });
  });

  test('at phone and desktop widths the Privacy Policy reads without sideways scrolling', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      await withPage(async (page) => {
        await open(page, '/privacy');
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/privacy-${viewport.width}.png`, fullPage: false });
      }, viewport);
    }
  });
});

test('a customer deletes their account from the profile and can no longer sign in', async () => {
  await withPage(async (page) => {
    const email = uniqueEmail();
    const password = 'leaving-soon-9';
    const res = await page.request.post(`${product.url}/api/register`, {
      data: { firstName: 'Dana', lastName: 'Leaves', email, phone: '+14155550199', password, role: 'customer' },
      headers: { origin: product.url },
    });
    expect(res.status()).toBe(201);
    await open(page, '/profile');
    await page.getByRole('tab', { name: 'Security' }).click();
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Password', { exact: true }).fill('wrong-password-1');
    await dialog.getByRole('button', { name: 'Delete My Account' }).click();
    await dialog.getByText('Password is incorrect').waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/delete-account-${page.viewportSize()!.width}.png` });
    await dialog.getByLabel('Password', { exact: true }).fill(password);
    await dialog.getByRole('button', { name: 'Delete My Account' }).click();
    const done = page.getByRole('dialog', { name: 'Account deleted' });
    await done.getByRole('button', { name: 'Go to the Home Page' }).click();
    await page.waitForURL(`${product.url}/`);
    expect(await page.getByRole('link', { name: 'Sign In' }).first().isVisible()).toBe(true);

    await open(page, '/auth');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText('Invalid email or password.').waitFor();
  });
});
