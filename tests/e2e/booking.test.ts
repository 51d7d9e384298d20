// Booking in the browser (issue 5, Chromium, the built-in test provider, demo data): a visitor books 2 spots
// of a paid class through sign-in and checkout; a declined card; a free class; cancelling from My Bookings;
// reviewing a past class; a coach's payout setup. Nothing is requested off the machine.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import { seriousA11yViolations } from '../helpers/axe';
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
import { testNow } from '../helpers/today';
import { withWaivers } from '../helpers/waivers';

/** GET /api/bookings with or without its filters and paging parameters. */
const BOOKINGS_API = /\/api\/bookings(\?|$)/;

let product: ProductServer;
let browser: Browser;

interface ClassInfo {
  id: number;
  title: string;
  price: number;
  spotsLeft: number;
  startTime: string | null;
  coachId: number;
  ageGroup: string;
  cancellationPolicy: { preset: string };
}
let paidClasses: ClassInfo[] = [];
let freeClass: ClassInfo;
/** A paid class still to come with no spot left (demo data). */
let fullClass: ClassInfo;

beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
  const classes = (await (await fetch(`${product.url}/api/classes?all=true`)).json()) as ClassInfo[];
  // Adults' classes more than 3 days away with room: bookable without naming children, cancellable with a full
  // refund. Which ones they are depends on the day the demo was seeded, so only these properties are relied on.
  const later = classes.filter(
    (c) => c.ageGroup === 'Adults' && c.startTime && Date.parse(c.startTime) > testNow() + 72 * 3_600_000 && c.spotsLeft >= 3,
  );
  // The FAQ's 48-hour rule is Moderate's: classes of coaches with another policy (issue 20's demo) are left out.
  paidClasses = later.filter((c) => c.price > 0 && c.cancellationPolicy.preset === 'moderate');
  freeClass = later.find((c) => c.price === 0)!;
  fullClass = classes.find((c) => c.startTime && Date.parse(c.startTime) > testNow() + 3_600_000 && c.spotsLeft === 0 && c.price > 0)!;
  expect(fullClass).toBeDefined();
  expect(paidClasses.length).toBeGreaterThan(13); // tests use [0..4] and [-8..-1], each its own class
  expect(freeClass).toBeDefined();
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

