// Accounts in Chromium, as a new user would try them (customer-areas §2, §4-§6; coach-admin-areas §2):
// register, the signed-in header, sign out, sign in with a redirect, protected pages, password recovery
// through the outbox, every register-form message, Google not configured, and the profile screen.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { seriousA11yViolations } from '../helpers/axe';
import { DESKTOP, launchBrowser, newContext, PHONE, startProduct, type ProductServer } from '../helpers/browser';

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
const uniqueEmail = () => `e2e${Date.now().toString(36)}${++counter}@example.test`;

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

/** Every island on the page is interactive (Astro removes the ssr attribute once it hydrated). */
async function hydrated(page: Page) {
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
}

async function open(page: Page, path: string) {
  await page.goto(`${product.url}${path}`);
  await hydrated(page);
}

async function fillRegisterForm(
  page: Page,
  person: { firstName: string; lastName: string; email: string; phone: string; password: string },
) {
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Phone number, 10 digits').fill(person.phone);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
}

async function signInWithForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Signs in with the Sign In card as a person does and waits for the landing page (/, or `redirect`). */
/** Signs in with the form; without a redirect a coach lands on their dashboard, anyone else on the home page. */
async function signInAs(page: Page, email: string, redirect?: string) {
  await open(page, redirect ? `/auth?redirect=${encodeURIComponent(redirect)}` : '/auth');
  await signInWithForm(page, email, 'demo-password');
  await page.waitForURL(`${product.url}${redirect ?? (email === 'coach@fogline.test' ? '/dashboard' : '/')}`);
}

/** A new account made through POST /api/register from inside the page, so its session cookie is the page's. */
function registerThroughApi(page: Page, data: Record<string, string>) {
  return page.request.post(`${product.url}/api/register`, { data, headers: { origin: product.url } });
}

/** Holds each matching request 300 ms, so a button's pending label can be seen. */
function slowDown(page: Page, url: string) {
  return page.route(url, async (route) => {
    await Bun.sleep(300);
    await route.continue();
  });
}

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The reset link in the newest email to `to`, waiting for it to arrive in DATA_DIR/outbox. */
async function resetLinkFor(to: string): Promise<string> {
  const dir = join(product.dataDir, 'outbox');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    let files: string[] = [];
    try {
      files = readdirSync(dir).sort().reverse();
    } catch {}
    for (const file of files) {
      const mail = decodeQuotedPrintable(readFileSync(join(dir, file), 'utf8'));
      if (!mail.includes(`To: ${to}`)) continue;
      const link = mail.match(/href="(http[^"]+\/auth\?tab=reset&amp;token=[a-z0-9]+)"/)?.[1];
      // the product runs as localhost; the browser uses 127.0.0.1 (cookies are per host)
      if (link) return link.replace(/&amp;/g, '&').replace(/^http:\/\/localhost:/, 'http://127.0.0.1:');
    }
    await Bun.sleep(100);
  }
  throw new Error(`no reset email to ${to}`);
}

