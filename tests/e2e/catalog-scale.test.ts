// The catalogue at marketplace size (issue 9), in Chromium on SEED=scale data: the browse page stays usable
// (list, filters, load more as the list scrolls, map) and no public page or JSON answer grows with the data.
// CI seeds a quarter of the set (2,500 upcoming sessions, 25,000 bookings) to stay quick; E2E_SEED_SCALE=1
// runs it on the whole one (10,000 sessions).
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser } from 'playwright-core';
import { PAGE_SIZE } from '../../site/islands/catalog/BrowseClasses';
import { launchBrowser, startProduct, type ProductServer } from '../helpers/browser';
import { openPage } from '../helpers/pages';

setDefaultTimeout(60_000);

/** Issue 9's budgets, uncompressed. */
const MAX_HTML = 150 * 1024;
const MAX_JSON = 300 * 1024;
const SCALE = process.env.E2E_SEED_SCALE ?? '0.25';

let product: ProductServer;
let browser: Browser;
beforeAll(async () => {
  [product, browser] = await Promise.all([
    startProduct({ SEED: 'scale', SEED_SCALE: SCALE, PUBLIC_GOOGLE_MAPS_API_KEY: '' }),
    launchBrowser(),
  ]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

const get = (path: string) => fetch(product.url + path);
const json = async <T = any>(path: string): Promise<T> => (await get(path)).json() as Promise<T>;
const rowsOf = (page: import('playwright-core').Page) => page.getByRole('list', { name: 'Classes' }).getByRole('listitem');

describe('browsing thousands of classes', () => {
  test('the list shows the first page and the total, and scrolling to its end loads the next page below without moving the rows above', async () => {
    const total = Number((await get('/api/classes?limit=1')).headers.get('x-total-count'));
    expect(total).toBeGreaterThan(Number(SCALE) * 10_000);
    const { guard, page } = await openPage(browser, product.url, '/classes');
    expect(await page.getByText(`${total} classes`, { exact: true }).isVisible()).toBe(true);
    expect(await rowsOf(page).count()).toBe(PAGE_SIZE);
    const list = page.getByRole('list', { name: 'Classes' });
    const before = await rowsOf(page).nth(3).boundingBox();
    const listTop = (await list.boundingBox())!.y;
    // The results scroll with the page itself (no inner scroll box): reaching the end of the page loads the next.
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight }));
    await page.waitForFunction(
      (n) => document.querySelectorAll('[aria-label="Classes"] > li:not([aria-hidden])').length >= n,
      PAGE_SIZE * 2,
    );
    await page.evaluate(() => window.scrollTo({ top: 0 }));
    expect(await rowsOf(page).nth(3).boundingBox()).toEqual(before);
    expect((await list.boundingBox())!.y).toBe(listTop);
    // The button pages too, for keyboards: the page holds only what was asked for.
    const more = page.getByRole('button', { name: /^Show more classes/ });
    await more.click();
    await page.waitForFunction(
      (n) => document.querySelectorAll('[aria-label="Classes"] > li:not([aria-hidden])').length >= n,
      PAGE_SIZE * 3,
    );
    expect(await rowsOf(page).count()).toBeLessThanOrEqual(PAGE_SIZE * 4);
    expect(await page.getByText(`${total} classes`, { exact: true }).isVisible()).toBe(true);
    await guard.context.close();
  });

  test('a search and a filter narrow the list from the server, and the URL follows', async () => {
    const { guard, page } = await openPage(browser, product.url, '/classes');
    const categories = await json<{ id: number; name: string }[]>('/api/categories');
    const tennis = categories.find((c) => c.name === 'Tennis')!;
    await page.getByLabel('What', { exact: true }).fill('drills');
    await page.getByLabel('Class type', { exact: true }).selectOption({ label: tennis.name });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === 'drills');
    const expected = Number((await get(`/api/classes?q=drills&type=${tennis.id}&limit=1`)).headers.get('x-total-count'));
    expect(expected).toBeGreaterThan(0);
    await page.getByText(`${expected} ${expected === 1 ? 'class' : 'classes'}`, { exact: true }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Search Results for "drills"');
    for (const text of (await rowsOf(page).allTextContents()).slice(0, 5)) expect(text).toContain('Tennis');
    // Without a Maps key there is no map toggle (the list is the page).
    expect(await page.getByRole('button', { name: 'Map' }).count()).toBe(0);
    expect(await rowsOf(page).count()).toBe(Math.min(expected, PAGE_SIZE));
    expect(guard.offMachine).toEqual([]);
    await guard.context.close();
  });

  test('the map asks for the pins in view, clustered on the server, in a small answer', async () => {
    for (const zoom of [10, 12, 14, 16, 18]) {
      const res = await get(`/api/classes/pins?zoom=${zoom}`);
      const body = await res.clone().json();
      expect(body.total).toBeGreaterThan(Number(SCALE) * 10_000);
      expect(body.pins.length + body.clusters.length).toBeLessThanOrEqual(600);
      expect((await res.arrayBuffer()).byteLength).toBeLessThan(150 * 1024);
    }
  });
});

describe('no public answer grows with the data', () => {
  test(`every public page is under ${MAX_HTML / 1024} KB and every public JSON answer under ${MAX_JSON / 1024} KB`, async () => {
    const coaches = await json<{ id: number }[]>('/api/coaches');
    // The coach with the most classes and the class page of a series session.
    const busiest = (await json<{ coachId: number }[]>('/api/classes?all=true')).reduce<Record<number, number>>(
      (n, c) => ({ ...n, [c.coachId]: (n[c.coachId] ?? 0) + 1 }),
      {},
    );
    const coachId = Number(Object.entries(busiest).sort((a, b) => b[1] - a[1])[0]![0]);
    const [first] = await json<{ id: number }[]>('/api/classes?q=weekly&limit=1');
    const posts = await json<{ slug: string }[] | { posts: { slug: string }[] }>('/api/blog');
    const slug = (Array.isArray(posts) ? posts : posts.posts)[0]!.slug;
    const pages = [
      '/',
      '/classes',
      '/classes?q=yoga',
      `/classes/${first?.id ?? 1}`,
      '/coaches',
      `/coaches/${coachId}`,
      `/coaches/${coaches[0]!.id}`,
      '/blog',
      `/blog/${slug}`,
      '/about',
      '/faq',
      '/contact',
    ];
    const answers = [
      '/api/classes',
      '/api/classes?limit=100&includeSchedules=true',
      '/api/classes?all=true&includeSchedules=true',
      '/api/classes?q=a&limit=100',
      '/api/classes/pins?zoom=16',
      '/api/categories',
      '/api/cities',
      '/api/coaches',
      `/api/coaches/${coachId}`,
      `/api/coaches/${coachId}/classes`,
      `/api/coaches/${coachId}/classes?when=past&limit=100`,
      `/api/reviews/coach/${coachId}`,
      '/api/blog',
    ];
    const sizes: Record<string, number> = {};
    for (const path of [...pages, ...answers]) {
      const res = await get(path);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      sizes[path] = (await res.arrayBuffer()).byteLength;
    }
    const over = Object.entries(sizes).filter(([path, bytes]) => bytes > (path.startsWith('/api/') ? MAX_JSON : MAX_HTML));
    expect(over).toEqual([]);
  });
});
