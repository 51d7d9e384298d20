// Opening a page of the built product in a guarded context, ready to use: network idle and every island
// hydrated (Astro removes an island's ssr attribute once it is interactive); and the product and Chromium a
// test file of public pages runs against.
import { afterAll, beforeAll } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, type GuardedContext, launchBrowser, newContext, type ProductServer, startProduct } from './browser';

export async function openPage(
  browser: Browser,
  baseUrl: string,
  path: string,
  viewport = DESKTOP,
): Promise<{ guard: GuardedContext; page: Page }> {
  const guard = await newContext(browser, viewport);
  const page = await guard.page();
  await page.goto(baseUrl + path, { waitUntil: 'networkidle' });
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
  return { guard, page };
}

/** Starts the product (with `env`) and Chromium before this file's tests and stops them after. The handle's
 * `product` and `browser` are there once the tests run; `api` reads the product's JSON as a visitor, `open` a page. */
export function useProductInBrowser(env: Record<string, string> = {}) {
  let product: ProductServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(env), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });
  const started = () => {
    if (!product || !browser) throw new Error('The product and browser start in beforeAll: use them inside a test.');
    return { product, browser };
  };
  return {
    get product(): ProductServer {
      return started().product;
    },
    get browser(): Browser {
      return started().browser;
    },
    api: async <T = any>(path: string): Promise<T> => (await fetch(started().product.url + path)).json() as Promise<T>,
    open: (path: string, viewport?: { width: number; height: number }) =>
      openPage(started().browser, started().product.url, path, viewport),
  };
}
