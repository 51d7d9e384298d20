// Issue 14's "done when", in Chromium: a parent books 2 spots in a Kids class naming both children, the coach
// opens the roster on a 390 px phone from My Classes, checks one in and marks one no-show (a mark the server
// refuses is taken back), the counts show in Customer Management; the customer's and the coach's feed URLs parse
// and show the session, a session the coach moves updates in place, a cancelled booking and a deleted session are
// marked cancelled. Also: the roster from My Calendar's dialog with its CSV and from the Admin Panel, Copy copies
// the feed link, and a reset link stops working.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { openDb } from '../../db/client';
import { classes, users } from '../../db/schema';
import {
  acceptWaiver,
  DESKTOP,
  launchBrowser,
  newContext,
  payWithCard,
  PHONE,
  signIn,
  startProduct,
  type ProductServer,
} from '../helpers/browser';
import { parseCalendar } from '../helpers/ical';
import { testNow } from '../helpers/today';
import { withWaivers } from '../helpers/waivers';

const SHOTS = process.env.SCREENSHOT_DIR;
let product: ProductServer;
let browser: Browser;
let kidsClassId: number;
let runClassId: number;
let paidKidsId: number;
const kidsStart = new Date(Math.ceil((testNow() + 20 * 60_000) / 60_000) * 60_000); // check-in is open 30 minutes ahead
const parent = { email: `parent-${Date.now()}@example.com`, password: 'harbor-lights-2027' };

