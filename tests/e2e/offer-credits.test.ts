// A waitlist offer for a paid class, accepted with a pass in Chromium (issue 19, item 3): My Bookings' Waitlist tab
// offers "Use 1 credit (3 left, ...)" beside "Pay by card", asks who is coming and the waiver, and Accept books the
// spot at once, the credit taken from the pack's ledger with the booking; no checkout page, no card.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { openDb } from '../../db/client';
import { bookings, classes, passLedger, passPurchases, users } from '../../db/schema';
import { givePass } from '../api/passes/helpers';
import { acceptWaiver, DESKTOP, launchBrowser, newContext, PHONE, signIn, startProduct, type ProductServer } from '../helpers/browser';
import { testNow } from '../helpers/today';
import { withWaivers } from '../helpers/waivers';

let product: ProductServer;
let browser: Browser;
beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

const origin = () => ({ origin: product.url, 'content-type': 'application/json' });
let registered = 0;

async function register(): Promise<{ email: string; password: string; cookie: string }> {
  const email = `offer-credit-${Date.now()}-${++registered}@example.com`;
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

/** A one-spot class of the demo coach, booked (free while it was) by another customer; it costs $20 when the spot
 * frees up, so the new customer waiting for it (holding `pass`) holds a paid offer. */
async function paidOfferWithPass(title: string, pass: { credits: number | null; kind: 'pack' | 'membership' }) {
  const db = await openDb(`file:${join(product.dataDir, 'fogline.db')}`);
  const start = new Date(testNow() + 3 * 86_400_000);
  const coach = (await db.select({ id: users.id }).from(users).where(eq(users.email, 'coach@fogline.test')).get())!;
  const [row] = await db.write((tx) =>
    tx
      .insert(classes)
      .values({
        coachId: coach.id,
        title,
        priceCents: 0,
        capacity: 1,
        ageGroup: 'Adults',
        location: 'Crissy Field',
        city: 'San Francisco',
        startTime: start,
        endTime: new Date(start.getTime() + 3_600_000),
      })
      .returning(),
  );
  const cls = row!;
  const other = await register();
  const taken = await call(other.cookie, 'POST', '/api/bookings/free', withWaivers({ classId: cls.id, quantity: 1 }));
  expect(taken.status).toBe(201);
  await db.write((tx) => tx.update(classes).set({ priceCents: 2000 }).where(eq(classes.id, cls.id)));
  const waiter = await register();
  const waiterId = (await db.select({ id: users.id }).from(users).where(eq(users.email, waiter.email)).get())!.id;
  const purchase = await givePass(db, { coachId: coach.id, userId: waiterId, ...pass, now: new Date(testNow()) });
  expect((await call(waiter.cookie, 'POST', `/api/classes/${cls.id}/waitlist`, { quantity: 1 })).status).toBe(201);
  expect((await call(other.cookie, 'PUT', `/api/bookings/${taken.body.id}/cancel`)).status).toBe(200);
  return { db, cls, waiter, waiterId, purchase };
}

test('a paid offer is accepted with 1 credit of a pack on the Waitlist tab: booked at once, the credit taken', async () => {
  const title = 'Bay Run Club Waitlist';
  const { db, cls, waiter, waiterId, purchase: pack } = await paidOfferWithPass(title, { credits: 3, kind: 'pack' });
  const guard = await newContext(browser, DESKTOP);
  const page = await guard.page();
  await signIn(page, product.url, waiter.email, waiter.password);
  await page.goto(`${product.url}/bookings?tab=waitlist`, { waitUntil: 'networkidle' });
  const entry = page.getByRole('listitem', { name: `Waitlist: ${title}` });
  await entry.getByText('1 spot held for you').waitFor();
  const credit = entry.getByRole('radio', { name: /Use 1 credit \(3 left/ });
  await credit.waitFor();
  expect(await credit.isChecked()).toBe(true);
  await entry.getByRole('radio', { name: 'Pay by card' }).waitFor();
  await acceptWaiver(page);
  await page.screenshot({ path: '/tmp/offer-credits-1280.png', fullPage: true });
  const phone = await guard.context.newPage();
  await phone.setViewportSize(PHONE);
  await phone.goto(`${product.url}/bookings?tab=waitlist`, { waitUntil: 'networkidle' });
  await phone.getByRole('radio', { name: /Use 1 credit \(3 left/ }).waitFor();
  await phone.screenshot({ path: '/tmp/offer-credits-390.png', fullPage: true });
  await phone.close();

  await entry.getByRole('button', { name: 'Accept with 1 credit' }).click();
  await page.getByTestId('toast').filter({ hasText: 'Booking confirmed!' }).waitFor();
  expect(page.url()).not.toContain('/checkout');

  const booking = (await db.select().from(bookings).where(eq(bookings.classId, cls.id)).all()).find((b) => b.userId === waiterId)!;
  expect({ status: booking.status, amount: booking.amountCents }).toEqual({ status: 'confirmed', amount: 0 });
  const rows = await db.select().from(passLedger).where(eq(passLedger.bookingId, booking.id));
  db.close();
  expect(rows.map((r) => ({ purchaseId: r.purchaseId, kind: r.kind, delta: r.delta }))).toEqual([
    { purchaseId: pack.id, kind: 'booking', delta: -1 },
  ]);
  expect(guard.offMachine).toEqual([]);
  await guard.context.close();
});

test('a past-due membership is offered with the way to update the card, and Accept is refused with its message', async () => {
  const title = 'Harbor Yoga Waitlist';
  const { db, waiter, purchase } = await paidOfferWithPass(title, { credits: null, kind: 'membership' });
  await db.write((tx) => tx.update(passPurchases).set({ status: 'past_due' }).where(eq(passPurchases.id, purchase.id)));
  db.close();
  const guard = await newContext(browser, DESKTOP);
  const page = await guard.page();
  await signIn(page, product.url, waiter.email, waiter.password);
  await page.goto(`${product.url}/bookings?tab=waitlist`, { waitUntil: 'networkidle' });
  const entry = page.getByRole('listitem', { name: `Waitlist: ${title}` });
  await entry.getByRole('radio', { name: /payment past due/ }).check();
  await entry.getByRole('link', { name: 'Update your card in your wallet' }).waitFor();
  await acceptWaiver(page);
  await entry.getByRole('button', { name: 'Accept with membership' }).click();
  await page
    .getByTestId('toast')
    .filter({ hasText: 'Your membership payment is past due: update your card in your wallet to book with it.' })
    .waitFor();
  await entry.getByText('1 spot held for you').waitFor();
  await guard.context.close();
});
