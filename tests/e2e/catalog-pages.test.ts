// Public pages in the browser (demo data): coaches search and profile, FAQ, contact, blog (topic filter,
// a post's script never runs), zero client JavaScript on content pages, 404, and axe on every public page.
import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import { join } from 'node:path';
import { openDb } from '../../db/client';
import { blogPosts } from '../../db/schema';
import { seriousA11yViolations } from '../helpers/axe';
import { DESKTOP, newContext, PHONE } from '../helpers/browser';
import { useProductInBrowser } from '../helpers/pages';

// Pages of the real product under a loaded machine: give each test room.
setDefaultTimeout(30_000);

const site = useProductInBrowser({ PUBLIC_GOOGLE_MAPS_API_KEY: '' });
const { api, open } = site;

describe('coaches', () => {
  test('the search matches name or bio, case-insensitive, with a result count', async () => {
    const coaches = await api<{ firstName: string; lastName: string; bio: string | null }[]>('/api/coaches');
    const { guard, page } = await open('/coaches');
    const cards = page.getByRole('article');
    expect(await cards.count()).toBe(coaches.length);
    expect(await page.getByText(`${coaches.length} coaches found`).isVisible()).toBe(true);
    // Each search is answered by the server after a pause in typing: wait for its count, then for the grid.
    const searched = async (n: number) => {
      await page.getByText(`${n} ${n === 1 ? 'coach' : 'coaches'} found`, { exact: true }).waitFor();
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    };
    const target = coaches.at(-1)!;
    await page.getByLabel('Search coaches').fill(target.lastName.toUpperCase());
    const matching = coaches.filter(
      (c) =>
        `${c.firstName} ${c.lastName}`.toLowerCase().includes(target.lastName.toLowerCase()) ||
        (c.bio ?? '').toLowerCase().includes(target.lastName.toLowerCase()),
    );
    await searched(matching.length);
    expect(await cards.count()).toBe(matching.length);
    expect(await cards.allTextContents()).toContainEqual(expect.stringContaining(target.firstName));
    const bioWord = coaches[0]!
      .bio!.split(' ')
      .find((w) => w.length > 6)!
      .toLowerCase();
    await page.getByLabel('Search coaches').fill(bioWord);
    const byBio = coaches.filter(
      (c) => `${c.firstName} ${c.lastName}`.toLowerCase().includes(bioWord) || (c.bio ?? '').toLowerCase().includes(bioWord),
    ).length;
    await searched(byBio);
    expect(await cards.count()).toBe(byBio);
    await page.getByLabel('Search coaches').fill('zzqx no coach');
    await searched(0);
    expect(await page.getByText('No coaches found').isVisible()).toBe(true);
    await guard.context.close();
  });

  test('coach cards show a rating and at most 3 expertise names', async () => {
    const { guard, page } = await open('/coaches', PHONE);
    const lists = page.getByRole('list', { name: 'Expertise' });
    for (const list of await lists.all()) expect((await list.getByRole('listitem').count()) <= 3).toBe(true);
    expect(await page.getByRole('img', { name: /^Rated \d\.\d out of 5/ }).count()).toBeGreaterThan(0);
    await guard.context.close();
  });

  test('the coach profile shows 5 reviews, then Show All Reviews (n) and Show Less', async () => {
    const coach = (await api<{ id: number; firstName: string; rating: { totalReviews: number } }[]>('/api/coaches')).find(
      (c) => c.rating.totalReviews > 5,
    )!;
    const { guard, page } = await open(`/coaches/${coach.id}`);
    const reviews = page.locator('#coach-reviews > li');
    await page.getByRole('button', { name: `Show All Reviews (${coach.rating.totalReviews})` }).waitFor();
    expect(await reviews.count()).toBe(5);
    await page.getByRole('button', { name: `Show All Reviews (${coach.rating.totalReviews})` }).click();
    // The reviews after the first 5 come from the API when asked for.
    await page.waitForFunction((n) => document.querySelectorAll('#coach-reviews > li').length === n, coach.rating.totalReviews);
    await page.getByRole('button', { name: 'Show Less' }).click();
    expect(await reviews.count()).toBe(5);
    // Review dates read MMM dd, yyyy (customer-areas §9).
    expect(await reviews.first().locator('span.text-xs').textContent()).toMatch(/^[A-Z][a-z]{2} \d{2}, \d{4}$/);
    expect(await page.getByRole('tab', { name: /Upcoming Classes/ }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('tab', { name: /Past Classes/ }).click();
    expect(await page.getByRole('link', { name: 'View All' }).getAttribute('href')).toBe('/classes');
    await guard.context.close();
  });

  test('an unknown coach shows Coach Not Found with Browse Coaches', async () => {
    const { guard, page } = await open('/coaches/99999');
    expect(await page.getByRole('heading', { name: 'Coach Not Found' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Browse Coaches' }).getAttribute('href')).toBe('/coaches');
    await guard.context.close();
  }, 20_000);
});

describe('information pages', () => {
  test('the FAQ keeps one question open at a time', async () => {
    const { guard, page } = await open('/faq');
    const items = page.locator('details[name="faq"]');
    expect(await items.count()).toBe(4);
    await page.getByText('What if there are no slots available?').click();
    expect(await items.evaluateAll((els) => els.map((el) => (el as HTMLDetailsElement).open))).toEqual([false, true, false, false]);
    expect(await page.getByText(/Join its waitlist from the class page/).isVisible()).toBe(true);
    await page.getByText('Are classes covered by insurance?').click();
    expect(await items.evaluateAll((els) => els.map((el) => (el as HTMLDetailsElement).open))).toEqual([false, false, false, true]);
    await guard.context.close();
  });

  test('the contact form shows the validation messages, then Sending..., the success screen and Send Another Message', async () => {
    const { guard, page } = await open('/contact', PHONE);
    await page.getByRole('button', { name: 'Send Message' }).click();
    for (const message of [
      'Name must be at least 2 characters',
      'Please enter a valid email address',
      'Subject must be at least 5 characters',
      'Message must be at least 10 characters',
    ]) {
      expect(await page.getByText(message).isVisible()).toBe(true);
    }
    expect(await page.getByLabel('Name').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByLabel('Name').fill('Casey Morgan');
    await page.getByLabel('Email').fill('casey@example.test');
    await page.getByLabel('Subject').fill('Rainy day classes');
    await page.getByLabel('Message').fill('Do classes go ahead when it rains?');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/contact', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByRole('button', { name: 'Sending...' }).waitFor();
    release();
    await page.getByRole('heading', { name: 'Message Sent!' }).waitFor();
    await page.getByRole('button', { name: 'Send Another Message' }).click();
    expect(await page.getByLabel('Name').inputValue()).toBe('');
    await guard.context.close();
  });
});

describe('blog', () => {
  test('the topic filter lists every tag and keeps the posts with the chosen one', async () => {
    const posts = await api<{ tags: string[] }[]>('/api/blog');
    const tags = [...new Set(posts.flatMap((p) => p.tags))];
    const { guard, page } = await open('/blog');
    const topics = page.getByRole('navigation', { name: 'Filter by Topic' }).getByRole('link');
    expect(await topics.allTextContents()).toEqual(['All Posts', ...tags]);
    const tag = tags[tags.length - 1]!;
    await Promise.all([page.waitForURL(/tag=/), topics.filter({ hasText: tag }).click()]);
    expect(await page.getByRole('link', { name: /^Read More/ }).count()).toBe(posts.filter((p) => p.tags.includes(tag)).length);
    expect(await topics.filter({ hasText: tag }).getAttribute('aria-current')).toBe('page');
    // Published dates read MMM dd, yyyy (coach-admin-areas §9).
    expect(await page.locator('article time').first().textContent()).toMatch(/^[A-Z][a-z]{2} \d{2}, \d{4}$/);
    await guard.context.close();
  });

  test('a post with a script in its content runs no script', async () => {
    const db = await openDb(`file:${join(site.product.dataDir, 'fogline.db')}`);
    await db.write((tx) =>
      tx.insert(blogPosts).values({
        slug: 'xss-attempt',
        title: 'Totally harmless post',
        status: 'published',
        publishedAt: new Date(),
        content:
          'Hello<script>window.__pwned = "script"</script>\n<img src="/nope.png" onerror="window.__pwned = \'onerror\'">\n<a href="javascript:window.__pwned=\'link\'">click me</a>',
      }),
    );
    db.close();
    const { guard, page } = await open('/blog/xss-attempt');
    expect(await page.getByRole('heading', { name: 'Totally harmless post' }).isVisible()).toBe(true);
    await page.getByText('click me').click();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
    expect(await page.locator('.blog-content br').count()).toBeGreaterThan(0);
    expect(await page.locator('.blog-content script, .blog-content [onerror]').count()).toBe(0);
    await guard.context.close();
  });

  test('an unknown post shows Post Not Found with Back to Blog', async () => {
    const { guard, page } = await open('/blog/no-such-post');
    expect(await page.getByRole('heading', { name: 'Post Not Found' }).isVisible()).toBe(true);
    expect(await page.getByText("The blog post you're looking for doesn't exist or has been removed.").isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Back to Blog' }).getAttribute('href')).toBe('/blog');
    await guard.context.close();
  });
});

describe('every public page', () => {
  test('/about, /faq, /blog and /blog/{slug} ship zero client JavaScript', async () => {
    const slug = (await api<{ slug: string }[]>('/api/blog'))[0]!.slug;
    for (const path of ['/about', '/faq', '/blog', `/blog/${slug}`]) {
      const guard = await newContext(site.browser);
      const page = await guard.page();
      const scripts: string[] = [];
      page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
      await page.goto(site.product.url + path, { waitUntil: 'networkidle' });
      expect({ path, scripts }).toEqual({ path, scripts: [] });
      expect({ path, islands: await page.locator('astro-island, script[src], script[type="module"]').count() }).toEqual({
        path,
        islands: 0,
      });
      await guard.context.close();
    }
  }, 30_000);

  test('an unknown path shows 404 Page Not Found', async () => {
    const { guard, page } = await open('/definitely/not/here');
    expect(await page.getByRole('heading', { name: '404 Page Not Found' }).isVisible()).toBe(true);
    await guard.context.close();
  });
});

describe('accessibility (axe-core): no serious or critical violations, on phone and desktop', () => {
  const pages: [string, () => Promise<string>][] = [
    ['home', async () => '/'],
    ['browse', async () => '/classes'],
    ['class detail', async () => `/classes/${(await api<{ id: number }[]>('/api/classes?limit=1'))[0]!.id}`],
    ['class not found', async () => '/classes/424242'],
    ['coaches', async () => '/coaches'],
    ['coach profile', async () => `/coaches/${(await api<{ id: number }[]>('/api/coaches'))[0]!.id}`],
    ['about', async () => '/about'],
    ['FAQ', async () => '/faq'],
    ['contact', async () => '/contact'],
    ['blog', async () => '/blog'],
    ['blog post', async () => `/blog/${(await api<{ slug: string }[]>('/api/blog'))[0]!.slug}`],
    ['404', async () => '/nowhere'],
  ];
  for (const [name, pathOf] of pages) {
    test(name, async () => {
      const path = await pathOf();
      const problems: unknown[] = [];
      for (const viewport of [DESKTOP, PHONE]) {
        const { guard, page } = await open(path, viewport);
        const found = await seriousA11yViolations(page);
        if (found.length) problems.push({ path, width: viewport.width, found });
        await guard.context.close();
      }
      expect(problems).toEqual([]);
    });
  }
});