let registered = 0;
/** A new customer (or coach) through the public API, as a person would sign up. */
async function registerCustomer(role: 'customer' | 'coach' = 'customer'): Promise<{ email: string; password: string }> {
  const email = `booker-${Date.now()}-${++registered}@example.com`;
  const password = 'harbor-lights-2027';
  const res = await fetch(`${product.url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: product.url },
    body: JSON.stringify({ firstName: 'Riley', lastName: 'Park', email, phone: '+14155550123', password, role }),
  });
  expect(res.status).toBeLessThan(300);
  return { email, password };
}

/** What the customer pays: price x quantity plus the 5% service fee, in dollars. */
const totalFor = (cls: ClassInfo, quantity = 1) =>
  (Math.round(cls.price * 100) * quantity + Math.round(cls.price * 100 * quantity * 0.05)) / 100;

/** Holds the spots of a paid class through the API, as the checkout does; `pay` also pays with 4242. */
async function bookThroughApi(page: Page, cls: ClassInfo, pay = true): Promise<{ id: string; bookingId: number }> {
  const headers = { origin: product.url };
  const intent = await (
    await page.request.post(`${product.url}/api/payment/create-intent`, {
      headers,
      data: withWaivers({ classId: cls.id, quantity: 1, amount: totalFor(cls) }),
    })
  ).json();
  if (pay) {
    const data = {
      paymentIntentId: intent.id,
      clientSecret: intent.clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/40',
      cvc: '123',
    };
    expect((await page.request.post(`${product.url}/api/payment/test-provider/pay`, { headers, data })).status()).toBe(200);
  }
  return intent;
}

/** Records, inside the page, when the first toast appears and when the app next changes its URL: the spec's
 * redirect delays measured without the test's own polling latency. */
async function recordRedirectDelay(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const w = window as unknown as { toastAt?: number; navAt?: number };
    const push = history.pushState.bind(history);
    history.pushState = (...args: Parameters<History['pushState']>) => {
      w.navAt ??= performance.now();
      push(...args);
    };
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="toast"]')) w.toastAt ??= performance.now();
    }).observe(document, { childList: true, subtree: true });
  });
  return () =>
    page.evaluate(() => {
      const w = window as unknown as { toastAt: number; navAt: number };
      return w.navAt - w.toastAt;
    });
}

/** A new customer, signed in on a fresh page. */
async function newCustomerPage(viewport = DESKTOP) {
  const { email, password } = await registerCustomer();
  const guard = await newContext(browser, viewport);
  const page = await guard.page();
  await signIn(page, product.url, email, password);
  return { guard, page };
}

/** The one toast: its text once it shows `title`, and whether it uses the destructive style (an alert). */
async function toastWith(page: Page, title: string) {
  const toast = page.getByTestId('toast').filter({ hasText: title });
  await toast.waitFor();
  return { text: (await toast.textContent()) ?? '', role: await toast.getAttribute('role') };
}

describe('booking a paid class', () => {
  test('a visitor books 2 spots, signs in, comes back, pays with 4242 and sees the booking under Upcoming', async () => {
    const cls = paidClasses[0]!;
    const { email, password } = await registerCustomer();
    const guard = await newContext(browser);
    const page = await guard.page();
    const redirectDelay = await recordRedirectDelay(page);
    await page.goto(`${product.url}/classes/${cls.id}`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Add a spot' }).click();
    await page.getByRole('link', { name: 'Book Now' }).click();
    await page.waitForURL(`${product.url}/auth?redirect=/classes/${cls.id}`);
    await page.waitForLoadState('networkidle');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${product.url}/classes/${cls.id}`);
    await page.waitForLoadState('networkidle');
    expect(await page.getByLabel('Number of spots').textContent()).toBe('2'); // remembered across sign-in
    await page.getByRole('link', { name: 'Book Now' }).click();
    await page.waitForURL(`${product.url}/checkout/${cls.id}?quantity=2`);
    await page.getByRole('heading', { name: 'Payment Details' }).waitFor();
    expect(await page.getByText('Booking for Riley Park').isVisible()).toBe(true);
    const total = (Math.round(cls.price * 100) * 2 + Math.round(cls.price * 100 * 2 * 0.05)) / 100;
    expect(await page.getByTestId('total').textContent()).toBe(`$${total.toFixed(2)}`);
    // One name per spot (issue 14): the first is the booker, the second is asked for before any charge.
    expect(await page.getByLabel('Attendee 1 name').inputValue()).toBe('Riley Park');
    await payWithCard(page, '4242 4242 4242 4242');
    await page.getByText("Enter each attendee's name.").waitFor();
    await page.getByLabel('Attendee 2 name').fill('Jordan Park');
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await page.getByText('Payment successful').waitFor();
    // The confirmation page (issue 22), then My Bookings with the new booking ringed.
    await page.waitForURL(/\/bookings\/\d+\?new=1$/, { timeout: 10_000 });
    expect(await redirectDelay()).toBeGreaterThanOrEqual(1_450); // 1.5 s after payment (the toast renders just after the timer starts)
    await page.getByRole('heading', { level: 1, name: cls.title }).waitFor();
    expect(await page.getByRole('main').textContent()).toContain('Riley ParkJordan Park');
    await page.getByRole('main').getByRole('link', { name: 'My Bookings' }).click();
    await page.waitForURL(/\/bookings\?highlight=\d+$/);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: cls.title }) });
    await card.getByText('Just booked').waitFor();
    await card.waitFor();
    expect(await card.getByText('Confirmed').isVisible()).toBe(true);
    expect(await card.getByText('2 spots booked').isVisible()).toBe(true);
    expect(await card.getByText('Attending: Riley Park, Jordan Park').isVisible()).toBe(true);
    expect(await page.getByRole('tab', { name: /Upcoming/ }).getAttribute('aria-selected')).toBe('true');
    expect(guard.offMachine).toEqual([]);
    await guard.context.close();
  }, 60_000);

  test('a declined card shows Payment Failed and stays on the form', async () => {
    const cls = paidClasses[1]!;
    const { email, password } = await registerCustomer();
    const guard = await newContext(browser, PHONE);
    const page = await guard.page();
    await signIn(page, product.url, email, password);
    await page.goto(`${product.url}/checkout/${cls.id}?quantity=1`, { waitUntil: 'networkidle' });
    await payWithCard(page, '4000 0000 0000 0002');
    const alert = page.getByRole('alert').filter({ hasText: 'Payment Failed' }).first();
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Your card was declined.');
    expect(await page.getByTestId('toast').textContent()).toContain('Payment Failed');
    expect(page.url()).toBe(`${product.url}/checkout/${cls.id}?quantity=1`);
    expect(await page.getByRole('button', { name: /^Pay \$/ }).isEnabled()).toBe(true);
    await payWithCard(page, '4000 0000 0000 9995');
    await page.getByText('Your card has insufficient funds.').first().waitFor();
    await guard.context.close();
  }, 60_000);
});

describe('returning from a redirect-based payment', () => {
  test('payment_status=success with the intent confirms automatically and goes to the confirmation page', async () => {
    const cls = paidClasses[3]!;
    const { email, password } = await registerCustomer();
    const guard = await newContext(browser);
    const page = await guard.page();
    await signIn(page, product.url, email, password);
    const intent = await bookThroughApi(page, cls);
    const redirectDelay = await recordRedirectDelay(page);
    await page.goto(`${product.url}/checkout/${cls.id}?quantity=1&payment_status=success&payment_intent=${intent.id}`);
    await page.getByTestId('toast').filter({ hasText: 'Payment successful' }).waitFor();
    await page.waitForURL(/\/bookings\/\d+\?new=1$/, { timeout: 10_000 }); // the confirmation page
    expect(await redirectDelay()).toBeGreaterThanOrEqual(1_950); // 2 s on the redirect-return path
    await page.getByRole('heading', { name: cls.title }).waitFor();
    await guard.context.close();
  }, 60_000);

  test('without the intent in the URL it shows Payment Processing Error', async () => {
    const { email, password } = await registerCustomer();
    const guard = await newContext(browser, PHONE);
    const page = await guard.page();
    await signIn(page, product.url, email, password);
    await page.goto(`${product.url}/checkout/${paidClasses[0]!.id}?payment_status=success`);
    await page.getByRole('heading', { name: 'Payment Processing Error' }).waitFor();
    expect(await page.getByText('Payment intent ID not found in URL').isVisible()).toBe(true);
    await guard.context.close();
  }, 60_000);
});

