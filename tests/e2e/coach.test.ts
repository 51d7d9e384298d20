// Coach tooling in the browser (issue 6, Chromium, demo data): a coach awaiting approval sees Awaiting
// Approval; the admin approves them; they create a weekly recurring class and see it in My Calendar and My
// Classes as one series; they duplicate and edit a session; they delete "this and following". Nothing is
// requested off the machine.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import { seriousA11yViolations } from '../helpers/axe';
import { type GuardedContext, launchBrowser, newContext, PHONE, signIn, startProduct, type ProductServer } from '../helpers/browser';
import { pacificWallTimeToInstant } from '../../common/pacific';
import { testNow } from '../helpers/today';

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
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date(testNow() + days * 86_400_000));
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
  const day = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', month: 'long', day: 'numeric', year: 'numeric' }).format(
    start,
  );
  for (let i = 0; i < 3 && (await page.locator('#month-title').textContent()) !== month; i++)
    await page.getByRole('button', { name: 'Next month' }).click();
  await page
    .getByRole('gridcell', { name: new RegExp(`^${day}`) })
    .getByRole('button', { name: session.title })
    .click();
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
    // The application opens first (issue 24): Approve is in it.
    await adminPage.getByRole('button', { name: 'Review Noah Rivera' }).click();
    await adminPage.getByRole('dialog', { name: 'Application: Noah Rivera' }).waitFor();
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
    await page
      .getByRole('article')
      .filter({ hasText: 'Recurring Series' })
      .filter({ hasText: 'Bay Breeze' })
      .getByText('2 sessions')
      .waitFor();
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
    await p.goto(`${product.url}/customers?view=bookings`, { waitUntil: 'networkidle' });
    await p.getByRole('heading', { name: 'Customer Management' }).waitFor();
    expect(await p.getByText('View customers who have booked your classes').isVisible()).toBe(true);
    for (const label of ['Total Bookings', 'Unique Customers', 'Completed Classes'])
      expect(await p.getByText(label, { exact: true }).first().isVisible()).toBe(true);
    expect(await p.getByRole('columnheader', { name: 'Coach' }).count()).toBe(0);
    expect(await p.getByRole('columnheader', { name: 'Customer Name' }).isVisible()).toBe(true);
    await guard.context.close();
  });
});

