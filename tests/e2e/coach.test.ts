// Coach tooling in the browser (issue 6, Chromium, demo data): a coach awaiting approval sees Awaiting
// Approval; the admin approves them; they create a weekly recurring class and see it in My Calendar and My
// Classes as one series; they duplicate and edit a session; they delete "this and following". Nothing is
// requested off the machine.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import { type GuardedContext, launchBrowser, newContext, PHONE, signIn, startProduct, type ProductServer } from '../helpers/browser';

// Browser steps on a busy machine take longer than bun's 5 s default.
setDefaultTimeout(30_000);

let product: ProductServer;
let browser: Browser;
let coach: GuardedContext;
let page: Page;
const TITLE = `Bay Breeze Pilates ${Date.now().toString(36)}`;

beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
  coach = await newContext(browser);
  page = await coach.page();
  await signIn(page, product.url, 'newcoach@fogline.test');
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

/** The Pacific date `days` from now as YYYY-MM-DD. */
function pacificDate(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date(Date.now() + days * 86_400_000));
}

async function toast(p: Page): Promise<string> {
  const t = p.getByTestId('toast');
  await t.waitFor({ timeout: 10_000 });
  return (await t.textContent()) ?? '';
}

/** Opens a session's detail dialog in My Calendar: to its month with Next month, then its day's cell. */
async function openSession(session: { title: string; startTime: string }) {
  await page.goto(`${product.url}/my-calendar`, { waitUntil: 'networkidle' });
  const start = new Date(session.startTime);
  const month = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', month: 'long', year: 'numeric' }).format(start);
  const day = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', month: 'long', day: 'numeric', year: 'numeric' }).format(start);
  for (let i = 0; i < 3 && (await page.locator('#month-title').textContent()) !== month; i++) await page.getByRole('button', { name: 'Next month' }).click();
  await page.getByRole('gridcell', { name: new RegExp(`^${day}`) }).getByRole('button', { name: session.title }).click();
  await page.getByRole('dialog').waitFor();
}

/** The sessions of the new series, by start time. */
async function sessions(): Promise<any[]> {
  return (await managed()).filter((c) => c.parentClassId !== null).sort((a, b) => a.startTime.localeCompare(b.startTime));
}

async function managed(): Promise<any[]> {
  const res = await page.request.get(`${product.url}/api/classes/managed`);
  return (await res.json()).filter((c: any) => c.title.startsWith('Bay Breeze'));
}