describe('booking a free class', () => {
  test('a free class books directly with the toast, then My Bookings', async () => {
    const { email, password } = await registerCustomer();
    const guard = await newContext(browser);
    const page = await guard.page();
    await signIn(page, product.url, email, password);
    await page.goto(`${product.url}/classes/${freeClass.id}`, { waitUntil: 'networkidle' });
    await page.evaluate(() => {
      // When the toast shows and when the page is left, kept across the full page load to /bookings.
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="toast"]') && !sessionStorage.getItem('e2e.toastAt'))
          sessionStorage.setItem('e2e.toastAt', String(Date.now()));
      }).observe(document.body, { childList: true, subtree: true });
      addEventListener('beforeunload', () => sessionStorage.setItem('e2e.leftAt', String(Date.now())));
    });
    expect(await page.getByLabel('Attendee 1 name').inputValue()).toBe('Riley Park'); // the one spot starts as the booker
    await acceptWaiver(page);
    await page.getByRole('button', { name: 'Book for Free' }).click();
    await page.waitForURL(/\/bookings\?highlight=\d+$/); // the new booking ringed
    await page.getByTestId('toast').filter({ hasText: 'Booking confirmed!' }).waitFor();
    const delay = await page.evaluate(() => Number(sessionStorage.getItem('e2e.leftAt')) - Number(sessionStorage.getItem('e2e.toastAt')));
    expect(delay).toBeGreaterThanOrEqual(90); // 100 ms after a free booking (the toast renders just after the timer starts)
    expect(delay).toBeLessThan(1_000);
    expect(await page.getByTestId('toast').textContent()).toContain('Your free class booking has been confirmed.');
    await page.getByRole('heading', { name: freeClass.title }).waitFor();
    await page.goto(`${product.url}/classes/${freeClass.id}`, { waitUntil: 'networkidle' });
    await page.getByText("You've booked this class").waitFor();
    expect(await page.getByText('1 spot · Confirmed').isVisible()).toBe(true);
    await guard.context.close();
  }, 60_000);
});

describe('My Bookings', () => {
  test('cancel from My Bookings with the dialog, which says exactly what is refunded', async () => {
    const cls = paidClasses[2]!;
    const { email, password } = await registerCustomer();
    const guard = await newContext(browser);
    const page = await guard.page();
    await signIn(page, product.url, email, password);
    await page.goto(`${product.url}/checkout/${cls.id}?quantity=1`, { waitUntil: 'networkidle' });
    await payWithCard(page, '4242424242424242');
    await page.waitForURL(/\/bookings\/\d+\?new=1$/, { timeout: 10_000 });
    await page.goto(`${product.url}/bookings`, { waitUntil: 'networkidle' });
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: cls.title }) });
    await card.getByRole('button', { name: 'Cancel Booking' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const paid = (Math.round(cls.price * 100) + Math.round(cls.price * 100 * 0.05)) / 100;
    expect(await dialog.getByTestId('refund-note').textContent()).toContain(`You will be refunded $${paid.toFixed(2)} in full`);
    expect(await dialog.textContent()).toContain('PT');
    await dialog.getByRole('button', { name: 'Keep Booking' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await card.getByRole('button', { name: 'Cancel Booking' }).click();
    await page.getByRole('button', { name: 'Confirm Cancellation' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Booking cancelled' }).waitFor();
    expect(await page.getByTestId('toast').textContent()).toContain('Your booking has been successfully cancelled');
    await page.getByText('No Upcoming Bookings').waitFor();
    // It stays in view under Cancelled, with what was refunded and when (issue 22), and Book again.
    await page.getByRole('tab', { name: 'Cancelled' }).click();
    const cancelled = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: cls.title }) });
    const note = (await cancelled.getByTestId('cancelled-note').textContent()) ?? '';
    expect(note).toStartWith('Cancelled on ');
    expect(note).toEndWith(` PT — refunded $${paid.toFixed(2)}`);
    expect(await cancelled.getByRole('link', { name: 'Book again' }).getAttribute('href')).toMatch(/^\/(classes|coaches)\/\d+$/);
    await guard.context.close();
  }, 60_000);

  test('review a past booking and see it on the coach profile', async () => {
    const guard = await newContext(browser);
    const page = await guard.page();
    await signIn(page, product.url, 'customer@fogline.test');
    await page.goto(`${product.url}/bookings`, { waitUntil: 'networkidle' });
    await page.getByRole('tab', { name: 'Past' }).click();
    const action = page.getByRole('link', { name: /^(Add Review|View Review)$/ }).first();
    const href = (await action.getAttribute('href'))!;
    const bookingId = Number(new URL(href, product.url).searchParams.get('bookingId'));
    await action.click();
    await page.waitForURL(/\/review\?classId=\d+&bookingId=\d+/);
    await page.getByRole('button', { name: /^(Submit|Update) Review$/ }).waitFor();
    if ((await page.getByRole('button', { name: 'Submit Review' }).count()) > 0) {
      await page.getByRole('button', { name: 'Submit Review' }).click();
      expect(await page.getByText('Please select a rating').isVisible()).toBe(true);
    }
    await page.getByLabel('4 Very Good').check({ force: true });
    expect(await page.getByText('Very Good', { exact: true }).isVisible()).toBe(true);
    const comment = `Loved the fog rolling in over the bay, review ${Date.now()}`;
    await page.getByLabel('Comment (optional)').fill(comment);
    await page.getByRole('button', { name: /^(Submit|Update) Review$/ }).click();
    await page.waitForURL(`${product.url}/bookings`);
    const bookings = (await (await page.request.get(`${product.url}/api/bookings`)).json()) as { id: number; class: { coachId: number } }[];
    const coachId = bookings.find((b) => b.id === bookingId)!.class.coachId;
    await page.goto(`${product.url}/coaches/${coachId}`, { waitUntil: 'networkidle' });
    await page.getByText(comment).first().waitFor();
    expect(guard.offMachine).toEqual([]);
    await guard.context.close();
  }, 60_000);
});

