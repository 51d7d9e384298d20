// Admin tooling in the browser (issue 6, Chromium, demo data): the admin edits a class through the Class
// Management tab; writes, publishes and deletes a blog post while the public blog shows it in between; sees
// every customer booking with the Coach column; others get Access Denied. Nothing is requested off the machine.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import { seriousA11yViolations } from '../helpers/axe';
import { type GuardedContext, launchBrowser, newContext, PHONE, signIn, startProduct, type ProductServer } from '../helpers/browser';
import { testNow } from '../helpers/today';

/** The list calls with or without their paging parameters. */
const CUSTOMERS_API = /\/api\/customers(\?|$)/;
const POSTS_API = /\/api\/blog\/admin(\?|$)/;

// Browser steps on a busy machine take longer than bun's 5 s default.
setDefaultTimeout(30_000);

let product: ProductServer;
let browser: Browser;
let admin: GuardedContext;
let page: Page;

beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
  admin = await newContext(browser);
  page = await admin.page();
  await signIn(page, product.url, 'admin@fogline.test');
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

async function toast(p: Page): Promise<string> {
  const t = p.getByTestId('toast');
  await t.waitFor({ timeout: 10_000 });
  return (await t.textContent()) ?? '';
}

describe('Class Management', () => {
  test('tab=classes opens the class tab; the admin finds a class by title and edits it', async () => {
    const classes = (await (await page.request.get(`${product.url}/api/classes/managed?view=series&sort=next&limit=100`)).json()) as any[];
    const target = classes.find(
      (c) => c.parentClassId === null && !c.isRecurring && new Date(c.startTime).getTime() > testNow() + 86_400_000,
    );
    expect(target).toBeDefined();
    await page.goto(`${product.url}/admin?tab=classes`, { waitUntil: 'networkidle' });
    expect(await page.getByRole('tab', { name: 'Class Management' }).getAttribute('aria-selected')).toBe('true');
    await page.getByLabel('Search classes by title or location').fill(target.title);
    const row = page.getByRole('row', { name: new RegExp(target.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first();
    await row.getByRole('link', { name: `Edit ${target.title}` }).click();
    await page.waitForURL(`**/create-class?id=${target.id}`);
    await page.getByRole('heading', { name: 'Edit Class' }).waitFor();
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe(target.title);
    await page.getByLabel('Title', { exact: true }).fill(`${target.title} (Admin edit)`);
    await page.getByLabel('Capacity').fill(String(target.capacity + 2));
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.waitForURL('**/admin?tab=classes');
    expect(await toast(page)).toContain('Class updated');
    // the table shows 25 classes a page: find the edited one as an admin would
    await page.getByLabel('Search classes by title or location').fill('(Admin edit)');
    await page
      .getByRole('cell', { name: `${target.title} (Admin edit)` })
      .first()
      .waitFor();
    const after = await (await page.request.get(`${product.url}/api/classes/${target.id}`)).json();
    expect(after).toMatchObject({ title: `${target.title} (Admin edit)`, capacity: target.capacity + 2, coachId: target.coachId });
  });

  test('the Coaches tab shows the pending badge and Platform Settings is a placeholder', async () => {
    await page.goto(`${product.url}/admin`, { waitUntil: 'networkidle' });
    await page.getByLabel('1 pending approval').waitFor(); // its own small count request (the coach table is paged)
    await page.getByRole('tab', { name: 'Platform Settings' }).click();
    await page.getByText('Platform settings are coming soon.').waitFor();
    expect(new URL(page.url()).search).toBe('?tab=settings');
  });
});

describe('blog management', () => {
  const title = `Fog Running Tips ${Date.now().toString(36)}`;
  const slugStart = 'fog-running-tips-';

  test('the admin writes a draft: it is listed with its badge but not on the public blog', async () => {
    await page.goto(`${product.url}/blog/admin`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Blog Management' }).waitFor();
    for (const label of ['Total Posts', 'Published', 'Drafts', 'Archived'])
      expect(await page.getByText(label, { exact: true }).first().isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Create Post' }).click();
    await page.getByRole('heading', { name: 'Create Post' }).waitFor();
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Excerpt').fill('How to run happy when the marine layer rolls in.');
    await page.getByLabel('Content', { exact: true }).fill('Dress in layers.\nRun the Embarcadero.<script>alert(1)</script>');
    await page.getByLabel('Tags').fill('running');
    await page.keyboard.press('Enter');
    await page.getByRole('tab', { name: 'preview' }).click();
    await page.frameLocator('iframe[title="Content preview"]').getByText('Dress in layers.').waitFor();
    await page.getByRole('button', { name: 'Create Post' }).click();
    await page.waitForURL('**/blog/admin');
    expect(await toast(page)).toContain('Post created');
    const card = page.getByRole('listitem').filter({ hasText: title });
    // the list refetches after the redirect: wait for the new post rather than reading a loading list
    await card.getByText('draft', { exact: true }).waitFor();
    expect(await card.getByRole('link', { name: `View ${title}` }).count()).toBe(0);
    const blog = await (await page.request.get(`${product.url}/api/blog`)).json();
    expect(blog.some((p: any) => p.title === title)).toBe(false);
  });

  test('the admin publishes it and the public blog shows it', async () => {
    await page
      .getByRole('listitem')
      .filter({ hasText: title })
      .getByRole('link', { name: `Edit ${title}` })
      .click();
    await page.getByRole('heading', { name: 'Edit Post' }).waitFor();
    await page.getByLabel('Status').selectOption('published');
    await page.getByRole('button', { name: 'Save Post' }).click();
    await page.waitForURL('**/blog/admin');
    const card = page.getByRole('listitem').filter({ hasText: title });
    await card.getByText('published', { exact: true }).waitFor();
    expect(await card.getByText(/^Published /).isVisible()).toBe(true);

    const visitor = await newContext(browser, PHONE);
    const reader = await visitor.page();
    await reader.goto(`${product.url}/blog`, { waitUntil: 'networkidle' });
    await reader.getByText(title).first().waitFor();
    const posts = await (await reader.request.get(`${product.url}/api/blog`)).json();
    const post = posts.find((p: any) => p.title === title);
    expect(post.slug.startsWith(slugStart)).toBe(true);
    expect(post.content).not.toContain('<script');
    await reader.goto(`${product.url}/blog/${post.slug}`, { waitUntil: 'networkidle' });
    await reader.getByRole('heading', { name: title }).waitFor();
    expect(await reader.getByText('Dress in layers.').isVisible()).toBe(true);
    expect(visitor.offMachine).toEqual([]);
    await visitor.context.close();
  });

  test('the admin deletes it after confirming, and the public blog no longer shows it', async () => {
    await page.goto(`${product.url}/blog/admin`, { waitUntil: 'networkidle' });
    await page
      .getByRole('listitem')
      .filter({ hasText: title })
      .getByRole('button', { name: `Delete ${title}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Delete post' });
    expect(await dialog.getByText(`Are you sure you want to delete "${title}"? This action cannot be undone.`).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    expect(await toast(page)).toContain('Blog post deleted successfully');
    await page.getByRole('listitem').filter({ hasText: title }).waitFor({ state: 'detached' });
    const blog = await (await page.request.get(`${product.url}/api/blog`)).json();
    expect(blog.some((p: any) => p.title === title)).toBe(false);
  });
});

describe('customers and access', () => {
  test('the admin sees every customer booking with a Coach column', async () => {
    await page.goto(`${product.url}/customers`, { waitUntil: 'networkidle' });
    expect(await page.getByText('View all customer bookings and class attendance data').isVisible()).toBe(true);
    expect(await page.getByRole('columnheader', { name: 'Coach' }).isVisible()).toBe(true);
    expect(await page.getByRole('row').count()).toBeGreaterThan(2);
    expect(admin.offMachine).toEqual([]);
  });

  test('a coach gets Access Denied on the admin pages', async () => {
    const guard = await newContext(browser);
    const p = await guard.page();
    await signIn(p, product.url, 'coach@fogline.test');
    await p.goto(`${product.url}/admin`, { waitUntil: 'networkidle' });
    await p.getByRole('heading', { name: 'Access Denied' }).waitFor();
    expect(await p.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
    await p.goto(`${product.url}/blog/admin`, { waitUntil: 'networkidle' });
    await p.getByText('This page is only accessible to administrators.').waitFor();
    await guard.context.close();
  });
});

describe('customer management formats and pages', () => {
  const row = {
    id: 1,
    classId: 1,
    className: 'Sunrise Yoga',
    coachFirstName: 'Maya',
    coachLastName: 'Chen',
    customerFirstName: 'Casey',
    customerLastName: 'Morgan',
    customerEmail: 'casey@example.com',
    quantity: 1,
  };
  const answer = {
    rows: [
      {
        ...row,
        id: 1,
        classDate: '2027-03-07T17:00:00.000Z',
        classTime: '2027-03-07T17:00:00.000Z',
        customerPhone: '+14155550100',
        status: 'confirmed',
        completedClasses: 3,
      },
      { ...row, id: 2, classDate: null, classTime: null, customerPhone: null, status: 'pending', completedClasses: 0 },
      { ...row, id: 3, classDate: 'not a date', classTime: 'not a time', customerPhone: '', status: 'confirmed', completedClasses: 1 },
    ],
    summary: { totalBookings: 3, uniqueCustomers: 1, completedClasses: 1 },
  };

  test('dates read MMM dd, yyyy and times h:mm a in Pacific time; missing ones N/A, unreadable ones Invalid Date / Invalid Time', async () => {
    await page.route(CUSTOMERS_API, (route) => route.fulfill({ json: answer }));
    await page.goto(`${product.url}/customers`, { waitUntil: 'networkidle' });
    const rows = page.getByRole('row');
    await rows.nth(1).waitFor();
    expect(await rows.nth(1).textContent()).toContain(
      'Mar 07, 20279:00 AMSunrise YogaMaya ChenCasey Morgan+14155550100casey@example.comconfirmed3',
    );
    expect(await rows.nth(2).textContent()).toContain('N/AN/ASunrise YogaMaya ChenCasey MorganN/A');
    expect(await rows.nth(3).textContent()).toContain('Invalid DateInvalid Time');
    await page.unroute(CUSTOMERS_API);
  });

  test('no bookings: No customer bookings found; a failed load: Failed to load customer data', async () => {
    await page.route(CUSTOMERS_API, (route) =>
      route.fulfill({ json: { rows: [], summary: { totalBookings: 0, uniqueCustomers: 0, completedClasses: 0 } } }),
    );
    await page.goto(`${product.url}/customers`, { waitUntil: 'networkidle' });
    await page.getByText('No customer bookings found').waitFor();
    expect(await page.getByText('Customer bookings will appear here once classes are booked.').isVisible()).toBe(true);
    await page.unroute(CUSTOMERS_API);
    await page.route(CUSTOMERS_API, (route) => route.fulfill({ status: 500, json: { message: 'Something went wrong.' } }));
    await page.goto(`${product.url}/customers`, { waitUntil: 'networkidle' });
    await page.getByText('Failed to load customer data').waitFor();
    await page.unroute(CUSTOMERS_API);
  });

  test("the admin's hundreds of bookings come 25 to a page", async () => {
    const { summary } = await (await page.request.get(`${product.url}/api/customers`)).json();
    expect(summary.totalBookings).toBeGreaterThan(50);
    await page.goto(`${product.url}/customers`, { waitUntil: 'networkidle' });
    await page.getByText(`Showing 1–25 of ${summary.totalBookings}`).waitFor();
    expect(await page.getByRole('row').count()).toBe(26);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(`Showing 26–50 of ${summary.totalBookings}`).waitFor();
    expect(await page.getByRole('button', { name: 'Previous' }).isEnabled()).toBe(true);
  });
});

describe('the admin pages on a phone, in light and dark', () => {
  test('the dashboard tabs and tables never widen the page', async () => {
    const phone = await newContext(browser, PHONE);
    const p = await phone.page();
    await signIn(p, product.url, 'admin@fogline.test');
    for (const path of ['/admin', '/admin?tab=classes', '/customers', '/blog/admin']) {
      await p.goto(`${product.url}${path}`, { waitUntil: 'networkidle' });
      await p.locator('h1').first().waitFor();
      await p.locator('table, ul').first().waitFor();
      expect({ path, width: await p.evaluate(() => document.documentElement.scrollWidth) }).toEqual({ path, width: 390 });
    }
    await phone.context.close();
  });

  test('no serious axe violations on the admin pages', async () => {
    for (const theme of ['light', 'dark']) {
      await page.evaluate((t) => localStorage.setItem('theme', t), theme);
      for (const [path, ready] of [
        ['/admin', page.getByRole('columnheader', { name: 'Joined' })],
        ['/admin?tab=classes', page.getByRole('columnheader', { name: 'Location' })],
        ['/customers', page.getByRole('columnheader', { name: 'Customer Name' })],
        ['/blog/admin', page.getByRole('button', { name: /^Delete / }).first()],
        ['/blog/admin/create', page.getByRole('heading', { name: 'Create Post' })],
      ] as const) {
        await page.goto(`${product.url}${path}`, { waitUntil: 'networkidle' });
        await ready.waitFor();
        await page.evaluate(() => document.querySelector('body > header')?.remove());
        expect({ theme, path, problems: await seriousA11yViolations(page) }).toEqual({ theme, path, problems: [] });
      }
    }
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
  }, 60_000);
});

describe('blog management states', () => {
  test('five skeleton rows while the posts load', async () => {
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route(POSTS_API, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${product.url}/blog/admin`);
    await page.getByTestId('post-skeleton').first().waitFor();
    expect(await page.getByTestId('post-skeleton').count()).toBe(5);
    release();
    await page.getByTestId('post-skeleton').first().waitFor({ state: 'detached' });
    await page.unroute(POSTS_API);
  });

  test('no posts yet: Create First Post', async () => {
    await page.route(POSTS_API, (route) => route.fulfill({ json: [] }));
    await page.goto(`${product.url}/blog/admin`, { waitUntil: 'networkidle' });
    expect(await page.getByRole('link', { name: 'Create First Post' }).getAttribute('href')).toBe('/blog/admin/create');
    await page.unroute(POSTS_API);
  });
});

describe('an admin creating a class', () => {
  test('picks the coach, and lands on the class table (admins have no calendar)', async () => {
    await page.goto(`${product.url}/create-class`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Create a Class' }).waitFor();
    await page.getByLabel('Coach', { exact: true }).selectOption({ label: 'Maya Chen' });
    await page.getByLabel('Title', { exact: true }).fill('Admin Made Bootcamp');
    await page.getByLabel('Description').fill('A class the admin set up for Maya.');
    await page.getByLabel('Category').selectOption({ index: 1 });
    await page.getByLabel('Location name').fill('Dolores Park');
    await page.getByLabel('Address line 1').fill('19th St');
    await page.getByLabel('City', { exact: true }).fill('San Francisco');
    await page.getByLabel('ZIP').fill('94114');
    await page
      .getByLabel('Start date')
      .fill(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date(testNow() + 5 * 86_400_000)));
    await page.getByRole('button', { name: 'Create Class' }).click();
    await page.waitForURL('**/admin?tab=classes');
    // newest first: the new class heads the first page
    await page.getByRole('cell', { name: 'Admin Made Bootcamp' }).first().waitFor();
  });
});