describe('register, sign out, sign in', () => {
  test('a new customer registers, sees the signed-in header, signs out, and signs in with redirect', async () => {
    await withPage(async (page) => {
      const email = uniqueEmail();
      await open(page, `/auth?tab=register`);
      await page.getByRole('heading', { name: 'Create Account', level: 2 }).waitFor();
      await fillRegisterForm(page, { firstName: 'Nora', lastName: 'Quinn', email, phone: '4155550123', password: 'nora-password-1' });
      await page.getByRole('checkbox', { name: /I agree to the/ }).check();
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.waitForURL(`${product.url}/`);

      // the signed-in header: calendar icon to My Bookings and the user menu with the customer's items
      await page.getByRole('link', { name: 'My Bookings' }).first().waitFor();
      expect(await page.getByRole('link', { name: 'Sign In' }).count()).toBe(0);
      await page.getByLabel('Account menu').click();
      const menu = page.getByRole('menu');
      expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['My Profile', 'My Bookings', 'Wallet', 'Sign Out']);

      await menu.getByRole('menuitem', { name: 'Sign Out' }).click();
      await page.waitForURL(`${product.url}/`);
      await page.getByRole('link', { name: 'Join Now' }).waitFor();
      expect((await page.request.get(`${product.url}/api/user`)).status()).toBe(401);

      await open(page, `/auth?redirect=%2Fprofile%3Ftab%3Dsecurity`);
      await signInWithForm(page, email, 'nora-password-1');
      await page.waitForURL(`${product.url}/profile?tab=security`);
      await page.getByRole('heading', { name: 'My Profile' }).waitFor();
    });
  }, 45_000);

  test('the sign-in button shows Signing In... and a wrong password shows the server message', async () => {
    await withPage(async (page) => {
      await open(page, `/auth`);
      await slowDown(page, '**/api/login');
      await page.getByLabel('Email').fill('customer@fogline.test');
      await page.getByLabel('Password', { exact: true }).fill('not-the-password');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.getByRole('button', { name: 'Signing In...' }).waitFor();
      await page.getByRole('alert').filter({ hasText: 'Invalid email or password.' }).waitFor();
      expect(page.url()).toBe(`${product.url}/auth`);
    });
  }, 45_000);

  test('a visitor on a protected page goes to /auth and comes back after signing in', async () => {
    await withPage(async (page) => {
      await open(page, `/profile`);
      expect(page.url()).toBe(`${product.url}/auth?redirect=%2Fprofile`);
      await signInWithForm(page, 'customer@fogline.test', 'demo-password');
      await page.waitForURL(`${product.url}/profile`);
      await page.getByText('Casey Morgan · customer@fogline.test').waitFor();
    });
  }, 45_000);

  test('a signed-in user is sent away from /auth and /register, to a same-site redirect only', async () => {
    await withPage(async (page) => {
      await signInAs(page, 'customer@fogline.test');
      await open(page, `/auth?redirect=%2Fclasses`);
      expect(page.url()).toBe(`${product.url}/classes`);
      await open(page, `/register`);
      expect(page.url()).toBe(`${product.url}/`);
      await open(page, `/auth?redirect=https%3A%2F%2Fevil.example%2F`);
      expect(page.url()).toBe(`${product.url}/`);
      await open(page, `/auth?redirect=%2F%2Fevil.example`);
      expect(page.url()).toBe(`${product.url}/`);
    });
  }, 45_000);

  test('signing in at /auth?redirect=/.//evil.test/phish stays on this site (issue 24, finding 1)', async () => {
    await withPage(async (page) => {
      await open(page, `/auth?redirect=${encodeURIComponent('/.//evil.test/phish')}`);
      await signInWithForm(page, 'customer@fogline.test', 'demo-password');
      await page.waitForURL(`${product.url}/`);
      // withPage also fails the test if the page tried to load anything from evil.test.
    });
  }, 45_000);

  test('a coach sees the coach header: lands on the Dashboard; calendar to My Calendar, Dashboard, My Classes, My Calendar, Customers, Earnings, Pricing, Promo codes', async () => {
    await withPage(async (page) => {
      await signInAs(page, 'coach@fogline.test');
      expect(await page.getByRole('link', { name: 'My Calendar' }).first().getAttribute('href')).toBe('/my-calendar');
      await page.getByLabel('Account menu').click();
      expect(await page.getByRole('menu').getByRole('menuitem').allTextContents()).toEqual([
        'My Profile',
        'Dashboard',
        'My Classes',
        'My Calendar',
        'Customers',
        'Earnings',
        'Pricing',
        'Promo codes',
        'Sign Out',
      ]);
    });
  }, 45_000);
});

describe('/auth: its query parameters and the Sign In card', () => {
  test('register (present) opens Create Account; the tabs rewrite tab= in the address bar', async () => {
    await withPage(async (page) => {
      await open(page, '/auth?register');
      await page.getByRole('heading', { name: 'Create Account', level: 2 }).waitFor();
      expect(await page.getByText('Join to find or host fitness classes').count()).toBe(1);
      await page.getByRole('tab', { name: 'Sign In' }).click();
      await page.getByRole('heading', { name: 'Welcome back', level: 2 }).waitFor();
      expect(page.url()).toBe(`${product.url}/auth?tab=login`);
      await page.getByRole('tab', { name: 'Create Account' }).click();
      await page.waitForURL(`${product.url}/auth?tab=register`);
      expect(await page.getByRole('link', { name: /Back to classes/ }).getAttribute('href')).toBe('/classes');
    });
  }, 45_000);

  test("Continue with Google carries the page's role, and the register card's chosen role", async () => {
    await withPage(async (page) => {
      await open(page, '/auth');
      expect(await page.getByRole('link', { name: 'Continue with Google' }).getAttribute('href')).toBe('/api/auth/google?role=customer');
      await open(page, '/auth?role=coach&redirect=%2Fmy-classes');
      expect(await page.getByRole('link', { name: 'Continue with Google' }).getAttribute('href')).toBe(
        '/api/auth/google?role=coach&redirect=%2Fmy-classes',
      );
      await open(page, '/auth?tab=register');
      const google = page.getByRole('link', { name: 'Continue with Google' });
      expect(await google.getAttribute('href')).toBe('/api/auth/google?role=customer');
      await page.getByRole('radio', { name: /Coach/ }).check();
      expect(await google.getAttribute('href')).toBe('/api/auth/google?role=coach');
    });
  }, 45_000);

  test('the Sign In card\'s messages: "Invalid email address" and "Password is required"', async () => {
    await withPage(async (page) => {
      await open(page, '/auth');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.getByText('Invalid email address', { exact: true }).waitFor();
      await page.getByText('Password is required', { exact: true }).waitFor();
      await page.getByLabel('Email').fill('customer@fogline');
      await page.getByText('Invalid email address', { exact: true }).waitFor();
      await page.getByLabel('Email').fill('customer@fogline.test');
      await page.getByText('Invalid email address', { exact: true }).waitFor({ state: 'detached' });
    }, PHONE);
  }, 45_000);

  test("an admin's account menu: My Profile, My Bookings, Wallet, Customers, Admin Panel, Sign Out", async () => {
    await withPage(async (page) => {
      await signInAs(page, 'admin@fogline.test');
      expect(await page.getByRole('link', { name: 'My Bookings' }).first().getAttribute('href')).toBe('/bookings');
      await page.getByLabel('Account menu').click();
      const menu = page.getByRole('menu');
      expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
        'My Profile',
        'My Bookings',
        'Wallet',
        'Customers',
        'Admin Panel',
        'Sign Out',
      ]);
      expect(await menu.getByRole('menuitem', { name: 'Admin Panel' }).getAttribute('href')).toBe('/admin');
    });
  }, 45_000);

  test('registering with a redirect goes there: Creating Account..., then the redirect target', async () => {
    await withPage(async (page) => {
      await open(page, '/auth?tab=register&redirect=%2Fclasses');
      await slowDown(page, '**/api/register');
      await fillRegisterForm(page, {
        firstName: 'Rio',
        lastName: 'Vance',
        email: uniqueEmail(),
        phone: '4155550123',
        password: 'rio-password-1',
      });
      await page.getByRole('checkbox', { name: /I agree to the/ }).check();
      await page.getByRole('button', { name: 'Create Account', exact: true }).click();
      await page.getByRole('button', { name: 'Creating Account...' }).waitFor();
      await page.waitForURL(`${product.url}/classes`);
    });
  }, 45_000);
});

