// Foundation in the browser: home, the 404 page and the API docs render with nothing fetched off the machine.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Browser } from 'playwright-core';
import { launchBrowser, newContext, startProduct, type ProductServer } from '../helpers/browser';

let product: ProductServer;
let browser: Browser;
beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe('foundation pages', () => {
  test('the home page renders with the product name and no request leaves the machine', async () => {
    const guard = await newContext(browser);
    const page = await guard.page();
    const response = await page.goto(product.url + '/', { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);
    await expect(page.title()).resolves.toContain('Fogline');
    expect(await page.getByRole('link', { name: 'Fogline home' }).isVisible()).toBe(true);
    expect(guard.offMachine).toEqual([]);
    await guard.context.close();
  });

  test('an unknown path shows 404 Page Not Found', async () => {
    const guard = await newContext(browser);
    const page = await guard.page();
    const response = await page.goto(product.url + '/no/such/page', { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(404);
    expect(await page.getByRole('heading', { name: '404 Page Not Found' }).isVisible()).toBe(true);
    expect(guard.offMachine).toEqual([]);
    await guard.context.close();
  });

  test('/api/docs renders Swagger UI offline, within its Content-Security-Policy', async () => {
    const guard = await newContext(browser);
    const page = await guard.page();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/content security policy/i.test(message.text())) violations.push(message.text().slice(0, 160));
    });
    await page.goto(product.url + '/api/docs', { waitUntil: 'networkidle' });
    await page.locator('.swagger-ui .info .title').waitFor({ timeout: 15000 });
    expect(await page.locator('.swagger-ui .info .title').textContent()).toContain('Fogline API');
    expect(await page.locator('.opblock').count()).toBeGreaterThan(0);
    expect(violations).toEqual([]);
    expect(guard.offMachine).toEqual([]);
    await guard.context.close();
  });

  test('the theme defaults to light and a stored choice applies before paint', async () => {
    const guard = await newContext(browser);
    const page = await guard.page();
    await page.goto(product.url + '/');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await guard.context.close();
  });
});