describe('a class deleted after booking', () => {
  test('My Bookings keeps the booking as Cancelled by the coach with the full refund, and no link to the gone class', async () => {
    const cls = paidClasses.at(-1)!;
    const { email, password } = await registerCustomer();
    const guard = await newContext(browser, PHONE);
    const page = await guard.page();
    await signIn(page, product.url, email, password);
    const paid = totalFor(cls);
    const headers = { origin: product.url };
    await bookThroughApi(page, cls);

    const admin = await newContext(browser);
    const adminPage = await admin.page();
    await signIn(adminPage, product.url, 'admin@fogline.test');
    expect((await adminPage.request.delete(`${product.url}/api/classes/${cls.id}`, { headers })).status()).toBe(200);
    await admin.context.close();

    await page.goto(`${product.url}/bookings`, { waitUntil: 'networkidle' });
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: cls.title }) });
    await card.getByText(`Cancelled by the coach — refunded $${paid.toFixed(2)}`).waitFor();
    expect(await card.getByText('Cancelled', { exact: true }).isVisible()).toBe(true);
    expect(await card.getByRole('link', { name: 'View Class Details' }).count()).toBe(0);
    expect(await card.getByRole('button', { name: 'Cancel Booking' }).count()).toBe(0);
    expect(await page.getByLabel('0 upcoming').isVisible()).toBe(true);
    await page.goto(`${product.url}/classes/${cls.id}`, { waitUntil: 'networkidle' });
    expect(await page.getByText('Class Not Found').first().isVisible()).toBe(true);
    expect(guard.offMachine).toEqual([]);
    await guard.context.close();
  }, 60_000);
});

describe('the class page booking card', () => {
  test('a full class shows Class is Full with a note to check back for cancellations, and no booking button', async () => {
    const { guard, page } = await newCustomerPage(PHONE);
    await page.goto(`${product.url}/classes/${fullClass.id}`, { waitUntil: 'networkidle' });
    const card = page.getByRole('region', { name: 'Book this class' });
    await card.getByText('Class is Full', { exact: true }).waitFor();
    expect(await card.textContent()).toContain('Check back later in case a spot opens up from a cancellation.');
    expect(await card.getByRole('button', { name: /Book/ }).count()).toBe(0);
    expect(await card.getByRole('link', { name: /Book/ }).count()).toBe(0);
    await guard.context.close();
  }, 60_000);

  test('a payment not yet made shows Pending payment on the class page and the amber Pending Payment badge on My Bookings', async () => {
    const cls = paidClasses.at(-2)!;
    const { guard, page } = await newCustomerPage();
    await bookThroughApi(page, cls, false);
    await page.goto(`${product.url}/classes/${cls.id}`, { waitUntil: 'networkidle' });
    const card = page.getByRole('region', { name: 'Book this class' });
    await card.getByText('1 spot · Pending payment').waitFor();
    expect(await card.getByRole('link', { name: 'Complete payment' }).getAttribute('href')).toBe(`/checkout/${cls.id}?quantity=1`);
    await page.goto(`${product.url}/bookings`, { waitUntil: 'networkidle' });
    const badge = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: cls.title }) })
      .getByText('Pending Payment', { exact: true });
    await badge.waitFor();
    expect(await badge.getAttribute('class')).toContain('border-amber-500');
    await guard.context.close();
  }, 60_000);

  test('a customer who booked never sees booking controls: the card waits for their bookings, then says Confirmed', async () => {
    const cls = paidClasses.at(-8)!;
    const { guard, page } = await newCustomerPage(PHONE);
    await bookThroughApi(page, cls);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(BOOKINGS_API, async (route) => {
      await held; // a slow network: the answer comes when the test says so
      await route.continue();
    });
    await page.goto(`${product.url}/classes/${cls.id}`);
    const card = page.getByRole('region', { name: 'Book this class' });
    await card.getByRole('status', { name: 'Checking your bookings' }).waitFor();
    expect(await card.getByRole('link', { name: 'Book Now' }).count()).toBe(0);
    release();
    await card.getByText('1 spot · Confirmed').waitFor();
    expect(await card.getByRole('link', { name: 'Book Now' }).count()).toBe(0);
    await guard.context.close();
  }, 60_000);

  test('a free booking the server refuses shows the Booking failed toast in the destructive style and stays on the class', async () => {
    const { guard, page } = await newCustomerPage();
    const url = `${product.url}/classes/${freeClass.id}`;
    await page.goto(url, { waitUntil: 'networkidle' });
    const book = page.getByRole('button', { name: 'Book for Free' });
    await book.waitFor();
    // Meanwhile the same customer books it in another tab.
    const other = await page.request.post(`${product.url}/api/bookings/free`, {
      headers: { origin: product.url },
      data: withWaivers({ classId: freeClass.id, quantity: 1 }),
    });
    expect(other.status()).toBe(201);
    await acceptWaiver(page);
    await book.click();
    const toast = await toastWith(page, 'Booking failed');
    expect(toast.text).toContain('You have already booked this class.');
    expect(toast.role).toBe('alert');
    await page.waitForTimeout(300); // longer than the 100 ms redirect of a success
    expect(page.url()).toBe(url);
    await guard.context.close();
  }, 60_000);
});

