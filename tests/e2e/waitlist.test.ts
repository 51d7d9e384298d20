// The waitlist in Chromium (issue 13, the built product with its own data folder): a visitor joins the
// waitlist of a full class through sign-in, another customer cancels, the offer email lands in the outbox,
// the offer is accepted on My Bookings' Waitlist tab and paid with 4242; the coach edits the class and the
// change notice goes out, with "Changed by the coach" and the new place on the booking card and a full
// refund in the cancel dialog; the coach moves it to tomorrow, and once the clock passes 24 hours before the
// start, the reminder job (the default lead time) emails the booking, once.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { openDb } from '../../db/client';
import { bookingAttendees, bookings, classes, users, waiverAcceptances } from '../../db/schema';
import {
  acceptWaiver,
  DESKTOP,
  launchBrowser,
  newContext,
  payWithCard,
  signIn,
  startProduct,
  type ProductServer,
} from '../helpers/browser';
import { testNow } from '../helpers/today';
import { withWaivers } from '../helpers/waivers';

let product: ProductServer;
let browser: Browser;
/** The reminders' default lead time (REMINDER_LEAD_HOURS unset). */
const LEAD_HOURS = 24;

beforeAll(async () => {
  // Change notices wait 2 seconds here instead of 2 minutes (each edit below is its own email), and the background
  // jobs run every 5 seconds instead of every minute (JOBS_EVERY_SECONDS), so the reminder comes soon after it is due.
  [product, browser] = await Promise.all([startProduct({ CHANGE_NOTICE_WINDOW_SECONDS: '2', JOBS_EVERY_SECONDS: '5' }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

const origin = () => ({ origin: product.url, 'content-type': 'application/json' });
let registered = 0;

async function register(): Promise<{ email: string; password: string; cookie: string }> {
  const email = `waiter-${Date.now()}-${++registered}@example.com`;
  const password = 'harbor-lights-2027';
  const res = await fetch(`${product.url}/api/register`, {
    method: 'POST',
    headers: origin(),
    body: JSON.stringify({ firstName: 'Wren', lastName: 'Lopez', email, phone: '+14155550123', password, role: 'customer' }),
  });
  expect(res.status).toBeLessThan(300);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { email, password, cookie };
}

async function call(cookie: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${product.url}${path}`, {
    method,
    headers: { ...origin(), cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
}

const totalFor = (price: number, quantity = 1) => (Math.round(price * 100) * quantity + Math.round(price * 100 * quantity * 0.05)) / 100;

/** Books and pays one spot through the API (the test provider), as the checkout does. */
async function bookAndPay(cookie: string, cls: { id: number; price: number }): Promise<number> {
  const intent = await call(
    cookie,
    'POST',
    '/api/payment/create-intent',
    withWaivers({ classId: cls.id, quantity: 1, amount: totalFor(cls.price) }),
  );
  expect(intent.status).toBe(200);
  const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
  expect(
    (
      await call(cookie, 'POST', '/api/payment/test-provider/pay', {
        paymentIntentId: intent.body.id,
        clientSecret: intent.body.clientSecret,
        ...card,
      })
    ).status,
  ).toBe(200);
  return intent.body.bookingId;
}

/** A message's quoted-printable text as UTF-8 (the "·" between a time and a place is two bytes). */
const decode = (raw: string) =>
  Buffer.from(
    raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** The emails to `to` whose text contains `subject`, waiting up to `ms` for `atLeast` of them. */
async function mailsTo(to: string, subject: string, ms = 10_000, atLeast = 1): Promise<string[]> {
  const dir = join(product.dataDir, 'outbox');
  const deadline = Date.now() + ms;
  for (;;) {
    let files: string[] = [];
    try {
      files = readdirSync(dir).sort();
    } catch {}
    const found = files
      .map((f) => decode(readFileSync(join(dir, f), 'utf8')))
      .filter((m) => m.includes(`To: ${to}`) && m.includes(subject));
    if (found.length >= atLeast || Date.now() > deadline) return found;
    await Bun.sleep(250);
  }
}

/** A free one-off class of the demo coach, 3 days away, with one spot, which another customer has booked. */
async function fullFreeClass(title: string, ageGroup: 'Adults' | 'Kids') {
  const db = await openDb(`file:${join(product.dataDir, 'fogline.db')}`);
  const start = new Date(testNow() + 3 * 86_400_000);
  try {
    const coach = (await db.select({ id: users.id }).from(users).where(eq(users.email, 'coach@fogline.test')).get())!;
    const [cls] = await db.write((tx) =>
      tx
        .insert(classes)
        .values({
          coachId: coach.id,
          title,
          priceCents: 0,
          capacity: 1,
          ageGroup,
          location: 'Crissy Field',
          city: 'San Francisco',
          startTime: start,
          endTime: new Date(start.getTime() + 3_600_000),
        })
        .returning(),
    );
    const other = await register();
    const taken = await call(
      other.cookie,
      'POST',
      '/api/bookings/free',
      withWaivers({ classId: cls!.id, attendees: [{ name: 'Ava Lopez', age: 6 }] }),
    );
    expect(taken.status).toBe(201);
    return { classId: cls!.id, title, start, other, takenId: taken.body.id as number };
  } finally {
    db.close();
  }
}

test('join the waitlist of a full class, another customer cancels, the offer email arrives and is accepted through checkout with 4242; an edit sends the change notices; the reminder arrives once the clock passes 24 h before the class', async () => {
  // A paid session of the demo coach, 3 to 13 days away, with the fewest spots left: filled up by fresh customers.
  const coach = await fetch(`${product.url}/api/login`, {
    method: 'POST',
    headers: origin(),
    body: JSON.stringify({ email: 'coach@fogline.test', password: 'demo-password' }),
  });
  const coachCookie = coach.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const managed = (await call(coachCookie, 'GET', '/api/classes/managed')).body as any[];
  const soon = (c: any) =>
    c.startTime && Date.parse(c.startTime) > testNow() + 72 * 3_600_000 && Date.parse(c.startTime) < testNow() + 13 * 24 * 3_600_000;
  const left = (c: any) => c.capacity - c.activeBookings;
  const cls = managed
    .filter((c) => !(c.isRecurring && c.parentClassId === null) && c.price > 0 && soon(c) && left(c) >= 1)
    .sort((a, b) => left(a) - left(b))[0];
  expect(cls).toBeDefined();
  const fillers: { cookie: string; bookingId: number }[] = [];
  for (let left = cls.capacity - cls.activeBookings; left > 0; left--) {
    const filler = await register();
    fillers.push({ cookie: filler.cookie, bookingId: await bookAndPay(filler.cookie, cls) });
  }

  // A visitor: Class is Full, Join Waitlist goes through sign-in and back.
  const waiter = await register();
  const guard = await newContext(browser, DESKTOP);
  const page = await guard.page();
  await page.goto(`${product.url}/classes/${cls.id}`, { waitUntil: 'networkidle' });
  const card = page.getByRole('region', { name: 'Book this class' });
  await card.getByText('Class is Full', { exact: true }).waitFor();
  await card.getByRole('link', { name: 'Join Waitlist' }).click();
  await page.waitForURL(`${product.url}/auth?redirect=/classes/${cls.id}`);
  await signIn(page, product.url, waiter.email, waiter.password);
  await page.goto(`${product.url}/classes/${cls.id}`, { waitUntil: 'networkidle' });
  await card.getByRole('button', { name: 'Join Waitlist' }).click();
  await card.getByText('Number 1 in line · 1 spot').waitFor();
  expect(await card.getByRole('button', { name: 'Leave Waitlist' }).isVisible()).toBe(true);

  // Another customer cancels: the spot is offered to the first in line, by email, with the deadline in PT.
  expect((await call(fillers[0]!.cookie, 'PUT', `/api/bookings/${fillers[0]!.bookingId}/cancel`)).status).toBe(200);
  const [offer] = await mailsTo(waiter.email, 'A spot opened up');
  expect(offer).toMatch(/held for you until .* PT/);
  expect(offer).toContain('/bookings?tab=waitlist');

  // My Bookings, Waitlist tab: the notice above the tabs (deadline in PT), the offer with its countdown;
  // Accept opens checkout for the held spot.
  await page.goto(`${product.url}/bookings?tab=waitlist`, { waitUntil: 'networkidle' });
  const notice = page.getByRole('status').filter({ hasText: `A spot opened up in ${cls.title}` });
  expect(await notice.textContent()).toMatch(/it is held for you until .+ PT\. Answer under Waitlist\./);
  const entry = page.getByRole('listitem', { name: `Waitlist: ${cls.title}` });
  await entry.getByText('1 spot held for you').waitFor();
  expect(await entry.textContent()).toMatch(/\(1 h 5\d min left\)|\(2 h 00 min left\)/);
  await entry.getByRole('button', { name: `Accept and pay $${totalFor(cls.price).toFixed(2)}` }).click();
  await page.waitForURL(`${product.url}/checkout/${cls.id}?quantity=1`);
  await page.getByRole('heading', { name: 'Payment Details' }).waitFor();
  await payWithCard(page);
  await page.getByText('Payment successful').waitFor();
  await page.waitForURL(/\/bookings\/\d+\?new=1$/, { timeout: 10_000 }); // the confirmation page
  const mine = (await page.evaluate(() => fetch('/api/bookings').then((r) => r.json()))) as any[];
  const booking = mine.find((b) => b.classId === cls.id);
  expect(booking).toMatchObject({ status: 'confirmed', quantity: 1, amount: totalFor(cls.price) });

  // The coach moves the class to another place in the browser: the change notice (before -> after), the
  // booking card says so with the new place, the cancel dialog offers a full refund.
  const coachGuard = await newContext(browser, DESKTOP);
  const coachPage = await coachGuard.page();
  await signIn(coachPage, product.url, 'coach@fogline.test');
  await coachPage.goto(`${product.url}/edit-class/${cls.id}`, { waitUntil: 'networkidle' });
  await coachPage.getByLabel('Location', { exact: true }).fill('Marina Green Lawn');
  await coachPage.getByRole('button', { name: 'Save Changes' }).click();
  const [moved] = await mailsTo(waiter.email, `Class changed: ${cls.title}`, 15_000);
  expect(moved).toMatch(/Before: [^\n]+ PT · (?!Marina Green Lawn)/);
  expect(moved).toMatch(/Now: [^\n]+ PT · Marina Green Lawn/);
  await page.goto(`${product.url}/bookings`, { waitUntil: 'networkidle' });
  const bookingCard = page.getByRole('listitem').filter({ hasText: 'Changed by the coach.' });
  expect(await bookingCard.textContent()).toContain('Marina Green Lawn');
  await bookingCard.getByRole('button', { name: 'Cancel Booking' }).click();
  expect(await page.getByTestId('refund-note').textContent()).toContain('The coach changed this class, so you get a full refund');
  await page.getByRole('button', { name: 'Keep Booking' }).click();

  // The coach moves it to tomorrow, a little over 24 hours from now: a second notice, and no reminder until
  // the clock passes 24 hours before the new start, then exactly one (the reminder job runs every 5 s here). The
  // 20 s margin covers the move and its notice, so the check just before the reminder is due means something.
  const tomorrow = testNow() + LEAD_HOURS * 3_600_000 + 20_000;
  expect((await call(coachCookie, 'PATCH', `/api/classes/${cls.id}`, { startTime: new Date(tomorrow).toISOString() })).status).toBe(200);
  expect(await mailsTo(waiter.email, `Class changed: ${cls.title}`, 15_000, 2)).toHaveLength(2);
  const reminderDue = tomorrow - LEAD_HOURS * 3_600_000;
  await Bun.sleep(Math.max(0, reminderDue - testNow() - 3_000));
  expect(await mailsTo(waiter.email, `Reminder: ${cls.title}`, 0)).toEqual([]);
  const [reminder] = await mailsTo(waiter.email, `Reminder: ${cls.title}`, 60_000);
  expect(reminder).toBeDefined();
  expect(reminder).toContain('Where: Marina Green Lawn');
  expect(reminder).toContain('https://www.google.com/maps/search/?api=1&query=');
  expect(reminder).toContain('filename=class.ics');
  await Bun.sleep(2_000);
  expect(await mailsTo(waiter.email, `Reminder: ${cls.title}`, 0)).toHaveLength(1);

  // Tomorrow is inside the 48 hours, yet cancelling the changed class refunds everything.
  await page.goto(`${product.url}/bookings`, { waitUntil: 'networkidle' });
  await bookingCard.getByRole('button', { name: 'Cancel Booking' }).click();
  expect(await page.getByTestId('refund-note').textContent()).toContain(
    `full refund of $${totalFor(cls.price).toFixed(2)} until it starts, whatever the 48-hour rule says`,
  );
  await page.getByRole('button', { name: 'Confirm Cancellation' }).click();
  await page.getByTestId('toast').first().waitFor();
  const cancelled = ((await page.evaluate(() => fetch('/api/bookings').then((r) => r.json()))) as any[]).find((b) => b.id === booking.id);
  expect(cancelled).toMatchObject({ status: 'cancelled', refundAmount: totalFor(cls.price) });
  expect(guard.offMachine).toEqual([]);
  await coachGuard.context.close();
  await guard.context.close();
}, 300_000);

test("Join Waitlist takes the spot counter; Leave works on the class page and on My Bookings' Waitlist tab, which shows the place in line", async () => {
  const listed = (await (await fetch(`${product.url}/api/classes?limit=100`)).json()) as {
    id: number;
    title: string;
    capacity: number;
    spotsLeft: number;
    startTime: string | null;
  }[];
  const full = listed.find((c) => c.spotsLeft === 0 && c.capacity >= 2 && c.startTime && Date.parse(c.startTime) > testNow() + 3_600_000);
  expect(full).toBeDefined();
  const waiter = await register();
  const guard = await newContext(browser, DESKTOP);
  const page = await guard.page();
  await signIn(page, product.url, waiter.email, waiter.password);
  await page.goto(`${product.url}/classes/${full!.id}`, { waitUntil: 'networkidle' });
  const card = page.getByRole('region', { name: 'Book this class' });
  await card.getByRole('button', { name: 'Add a spot' }).click();
  expect(await card.getByLabel('Number of spots').textContent()).toBe('2');
  await card.getByRole('button', { name: 'Join Waitlist' }).click();
  await card.getByText(/^Number \d+ in line · 2 spots$/).waitFor();
  await card.getByRole('button', { name: 'Leave Waitlist' }).click();
  await page.getByTestId('toast').filter({ hasText: 'You left the waitlist' }).waitFor();
  await card.getByRole('button', { name: 'Join Waitlist' }).waitFor();
  // Saved on the server: the page opened again offers Join Waitlist, not a place in line.
  await page.reload({ waitUntil: 'networkidle' });
  await card.getByRole('button', { name: 'Join Waitlist' }).waitFor();
  expect(await card.getByText(/^Number \d+ in line/).count()).toBe(0);

  // In line again, for 1 spot this time (the counter kept the 2 chosen in this tab): the Waitlist tab shows
  // the place in line, and Leave there ends it too.
  expect(await card.getByLabel('Number of spots').textContent()).toBe('2');
  await card.getByRole('button', { name: 'Remove a spot' }).click();
  await card.getByRole('button', { name: 'Join Waitlist' }).click();
  const place = (await card.getByText(/^Number \d+ in line · 1 spot$/).textContent())!.match(/Number (\d+)/)![1];
  await page.goto(`${product.url}/bookings?tab=waitlist`, { waitUntil: 'networkidle' });
  const entry = page.getByRole('listitem', { name: `Waitlist: ${full!.title}` });
  await entry.getByText(`Number ${place} in line`, { exact: true }).waitFor();
  expect(await entry.getByText('Waiting', { exact: true }).count()).toBe(1);
  await entry.getByRole('button', { name: 'Leave' }).click();
  await page.getByTestId('toast').filter({ hasText: 'You left the waitlist' }).waitFor();
  await entry.waitFor({ state: 'detached' });
  const left = (await page.evaluate((id) => fetch(`/api/waitlist?classId=${id}`).then((r) => r.json()), full!.id)) as { status: string }[];
  expect(left.map((e) => e.status)).toEqual(['left', 'left']);
  await guard.context.close();
});

test('coaches see how many are waiting on My Classes and in the class dialog of My Calendar', async () => {
  const { classId, title, start } = await fullFreeClass('Waitlisted Harbor Run', 'Adults');
  for (let i = 0; i < 2; i++)
    expect((await call((await register()).cookie, 'POST', `/api/classes/${classId}/waitlist`, { quantity: 1 })).status).toBe(201);
  const guard = await newContext(browser, DESKTOP);
  const page = await guard.page();
  await signIn(page, product.url, 'coach@fogline.test');
  await page.goto(`${product.url}/my-classes`, { waitUntil: 'networkidle' });
  const article = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  await article.getByText('2 on the waitlist').waitFor();

  await page.goto(`${product.url}/my-calendar`, { waitUntil: 'networkidle' });
  const month = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', month: 'long', year: 'numeric' }).format(start);
  const day = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', month: 'long', day: 'numeric', year: 'numeric' }).format(
    start,
  );
  if ((await page.locator('#month-title').textContent()) !== month) await page.getByRole('button', { name: 'Next month' }).click();
  await page
    .getByRole('gridcell', { name: new RegExp(`^${day}`) })
    .getByRole('button', { name: title })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('1 / 1 participants').waitFor();
  expect(await dialog.getByText('2 on the waitlist').isVisible()).toBe(true);
  await guard.context.close();
});

test('a customer turns class reminders off on the profile page, and it is saved', async () => {
  const customer = await register();
  const guard = await newContext(browser, DESKTOP);
  const page = await guard.page();
  await signIn(page, product.url, customer.email, customer.password);
  await page.goto(`${product.url}/profile`, { waitUntil: 'networkidle' });
  const toggle = page.getByRole('checkbox', { name: /Class reminders/ });
  expect(await toggle.isChecked()).toBe(true);
  await toggle.uncheck();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByTestId('toast').first().waitFor();
  await page.reload({ waitUntil: 'networkidle' });
  expect(await page.getByRole('checkbox', { name: /Class reminders/ }).isChecked()).toBe(false);
  expect((await call(customer.cookie, 'GET', '/api/user')).body.classReminders).toBe(false);
  await guard.context.close();
});

test("a free Kids class's offer asks who is coming and the waiver before Accept books it: each child's name and age", async () => {
  // A free Kids session of the demo coach with one spot, taken by another parent.
  const { classId, other, takenId } = await fullFreeClass('Little Strikers Waitlist', 'Kids');
  const waiter = await register();
  expect((await call(waiter.cookie, 'POST', `/api/classes/${classId}/waitlist`, { quantity: 1 })).status).toBe(201);
  expect((await call(other.cookie, 'PUT', `/api/bookings/${takenId}/cancel`)).status).toBe(200);

  const guard = await newContext(browser, DESKTOP);
  const page = await guard.page();
  await signIn(page, product.url, waiter.email, waiter.password);
  await page.goto(`${product.url}/bookings?tab=waitlist`, { waitUntil: 'networkidle' });
  const entry = page.getByRole('listitem', { name: 'Waitlist: Little Strikers Waitlist' });
  await entry.getByText('1 spot held for you').waitFor();
  await entry.getByRole('group', { name: "Who's coming?" }).waitFor();
  await entry.getByLabel('Child 1 name').fill('Maya Lopez');
  await entry.getByRole('button', { name: 'Accept and book' }).click();
  await entry.getByText("Kids classes need each child's age.").waitFor();
  await entry.getByLabel('Age').fill('7');
  await entry.getByRole('button', { name: 'Accept and book' }).click();
  // The waiver too, accepted by the parent for the child (the server refuses the offer without it).
  await entry.getByText('Please accept the waiver for Maya Lopez.').waitFor();
  await acceptWaiver(page);
  await entry.getByRole('button', { name: 'Accept and book' }).click();
  await page.getByTestId('toast').filter({ hasText: 'Booking confirmed!' }).waitFor();

  const db = await openDb(`file:${join(product.dataDir, 'fogline.db')}`);
  const named = await db
    .select({ name: bookingAttendees.name, age: bookingAttendees.age })
    .from(bookingAttendees)
    .innerJoin(bookings, eq(bookings.id, bookingAttendees.bookingId))
    .where(and(eq(bookings.classId, classId), eq(bookings.status, 'confirmed')));
  expect(named).toEqual([{ name: 'Maya Lopez', age: 7 }]);
  const accepted = await db
    .select({ name: waiverAcceptances.attendeeName, relation: waiverAcceptances.relation })
    .from(waiverAcceptances)
    .innerJoin(bookings, eq(bookings.id, waiverAcceptances.bookingId))
    .where(and(eq(bookings.classId, classId), eq(bookings.status, 'confirmed')));
  db.close();
  expect(accepted).toEqual([{ name: 'Maya Lopez', relation: 'guardian' }]);
  expect(guard.offMachine).toEqual([]);
  await guard.context.close();
});