describe('a new coach', () => {
  test('a coach awaiting approval sees Awaiting Approval on Create Class', async () => {
    await page.goto(`${product.url}/create-class`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Awaiting Approval' }).waitFor();
    expect(await page.getByText('You can create classes once an admin has approved your account.').isVisible()).toBe(true);
  });

  test('the admin approves them from the Coaches tab', async () => {
    const admin = await newContext(browser);
    const adminPage = await admin.page();
    await signIn(adminPage, product.url, 'admin@fogline.test');
    await adminPage.goto(`${product.url}/admin`, { waitUntil: 'networkidle' });
    await adminPage.getByRole('tab', { name: /Coaches/ }).waitFor();
    await adminPage.getByLabel('Search coaches by name or email').fill('newcoach@');
    const row = adminPage.getByRole('row', { name: /Noah Rivera/ });
    expect(await row.getByText('Pending Approval').isVisible()).toBe(true);
    await adminPage.getByRole('button', { name: 'Approve Noah Rivera' }).click();
    expect(await toast(adminPage)).toContain('Noah Rivera can now create classes.');
    await row.getByText('Approved').waitFor();
    expect(admin.offMachine).toEqual([]);
    await admin.context.close();
  });

  test('they create a weekly recurring class and land on My Calendar', async () => {
    await page.goto(`${product.url}/create-class`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Create a Class' }).waitFor();
    await page.getByLabel('Title', { exact: true }).fill(TITLE);
    await page.getByLabel('Description').fill('Mat pilates on the lawn with a view of the bay.');
    await page.getByLabel('Category').selectOption({ index: 1 });
    await page.getByLabel('Location name').fill('Marina Green');
    await page.getByLabel('Address line 1').fill('Marina Blvd');
    await page.getByLabel('City', { exact: true }).fill('San Francisco');
    await page.getByLabel('ZIP').fill('94123');
    await page.getByLabel('Start date').fill(pacificDate(2));
    await page.getByLabel('Start time (PT)').selectOption('09:00');
    await page.getByLabel('Price per person ($)').fill('18');
    await page.getByLabel('Repeat this class (recurring series)').click();
    const dialog = page.getByRole('dialog', { name: 'Repeat class' });
    await dialog.waitFor();
    await dialog.getByLabel('Number of sessions').fill('4');
    await dialog.getByRole('button', { name: 'Done' }).click();
    expect(await page.getByText(/Every week on .* · 4 sessions/).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Create Class' }).click();
    await page.waitForURL('**/my-calendar');
    expect(await toast(page)).toContain('4 sessions scheduled.');
    const rows = await managed();
    expect(rows.filter((c) => c.parentClassId !== null).length).toBe(4);
    const clock = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', hour: 'numeric', minute: '2-digit' });
    expect(new Set(rows.filter((c) => c.parentClassId).map((c) => clock.format(new Date(c.startTime))))).toEqual(new Set(['9:00 AM']));
  });

  test('My Calendar shows the sessions with their bookings, and My Classes shows one series card', async () => {
    await openSession((await sessions())[0]);
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByText('0 / 10 participants').isVisible()).toBe(true);
    expect(await dialog.getByText('$18.00').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await page.goto(`${product.url}/my-classes`, { waitUntil: 'networkidle' });
    const cards = page.getByRole('article').filter({ hasText: TITLE });
    await cards.first().waitFor();
    expect(await cards.count()).toBe(1);
    expect(await cards.getByText('Recurring Series').isVisible()).toBe(true);
    expect(await cards.getByText('4 sessions').isVisible()).toBe(true);
  });

  test('they duplicate a session from the class dialog: the form is prefilled and flagged', async () => {
    await openSession((await sessions())[1]);
    await page.getByRole('dialog').getByRole('button', { name: 'Duplicate' }).click();
    await page.getByRole('heading', { name: 'Duplicate Class' }).waitFor();
    expect(await page.getByText(`Duplicating “${TITLE}”`).isVisible()).toBe(true);
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe(TITLE);
    expect(await page.getByLabel('Location name').inputValue()).toBe('Marina Green');
    await page.getByLabel('Title', { exact: true }).fill('Bay Breeze Pilates Extra');
    await page.getByLabel('Start date').fill(pacificDate(3));
    await page.getByRole('button', { name: 'Create Duplicate' }).click();
    await page.waitForURL('**/my-calendar');
    const extra = (await managed()).find((c) => c.title === 'Bay Breeze Pilates Extra');
    expect(extra).toMatchObject({ isRecurring: false, parentClassId: null, price: 18 });
  });

  test('they edit one session on the edit page', async () => {
    await openSession((await sessions())[0]);
    await page.getByRole('dialog').getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('heading', { name: 'Edit Class' }).waitFor();
    expect(await page.getByText('This class is part of a recurring series. Apply changes to:').isVisible()).toBe(true);
    await page.getByLabel('Title', { exact: true }).fill('Bay Breeze Pilates Opening Day');
    await page.getByLabel('Capacity').fill('12');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.waitForURL('**/my-calendar');
    expect(await toast(page)).toContain('Class updated');
    const rows = await managed();
    expect(rows.filter((c) => c.title === 'Bay Breeze Pilates Opening Day').map((c) => c.capacity)).toEqual([12]);
    expect(rows.filter((c) => c.title === TITLE && c.parentClassId !== null).length).toBe(3);
  });

  test('the edit page shows its own rules', async () => {
    const session = (await managed()).find((c) => c.title === TITLE && c.parentClassId !== null);
    await page.goto(`${product.url}/edit-class/${session.id}`, { waitUntil: 'networkidle' });
    await page.getByLabel('Title', { exact: true }).fill('Yoga');
    await page.getByLabel('Address', { exact: true }).fill('Park');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    expect(await page.getByText('Title must be at least 5 characters').isVisible()).toBe(true);
    expect(await page.getByText('Address must be at least 5 characters').isVisible()).toBe(true);
  });

  test('they delete "this and following" from the calendar', async () => {
    const before = await sessions();
    await openSession(before[2]);
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    const scope = page.getByRole('dialog', { name: 'Delete recurring class' });
    await scope.waitFor();
    expect(await scope.getByText('This class is part of a recurring series. How would you like to delete it?').isVisible()).toBe(true);
    await scope.getByLabel('This and following classes').check();
    await scope.getByRole('button', { name: 'Delete' }).click();
    expect(await toast(page)).toContain('Class and following classes deleted successfully');
    const after = await sessions();
    expect(after.map((c) => c.id)).toEqual(before.slice(0, 2).map((c) => c.id));
    await page.goto(`${product.url}/my-classes`, { waitUntil: 'networkidle' });
    await page.getByRole('article').filter({ hasText: 'Recurring Series' }).filter({ hasText: 'Bay Breeze' }).getByText('2 sessions').waitFor();
    expect(coach.offMachine).toEqual([]);
  });
});

describe('access', () => {
  test('My Calendar is only for coaches; Customers only for coaches and admins', async () => {
    const guard = await newContext(browser, PHONE);
    const p = await guard.page();
    await signIn(p, product.url, 'customer@fogline.test');
    await p.goto(`${product.url}/my-calendar`, { waitUntil: 'networkidle' });
    await p.getByText('This page is only accessible to coaches.').waitFor();
    await p.goto(`${product.url}/customers`, { waitUntil: 'networkidle' });
    await p.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await guard.context.close();
  });

  test('a visitor on a coach page is sent to sign in', async () => {
    const guard = await newContext(browser);
    const p = await guard.page();
    await p.goto(`${product.url}/my-classes`);
    expect(new URL(p.url()).pathname).toBe('/auth');
    await guard.context.close();
  });

  test('a coach sees their customers with the three summary cards', async () => {
    const guard = await newContext(browser);
    const p = await guard.page();
    await signIn(p, product.url, 'coach@fogline.test');
    await p.goto(`${product.url}/customers`, { waitUntil: 'networkidle' });
    await p.getByRole('heading', { name: 'Customer Management' }).waitFor();
    expect(await p.getByText('View customers who have booked your classes').isVisible()).toBe(true);
    for (const label of ['Total Bookings', 'Unique Customers', 'Completed Classes']) expect(await p.getByText(label, { exact: true }).first().isVisible()).toBe(true);
    expect(await p.getByRole('columnheader', { name: 'Coach' }).count()).toBe(0);
    expect(await p.getByRole('columnheader', { name: 'Customer Name' }).isVisible()).toBe(true);
    await guard.context.close();
  });
});