describe('checkout views', () => {
  test('a visitor is sent to sign in, with a redirect back to the checkout', async () => {
    const guard = await newContext(browser);
    const page = await guard.page();
    await page.goto(`${product.url}/checkout/${paidClasses[0]!.id}?quantity=2`);
    await page.waitForURL(/\/auth\?/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(`/checkout/${paidClasses[0]!.id}?quantity=2`);
    await guard.context.close();
  }, 60_000);

  test('Already Booked when the customer has a confirmed booking for the class', async () => {
    const cls = paidClasses.at(-3)!;
    const { guard, page } = await newCustomerPage(PHONE);
    await bookThroughApi(page, cls);
    await page.goto(`${product.url}/checkout/${cls.id}?quantity=1`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Already Booked' }).waitFor();
    expect(await page.getByRole('link', { name: 'View My Bookings' }).getAttribute('href')).toBe('/bookings');
    expect(await page.getByRole('button', { name: /^Pay \$/ }).count()).toBe(0);
    await guard.context.close();
  }, 60_000);

  test('Class is Full when no spot is left, with Return to Class', async () => {
    const { guard, page } = await newCustomerPage();
    await page.goto(`${product.url}/checkout/${fullClass.id}?quantity=1`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Class is Full' }).waitFor();
    expect(await page.getByRole('link', { name: 'Return to Class' }).getAttribute('href')).toBe(`/classes/${fullClass.id}`);
    await guard.context.close();
  }, 60_000);

  test('Class Not Found for a class that does not exist; a checkout without a class id goes to /classes', async () => {
    const { guard, page } = await newCustomerPage();
    await page.goto(`${product.url}/checkout/987654`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Class Not Found' }).waitFor();
    expect(await page.getByRole('link', { name: 'Browse Classes' }).getAttribute('href')).toBe('/classes');
    await page.goto(`${product.url}/checkout/not-a-class`);
    await page.waitForURL(`${product.url}/classes`);
    await guard.context.close();
  }, 60_000);

  test('fewer spots left than asked: the checkout says so and offers the spots left or the waitlist in one tap', async () => {
    const cls = paidClasses.at(-4)!;
    const { guard, page } = await newCustomerPage(PHONE);
    await page.goto(`${product.url}/checkout/${cls.id}?quantity=99`, { waitUntil: 'networkidle' });
    const notice = page.getByRole('alert').filter({ hasText: `Only ${cls.spotsLeft} spots left` });
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(/Only \d+ spots? (is|are) left in this class\./); // the server's own words
    expect(await notice.getByRole('button', { name: 'Join the waitlist for 99 spots' }).isVisible()).toBe(true);
    expect(await notice.getByRole('link', { name: 'Return to Class' }).getAttribute('href')).toBe(`/classes/${cls.id}`);
    await notice.getByRole('button', { name: `Book the ${cls.spotsLeft} spots left` }).click();
    await page.getByRole('heading', { name: 'Payment Details' }).waitFor();
    expect(page.url()).toBe(`${product.url}/checkout/${cls.id}?quantity=${cls.spotsLeft}`);
    await guard.context.close();
  }, 60_000);

  test('Payment Initialization Failed says Failed to initialize payment. Please try again., and Return to Class', async () => {
    const cls = paidClasses[4]!; // the route is answered here: any class with spots left
    const { guard, page } = await newCustomerPage(PHONE);
    await page.route('**/api/payment/create-intent', (route) =>
      route.fulfill({
        status: 502,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Failed to initialize payment. Please try again.' }),
      }),
    );
    await page.goto(`${product.url}/checkout/${cls.id}?quantity=1`, { waitUntil: 'networkidle' });
    const notice = page.getByRole('alert').filter({ hasText: 'Payment Initialization Failed' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Failed to initialize payment. Please try again.');
    expect(await notice.getByRole('link', { name: 'Return to Class' }).getAttribute('href')).toBe(`/classes/${cls.id}`);
    await guard.context.close();
  }, 60_000);

  test('a free class needs no payment: No Payment Needed, with Return to Class', async () => {
    const { guard, page } = await newCustomerPage();
    await page.goto(`${product.url}/checkout/${freeClass.id}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'No Payment Needed' }).waitFor();
    expect(await page.getByRole('link', { name: 'Return to Class' }).getAttribute('href')).toBe(`/classes/${freeClass.id}`);
    await guard.context.close();
  }, 60_000);

  test('a charge that went through but could not be confirmed shows Payment Processed, and never the card form again', async () => {
    const cls = paidClasses.at(-5)!;
    const { guard, page } = await newCustomerPage();
    await page.goto(`${product.url}/checkout/${cls.id}?quantity=1`, { waitUntil: 'networkidle' });
    await page.route('**/api/payment/confirm', (route) => route.abort('connectionreset')); // the confirm call is lost
    await payWithCard(page, '4242 4242 4242 4242');
    const toast = await toastWith(page, 'Payment Processed');
    expect(toast.text).toContain('Payment successful, but there was an issue confirming your booking. Please contact support.');
    await page.getByRole('heading', { name: 'Payment Processed' }).waitFor();
    expect(await page.getByRole('button', { name: /^Pay \$/ }).count()).toBe(0);
    // The payment provider's webhook confirmed it all the same.
    await page.getByRole('link', { name: 'View My Bookings' }).click();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: cls.title }) });
    await card.getByText('Confirmed', { exact: true }).waitFor();
    await guard.context.close();
  }, 60_000);
});

describe('My Bookings states', () => {
  test('a customer without bookings sees No Bookings Found with Browse Classes', async () => {
    const { guard, page } = await newCustomerPage(PHONE);
    await page.goto(`${product.url}/bookings`, { waitUntil: 'networkidle' });
    await page.getByText('No Bookings Found').waitFor();
    expect(await page.getByRole('link', { name: 'Browse Classes' }).getAttribute('href')).toBe('/classes');
    await guard.context.close();
  }, 60_000);

  test('with one upcoming booking: a count badge of 1, a green Confirmed badge, and No Past Bookings under Past', async () => {
    const cls = paidClasses.at(-6)!;
    const { guard, page } = await newCustomerPage();
    await bookThroughApi(page, cls);
    await page.goto(`${product.url}/bookings`, { waitUntil: 'networkidle' });
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: cls.title }) });
    const badge = card.getByText('Confirmed', { exact: true });
    await badge.waitFor();
    expect(await badge.getAttribute('class')).toContain('bg-emerald-100');
    expect(await page.getByLabel('1 upcoming').isVisible()).toBe(true);
    await page.getByRole('tab', { name: 'Past' }).click();
    await page.getByText('No Past Bookings').waitFor();
    expect(await page.getByRole('tabpanel').getByRole('link', { name: 'Browse Classes' }).getAttribute('href')).toBe('/classes');
    await guard.context.close();
  }, 60_000);

  test('a failed load shows Error Loading Bookings, and Retry loads them', async () => {
    const { guard, page } = await newCustomerPage();
    let failures = 1;
    await page.route(BOOKINGS_API, (route) => (failures-- > 0 ? route.abort('connectionreset') : route.continue()));
    await page.goto(`${product.url}/bookings`);
    const error = page.getByRole('alert').filter({ hasText: 'Error Loading Bookings' });
    await error.waitFor();
    expect(await error.textContent()).toContain("We couldn't load your bookings. Please try again later.");
    await error.getByRole('button', { name: 'Retry' }).click();
    await page.getByText('No Bookings Found').waitFor();
    await guard.context.close();
  }, 60_000);

  test('the list is fetched again when the window regains focus', async () => {
    const { guard, page } = await newCustomerPage();
    await page.goto(`${product.url}/bookings`, { waitUntil: 'networkidle' });
    await page.getByText('No Bookings Found').waitFor();
    const booked = await page.request.post(`${product.url}/api/bookings/free`, {
      headers: { origin: product.url },
      data: withWaivers({ classId: freeClass.id, quantity: 1 }),
    });
    expect(booked.status()).toBe(201);
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.getByRole('heading', { name: freeClass.title }).waitFor();
    await guard.context.close();
  }, 60_000);

  test('a cancellation the server refuses shows the Cancellation failed toast in the destructive style', async () => {
    const { guard, page } = await newCustomerPage();
    const headers = { origin: product.url };
    const booking = await (
      await page.request.post(`${product.url}/api/bookings/free`, { headers, data: withWaivers({ classId: freeClass.id, quantity: 1 }) })
    ).json();
    await page.goto(`${product.url}/bookings`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Cancel Booking' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Cancellation policies may apply.');
    // Meanwhile it is cancelled from another tab.
    expect((await page.request.put(`${product.url}/api/bookings/${booking.id}/cancel`, { headers })).status()).toBe(200);
    await dialog.getByRole('button', { name: 'Confirm Cancellation' }).click();
    const toast = await toastWith(page, 'Cancellation failed');
    expect(toast.text).toContain('This booking has already been cancelled.');
    expect(toast.role).toBe('alert');
    await guard.context.close();
  }, 60_000);
});

describe('cancellation policy', () => {
  test("the FAQ's policy is the one the cancel dialog and the API apply: a full refund at least 48 hours ahead", async () => {
    const faq = await (await fetch(`${product.url}/faq`)).text();
    expect(faq).toContain('Cancel at least 48 hours before the class starts and you get a full refund.');
    expect(faq).toContain('Refunds go back to the card you paid with and take 3-5 business days');
    const cls = paidClasses.at(-7)!;
    const { guard, page } = await newCustomerPage();
    await bookThroughApi(page, cls);
    const [booking] = (await (await page.request.get(`${product.url}/api/bookings`)).json()) as {
      fullRefundUntil: string;
      refundIfCancelledNow: number;
      amount: number;
    }[];
    expect(Date.parse(booking!.fullRefundUntil)).toBe(Date.parse(cls.startTime!) - 48 * 3_600_000);
    expect(booking!.refundIfCancelledNow).toBe(booking!.amount);
    await page.goto(`${product.url}/bookings`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Cancel Booking' }).click();
    const note = page.getByRole('dialog').getByTestId('refund-note');
    await note.waitFor();
    expect(await note.textContent()).toContain('48 hours before the class). Refunds take 3-5 business days.');
    await guard.context.close();
  }, 60_000);

  test('cancelling less than 48 hours before the class refunds nothing, as the dialog says', async () => {
    const soon = ((await (await fetch(`${product.url}/api/classes?all=true`)).json()) as ClassInfo[]).find((c) => {
      const start = c.startTime ? Date.parse(c.startTime) : 0;
      return (
        c.price > 0 && c.ageGroup === 'Adults' && c.spotsLeft > 0 && start > testNow() + 2 * 3_600_000 && start < testNow() + 46 * 3_600_000
      );
    });
    expect(soon).toBeDefined(); // the demo timetable runs every day
    const { guard, page } = await newCustomerPage(PHONE);
    await bookThroughApi(page, soon!);
    await page.goto(`${product.url}/bookings`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Cancel Booking' }).click();
    const note = page.getByRole('dialog').getByTestId('refund-note');
    await note.waitFor();
    expect(await note.textContent()).toContain('The class starts in less than 48 hours');
    expect(await note.textContent()).toContain('so this cancellation is not refunded.');
    await page.getByRole('button', { name: 'Confirm Cancellation' }).click();
    const toast = await toastWith(page, 'Booking cancelled');
    expect(toast.text).toContain('Your booking has been successfully cancelled.');
    expect(toast.text).not.toContain('refunded');
    const [booking] = (await (await page.request.get(`${product.url}/api/bookings`)).json()) as { status: string; refundAmount: number }[];
    expect(booking).toMatchObject({ status: 'cancelled', refundAmount: 0 });
    await guard.context.close();
  }, 60_000);
});

describe('review states', () => {
  test('Review Not Found when the booking does not exist', async () => {
    const { guard, page } = await newCustomerPage(PHONE);
    await page.goto(`${product.url}/review?classId=${paidClasses[0]!.id}&bookingId=987654`, { waitUntil: 'networkidle' });
    await page.getByText('Review Not Found').waitFor();
    expect(await page.getByRole('link', { name: 'Back to My Bookings' }).getAttribute('href')).toBe('/bookings');
    await guard.context.close();
  }, 60_000);

  test('a review that cannot be saved shows the Submission Failed toast and keeps the form', async () => {
    const guard = await newContext(browser, PHONE);
    const page = await guard.page();
    await signIn(page, product.url, 'customer@fogline.test');
    await page.goto(`${product.url}/bookings`, { waitUntil: 'networkidle' });
    await page.getByRole('tab', { name: 'Past' }).click();
    await page
      .getByRole('link', { name: /^(Add Review|View Review)$/ })
      .first()
      .click();
    await page.getByRole('button', { name: /^(Submit|Update) Review$/ }).waitFor();
    await page.route('**/api/reviews**', (route) =>
      route.request().method() === 'GET' ? route.continue() : route.abort('connectionreset'),
    );
    await page.getByLabel('5 Excellent').check({ force: true });
    await page.getByRole('button', { name: /^(Submit|Update) Review$/ }).click();
    const toast = await toastWith(page, 'Submission Failed');
    expect(toast.role).toBe('alert');
    expect(page.url()).toContain('/review?');
    expect(await page.getByRole('button', { name: /^(Submit|Update) Review$/ }).isEnabled()).toBe(true);
    await guard.context.close();
  }, 60_000);

  test('a class that has not taken place yet cannot be reviewed: the page says so instead of the form', async () => {
    const { guard, page } = await newCustomerPage();
    const booking = await (
      await page.request.post(`${product.url}/api/bookings/free`, {
        headers: { origin: product.url },
        data: withWaivers({ classId: freeClass.id, quantity: 1 }),
      })
    ).json();
    await page.goto(`${product.url}/review?classId=${freeClass.id}&bookingId=${booking.id}`, { waitUntil: 'networkidle' });
    await page.getByText('You can review this class once it has taken place.').waitFor();
    expect(await page.getByRole('button', { name: /Review$/ }).count()).toBe(0);
    await guard.context.close();
  }, 60_000);
});

describe('payouts', () => {
  test('a coach on a phone sets up payouts in the same window and comes back to an active status', async () => {
    const guard = await newContext(browser, PHONE);
    const page = await guard.page();
    await signIn(page, product.url, 'coach@fogline.test');
    await page.goto(`${product.url}/profile?tab=payment`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: /Set Up Payouts|Continue Setup|Update Payout Details/ }).click();
    await page.waitForURL(/\/payouts\/test-onboarding\?account=acct_test_/);
    await page.getByRole('button', { name: 'Complete setup' }).click();
    await page.waitForURL(/\/profile/);
    await page.getByTestId('toast').filter({ hasText: 'Payout setup complete' }).waitFor();
    await page.getByTestId('payout-status').filter({ hasText: 'Active' }).waitFor();
    expect(guard.offMachine).toEqual([]);
    await guard.context.close();
  }, 60_000);
  test('on a desktop, setup opens in a new tab; Finish later comes back with the setup incomplete warning', async () => {
    const { email, password } = await registerCustomer('coach');
    const guard = await newContext(browser);
    const page = await guard.page();
    await signIn(page, product.url, email, password);
    await page.goto(`${product.url}/profile?tab=payment`, { waitUntil: 'networkidle' });
    await page.getByTestId('payout-status').filter({ hasText: 'Not set up' }).waitFor();
    const [tab] = await Promise.all([guard.context.waitForEvent('page'), page.getByRole('button', { name: 'Set Up Payouts' }).click()]);
    await tab.waitForURL(/\/payouts\/test-onboarding\?account=acct_test_/);
    expect(new URL(page.url()).pathname).toBe('/profile'); // the profile stays open behind it
    await tab.getByRole('link', { name: 'Finish later' }).click();
    await tab.waitForURL(/\/profile/);
    await tab.getByRole('alert').filter({ hasText: 'Setup incomplete' }).waitFor();
    expect(await tab.getByRole('button', { name: 'Continue Setup' }).isVisible()).toBe(true);
    expect(new URL(tab.url()).searchParams.has('refresh')).toBe(false); // a reload does not warn again
    expect(guard.offMachine).toEqual([]);
    await guard.context.close();
  }, 60_000);

  test('an onboarding link that cannot be created shows Setup failed: Failed to create Stripe onboarding link', async () => {
    const { email, password } = await registerCustomer('coach');
    const guard = await newContext(browser, PHONE);
    const page = await guard.page();
    await signIn(page, product.url, email, password);
    await page.goto(`${product.url}/profile?tab=payment`, { waitUntil: 'networkidle' });
    await page.route('**/stripe-onboarding', (route) => route.abort('connectionreset'));
    await page.getByRole('button', { name: 'Set Up Payouts' }).click();
    const toast = await toastWith(page, 'Setup failed');
    expect(toast.text).toContain('Failed to create Stripe onboarding link');
    expect(toast.role).toBe('alert');
    expect(await page.getByRole('button', { name: 'Set Up Payouts' }).isEnabled()).toBe(true);
    await guard.context.close();
  }, 60_000);
});

/** axe on this feature's content only: the site header (accounts issue) is checked by its own tests. */
async function violationsBelowHeader(page: Page) {
  await page.evaluate(() => document.querySelector('body > header')?.remove());
  return seriousA11yViolations(page);
}

describe('accessibility', () => {
  test('checkout, My Bookings with its cancel dialog, the review form and the payout tab have no serious axe violations, light and dark', async () => {
    const guard = await newContext(browser);
    const page = await guard.page();
    await signIn(page, product.url, 'customer@fogline.test');
    await page.goto(`${product.url}/bookings`, { waitUntil: 'networkidle' });
    await page.getByRole('tab', { name: 'Past' }).click();
    const reviewHref = (await page
      .getByRole('link', { name: /^(Add Review|View Review)$/ })
      .first()
      .getAttribute('href'))!;
    // A class the demo customer has not booked (the demo books hers afresh each day), so checkout shows its form.
    const hers = new Set(
      ((await (await page.request.get(`${product.url}/api/bookings`)).json()) as { classId: number }[]).map((b) => b.classId),
    );
    const open = paidClasses.find((c) => !hers.has(c.id))!;
    for (const theme of ['light', 'dark']) {
      await page.evaluate((t) => localStorage.setItem('theme', t), theme);
      await page.goto(`${product.url}/checkout/${open.id}?quantity=1`, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { name: 'Payment Details' }).waitFor();
      expect({ theme, page: 'checkout', problems: await violationsBelowHeader(page) }).toEqual({ theme, page: 'checkout', problems: [] });
      await page.goto(`${product.url}/bookings`, { waitUntil: 'networkidle' });
      await page.getByRole('tab', { name: 'Past' }).waitFor();
      expect({ theme, page: 'bookings', problems: await violationsBelowHeader(page) }).toEqual({ theme, page: 'bookings', problems: [] });
      await page.getByRole('button', { name: 'Cancel Booking' }).first().click();
      await page.getByRole('dialog').waitFor();
      expect({ theme, page: 'cancel dialog', problems: await violationsBelowHeader(page) }).toEqual({
        theme,
        page: 'cancel dialog',
        problems: [],
      });
      await page.goto(`${product.url}${reviewHref}`, { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: /^(Submit|Update) Review$/ }).waitFor();
      expect({ theme, page: 'review', problems: await violationsBelowHeader(page) }).toEqual({ theme, page: 'review', problems: [] });
    }
    await guard.context.close();

    const coach = await newContext(browser, PHONE);
    const coachPage = await coach.page();
    await signIn(coachPage, product.url, 'coach@fogline.test');
    await coachPage.goto(`${product.url}/profile?tab=payment`, { waitUntil: 'networkidle' });
    for (const theme of ['light', 'dark']) {
      await coachPage.evaluate((t) => localStorage.setItem('theme', t), theme);
      await coachPage.goto(`${product.url}/profile?tab=payment`, { waitUntil: 'networkidle' });
      await coachPage.getByTestId('payout-status').waitFor();
      expect({ theme, page: 'payouts', problems: await violationsBelowHeader(coachPage) }).toEqual({
        theme,
        page: 'payouts',
        problems: [],
      });
    }
    await coach.context.close();
  }, 90_000);
});