describe('the class form (coach-admin-areas §2, §5, §9)', () => {
  let form: GuardedContext;
  let p: Page;
  beforeAll(async () => {
    form = await newContext(browser);
    // Use my location: record the options the page asks for and answer as a browser whose lookup timed out.
    await form.context.addInitScript(() => {
      Object.defineProperty(navigator, 'geolocation', {
        value: {
          getCurrentPosition(_ok: unknown, fail: (e: { code: number }) => void, options: unknown) {
            (window as any).geoOptions = options;
            fail({ code: 3 });
          },
        },
      });
    });
    p = await form.page();
    await signIn(p, product.url, 'coach@fogline.test');
    await p.goto(`${product.url}/create-class`, { waitUntil: 'networkidle' });
    await p.getByRole('heading', { name: 'Create a Class' }).waitFor();
  });
  afterAll(() => form.context.close());

  test('a new class starts at 60 minutes, 10 spots, price 0, 9:00 AM and Adults', async () => {
    expect(await p.getByLabel('Duration').inputValue()).toBe('60');
    expect(await p.getByLabel('Capacity').inputValue()).toBe('10');
    expect(await p.getByLabel('Price per person ($)').inputValue()).toBe('0');
    expect(await p.getByLabel('Start time (PT)').inputValue()).toBe('09:00');
    expect(await p.getByLabel('Age group').inputValue()).toBe('Adults');
  });

  test('start times are every 30 minutes of the day; durations are 30 to 180 minutes', async () => {
    const times = await p.getByLabel('Start time (PT)').locator('option').allTextContents();
    expect(times.length).toBe(48);
    expect([times[0], times[1], times[19], times[47]]).toEqual(['12:00 AM', '12:30 AM', '9:30 AM', '11:30 PM']);
    expect(
      await p
        .getByLabel('Duration')
        .locator('option')
        .evaluateAll((o) => o.map((x) => Number((x as HTMLOptionElement).value))),
    ).toEqual([30, 45, 60, 75, 90, 105, 120, 150, 180]);
  });

  test('an empty form shows the validation messages of §5', async () => {
    await p.getByRole('button', { name: 'Create Class' }).click();
    await p.getByText('Please select a category').waitFor();
    for (const message of [
      'Title must be at least 3 characters',
      'Description must be at least 10 characters',
      'Location name is required',
      'City is required',
      'ZIP code is required',
    ]) {
      expect(await p.getByText(message, { exact: true }).isVisible()).toBe(true);
    }
    expect(await p.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('title');
  });

  test('address autofill starts after more than 3 characters; without coordinates it says Using address only', async () => {
    const lookups: string[] = [];
    p.on('request', (r) => r.url().includes('/api/geocode?') && lookups.push(r.url()));
    await p.getByLabel('Location name').fill('Pie');
    await p.waitForTimeout(1_000);
    expect(lookups).toEqual([]);
    await p.getByLabel('Location name').fill('Pier 39');
    await p.getByText('Using address only').waitFor();
    expect(lookups.length).toBe(1);
  });

  test('use my location asks for high accuracy, a 5 s timeout and no cached position, and says when it cannot find one', async () => {
    await p.getByRole('button', { name: 'Use my location' }).click();
    expect(await toast(p)).toContain('Location errorUnable to determine your location. Please try again.');
    expect(await p.evaluate(() => (window as any).geoOptions)).toEqual({ enableHighAccuracy: true, timeout: 5000, maximumAge: 0 });
  });

  test('the recurrence dialog keeps the interval to 1-99 and the count to 1-999 (default 10), and no end date in the past', async () => {
    await p.getByLabel('Repeat this class (recurring series)').click();
    const dialog = p.getByRole('dialog', { name: 'Repeat class' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Number of sessions').inputValue()).toBe('10');
    expect(
      await dialog
        .getByLabel('Repeat unit')
        .locator('option')
        .evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value)),
    ).toEqual(['daily', 'weekly', 'monthly']);
    expect(await dialog.getByRole('button', { name: 'Monday' }).count()).toBe(1); // weekly shows the day toggles
    await dialog.getByLabel('Repeat every').fill('100');
    await dialog.getByLabel('Number of sessions').fill('1000');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.getByText('Interval must be between 1 and 99').waitFor();
    expect(await dialog.getByText('End count must be between 1 and 999').isVisible()).toBe(true);
    await dialog.getByLabel('Repeat every').fill('1');
    await dialog.getByLabel('On date').check();
    await dialog.getByLabel('End date').fill(pacificDate(-2));
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.getByText('End date cannot be in the past').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await p.getByLabel('Repeat this class (recurring series)').isChecked()).toBe(false);
  });

  test('a start today at an hour that has gone by is refused', async () => {
    await p.getByLabel('Start date').fill(pacificDate(0));
    await p.getByLabel('Start time (PT)').selectOption('00:00');
    await p.getByRole('button', { name: 'Create Class' }).click();
    await p.getByText('Start time cannot be in the past').waitFor();
  });

  test('?edit={id} opens the class in edit mode; Cancel goes back', async () => {
    const own = (await (await p.request.get(`${product.url}/api/classes/managed`)).json()).find(
      (c: any) => c.parentClassId === null && !c.isRecurring && Date.parse(c.startTime) > testNow(),
    );
    await p.goto(`${product.url}/my-classes`, { waitUntil: 'networkidle' });
    await p.goto(`${product.url}/create-class?edit=${own.id}`, { waitUntil: 'networkidle' });
    await p.getByRole('heading', { name: 'Edit Class' }).waitFor();
    expect(await p.getByLabel('Title', { exact: true }).inputValue()).toBe(own.title);
    expect(await p.getByRole('button', { name: 'Save Changes' }).isVisible()).toBe(true);
    await p.getByRole('button', { name: 'Cancel' }).click();
    await p.waitForURL('**/my-classes');
  });

  test("another coach's class shows Access Denied; a missing one Class Not Found", async () => {
    const all = (await (await p.request.get(`${product.url}/api/classes?all=true`)).json()) as any[];
    const me = (await (await p.request.get(`${product.url}/api/user`)).json()) as any;
    const other = all.find((c) => c.coachId !== me.id);
    await p.goto(`${product.url}/edit-class/${other.id}`, { waitUntil: 'networkidle' });
    await p.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await p.goto(`${product.url}/edit-class/99999999`, { waitUntil: 'networkidle' });
    await p.getByRole('heading', { name: 'Class Not Found' }).waitFor();
    await p.goto(`${product.url}/create-class?edit=99999999`, { waitUntil: 'networkidle' });
    await p.getByRole('heading', { name: 'Class Not Found' }).waitFor();
  });
});