describe('the header menus from the keyboard', () => {
  test('the account menu opens on Enter at its first item, moves with the arrows and closes on Escape', async () => {
    await withPage(async (page) => {
      await signInAs(page, 'customer@fogline.test');
      const button = page.getByLabel('Account menu');
      await button.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('menuitem', { name: 'My Profile' }).waitFor();
      const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
      await page.waitForFunction(() => document.activeElement?.textContent?.trim() === 'My Profile');
      await page.keyboard.press('ArrowDown');
      expect(await focused()).toBe('My Bookings');
      await page.keyboard.press('End');
      expect(await focused()).toBe('Sign Out');
      await page.keyboard.press('ArrowDown');
      expect(await focused()).toBe('My Profile');
      await page.keyboard.press('Escape');
      expect(await page.locator('details[data-user-menu]').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(/^[A-Z]{2} Casey, Account menu$/);
    });
  }, 45_000);
});

describe('the mobile menus', () => {
  test("a coach's slide-out menu and bottom bar carry the coach items; Escape closes the menu", async () => {
    await withPage(async (page) => {
      await signInAs(page, 'coach@fogline.test');
      const bottom = page.getByRole('navigation', { name: 'Bottom' });
      expect((await bottom.getByRole('link').allTextContents()).map((t) => t.trim())).toEqual(['Home', 'Explore', 'Calendar', 'Profile']);
      expect(await bottom.getByRole('link', { name: 'Calendar' }).getAttribute('href')).toBe('/my-calendar');
      await page.getByLabel('Open menu').click();
      const menu = page.getByRole('navigation', { name: 'Mobile' });
      await menu.waitFor();
      const items = (await menu.locator('a, button:not([aria-label="Close menu"])').allTextContents()).map((t) => t.trim());
      expect(items).toEqual([
        'Home',
        'Classes',
        'Coaches',
        'My Profile',
        'Dashboard',
        'My Classes',
        'My Calendar',
        'Customers',
        'Earnings',
        'Pricing',
        'Promo codes',
        'Create Class',
        'Sign Out',
      ]);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
    }, PHONE);
  }, 45_000);

  test("an admin's slide-out menu has Admin Panel and Class Management, and Sign Out goes home", async () => {
    await withPage(async (page) => {
      await signInAs(page, 'admin@fogline.test');
      await page.getByLabel('Open menu').click();
      const menu = page.getByRole('navigation', { name: 'Mobile' });
      expect(await menu.getByRole('link', { name: 'Class Management' }).getAttribute('href')).toBe('/admin?tab=classes');
      await menu.getByRole('link', { name: 'Admin Panel' }).waitFor();
      await menu.getByRole('button', { name: 'Sign Out' }).click();
      await page.waitForURL(`${product.url}/`);
      await page.getByRole('link', { name: 'Join Now' }).waitFor();
    }, PHONE);
  }, 45_000);

  test("a visitor's header on a phone shows Sign In and Join Now, and the bottom bar's Profile goes to /auth", async () => {
    await withPage(async (page) => {
      await open(page, '/');
      const header = page.locator('header');
      await header.getByRole('link', { name: 'Sign In' }).waitFor();
      expect(await header.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth');
      expect(await header.getByRole('link', { name: 'Join Now' }).getAttribute('href')).toBe('/auth?tab=register');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
      const bottom = page.getByRole('navigation', { name: 'Bottom' });
      expect((await bottom.getByRole('link').allTextContents()).map((t) => t.trim())).toEqual(['Home', 'Explore', 'Bookings', 'Profile']);
      expect(await bottom.getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/auth');
    }, PHONE);
  }, 45_000);

  test("the slide-out menu fills the phone's height above the bottom bar, and Close menu closes it", async () => {
    await withPage(async (page) => {
      await signInAs(page, 'customer@fogline.test');
      await page.getByLabel('Open menu').click();
      const menu = page.getByRole('navigation', { name: 'Mobile' });
      const signOut = menu.getByRole('button', { name: 'Sign Out' });
      await signOut.waitFor();
      expect((await menu.boundingBox())!.height).toBe(PHONE.height);
      // Sign Out sits at the menu's foot: in view, and the topmost thing where a finger lands on it.
      const box = (await signOut.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
      const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.textContent?.trim(), {
        x: box.x + box.width / 2,
        y: box.y + box.height / 2,
      });
      expect(hit).toBe('Sign Out');
      await menu.getByRole('button', { name: 'Close menu' }).click();
      await menu.waitFor({ state: 'hidden' });
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open menu');
    }, PHONE);
  }, 45_000);
});

describe('theme (light by default, stored under "theme", with a system option)', () => {
  test('choosing Dark in the account menu applies and is remembered; System follows the device', async () => {
    await withPage(async (page) => {
      await signInAs(page, 'customer@fogline.test');
      const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
      expect(await isDark()).toBe(false);
      await page.getByLabel('Account menu').click();
      const theme = page.locator('details[data-user-menu]').getByLabel('Theme');
      expect(await theme.inputValue()).toBe('light');
      await theme.selectOption('dark');
      expect(await isDark()).toBe(true);
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
      await open(page, '/profile');
      expect(await isDark()).toBe(true);
      await page.emulateMedia({ colorScheme: 'light' });
      await page.getByLabel('Account menu').click();
      await page.locator('details[data-user-menu]').getByLabel('Theme').selectOption('system');
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('system');
      await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    });
  }, 45_000);

  test('on a phone the slide-out menu offers the theme too', async () => {
    await withPage(async (page) => {
      await open(page, '/auth');
      await page.getByLabel('Open menu').click();
      const theme = page.getByRole('navigation', { name: 'Mobile' }).getByLabel('Theme');
      await theme.selectOption('dark');
      await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    }, PHONE);
  }, 45_000);
});

describe('password recovery', () => {
  test('forgot password, the emailed link, a new password, and signing in with it', async () => {
    await withPage(async (page) => {
      const email = uniqueEmail();
      const res = await registerThroughApi(page, {
        firstName: 'Reese',
        lastName: 'Hart',
        email,
        phone: '+14155550123',
        password: 'old-password-1',
        role: 'customer',
      });
      expect(res.status()).toBe(201);
      await page.context().clearCookies();

      await open(page, `/auth`);
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      await page.getByRole('heading', { name: 'Forgot Password', level: 2 }).waitFor();
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await page.getByRole('heading', { name: 'Check Your Email' }).waitFor();
      await page.getByText(email).waitFor();
      await page.getByText('The link expires in 1 hour.').waitFor();

      await page.goto(await resetLinkFor(email));
      await hydrated(page);
      await page.getByRole('heading', { name: 'Reset Password', level: 2 }).waitFor();
      await page.getByLabel('New Password', { exact: true }).fill('fresh-password-2');
      await page.getByLabel('Confirm Password', { exact: true }).fill('fresh-password-2');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await page.getByRole('heading', { name: 'Password Reset Successfully' }).waitFor();
      // after 3 seconds the card goes to sign-in by itself
      await page.waitForURL(`${product.url}/auth?tab=login`, { timeout: 6000 });
      await hydrated(page);

      await signInWithForm(page, email, 'fresh-password-2');
      await page.waitForURL(`${product.url}/`);
      await page.getByLabel('Account menu').waitFor();
    });
  }, 45_000);

  test('the reset card checks its fields: at least 6 characters, and the passwords must match', async () => {
    await withPage(async (page) => {
      await open(page, `/auth?tab=reset&token=abc`);
      await page.getByLabel('New Password', { exact: true }).fill('12345');
      await page.getByLabel('Confirm Password', { exact: true }).fill('123456');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await page.getByText('Password must be at least 6 characters').waitFor();
      await page.getByLabel('New Password', { exact: true }).fill('1234567');
      await page.getByText("Passwords don't match").waitFor();
    });
  }, 45_000);

  test('/reset-password without a token shows the invalid-link view with Request New Reset Link', async () => {
    await withPage(async (page) => {
      await open(page, `/reset-password`);
      await page.getByText('Invalid reset link. Please request a new password reset.').waitFor();
      await page.getByRole('link', { name: 'Request New Reset Link' }).click();
      await page.waitForURL(`${product.url}/forgot-password`);
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await page.getByText('Please enter your email address').waitFor();
    });
  }, 45_000);
});

describe('the recovery cards and pages, each in its own words', () => {
  test('the Forgot Password card: "Invalid email address", Sending Reset Link..., Check Your Email, Back to Sign In', async () => {
    await withPage(async (page) => {
      await open(page, '/auth');
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      await page.getByLabel('Email').fill('not-an-email');
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await page.getByText('Invalid email address', { exact: true }).waitFor();
      await slowDown(page, '**/api/auth/forgot-password');
      await page.getByLabel('Email').fill('someone@example.test');
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await page.getByRole('button', { name: 'Sending Reset Link...' }).waitFor();
      await page.getByRole('heading', { name: 'Check Your Email' }).waitFor();
      await page.getByText(/check your spam folder/).waitFor();
      await page.getByRole('button', { name: 'Back to Sign In' }).click();
      await page.getByRole('heading', { name: 'Welcome back', level: 2 }).waitFor();
    });
  }, 45_000);

  test('/forgot-password: Check Your Email with Try Again, and Back to Login', async () => {
    await withPage(async (page) => {
      await open(page, '/forgot-password');
      expect(await page.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe('/auth?tab=login');
      await page.getByLabel('Email').fill('nobody');
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await page.getByText('Please enter a valid email address', { exact: true }).waitFor();
      await page.getByLabel('Email').fill('someone@example.test');
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await page.getByRole('heading', { name: 'Check Your Email' }).waitFor();
      await page.getByText('The link expires in 1 hour.').waitFor();
      await page.getByRole('button', { name: 'Try Again' }).click();
      await page.getByRole('button', { name: 'Send Reset Link' }).waitFor();
    }, PHONE);
  }, 45_000);

  test('the Reset Password card without a token says "Invalid reset token"', async () => {
    await withPage(async (page) => {
      await open(page, '/auth?tab=reset');
      await page.getByRole('alert').filter({ hasText: 'Invalid reset token' }).waitFor();
      expect(await page.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe('/auth?tab=login');
    });
  }, 45_000);

  test('/reset-password?token=: "...at least 6 characters long", "Passwords do not match", Resetting Password..., Continue to Login', async () => {
    await withPage(async (page) => {
      const email = uniqueEmail();
      await registerThroughApi(page, {
        firstName: 'Page',
        lastName: 'Reset',
        email,
        phone: '+14155550123',
        password: 'old-password-1',
        role: 'customer',
      });
      await page.context().clearCookies();
      await page.request.post(`${product.url}/api/auth/forgot-password`, { data: { email }, headers: { origin: product.url } });
      const token = new URL(await resetLinkFor(email)).searchParams.get('token');
      await open(page, `/reset-password?token=${token}`);
      await page.getByLabel('New Password', { exact: true }).fill('12345');
      await page.getByLabel('Confirm Password', { exact: true }).fill('123456');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await page.getByText('Password must be at least 6 characters long').first().waitFor();
      await page.getByLabel('New Password', { exact: true }).fill('1234567');
      await page.getByText('Passwords do not match', { exact: true }).waitFor();
      await page.getByLabel('Confirm Password', { exact: true }).fill('1234567');
      await slowDown(page, '**/api/auth/reset-password');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await page.getByRole('button', { name: 'Resetting Password...' }).waitFor();
      await page.getByRole('heading', { name: 'Password Reset Successfully' }).waitFor();
      await page.getByRole('link', { name: 'Continue to Login' }).click();
      await page.waitForURL(`${product.url}/auth?tab=login`);
      // the link worked once: opened again, the page says it is no longer valid
      await open(page, `/reset-password?token=${token}`);
      await page.getByLabel('New Password', { exact: true }).fill('7654321');
      await page.getByLabel('Confirm Password', { exact: true }).fill('7654321');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await page.getByRole('heading', { name: 'Invalid Reset Link' }).waitFor();
      await page.getByRole('link', { name: 'Request New Reset Link' }).waitFor();
    }, PHONE);
  }, 45_000);

  test('a signed-in user can still open an emailed reset link (/auth?tab=reset)', async () => {
    await withPage(async (page) => {
      await signInAs(page, 'customer@fogline.test');
      await open(page, '/auth?tab=reset&token=abc');
      await page.getByRole('heading', { name: 'Reset Password', level: 2 }).waitFor();
      expect(page.url()).toBe(`${product.url}/auth?tab=reset&token=abc`);
    });
  }, 45_000);
});

describe('the register form shows each spec message for bad input', () => {
  test('empty, too short, too long, malformed phone and email, and the terms', async () => {
    await withPage(async (page) => {
      await open(page, `/register`);
      const submit = page.getByRole('button', { name: 'Create Account' });
      await submit.click();
      for (const message of [
        'First name must be at least 2 characters',
        'Last name must be at least 2 characters',
        'Please enter a valid email address',
        'Please enter a 10-digit phone number',
        'Password must be at least 8 characters',
        'You must accept the terms and conditions',
      ]) {
        await page.getByText(message, { exact: true }).waitFor();
      }
      const error = (text: string) => page.getByText(text, { exact: true }).waitFor();
      await page.getByLabel('First name').fill('F'.repeat(51));
      await error('First name must not exceed 50 characters');
      await page.getByLabel('Last name').fill('L'.repeat(51));
      await error('Last name must not exceed 50 characters');
      await page.getByLabel('Email').fill(`${'a'.repeat(95)}@example.test`);
      await error('Email must not exceed 100 characters');
      const phone = page.getByLabel('Phone number, 10 digits');
      await phone.fill('415abc');
      await error('Phone number must contain only digits');
      await phone.fill('41555');
      await error('Phone number must be exactly 10 digits');
      expect(await phone.getAttribute('maxlength')).toBe('10');
      await page.getByLabel('Password', { exact: true }).fill('p'.repeat(101));
      await error('Password must not exceed 100 characters');
      // the 19 country codes of customer-areas §3, in its order, +1 chosen
      const codes = await page.getByLabel('Country code').locator('option').allTextContents();
      expect(codes).toEqual([
        '+1 US/Canada',
        '+44 United Kingdom',
        '+33 France',
        '+49 Germany',
        '+39 Italy',
        '+34 Spain',
        '+31 Netherlands',
        '+41 Switzerland',
        '+46 Sweden',
        '+47 Norway',
        '+45 Denmark',
        '+61 Australia',
        '+81 Japan',
        '+82 South Korea',
        '+86 China',
        '+91 India',
        '+55 Brazil',
        '+52 Mexico',
        '+27 South Africa',
      ]);
      expect(await page.getByLabel('Country code').inputValue()).toBe('+1');
    });
  }, 45_000);

  test('on a phone, a failed submit focuses the first bad field in view, not under the sticky header', async () => {
    await withPage(async (page) => {
      await open(page, '/auth?tab=register');
      const submit = page.getByRole('button', { name: 'Create Account', exact: true });
      await submit.scrollIntoViewIfNeeded();
      await submit.click();
      const firstName = page.getByLabel('First name');
      await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.name === 'firstName');
      const box = (await firstName.boundingBox())!;
      const header = (await page.locator('header').boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
      expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height - 64);
    }, PHONE);
  }, 45_000);

  test('/register?role=coach preselects Coach, and a duplicate email shows the server message', async () => {
    await withPage(async (page) => {
      await open(page, `/register?role=coach`);
      expect(await page.getByRole('radio', { name: /Coach/ }).isChecked()).toBe(true);
      await fillRegisterForm(page, {
        firstName: 'Maya',
        lastName: 'Again',
        email: 'coach@fogline.test',
        phone: '4155550123',
        password: 'long-enough-1',
      });
      await page.getByRole('checkbox', { name: /I agree to the/ }).check();
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.getByRole('alert').filter({ hasText: 'An account with this email already exists. Please sign in instead.' }).waitFor();
      await page.getByRole('link', { name: 'Sign in here' }).waitFor();
    }, PHONE);
  }, 45_000);

  test('the password toggle shows and hides the password', async () => {
    await withPage(async (page) => {
      await open(page, `/auth`);
      const password = page.getByLabel('Password', { exact: true });
      await password.fill('secret-value');
      expect(await password.getAttribute('type')).toBe('password');
      await page.getByRole('button', { name: 'Show password' }).click();
      expect(await password.getAttribute('type')).toBe('text');
      await page.getByRole('button', { name: 'Hide password' }).click();
      expect(await password.getAttribute('type')).toBe('password');
    });
  }, 45_000);
});

describe('Google sign-in without configuration', () => {
  test('Continue with Google returns to /auth saying "Google sign-in is not configured"', async () => {
    await withPage(async (page) => {
      await open(page, `/auth?role=coach`);
      await page.getByRole('link', { name: 'Continue with Google' }).click();
      await page.waitForURL(/\/auth\?error=google-not-configured/);
      await page.getByText('Google sign-in is not configured', { exact: false }).waitFor();
    });
  }, 45_000);
});

describe('profile', () => {
  test('a customer updates their name: success toast, then the page reloads with the new name', async () => {
    await withPage(async (page) => {
      const email = uniqueEmail();
      await registerThroughApi(page, {
        firstName: 'Pat',
        lastName: 'Lee',
        email,
        phone: '+14155550123',
        password: 'pat-password-1',
        role: 'customer',
      });
      await open(page, `/profile`);
      await page.getByRole('tab', { name: 'Security' }).waitFor();
      expect(await page.getByRole('tab').allTextContents()).toEqual(['Profile', 'Security']);
      await page.getByLabel('First name').fill('');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText('First name is required').waitFor();
      await page.getByLabel('First name').fill('Patricia');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByTestId('toast').filter({ hasText: 'Profile updated' }).waitFor();
      await page.waitForEvent('load', { timeout: 5000 });
      await page.getByText(`Patricia Lee · ${email}`).waitFor();
      expect(await page.getByLabel('Account menu').textContent()).toContain('Patricia');
    }, PHONE);
  }, 45_000);

  test('a picture upload shows progress and becomes the profile picture', async () => {
    await withPage(async (page) => {
      const email = uniqueEmail();
      await registerThroughApi(page, {
        firstName: 'Ivy',
        lastName: 'Moss',
        email,
        phone: '+14155550123',
        password: 'ivy-password-1',
        role: 'customer',
      });
      await open(page, `/profile`);
      const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
      await page.getByLabel('Upload Photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
      await page.getByRole('img', { name: 'Your profile picture' }).waitFor();
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByTestId('toast').filter({ hasText: 'Profile updated' }).waitFor();
      const me = await (await page.request.get(`${product.url}/api/user`)).json();
      expect(me.profileImage).toMatch(/^\/uploads\/[a-z0-9]+\.png$/);
    });
  }, 45_000);

  test('a text file chosen as a picture shows "Failed to upload image"', async () => {
    await withPage(async (page) => {
      await signInAs(page, 'customer@fogline.test', '/profile');
      await page
        .getByLabel(/Upload Photo|Change Photo/)
        .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
      await page.getByTestId('toast').filter({ hasText: 'Failed to upload image' }).waitFor();
    });
  }, 45_000);

  test('the Security tab refuses a wrong current password and accepts the right one', async () => {
    await withPage(async (page) => {
      const email = uniqueEmail();
      await registerThroughApi(page, {
        firstName: 'Sec',
        lastName: 'Tab',
        email,
        phone: '+14155550123',
        password: 'first-password-1',
        role: 'coach',
      });
      await open(page, `/profile?tab=security`);
      await page.getByRole('tab', { name: 'Payment' }).waitFor();
      expect(await page.getByRole('tab').allTextContents()).toEqual(['Profile', 'Security', 'Payment', 'Policy']);
      await page.getByLabel('Current password', { exact: true }).fill('wrong-password');
      await page.getByLabel('New password', { exact: true }).fill('second-password-2');
      await page.getByLabel('Confirm new password', { exact: true }).fill('second-password-3');
      await page.getByRole('button', { name: 'Change Password' }).click();
      await page.getByText("Passwords don't match").waitFor();
      await page.getByLabel('Confirm new password', { exact: true }).fill('second-password-2');
      await page.getByRole('button', { name: 'Change Password' }).click();
      await page.getByTestId('toast').filter({ hasText: 'Password change failed' }).waitFor();
      await page.getByText('Current password is incorrect').first().waitFor();
      await page.getByLabel('Current password', { exact: true }).fill('first-password-1');
      await page.getByRole('button', { name: 'Change Password' }).click();
      await page.getByTestId('toast').filter({ hasText: 'Password changed' }).waitFor();
      const login = await page.request.post(`${product.url}/api/login`, {
        data: { email, password: 'second-password-2' },
        headers: { origin: product.url },
      });
      expect(login.status()).toBe(200);
    });
  }, 45_000);
});

describe('sign out everywhere (issue 24, finding 5)', () => {
  test('the Security tab signs out every device, this one too, and the calendar feed gets a new address', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      await withPage(async (page) => {
        const email = uniqueEmail();
        await registerThroughApi(page, {
          firstName: 'Eve',
          lastName: 'Where',
          email,
          phone: '+14155550123',
          password: 'every-password-1',
          role: 'customer',
        });
        const elsewhere = await fetch(`${product.url}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: product.url },
          body: JSON.stringify({ email, password: 'every-password-1' }),
        });
        const otherCookie = elsewhere.headers.getSetCookie()[0]!.split(';')[0]!;
        const feed = new URL(((await (await page.request.get(`${product.url}/api/calendar`)).json()) as { url: string }).url).pathname;
        await open(page, '/profile?tab=security');
        const card = page.getByRole('region', { name: 'Sign out everywhere' });
        await card.waitFor();
        await card.getByRole('button', { name: 'Sign Out Everywhere' }).click();
        await page.waitForURL(`${product.url}/auth`);
        expect((await page.request.get(`${product.url}/api/user`)).status()).toBe(401);
        expect((await fetch(`${product.url}/api/user`, { headers: { cookie: otherCookie } })).status).toBe(401);
        expect((await fetch(`${product.url}${feed}`)).status).toBe(404);
      }, viewport);
    }
  }, 60_000);
});

describe("profile: the coach's extras and every validation message", () => {
  test('a coach writes a bio, picks areas of expertise as removable chips and certifications; they are kept', async () => {
    await withPage(async (page) => {
      const email = uniqueEmail();
      await registerThroughApi(page, {
        firstName: 'Cora',
        lastName: 'Fern',
        email,
        phone: '+14155550123',
        password: 'cora-password-1',
        role: 'coach',
      });
      await open(page, '/profile');
      await page.getByLabel('Bio').fill('Ten years of beach volleyball coaching.');
      const picker = page.getByLabel('Areas of expertise', { exact: true });
      await picker.locator('option', { hasText: 'Yoga' }).waitFor({ state: 'attached' });
      await picker.selectOption({ label: 'Yoga' });
      const second = (await picker.locator('option').allTextContents())[1]!;
      await picker.selectOption({ label: second });
      const chips = page.getByRole('list', { name: 'Chosen areas of expertise' });
      expect((await chips.getByRole('listitem').allTextContents()).map((t) => t.trim())).toEqual(['Yoga', second]);
      await chips.getByRole('button', { name: `Remove ${second}` }).click();
      expect((await chips.getByRole('listitem').allTextContents()).map((t) => t.trim())).toEqual(['Yoga']);
      await page.getByLabel('Certifications').fill('AVCA Level 1');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByTestId('toast').filter({ hasText: 'Profile updated' }).waitFor();
      await page.waitForEvent('load', { timeout: 5000 });
      await page.getByRole('list', { name: 'Chosen areas of expertise' }).getByText('Yoga').waitFor();
      expect(await page.getByLabel('Bio').inputValue()).toBe('Ten years of beach volleyball coaching.');
      expect(await page.getByLabel('Certifications').inputValue()).toBe('AVCA Level 1');
    });
  }, 45_000);

  test('a customer\'s profile has no coach fields; "Last name is required"; the phone hint asks for the country code', async () => {
    await withPage(async (page) => {
      await signInAs(page, 'customer@fogline.test', '/profile');
      await page.getByLabel('Phone').waitFor();
      await page.getByText(/Include your country code/).waitFor();
      expect(await page.getByLabel('Bio').count()).toBe(0);
      expect(await page.getByLabel('Certifications').count()).toBe(0);
      await page.getByLabel('Last name').fill('   ');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText('Last name is required', { exact: true }).waitFor();
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).name)).toBe('lastName');
    }, PHONE);
  }, 45_000);

  test('the Security tab\'s messages: "Current password is required", "Password must be at least 8 characters"', async () => {
    await withPage(async (page) => {
      await signInAs(page, 'customer@fogline.test', '/profile?tab=security');
      await page.getByLabel('New password', { exact: true }).fill('short');
      await page.getByRole('button', { name: 'Change Password' }).click();
      await page.getByText('Current password is required', { exact: true }).waitFor();
      await page.getByText('Password must be at least 8 characters', { exact: true }).waitFor();
    });
  }, 45_000);

  test('a failed save shows the "Update failed" toast and the page stays', async () => {
    await withPage(async (page) => {
      await signInAs(page, 'customer@fogline.test', '/profile');
      await page.route('**/api/users/*', (route) => route.abort('connectionrefused'));
      await page.getByRole('button', { name: 'Save Changes' }).click();
      const toast = page.getByTestId('toast').filter({ hasText: 'Update failed' });
      await toast.waitFor();
      expect(await toast.textContent()).toContain('Failed to update profile');
      await page.getByRole('button', { name: 'Save Changes' }).waitFor();
    });
  }, 45_000);

  test('a protected page first shows a spinner while the signed-in app loads', async () => {
    await withPage(async (page) => {
      await signInAs(page, 'customer@fogline.test');
      const html = await (await page.request.get(`${product.url}/profile`)).text();
      expect(html).toMatch(/role="status"[^>]*>[\s\S]*animate-spin[\s\S]*Loading\.\.\./);
    });
  }, 45_000);
});

describe('accessibility (axe: no serious or critical violations)', () => {
  test('the sign-in, register and recovery pages, with their error states, on a phone, in light and dark', async () => {
    await withPage(async (page) => {
      for (const theme of ['light', 'dark']) {
        await open(page, '/auth');
        await page.evaluate((t) => localStorage.setItem('theme', t), theme);
        for (const path of [
          '/auth',
          '/auth?tab=register',
          '/auth?error=google-not-configured',
          '/register?role=coach',
          '/forgot-password',
          '/reset-password',
          '/auth?tab=reset&token=x',
        ]) {
          await open(page, path);
          const submit = page.locator('form button[type="submit"]').first();
          if (await submit.count()) await submit.click(); // show the field errors too
          expect({ theme, path, problems: await seriousA11yViolations(page) }).toEqual({ theme, path, problems: [] });
        }
      }
    }, PHONE);
  }, 90_000);

  test('the signed-in header, its open menu, and the profile tabs for a coach, in light and dark', async () => {
    await withPage(async (page) => {
      await signInAs(page, 'coach@fogline.test', '/profile');
      for (const theme of ['light', 'dark']) {
        await page.evaluate((t) => localStorage.setItem('theme', t), theme);
        for (const tab of ['profile', 'security']) {
          await open(page, `/profile?tab=${tab}`);
          await page.getByRole('tab', { name: 'Security' }).waitFor();
          await page.getByLabel('Account menu').click();
          expect({ theme, tab, problems: await seriousA11yViolations(page) }).toEqual({ theme, tab, problems: [] });
        }
      }
    });
  }, 60_000);

  test('the open slide-out menu on a phone, signed out and signed in, in light and dark', async () => {
    await withPage(async (page) => {
      for (const who of [null, 'coach@fogline.test']) {
        if (who) await signInAs(page, who);
        for (const theme of ['light', 'dark']) {
          await open(page, '/');
          await page.evaluate((t) => localStorage.setItem('theme', t), theme);
          await open(page, '/');
          await page.getByLabel('Open menu').click();
          await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Home' }).waitFor();
          expect({ who, theme, problems: await seriousA11yViolations(page) }).toEqual({ who, theme, problems: [] });
        }
      }
    }, PHONE);
  }, 90_000);
});
