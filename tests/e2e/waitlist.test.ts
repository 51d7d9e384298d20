// The waitlist in Chromium (issue 13, the built product with its own data folder): a visitor joins the
// waitlist of a full class through sign-in, another customer cancels, the offer email lands in the outbox,
// the offer is accepted on My Bookings' Waitlist tab and paid with 4242; the reminder job emails the booking
// once the lead time before the class is reached; the coach moves the class and the change notice goes out,
// with "Changed by the coach" on the booking card and a full refund in the cancel dialog.
import { createClient } from '@libsql/client';
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { openDb } from '../../db/client';
import { bookingAttendees, bookings, classes, users } from '../../db/schema';
import { DESKTOP, launchBrowser, newContext, signIn, startProduct, type ProductServer } from '../helpers/browser';

let product: ProductServer;
let browser: Browser;
/** Reminders 14 days ahead (REMINDER_LEAD_HOURS=336), so a class of the demo data is inside the window. */
const LEAD_HOURS = 336;

beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct({ REMINDER_LEAD_HOURS: String(LEAD_HOURS) }), launchBrowser()]);
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
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  return { email, password, cookie };
}

async function call(cookie: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${product.url}${path}`, { method, headers: { ...origin(), cookie }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
}

const totalFor = (price: number, quantity = 1) => (Math.round(price * 100) * quantity + Math.round(price * 100 * quantity * 0.05)) / 100;

/** Books and pays one spot through the API (the test provider), as the checkout does. */
async function bookAndPay(cookie: string, cls: { id: number; price: number }): Promise<number> {
  const intent = await call(cookie, 'POST', '/api/payment/create-intent', { classId: cls.id, quantity: 1, amount: totalFor(cls.price) });
  expect(intent.status).toBe(200);
  const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
  expect((await call(cookie, 'POST', '/api/payment/test-provider/pay', { paymentIntentId: intent.body.id, clientSecret: intent.body.clientSecret, ...card })).status).toBe(200);
  return intent.body.bookingId;
}

const decode = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The emails to `to` whose text contains `subject`, waiting up to `ms` for the first. */
async function mailsTo(to: string, subject: string, ms = 10_000): Promise<string[]> {
  const dir = join(product.dataDir, 'outbox');
  const deadline = Date.now() + ms;
  for (;;) {
    let files: string[] = [];
    try {
      files = readdirSync(dir).sort();
    } catch {}
    const found = files.map((f) => decode(readFileSync(join(dir, f), 'utf8'))).filter((m) => m.includes(`To: ${to}`) && m.includes(subject));
    if (found.length > 0 || Date.now() > deadline) return found;
    await Bun.sleep(250);
  }
}

async function payWithCard(page: Page) {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiration (MM / YY)').fill('12 / 40');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}

test('join the waitlist of a full class, get the offer email when someone cancels, accept through checkout with 4242, get the reminder and the change notice', async () => {
  // A paid session of the demo coach, 3 to 13 days away, with the fewest spots left: filled up by fresh customers.
  const coach = await fetch(`${product.url}/api/login`, { method: 'POST', headers: origin(), body: JSON.stringify({ email: 'coach@fogline.test', password: 'demo-password' }) });
  const coachCookie = coach.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const managed = (await call(coachCookie, 'GET', '/api/classes/managed')).body as any[];
  const soon = (c: any) => c.startTime && Date.parse(c.startTime) > Date.now() + 72 * 3_600_000 && Date.parse(c.startTime) < Date.now() + 13 * 24 * 3_600_000;
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

  // My Bookings, Waitlist tab: the offer with its countdown; Accept opens checkout for the held spot.
  await page.goto(`${product.url}/bookings?tab=waitlist`, { waitUntil: 'networkidle' });
  const entry = page.getByRole('listitem', { name: `Waitlist: ${cls.title}` });
  await entry.getByText('1 spot held for you').waitFor();
  expect(await entry.textContent()).toMatch(/\(1 h 5\d min left\)|\(2 h 00 min left\)/);
  await entry.getByRole('button', { name: `Accept and pay $${totalFor(cls.price).toFixed(2)}` }).click();
  await page.waitForURL(`${product.url}/checkout/${cls.id}?quantity=1`);
  await page.getByRole('heading', { name: 'Payment Details' }).waitFor();
  await payWithCard(page);
  await page.getByText('Payment successful').waitFor();
  await page.waitForURL(`${product.url}/bookings`, { timeout: 10_000 });
  const mine = (await page.evaluate(() => fetch('/api/bookings').then((r) => r.json()))) as any[];
  const booking = mine.find((b) => b.classId === cls.id);
  expect(booking).toMatchObject({ status: 'confirmed', quantity: 1, amount: totalFor(cls.price) });

  // The reminder: the booking was made less than the lead time ahead, so none yet; once it counts as made
  // earlier (the clock "passing" the lead time before the class), the reminder job sends it, once.
  const db = createClient({ url: `file:${join(product.dataDir, 'fogline.db')}` });
  const earlier = Date.parse(cls.startTime) - (LEAD_HOURS + 1) * 3_600_000;
  await db.execute({ sql: 'update bookings set confirmed_at = ?, created_at = ? where id = ?', args: [earlier, earlier, booking.id] });
  db.close();
  const reminders = await mailsTo(waiter.email, `Reminder: ${cls.title}`, 100_000);
  expect(reminders).toHaveLength(1);
  expect(reminders[0]).toContain('https://www.google.com/maps/search/?api=1&query=');
  expect(reminders[0]).toContain('filename=class.ics');

  // The coach moves the class: the change notice (before -> after), the card says so, the refund is full.
  const coachGuard = await newContext(browser, DESKTOP);
  const coachPage = await coachGuard.page();
  await signIn(coachPage, product.url, 'coach@fogline.test');
  await coachPage.goto(`${product.url}/edit-class/${cls.id}`, { waitUntil: 'networkidle' });
  await coachPage.getByLabel('Location', { exact: true }).fill('Marina Green Lawn');
  await coachPage.getByRole('button', { name: 'Save Changes' }).click();
  const [notice] = await mailsTo(waiter.email, `Class changed: ${cls.title}`, 15_000);
  expect(notice).toContain('Before:');
  expect(notice).toContain('Now:');
  expect(notice).toContain('Marina Green Lawn');
  await page.goto(`${product.url}/bookings`, { waitUntil: 'networkidle' });
  await page.getByText('Changed by the coach.').waitFor();
  await page.getByRole('button', { name: 'Cancel Booking' }).first().click();
  expect(await page.getByTestId('refund-note').textContent()).toContain('The coach changed this class, so you get a full refund');
  expect(guard.offMachine).toEqual([]);
  await coachGuard.context.close();
  await guard.context.close();
}, 240_000);

test('Leave Waitlist takes the customer out of line, and Join Waitlist comes back', async () => {
  const listed = (await (await fetch(`${product.url}/api/classes?limit=100`)).json()) as { id: number; spotsLeft: number; startTime: string | null }[];
  const full = listed.find((c) => c.spotsLeft === 0 && c.startTime && Date.parse(c.startTime) > Date.now() + 3_600_000);
  expect(full).toBeDefined();
  const waiter = await register();
  const guard = await newContext(browser, DESKTOP);
  const page = await guard.page();
  await signIn(page, product.url, waiter.email, waiter.password);
  await page.goto(`${product.url}/classes/${full!.id}`, { waitUntil: 'networkidle' });
  const card = page.getByRole('region', { name: 'Book this class' });
  await card.getByRole('button', { name: 'Join Waitlist' }).click();
  await card.getByText(/^Number \d+ in line · 1 spot$/).waitFor();
  await card.getByRole('button', { name: 'Leave Waitlist' }).click();
  await page.getByTestId('toast').filter({ hasText: 'You left the waitlist' }).waitFor();
  await card.getByRole('button', { name: 'Join Waitlist' }).waitFor();
  // Saved on the server: the page opened again offers Join Waitlist, not a place in line.
  await page.reload({ waitUntil: 'networkidle' });
  await card.getByRole('button', { name: 'Join Waitlist' }).waitFor();
  expect(await card.getByText(/^Number \d+ in line/).count()).toBe(0);
  // My Bookings no longer lists the entry left (this customer has nothing else there).
  await page.goto(`${product.url}/bookings?tab=waitlist`, { waitUntil: 'networkidle' });
  await page.getByText('No Bookings Found').waitFor();
  await guard.context.close();
});

test("a free Kids class's offer asks who is coming before Accept books it: each child's name and age", async () => {
  // A free Kids session of the demo coach with one spot, taken by another parent.
  const db = await openDb(`file:${join(product.dataDir, 'fogline.db')}`);
  const start = new Date(Date.now() + 3 * 86_400_000);
  const coach = (await db.select({ id: users.id }).from(users).where(eq(users.email, 'coach@fogline.test')).get())!;
  const [cls] = await db.write((tx) =>
    tx
      .insert(classes)
      .values({ coachId: coach.id, title: 'Little Strikers Waitlist', priceCents: 0, capacity: 1, ageGroup: 'Kids', location: 'Crissy Field', city: 'San Francisco', startTime: start, endTime: new Date(start.getTime() + 3_600_000) })
      .returning(),
  );
  const classId = cls!.id;
  const other = await register();
  const taken = await call(other.cookie, 'POST', '/api/bookings/free', { classId, attendees: [{ name: 'Ava Lopez', age: 6 }] });
  expect(taken.status).toBe(201);
  const waiter = await register();
  expect((await call(waiter.cookie, 'POST', `/api/classes/${classId}/waitlist`, { quantity: 1 })).status).toBe(201);
  expect((await call(other.cookie, 'PUT', `/api/bookings/${taken.body.id}/cancel`)).status).toBe(200);

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
  await page.getByTestId('toast').filter({ hasText: 'Booking confirmed!' }).waitFor();

  const named = await db
    .select({ name: bookingAttendees.name, age: bookingAttendees.age })
    .from(bookingAttendees)
    .innerJoin(bookings, eq(bookings.id, bookingAttendees.bookingId))
    .where(and(eq(bookings.classId, classId), eq(bookings.status, 'confirmed')));
  db.close();
  expect(named).toEqual([{ name: 'Maya Lopez', age: 7 }]);
  expect(guard.offMachine).toEqual([]);
  await guard.context.close();
});
