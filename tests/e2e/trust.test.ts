// Trust and safety in Chromium (issue 24): the footer's and the sign-up form's legal links open real pages; a
// customer deletes their account from the profile and can no longer sign in; an admin reviews a coach's
// application and rejects it (the email in the outbox), and sees it in the audit log.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { seriousA11yViolations } from '../helpers/axe';
import { DESKTOP, launchBrowser, newContext, PHONE, signIn, startProduct, type ProductServer } from '../helpers/browser';
import { testNow } from '../helpers/today';
import { withWaivers } from '../helpers/waivers';
import { CLASS_EXAMPLE } from '../../api/classes/model';
import { openDb } from '../../db/client';
import { bookings, classes, users } from '../../db/schema';

let product: ProductServer;
let browser: Browser;
beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

let counter = 0;
const uniqueEmail = () => `trust${Date.now().toString(36)}${++counter}@example.test`;
const SHOTS = process.env.SCREENSHOTS_DIR;

async function withPage<T>(run: (page: Page) => Promise<T>, viewport = DESKTOP): Promise<T> {
  const guard = await newContext(browser, viewport);
  const page = await guard.page();
  try {
    const result = await run(page);
    expect(guard.offMachine).toEqual([]);
    return result;
  } finally {
    await guard.context.close();
  }
}

async function open(page: Page, path: string) {
  await page.goto(`${product.url}${path}`);
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
}

describe('legal pages', () => {
  for (const [label, heading, mentions] of [
    [
      'Privacy',
      'Privacy Policy',
      ['Who sees what', 'Waivers, emergency contacts and medical notes', 'How long we keep it', 'Deleting your account'],
    ],
    ['Terms', 'Terms of Service', ['Cancellations, refunds and waitlists', 'Taking part safely, and waivers']],
    ['Cookies', 'Cookies', ['fogline_session']],
  ] as const) {
    test(`the footer's ${label} link opens a real page`, async () => {
      await withPage(async (page) => {
        await open(page, '/');
        await page.getByRole('contentinfo').getByRole('link', { name: label, exact: true }).click();
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(heading);
        const text = await page.locator('main, article').first().textContent();
        for (const words of mentions) expect(text).toContain(words);
        expect(await seriousA11yViolations(page)).toEqual([]);
      });
    });
  }

  test('the sign-up form links its Terms of Service and Privacy Policy', async () => {
    await withPage(async (page) => {
      await open(page, '/register');
      for (const [name, path] of [
        ['Terms of Service', '/terms'],
        ['Privacy Policy', '/privacy'],
      ] as const) {
        const link = page.getByRole('link', { name, exact: true });
        expect(await link.getAttribute('href')).toBe(path);
        const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
        await tab.waitForLoadState();
        expect(await tab.getByRole('heading', { level: 1 }).textContent()).toBe(name);
        await tab.close();
      }
    });
  });

  test('at phone and desktop widths the Privacy Policy reads without sideways scrolling', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      await withPage(async (page) => {
        await open(page, '/privacy');
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/privacy-${viewport.width}.png`, fullPage: false });
      }, viewport);
    }
  });
});

test("a customer deletes their account from the profile and can no longer sign in, while their past booking still counts in the coach's totals", async () => {
  const coachContext = await newContext(browser, DESKTOP);
  const coachPage = await coachContext.page();
  await signIn(coachPage, product.url, 'coach@fogline.test');
  /** The coach's Customer Management: the Total Bookings card, and the row of `classId` from the same answer. */
  const coachSees = async (classId: number) => {
    await coachPage.goto(`${product.url}/customers`);
    const card = coachPage.locator('.card', { hasText: 'Total Bookings' });
    await card.locator('p.tabular-nums').filter({ hasText: /\d/ }).waitFor();
    const total = await card.locator('p.tabular-nums').textContent();
    // Its row, from the answer the table pages through (newest class first, so a past class may be pages down).
    for (let offset = 0; ; offset += 100) {
      const answer = await (await coachPage.request.get(`${product.url}/api/customers?limit=100&offset=${offset}`)).json();
      const row = answer.rows.find((r: { classId: number }) => r.classId === classId);
      if (row || answer.rows.length === 0) return { total, row };
    }
  };
  await withPage(async (page) => {
    const email = uniqueEmail();
    const password = 'leaving-soon-9';
    const res = await page.request.post(`${product.url}/api/register`, {
      data: { firstName: 'Dana', lastName: 'Leaves', email, phone: '+14155550199', password, role: 'customer' },
      headers: { origin: product.url },
    });
    expect(res.status()).toBe(201);
    // A class of the demo coach that Dana took yesterday (written straight to the database: nothing books the past).
    const classId = await withDatabase(async (db) => {
      const coach = (await db.select({ id: users.id }).from(users).where(eq(users.email, 'coach@fogline.test')).get())!;
      const dana = (await db.select({ id: users.id }).from(users).where(eq(users.email, email)).get())!;
      const start = new Date(testNow() - 26 * 3_600_000);
      const [cls] = await db.write((tx) =>
        tx
          .insert(classes)
          .values({
            coachId: coach.id,
            title: `Farewell Flow ${email.slice(5, 12)}`,
            priceCents: 0,
            capacity: 8,
            location: 'Crissy Field',
            address: '1199 E Beach, San Francisco, CA 94129',
            city: 'San Francisco',
            startTime: start,
            endTime: new Date(start.getTime() + 3_600_000),
          })
          .returning(),
      );
      await db.write((tx) =>
        tx.insert(bookings).values({ classId: cls!.id, userId: dana.id, status: 'confirmed', quantity: 2, confirmedAt: start }),
      );
      return cls!.id;
    });
    const before = await coachSees(classId);
    expect(before.row).toMatchObject({ quantity: 2, customerFirstName: 'Dana' });
    await open(page, '/profile');
    await page.getByRole('tab', { name: 'Security' }).click();
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Password', { exact: true }).fill('wrong-password-1');
    await dialog.getByRole('button', { name: 'Delete My Account' }).click();
    await dialog.getByText('Password is incorrect').waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/delete-account-${page.viewportSize()!.width}.png` });
    await dialog.getByLabel('Password', { exact: true }).fill(password);
    await dialog.getByRole('button', { name: 'Delete My Account' }).click();
    const done = page.getByRole('dialog', { name: 'Account deleted' });
    await done.getByRole('button', { name: 'Go to the Home Page' }).click();
    await page.waitForURL(`${product.url}/`);
    expect(await page.getByRole('link', { name: 'Sign In' }).first().isVisible()).toBe(true);

    await open(page, '/auth');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText('Invalid email or password.').waitFor();

    // The coach's books keep the booking: the same total, the row now a deleted user's.
    const after = await coachSees(classId);
    expect(after.total).toBe(before.total);
    expect(after.row).toMatchObject({ quantity: 2, customerFirstName: 'Deleted user' });
  });
  await coachContext.context.close();
});