async function withDatabase<T>(work: (db: Awaited<ReturnType<typeof openDb>>) => Promise<T>): Promise<T> {
  const db = await openDb(`file:${join(product.dataDir, 'fogline.db')}`);
  try {
    return await work(db);
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
  // Sessions the coach teaches: a Kids class starting in 20 minutes (created straight in the database, since the
  // class form only offers half-hour starts) and a run in three days.
  await withDatabase(async (db) => {
    const coach = (await db.select({ id: users.id }).from(users).where(eq(users.email, 'coach@fogline.test')).get())!;
    const base = {
      coachId: coach.id,
      priceCents: 0,
      capacity: 8,
      location: 'Crissy Field',
      address: '1199 E Beach, San Francisco, CA 94129',
      city: 'San Francisco',
    };
    const [kids] = await db.write((tx) =>
      tx
        .insert(classes)
        .values({
          ...base,
          title: 'Little Kickers Roster',
          ageGroup: 'Kids',
          startTime: kidsStart,
          endTime: new Date(kidsStart.getTime() + 3_600_000),
        })
        .returning(),
    );
    const runStart = new Date(testNow() + 3 * 86_400_000);
    const [run] = await db.write((tx) =>
      tx
        .insert(classes)
        .values({ ...base, title: 'Bay Run Feed', startTime: runStart, endTime: new Date(runStart.getTime() + 3_600_000) })
        .returning(),
    );
    const [paidKids] = await db.write((tx) =>
      tx
        .insert(classes)
        .values({
          ...base,
          title: 'Junior Tennis Checkout',
          ageGroup: 'Kids',
          priceCents: 3000,
          startTime: runStart,
          endTime: new Date(runStart.getTime() + 3_600_000),
        })
        .returning(),
    );
    kidsClassId = kids!.id;
    runClassId = run!.id;
    paidKidsId = paidKids!.id;
  });
  const res = await fetch(`${product.url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: product.url },
    body: JSON.stringify({
      firstName: 'Riley',
      lastName: 'Park',
      email: parent.email,
      phone: '+14155550123',
      password: parent.password,
      role: 'customer',
    }),
  });
  expect(res.status).toBeLessThan(300);
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** The profile's calendar link once it has loaded (and differs from `old`, after a reset). */
async function feedLinkOnProfile(page: Page, old = ''): Promise<string> {
  await page.waitForFunction((previous) => {
    const value = (document.getElementById('calendar-feed-url') as HTMLInputElement | null)?.value ?? '';
    return value.endsWith('.ics') && value !== previous;
  }, old);
  return page.getByLabel('Your calendar link').inputValue();
}

async function feedEvents(url: string) {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return parseCalendar(await res.text()).events;
}

const pacificWall = (date: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Los_Angeles',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(date)
    .replace(',', '');

describe('named attendees, the roster and the calendar feeds', () => {
  let parentFeed = '';

  test('a parent books 2 spots in a Kids class naming both children and their ages', async () => {
    const guard = await newContext(browser, PHONE);
    const page = await guard.page();
    await signIn(page, product.url, parent.email, parent.password);
    await page.goto(`${product.url}/classes/${kidsClassId}`);
    await page.getByRole('button', { name: 'Add a spot' }).click();
    // A Kids class books children, so no field starts as the booker (other classes pre-fill the first with them).
    expect([await page.getByLabel('Child 1 name').inputValue(), await page.getByLabel('Child 2 name').inputValue()]).toEqual(['', '']);
    await page.getByLabel('Child 1 name').fill('Maya Park');
    await page.getByLabel('Child 2 name').fill('Leo Park');
    await page.getByLabel('Age').first().fill('7');
    await page.getByRole('button', { name: 'Book for Free' }).click();
    expect(await page.getByText("Kids classes need each child's age.").isVisible()).toBe(true);
    await page.getByLabel('Age').nth(1).fill('5');
    await acceptWaiver(page);
    await shot(page, 'kids-booking-390');
    await Promise.all([page.waitForURL(/\/bookings/), page.getByRole('button', { name: 'Book for Free' }).click()]);
    await page.getByText('Attending: Maya Park (7), Leo Park (5)').waitFor();
    expect(guard.offMachine).toEqual([]);

    // The calendar link on the profile.
    await page.goto(`${product.url}/profile`);
    parentFeed = await feedLinkOnProfile(page);
    expect(parentFeed).toMatch(/\/api\/calendar\/[a-z2-7]+\.ics$/);
    await shot(page, 'profile-calendar-390');
    const kids = (await feedEvents(parentFeed)).find((e) => e.summary === 'Little Kickers Roster')!;
    expect(kids.status).toBe('CONFIRMED');
    expect(kids.description).toContain('Maya Park (age 7), Leo Park (age 5)');
    expect(kids.localStart).toBe(pacificWall(kidsStart));
    await guard.context.close();
  });

  test("a paid Kids class's checkout asks each child's name and age before any charge, and My Bookings shows them", async () => {
    const guard = await newContext(browser, PHONE);
    const page = await guard.page();
    await signIn(page, product.url, parent.email, parent.password);
    await page.goto(`${product.url}/checkout/${paidKidsId}?quantity=2`);
    await page.getByRole('heading', { name: 'Payment Details' }).waitFor();
    await page.getByLabel('Child 1 name').fill('Ava Park');
    await page.getByLabel('Child 2 name').fill('Sam Park');
    await page.getByLabel('Age').first().fill('9');
    await payWithCard(page);
    await page.getByText("Kids classes need each child's age.").waitFor();
    await page.getByLabel('Age').nth(1).fill('6');
    await shot(page, 'kids-checkout-390');
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await page.getByText('Payment successful').waitFor();
    await page.waitForURL(/\/bookings\/\d+\?new=1$/, { timeout: 10_000 }); // the confirmation page names who is coming
    await page.getByRole('listitem').filter({ hasText: 'Ava Park (9)' }).waitFor();
    await page.getByRole('listitem').filter({ hasText: 'Sam Park (6)' }).waitFor();
    expect(guard.offMachine).toEqual([]);
    await guard.context.close();
  });

  test('the coach opens the roster on a phone, checks one child in and marks one no-show', async () => {
    const guard = await newContext(browser, PHONE);
    const page = await guard.page();
    await signIn(page, product.url, 'coach@fogline.test');
    await page.goto(`${product.url}/my-classes`);
    await Promise.all([page.waitForURL(/\/roster\//), page.getByRole('link', { name: 'Roster of Little Kickers Roster' }).click()]);
    await page.getByRole('heading', { name: 'Roster: Little Kickers Roster' }).waitFor();
    expect(await page.getByText('Booked by Riley Park · Free').count()).toBe(2);
    const checkIn = page.getByRole('button', { name: 'Checked in: Maya Park' });
    const noShow = page.getByRole('button', { name: 'No-show: Leo Park' });
    // Thumb-sized: at least 48 px tall and a third of the phone's width each.
    for (const button of [checkIn, noShow]) {
      const box = (await button.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(48);
      expect(box.width).toBeGreaterThanOrEqual(130);
    }
    await checkIn.click();
    await noShow.click();
    await page.getByText('1 of 2 checked in · 1 no-show').waitFor();
    expect(await checkIn.getAttribute('aria-pressed')).toBe('true');
    expect(await noShow.getAttribute('aria-pressed')).toBe('true');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(page, 'roster-390');
    // Saved on the server: a reload shows the same marks.
    await page.reload();
    await page.getByText('1 of 2 checked in · 1 no-show').waitFor();
    expect(guard.offMachine).toEqual([]);
    await guard.context.close();
  });

  test('a mark the server refuses is taken back, with Check-in not saved and its message', async () => {
    const guard = await newContext(browser, PHONE);
    const page = await guard.page();
    await signIn(page, product.url, 'coach@fogline.test');
    await page.goto(`${product.url}/roster/${kidsClassId}`);
    await page.getByText('1 of 2 checked in · 1 no-show').waitFor();
    await page.route('**/api/bookings/*/attendance', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Check-in closed 24 hours after the class started.' }),
      }),
    );
    await page.getByRole('button', { name: 'No-show: Maya Park' }).click();
    const toast = page.getByTestId('toast').filter({ hasText: 'Check-in not saved' });
    await toast.waitFor();
    expect(await toast.textContent()).toContain('Check-in closed 24 hours after the class started.');
    await page.getByText('1 of 2 checked in · 1 no-show').waitFor();
    expect(await page.getByRole('button', { name: 'Checked in: Maya Park' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('button', { name: 'No-show: Maya Park' }).getAttribute('aria-pressed')).toBe('false');
    await guard.context.close();
  });

  test("the coach opens the same roster from My Calendar's class dialog and downloads it as CSV", async () => {
    const guard = await newContext(browser, DESKTOP);
    const page = await guard.page();
    await signIn(page, product.url, 'coach@fogline.test');
    await page.goto(`${product.url}/my-calendar`, { waitUntil: 'networkidle' });
    const month = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', month: 'long', year: 'numeric' }).format(kidsStart);
    const day = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Los_Angeles',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    }).format(kidsStart);
    for (let i = 0; i < 3 && (await page.locator('#month-title').textContent()) !== month; i++)
      await page.getByRole('button', { name: 'Next month' }).click();
    await page
      .getByRole('gridcell', { name: new RegExp(`^${day}`) })
      .getByRole('button', { name: 'Little Kickers Roster' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Little Kickers Roster' });
    await dialog.waitFor();
    await shot(page, 'calendar-dialog-1280');
    await Promise.all([page.waitForURL(`${product.url}/roster/${kidsClassId}`), dialog.getByRole('button', { name: 'Roster' }).click()]);
    await page.getByText('1 of 2 checked in · 1 no-show').waitFor();
    expect(await page.getByText('Booked by Riley Park · Free').count()).toBe(2);
    await shot(page, 'roster-1280');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^roster-little-kickers-roster-.+\.csv$/);
    const lines = (await Bun.file((await download.path())!).text()).trim().split('\r\n');
    expect(lines[0]).toBe('Attendee,Age,Attendance,Booked by,Email,Phone,Payment,Booking');
    expect(
      lines
        .slice(1)
        .map((line) => line.split(',').slice(0, 4).join(','))
        .sort(),
    ).toEqual(['Leo Park,5,No-show,Riley Park', 'Maya Park,7,Checked in,Riley Park']);
    expect(guard.offMachine).toEqual([]);
    await guard.context.close();
  });

  test("an admin opens the same roster from the Admin Panel's class list, with a way back there", async () => {
    const guard = await newContext(browser, DESKTOP);
    const page = await guard.page();
    await signIn(page, product.url, 'admin@fogline.test');
    await page.goto(`${product.url}/admin?tab=classes`, { waitUntil: 'networkidle' });
    await page.getByLabel('Search classes by title or location').fill('Little Kickers Roster');
    await Promise.all([
      page.waitForURL(`${product.url}/roster/${kidsClassId}`),
      page.getByRole('link', { name: 'Roster of Little Kickers Roster' }).click(),
    ]);
    await page.getByText('1 of 2 checked in · 1 no-show').waitFor();
    await Promise.all([page.waitForURL(/\/admin\?tab=classes$/), page.getByRole('link', { name: 'Admin Panel' }).click()]);
    expect(guard.offMachine).toEqual([]);
    await guard.context.close();
  });

  test("Customer Management shows the parent's attended and no-show counts", async () => {
    const guard = await newContext(browser, DESKTOP);
    const page = await guard.page();
    await signIn(page, product.url, 'coach@fogline.test');
    await page.goto(`${product.url}/customers?view=bookings`);
    const row = page.getByRole('row').filter({ hasText: 'Riley Park' }).filter({ hasText: 'Little Kickers Roster' });
    // Newest class first, a page at a time. The previous page stays on screen while the next loads, so page on
    // only once "Showing" names the page that was asked for.
    const next = page.getByRole('button', { name: 'Next' });
    await row
      .or(page.getByText(/^Showing 1–/))
      .first()
      .waitFor();
    for (let shown = 1; !(await row.isVisible()); ) {
      await next.click();
      shown += 25;
      await page.getByText(new RegExp(`^Showing ${shown}–`)).waitFor();
    }
    // The last two columns: Attended and No-shows (read again while the table settles).
    let counts: string[] = [];
    for (const until = Date.now() + 10_000; Date.now() < until; await page.waitForTimeout(200)) {
      counts = (await row.first().locator('td').allTextContents()).slice(-2);
      if (counts.join() === '1,1') break;
    }
    expect(counts).toEqual(['1', '1']);
    await guard.context.close();
  });

  test("the customer's and the coach's feed URLs parse and show the session; a moved session updates in place; a cancelled booking and a deleted session are marked cancelled", async () => {
    const guard = await newContext(browser, DESKTOP);
    const page = await guard.page();
    await signIn(page, product.url, 'coach@fogline.test');
    await page.goto(`${product.url}/profile`);
    const coachFeed = await feedLinkOnProfile(page);
    const uid = `class-${kidsClassId}@fogline`;
    const before = (await feedEvents(coachFeed)).find((e) => e.uid === uid)!;
    expect(before.description).toContain('2 of 8 spots booked');
    expect(before.description).toContain('0 on the waitlist');
    expect(before.localStart).toBe(pacificWall(kidsStart));
    // The event links to the session's roster (PUBLIC_URL says localhost; this browser's session is on 127.0.0.1).
    const rosterPath = new URL(/Roster: (\S+)/.exec(before.description)![1]!).pathname;
    expect(rosterPath).toBe(`/roster/${kidsClassId}`);
    await page.goto(`${product.url}${rosterPath}`);
    await page.getByRole('heading', { name: 'Roster: Little Kickers Roster' }).waitFor();

    // The coach moves the session two hours later: the same events, a higher SEQUENCE, the new time.
    const parentBefore = (await feedEvents(parentFeed)).find((e) => e.summary === 'Little Kickers Roster')!;
    const moved = new Date(kidsStart.getTime() + 2 * 3_600_000);
    expect(
      (
        await page.request.patch(`${product.url}/api/classes/${kidsClassId}`, {
          headers: { origin: product.url },
          data: { startTime: moved.toISOString() },
        })
      ).status(),
    ).toBe(200);
    const after = (await feedEvents(coachFeed)).find((e) => e.uid === uid)!;
    expect(after.sequence).toBeGreaterThan(before.sequence);
    expect(after.localStart).toBe(pacificWall(moved));
    const parentAfter = (await feedEvents(parentFeed)).find((e) => e.uid === parentBefore.uid)!;
    expect(parentAfter.sequence).toBeGreaterThan(parentBefore.sequence);
    expect(parentAfter.localStart).toBe(pacificWall(moved));

    // The parent books the run and cancels it: it stays in their feed, cancelled.
    const parentContext = await newContext(browser, DESKTOP);
    const parentPage = await parentContext.page();
    await signIn(parentPage, product.url, parent.email, parent.password);
    const booked = await (
      await parentPage.request.post(`${product.url}/api/bookings/free`, {
        headers: { origin: product.url },
        data: withWaivers({ classId: runClassId, attendees: [{ name: 'Riley Park' }] }),
      })
    ).json();
    expect((await feedEvents(parentFeed)).find((e) => e.uid === `booking-${booked.id}@fogline`)!.status).toBe('CONFIRMED');
    expect(
      (await parentPage.request.put(`${product.url}/api/bookings/${booked.id}/cancel`, { headers: { origin: product.url } })).status(),
    ).toBe(200);
    expect((await feedEvents(parentFeed)).find((e) => e.uid === `booking-${booked.id}@fogline`)!.status).toBe('CANCELLED');

    // The coach deletes the run: it stays in the coach's feed, cancelled.
    expect((await feedEvents(coachFeed)).find((e) => e.uid === `class-${runClassId}@fogline`)!.status).toBe('CONFIRMED');
    expect(
      (
        await page.request.delete(`${product.url}/api/classes/${runClassId}?deleteOption=this`, { headers: { origin: product.url } })
      ).status(),
    ).toBe(200);
    expect((await feedEvents(coachFeed)).find((e) => e.uid === `class-${runClassId}@fogline`)!.status).toBe('CANCELLED');

    // Copy on the profile puts the link on the clipboard.
    await parentContext.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.url });
    await parentPage.goto(`${product.url}/profile`);
    expect(await feedLinkOnProfile(parentPage)).toBe(parentFeed);
    await parentPage.getByRole('button', { name: 'Copy' }).click();
    await parentPage.getByTestId('toast').filter({ hasText: 'Calendar link copied' }).waitFor();
    expect(await parentPage.evaluate(() => navigator.clipboard.readText())).toBe(parentFeed);

    // Reset on the profile: a new link, and the old one answers 404 at once.
    await parentPage.getByRole('button', { name: 'Reset' }).click();
    await parentPage.getByRole('button', { name: 'Reset Link' }).click();
    const fresh = await feedLinkOnProfile(parentPage, parentFeed);
    expect(fresh).not.toBe(parentFeed);
    expect((await fetch(parentFeed)).status).toBe(404);
    expect((await fetch(fresh)).status).toBe(200);
    await parentContext.context.close();
    await guard.context.close();
  });
});
