// Trust and safety in Chromium (issue 24): the footer's and the sign-up form's legal links open real pages; a
// customer deletes their account from the profile and can no longer sign in; an admin reviews a coach's
// application and rejects it (the email in the outbox), and sees it in the audit log.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { seriousA11yViolations } from '../helpers/axe';
import { DESKTOP, launchBrowser, newContext, PHONE, signIn, startProduct, type ProductServer } from '../helpers/browser';

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

/** The emails written to the product's outbox for `to`, decoded enough to read their text. */
function emailsTo(to: string): string[] {
  const dir = join(product.dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  return files
    .map((f) => readFileSync(join(dir, f), 'utf8').replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))))
    .filter((mail) => new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'm').test(mail));
}

/** A coach who registered (in a browser context of their own) and filled in the application. */
async function applyAsCoach(firstName: string, lastName: string) {
  const guard = await newContext(browser);
  const page = await guard.page();
  const email = uniqueEmail();
  const res = await page.request.post(`${product.url}/api/register`, {
    data: { firstName, lastName, email, phone: '+14155550142', password: 'coach-applies-9', role: 'coach' },
    headers: { origin: product.url },
  });
  expect(res.status()).toBe(201);
  const { id } = await res.json();
  const profile = await page.request.put(`${product.url}/api/users/${id}`, {
    data: { firstName, lastName, bio: 'Paddleboard guide on the bay since 2015.', certifications: 'ACA Level 2 SUP Instructor' },
    headers: { origin: product.url },
  });
  expect(profile.status()).toBe(200);
  await guard.context.close();
  return { id, email, name: `${firstName} ${lastName}` };
}

test('an admin reviews a coach application, rejects it with a reason (emailed) and finds it in the audit log', async () => {
  const coach = await applyAsCoach('Rowan', `Tideman${counter}`);
  await withPage(async (page) => {
    await signIn(page, product.url, 'admin@fogline.test');
    await open(page, '/admin');
    await page.getByLabel('Search coaches by name or email').fill(coach.email);
    const row = page.getByRole('row', { name: new RegExp(coach.name) });
    await row.getByText('Pending Approval').waitFor();
    await row.getByRole('button', { name: `Review ${coach.name}` }).click();

    const dialog = page.getByRole('dialog', { name: `Application: ${coach.name}` });
    await dialog.getByText('Paddleboard guide on the bay since 2015.').waitFor();
    expect(await dialog.getByText('ACA Level 2 SUP Instructor').isVisible()).toBe(true);
    expect(await dialog.getByText('Not set up yet').isVisible()).toBe(true);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/coach-review-${page.viewportSize()!.width}.png` });
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();

    const reason = 'Please add the year your SUP certification was issued.';
    const form = page.getByRole('dialog', { name: `Reject Application: ${coach.name}` });
    await form.getByRole('button', { name: 'Reject Application' }).click();
    await form.getByText('Please give a reason of at least 5 characters').waitFor();
    await form.getByLabel('Why is the application rejected?').fill(reason);
    await form.getByRole('button', { name: 'Reject Application' }).click();
    await row.getByText('Rejected').waitFor();

    const mail = emailsTo(coach.email).find((m) => m.includes('Subject: Your Fogline coach application'));
    expect(mail).toContain(reason);

    await page.getByRole('tab', { name: 'Audit Log' }).click();
    const entry = page.getByRole('list', { name: 'Admin actions' }).getByRole('listitem').filter({ hasText: `Rejected application: ${coach.name}` });
    await entry.waitFor();
    expect(await entry.textContent()).toContain(`Why: ${reason}`);
    expect(await entry.textContent()).toContain('By ');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/audit-log-${page.viewportSize()!.width}.png` });
  });
});