async function withDatabase<T>(work: (db: Awaited<ReturnType<typeof openDb>>) => Promise<T>): Promise<T> {
  const db = await openDb(`file:${join(product.dataDir, 'fogline.db')}`);
  try {
    return await work(db);
  } finally {
    db.close();
  }
}

/** The emails written to the product's outbox for `to`, decoded enough to read their text. */
function emailsTo(to: string): string[] {
  const dir = join(product.dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  return files
    .map((f) =>
      readFileSync(join(dir, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    )
    .filter((mail) => new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'm').test(mail));
}

/** A coach who registered (in a browser context of their own) and filled in the application. */
async function applyAsCoach(firstName: string, lastName: string) {
  const guard = await newContext(browser);
  const page = await guard.page();
  const email = uniqueEmail();
  const res = await page.request.post(`${product.url}/api/register`, {
    data: { firstName, lastName, email, phone: '+14155550142', password: 'coach-applies-9', role: 'coach' },
    headers: { origin: product.url },
  });
  expect(res.status()).toBe(201);
  const { id } = await res.json();
  const profile = await page.request.put(`${product.url}/api/users/${id}`, {
    data: { firstName, lastName, bio: 'Paddleboard guide on the bay since 2015.', certifications: 'ACA Level 2 SUP Instructor' },
    headers: { origin: product.url },
  });
  expect(profile.status()).toBe(200);
  await guard.context.close();
  return { id, email, name: `${firstName} ${lastName}` };
}

test('an admin reviews a coach application, rejects it with a reason (emailed) and finds it in the audit log', async () => {
  const coach = await applyAsCoach('Rowan', `Tideman${counter}`);
  await withPage(async (page) => {
    await signIn(page, product.url, 'admin@fogline.test');
    await open(page, '/admin');
    await page.getByLabel('Search coaches by name or email').fill(coach.email);
    const row = page.getByRole('row', { name: new RegExp(coach.name) });
    await row.getByText('Pending Approval').waitFor();
    await row.getByRole('button', { name: `Review ${coach.name}` }).click();

    const dialog = page.getByRole('dialog', { name: `Application: ${coach.name}` });
    await dialog.getByText('Paddleboard guide on the bay since 2015.').waitFor();
    expect(await dialog.getByText('ACA Level 2 SUP Instructor').isVisible()).toBe(true);
    expect(await dialog.getByText('Not set up yet').isVisible()).toBe(true);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/coach-review-${page.viewportSize()!.width}.png` });
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();

    const reason = 'Please add the year your SUP certification was issued.';
    const form = page.getByRole('dialog', { name: `Reject Application: ${coach.name}` });
    await form.getByRole('button', { name: 'Reject Application' }).click();
    await form.getByText('Please give a reason of at least 5 characters').waitFor();
    await form.getByLabel('Why is the application rejected?').fill(reason);
    await form.getByRole('button', { name: 'Reject Application' }).click();
    await row.getByText('Rejected').waitFor();

    const mail = emailsTo(coach.email).find((m) => m.includes('Subject: Your Fogline coach application'));
    expect(mail).toContain(reason);

    await page.getByRole('tab', { name: 'Audit Log' }).click();
    const entry = page
      .getByRole('list', { name: 'Admin actions' })
      .getByRole('listitem')
      .filter({ hasText: `Rejected application: ${coach.name}` });
    await entry.waitFor();
    expect(await entry.textContent()).toContain(`Why: ${reason}`);
    expect(await entry.textContent()).toContain('By ');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/audit-log-${page.viewportSize()!.width}.png` });
  });
});

