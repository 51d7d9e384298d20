// Opening a page of the built product in a guarded context, ready to use: network idle and every island
// hydrated (Astro removes an island's ssr attribute once it is interactive).
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, type GuardedContext, newContext } from './browser';

export async function openPage(browser: Browser, baseUrl: string, path: string, viewport = DESKTOP): Promise<{ guard: GuardedContext; page: Page }> {
  const guard = await newContext(browser, viewport);
  const page = await guard.page();
  await page.goto(baseUrl + path, { waitUntil: 'networkidle' });
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
  return { guard, page };
}