describe('deleting and the calendar', () => {
  let ctx: GuardedContext;
  let p: Page;
  beforeAll(async () => {
    ctx = await newContext(browser);
    p = await ctx.page();
    await signIn(p, product.url, 'coach@fogline.test');
  });
  afterAll(() => ctx.context.close());

  test("a class with active bookings warns first (Delete Anyways), then asks the browser's confirmation", async () => {
    const rows = (await (await p.request.get(`${product.url}/api/classes/managed`)).json()) as any[];
    const booked = rows.find(
      (c) => c.parentClassId === null && !c.isRecurring && c.activeBookings > 0 && Date.parse(c.startTime) > testNow(),
    );
    await p.goto(`${product.url}/my-classes`, { waitUntil: 'networkidle' });
    const confirmations: string[] = [];
    p.once('dialog', (d) => {
      confirmations.push(d.message());
      void d.accept();
    });
    await p
      .getByRole('article')
      .filter({ hasText: 'One-time Class' })
      .getByRole('button', { name: `Delete ${booked.title}` })
      .first()
      .click();
    const warning = p.getByRole('dialog', { name: 'This class has active bookings' });
    await warning.waitFor();
    expect(await warning.textContent()).toContain(
      'Deleting it cancels these bookings, refunds the customers in full and notifies them by email.',
    );
    await warning.getByRole('button', { name: 'Delete Anyways' }).click();
    expect(await toast(p)).toContain('SuccessClass deleted successfully');
    expect(confirmations).toEqual([`Are you sure you want to delete "${booked.title}"?`]);
    expect((await p.request.get(`${product.url}/api/classes/${booked.id}`)).status()).toBe(404);
  });

  test('a day shows 3 classes and +N more; Upcoming Classes lists at most 10, sorted by start', async () => {
    const day = pacificDate(35);
    for (const [i, time] of ['08:00', '10:00', '12:00', '14:00'].entries()) {
      const res = await p.request.post(`${product.url}/api/classes`, {
        headers: { origin: product.url },
        data: {
          title: `Crowded Day ${i + 1}`,
          description: 'Four classes on one day.',
          categoryId: 1,
          location: 'Dolores Park',
          addressLine1: '19th St',
          city: 'San Francisco',
          state: 'CA',
          zipCode: '94114',
          startTime: pacificWallTimeToInstant(day, time).toISOString(),
        },
      });
      expect(res.status()).toBe(201);
    }
    await p.goto(`${product.url}/my-calendar`, { waitUntil: 'networkidle' });
    const title = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(
      new Date(`${day}T12:00:00Z`),
    );
    for (let i = 0; i < 3 && (await p.locator('#month-title').textContent()) !== title; i++)
      await p.getByRole('button', { name: 'Next month' }).click();
    const label = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' }).format(
      new Date(`${day}T12:00:00Z`),
    );
    const cell = p.getByRole('gridcell', { name: new RegExp(`^${label}, 4 classes`) });
    await cell.getByText('+1 more').waitFor();
    expect(await cell.getByRole('button').count()).toBe(3);
    const upcoming = p.locator('section[aria-labelledby="upcoming-title"] li');
    expect(await upcoming.count()).toBeLessThanOrEqual(10);
    expect(await upcoming.count()).toBeGreaterThan(3);
    const starts = (await upcoming.locator('button > span:nth-child(2)').allTextContents()).map((t) => Date.parse(t.replace(' · ', ' ')));
    expect(starts.every((t) => !Number.isNaN(t))).toBe(true);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  test('a failed delete says Failed to delete class; a duplicate whose class cannot be loaded says Failed to load class data for duplication', async () => {
    const day = pacificDate(3);
    const created = await p.request.post(`${product.url}/api/classes`, {
      headers: { origin: product.url },
      data: {
        title: 'Fragile Flow',
        description: 'A class whose calls fail in this test.',
        categoryId: 1,
        location: 'Dolores Park',
        addressLine1: '19th St',
        city: 'San Francisco',
        state: 'CA',
        zipCode: '94114',
        startTime: pacificWallTimeToInstant(day, '10:00').toISOString(),
      },
    });
    const cls = await created.json();
    const failing = `${product.url}/api/classes/${cls.id}`;
    await p.route(failing, (route) => route.fulfill({ status: 500, json: { message: 'Something went wrong.' } }));

    await p.goto(`${product.url}/my-classes`, { waitUntil: 'networkidle' });
    p.once('dialog', (d) => void d.accept());
    await p.getByRole('button', { name: 'Delete Fragile Flow' }).click();
    expect(await toast(p)).toContain('ErrorFailed to delete class. Please try again.');

    await p.goto(`${product.url}/my-calendar`, { waitUntil: 'networkidle' });
    const month = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(
      new Date(`${day}T12:00:00Z`),
    );
    for (let i = 0; i < 2 && (await p.locator('#month-title').textContent()) !== month; i++)
      await p.getByRole('button', { name: 'Next month' }).click();
    await p
      .getByRole('grid')
      .getByRole('button', { name: /^Fragile Flow/ })
      .click();
    await p.getByRole('dialog').getByRole('button', { name: 'Duplicate' }).click();
    expect(await toast(p)).toContain('ErrorFailed to load class data for duplication. Please try again.');
    await p.unroute(failing);
  });

  test('Sun to Sat headers; today is marked', async () => {
    await p.goto(`${product.url}/my-calendar`, { waitUntil: 'networkidle' });
    await p.getByRole('heading', { name: 'Upcoming Classes' }).waitFor();
    expect(await p.getByRole('columnheader').allTextContents()).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    expect(await p.locator('[role="gridcell"][aria-current="date"]').count()).toBe(1);
  });

  test('the coach pages have no serious axe violations, light and dark', async () => {
    for (const theme of ['light', 'dark']) {
      await p.evaluate((t) => localStorage.setItem('theme', t), theme);
      for (const [path, ready] of [
        ['/create-class', 'Create a Class'],
        ['/my-classes', 'My Classes'],
        ['/my-calendar', 'Upcoming Classes'],
        ['/customers', 'Customers'],
        ['/customers?view=bookings', 'Customer Bookings'],
      ] as const) {
        await p.goto(`${product.url}${path}`, { waitUntil: 'networkidle' });
        await p.getByRole('heading', { name: ready }).waitFor();
        await p.evaluate(() => document.querySelector('body > header')?.remove());
        expect({ theme, path, problems: await seriousA11yViolations(p) }).toEqual({ theme, path, problems: [] });
      }
    }
  }, 60_000);
});