test("an admin suspends a coach from the review, choosing what the coach's booked customers are told; the review links to the coach's earnings", async () => {
  const coach = await applyAsCoach('Skye', `Harbor${counter}`);
  const customerEmail = uniqueEmail();
  await withPage(async (page) => {
    const headers = { origin: product.url };
    // The admin approves the coach, who publishes a free class that a customer books.
    await signIn(page, product.url, 'admin@fogline.test');
    expect((await page.request.put(`${product.url}/api/admin/coaches/${coach.id}/approve`, { headers })).status()).toBe(200);
    const coachCtx = await newContext(browser);
    const coachPage = await coachCtx.page();
    await signIn(coachPage, product.url, coach.email, 'coach-applies-9');
    const created = await coachPage.request.post(`${product.url}/api/classes`, {
      data: {
        ...CLASS_EXAMPLE,
        recurrence: null,
        price: 0,
        title: `Harbor Swim ${counter}`,
        startTime: new Date(testNow() + 5 * 86_400_000).toISOString(),
      },
      headers,
    });
    expect(created.status()).toBe(201);
    const classId = (await created.json()).id as number;
    await coachCtx.context.close();
    const customerCtx = await newContext(browser);
    const customerPage = await customerCtx.page();
    expect(
      (
        await customerPage.request.post(`${product.url}/api/register`, {
          data: {
            firstName: 'Quinn',
            lastName: 'Booker',
            email: customerEmail,
            phone: '+14155550123',
            password: 'books-a-swim-9',
            role: 'customer',
          },
          headers,
        })
      ).status(),
    ).toBe(201);
    expect(
      (
        await customerPage.request.post(`${product.url}/api/bookings/free`, { data: withWaivers({ classId, quantity: 1 }), headers })
      ).status(),
    ).toBe(201);
    await customerCtx.context.close();

    await open(page, '/admin');
    await page.getByLabel('Search coaches by name or email').fill(coach.email);
    const row = page.getByRole('row', { name: new RegExp(coach.name) });
    await row.getByRole('button', { name: `Review ${coach.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Application: ${coach.name}` });
    const earnings = dialog.getByRole('link', { name: `View ${coach.name}'s earnings` });
    expect(await earnings.getAttribute('href')).toBe(`/earnings?coach=${coach.id}`);
    await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();

    const form = page.getByRole('dialog', { name: `Suspend Coach: ${coach.name}` });
    await form.getByLabel('Why is the account suspended?').fill('Complaint under review: unsafe water entry reported.');
    // The customers read a neutral message unless the admin shares the reason; the admin words it.
    const message = form.getByLabel('Message to customers');
    expect(await message.inputValue()).toBe('The coach is no longer teaching on Fogline.');
    await message.fill('The coach is taking a break from teaching.');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/suspend-coach-${page.viewportSize()!.width}.png` });
    await form.getByRole('button', { name: 'Suspend Coach' }).click();
    await row.getByText('Suspended').waitFor();
  });
  const told = emailsTo(customerEmail).find((m) => /Subject: Booking cancelled/.test(m));
  expect(told).toContain('The coach is taking a break from teaching.');
  expect(told).not.toContain('unsafe water entry');
  expect(emailsTo(coach.email).some((m) => m.includes('unsafe water entry'))).toBe(true);
});

/** A new customer who paid for one spot of a paid adults' class more than two days away (found by those
 * properties, not by position), through the test provider as the checkout does. */
async function customerWithPaidBooking() {
  const guard = await newContext(browser);
  const page = await guard.page();
  const headers = { origin: product.url };
  const email = uniqueEmail();
  const last = `Refundson${counter}`;
  const res = await page.request.post(`${product.url}/api/register`, {
    data: { firstName: 'Morgan', lastName: last, email, phone: '+14155550177', password: 'pays-for-class-9', role: 'customer' },
    headers,
  });
  expect(res.status()).toBe(201);
  const classes = (await (await page.request.get(`${product.url}/api/classes?limit=100`)).json()) as {
    id: number;
    title: string;
    price: number;
    spotsLeft: number;
    ageGroup: string;
    startTime: string | null;
  }[];
  const cls = classes.find(
    (c) =>
      c.price > 0 && c.spotsLeft >= 1 && c.ageGroup === 'Adults' && c.startTime && Date.parse(c.startTime) > testNow() + 50 * 3_600_000,
  );
  if (!cls) throw new Error('no paid adults class with a free spot more than two days away');
  const amount = Math.round(cls.price * 105) / 100;
  const intent = await (
    await page.request.post(`${product.url}/api/payment/create-intent`, {
      data: withWaivers({ classId: cls.id, quantity: 1, amount, attendees: [{ name: `Morgan ${last}` }] }),
      headers,
    })
  ).json();
  expect(
    (
      await page.request.post(`${product.url}/api/payment/test-provider/pay`, {
        data: {
          paymentIntentId: intent.id,
          clientSecret: intent.clientSecret,
          cardNumber: '4242 4242 4242 4242',
          expiry: '12/40',
          cvc: '123',
        },
        headers,
      })
    ).status(),
  ).toBe(200);
  expect((await page.request.post(`${product.url}/api/payment/confirm`, { data: { paymentIntentId: intent.id }, headers })).status()).toBe(
    200,
  );
  await guard.context.close();
  return { email, name: `Morgan ${last}`, bookingId: intent.bookingId as number, amount, classTitle: cls.title };
}

test('an admin finds a customer, refunds one of their bookings in part (the amounts reconcile) and sees it in the audit log', async () => {
  const customer = await customerWithPaidBooking();
  const part = Math.round(customer.amount * 40) / 100; // 40%, to the cent
  const left = Math.round((customer.amount - part) * 100) / 100;
  const money = (n: number) => `$${n.toFixed(2)}`;
  await withPage(async (page) => {
    await signIn(page, product.url, 'admin@fogline.test');
    await open(page, '/admin?tab=users');
    await page.getByLabel('Search users by name or email').fill(customer.name.split(' ')[1]!);
    await page.getByRole('link', { name: new RegExp(customer.name) }).click();
    await page.waitForURL(/\/admin\/users\/\d+$/);
    await page.getByRole('heading', { level: 1, name: customer.name }).waitFor();

    const booking = page.getByRole('listitem', { name: `Booking #${customer.bookingId}: ${customer.classTitle}` });
    expect(await booking.textContent()).toContain(`Paid ${money(customer.amount)}`);
    await booking.getByRole('button', { name: `Refund booking #${customer.bookingId}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund booking' });
    expect(await dialog.getByLabel('Amount to refund ($)').inputValue()).toBe(customer.amount.toFixed(2));
    await dialog.getByLabel('Amount to refund ($)').fill(part.toFixed(2));
    await dialog.getByLabel('Why is it refunded?').fill('The class started 20 minutes late.');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/refund-dialog-${page.viewportSize()!.width}.png` });
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    // Shown = refunded = recorded: the booking, the refunds list and the audit log all carry the same amount.
    await booking.getByText(`Refunded ${money(part)} · ${money(left)} left`).waitFor();
    const refunds = page.getByRole('list', { name: 'Refunds' });
    expect(await refunds.textContent()).toContain(money(part));
    expect(await refunds.textContent()).toContain('Support: The class started 20 minutes late.');
    const log = page.getByRole('list', { name: 'Admin actions' });
    await log.getByText(`Refunded booking: ${customer.name}`).waitFor();
    expect(await log.textContent()).toContain(`Booking #${customer.bookingId} · ${money(part)}`);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/user-page-${page.viewportSize()!.width}.png`, fullPage: true });

    const mail = emailsTo(customer.email).find((m) => m.includes(`Subject: Refund of ${money(part)}`));
    expect(mail).toContain('The class started 20 minutes late.');

    // The dashboard's Audit Log has both actions of this test file: the rejection and the refund.
    await open(page, '/admin?tab=audit');
    const all = page.getByRole('list', { name: 'Admin actions' });
    await all.getByText(`Refunded booking: ${customer.name}`).waitFor();
    expect(await all.getByText(/^Rejected application: /).count()).toBeGreaterThan(0);
  });
});

/** A free Kids class of the demo coach starting in five days, made from the API document's own class example. */
async function freeKidsClass(): Promise<number> {
  const guard = await newContext(browser);
  const page = await guard.page();
  await signIn(page, product.url, 'coach@fogline.test');
  const doc = await (await page.request.get(`${product.url}/api/docs/json`)).json();
  const example = doc.paths['/api/classes'].post.requestBody.content['application/json'].schema.examples[0];
  const start = new Date(testNow() + 5 * 24 * 3_600_000);
  start.setUTCMinutes(0, 0, 0);
  const res = await page.request.post(`${product.url}/api/classes`, {
    data: {
      ...example,
      title: `Little Kickers ${counter}`,
      price: 0,
      capacity: 8,
      ageGroup: 'Kids',
      recurrence: null,
      startTime: start.toISOString(),
    },
    headers: { origin: product.url },
  });
  expect(res.status()).toBe(201);
  const { id } = await res.json();
  await guard.context.close();
  return id;
}

test('a parent accepts the waiver for two children with an emergency contact, and the coach sees both on the roster', async () => {
  const classId = await freeKidsClass();
  const nextClassId = await freeKidsClass();
  await withPage(async (page) => {
    const res = await page.request.post(`${product.url}/api/register`, {
      data: {
        firstName: 'Sam',
        lastName: 'Parkes',
        email: uniqueEmail(),
        phone: '+14155550188',
        password: 'parent-books-9',
        role: 'customer',
      },
      headers: { origin: product.url },
    });
    expect(res.status()).toBe(201);
    await open(page, `/classes/${classId}`);
    // The card re-renders as its reads settle, and on a loaded machine a click can land before that: add the
    // spot again only when the second child's fields have not appeared within 3 s.
    for (let tries = 0; tries < 5; tries++) {
      await page.getByRole('button', { name: 'Add a spot' }).click();
      const shown = await page
        .getByLabel('Child 2 name')
        .waitFor({ timeout: 3_000 })
        .then(() => true)
        .catch(() => false);
      if (shown) break;
    }
    await page.getByLabel('Child 1 name').fill('Maya Parkes');
    await page.getByLabel('Child 2 name').fill('Leo Parkes');
    await page.getByLabel('Age').first().fill('7');
    await page.getByLabel('Age').nth(1).fill('5');
    await page.getByText('Read: Fogline participation waiver (version 1)').click();
    await page.getByText('Outdoor classes carry risks').first().waitFor();

    // Nothing is booked until both children are accepted for and a contact is given.
    await page.getByRole('button', { name: 'Book for Free' }).click();
    await page.getByText('Please accept the waiver for Maya Parkes.').waitFor();
    expect(await page.getByText("Enter the emergency contact's name").isVisible()).toBe(true);

    await page.getByRole('checkbox', { name: 'I am the parent or guardian of Maya Parkes and accept the waiver for them' }).check();
    await page.getByRole('checkbox', { name: 'I am the parent or guardian of Leo Parkes and accept the waiver for them' }).check();
    await page.getByLabel('Medical note for Maya Parkes (optional)').fill('Mild asthma: inhaler in her bag.');
    await page.getByLabel('Emergency contact name').fill('Jordan Parkes');
    await page.getByLabel('Emergency contact phone').fill('+1 415 555 0111');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/waiver-step-${page.viewportSize()!.width}.png`, fullPage: true });
    await Promise.all([page.waitForURL(/\/bookings/), page.getByRole('button', { name: 'Book for Free' }).click()]);

    // My Bookings: what was accepted, for whom, can be read again.
    const card = page.getByRole('listitem').filter({ hasText: 'Little Kickers' }).first();
    await card.getByRole('button', { name: 'Waivers' }).click();
    const record = page.getByRole('dialog', { name: 'Waivers you accepted' });
    await record.getByText('Leo Parkes', { exact: true }).waitFor();
    const text = await record.textContent();
    expect(text).toContain('Maya Parkes: Fogline participation waiver v1, accepted by you, as parent or guardian');
    expect(text).toContain('Emergency contact: Jordan Parkes, +1 415 555 0111');
    expect(text).not.toContain('asthma');

    // The next class asks for the same version: both children show as already accepted, not asked again.
    await open(page, `/classes/${nextClassId}`);
    for (let tries = 0; tries < 5; tries++) {
      await page.getByRole('button', { name: 'Add a spot' }).click();
      const shown = await page
        .getByLabel('Child 2 name')
        .waitFor({ timeout: 3_000 })
        .then(() => true)
        .catch(() => false);
      if (shown) break;
    }
    await page.getByLabel('Child 1 name').fill('Maya Parkes');
    await page.getByLabel('Child 2 name').fill('Leo Parkes');
    await page.getByLabel('Age').first().fill('7');
    await page.getByLabel('Age').nth(1).fill('5');
    await page.getByText('Already accepted for Maya Parkes (Fogline participation waiver, version 1): not asked again.').waitFor();
    await page.getByText('Already accepted for Leo Parkes (Fogline participation waiver, version 1): not asked again.').waitFor();
    expect(await page.getByRole('checkbox', { name: /accept the waiver for them/ }).count()).toBe(0);
    await page.getByLabel('Emergency contact name').fill('Jordan Parkes');
    await page.getByLabel('Emergency contact phone').fill('+1 415 555 0111');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/waiver-already-accepted-${page.viewportSize()!.width}.png`, fullPage: true });
    await Promise.all([page.waitForURL(/\/bookings/), page.getByRole('button', { name: 'Book for Free' }).click()]);
  }, PHONE);

  await withPage(async (page) => {
    await signIn(page, product.url, 'coach@fogline.test');
    await open(page, `/roster/${classId}`);
    for (const child of ['Maya Parkes', 'Leo Parkes']) {
      const card = page.getByRole('listitem').filter({ hasText: child });
      await card.getByText('Waiver accepted by a parent or guardian: Fogline participation waiver v1').waitFor();
      expect(await card.getByText('Emergency contact: Jordan Parkes, +1 415 555 0111').isVisible()).toBe(true);
    }
    expect(
      await page
        .getByRole('listitem')
        .filter({ hasText: 'Maya Parkes' })
        .getByText('Medical note: Mild asthma: inhaler in her bag.')
        .isVisible(),
    ).toBe(true);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/roster-waivers-${page.viewportSize()!.width}.png`, fullPage: true });
  }, PHONE);
});
