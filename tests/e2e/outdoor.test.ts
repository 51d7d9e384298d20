// Outdoor conditions in Chromium (issue 21, the built product with the demo data and WEATHER=sample): the class
// page shows the sample forecast for the class's hour, the AQI with its category and colour, and sunset for a
// class ending near it, once the background job has filled the forecast cache (never on the request). Then the
// weather call: the coach sets a rain threshold on the class form, the clock passes the 24 h check with a
// forecast above it, the coach is emailed and chooses Cancel on My Classes, and each attendee is refunded in full
// and notified exactly once; a class below its minimum is cancelled at its decision time with a refund; the
// meeting point's Directions links lead to its coordinates.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { sampleHour } from '../../api/providers/weather/sample';
import { pacificDay, pacificWallTimeToInstant } from '../../common/pacific';
import { sunsetOn } from '../../common/sun';
import { DESKTOP, launchBrowser, newContext, PHONE, startProduct, type ProductServer } from '../helpers/browser';
import { testNow } from '../helpers/today';
import { withWaivers } from '../helpers/waivers';

let product: ProductServer;
let browser: Browser;

beforeAll(async () => {
  // The background jobs (forecast refresh, weather calls, class sizes) run every 5 seconds instead of every minute
  // (JOBS_EVERY_SECONDS): the same checks, so a call comes seconds after the clock passes its time.
  [product, browser] = await Promise.all([startProduct({ JOBS_EVERY_SECONDS: '5' }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

const json = { 'content-type': 'application/json' };

async function signInAs(email: string): Promise<string> {
  const res = await fetch(`${product.url}/api/login`, {
    method: 'POST',
    headers: { ...json, origin: product.url },
    body: JSON.stringify({ email, password: 'demo-password' }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function call(cookie: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${product.url}${path}`, {
    method,
    headers: { ...json, origin: product.url, cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
}

const CRISSY = { latitude: 37.8039, longitude: -122.4648 };

/** A class by the demo coach at Crissy Field, tomorrow, ending 30 minutes after sunset. */
async function eveningClass(coach: string) {
  const categories = (await call(coach, 'GET', '/api/categories')).body as { id: number }[];
  const day = pacificDay(new Date(testNow() + 36 * 3_600_000));
  // At the class's own place, as the product computes it (a default point can differ by a minute on some days).
  const sunset = sunsetOn(pacificWallTimeToInstant(day, '12:00'), CRISSY.latitude, CRISSY.longitude)!;
  const start = new Date(Math.round((sunset.getTime() - 30 * 60_000) / 1_800_000) * 1_800_000);
  const created = await call(coach, 'POST', '/api/classes', {
    title: 'Golden Hour Run Club',
    description: 'An easy 5K along the bay at dusk.',
    categoryId: categories[0]!.id,
    location: 'Crissy Field',
    addressLine1: '1199 E Beach',
    city: 'San Francisco',
    state: 'CA',
    zipCode: '94129',
    startTime: start.toISOString(),
    duration: 60,
    capacity: 12,
    price: 0,
    ...CRISSY,
  });
  expect(created.status).toBe(201);
  return { id: created.body.id as number, sunset };
}

test('the class page shows the sample forecast, the AQI with its category and colour, and sunset for a class ending near it', async () => {
  const coach = await signInAs('coach@fogline.test');
  const cls = await eveningClass(coach);
  // The refresh job runs every 5 s here: wait for the forecast of the new class to land in the cache.
  const deadline = Date.now() + 90_000;
  while ((await call('', 'GET', `/api/classes/${cls.id}/conditions`)).body.conditions.status !== 'forecast') {
    if (Date.now() > deadline) throw new Error('no forecast within 90 s');
    await Bun.sleep(2_000);
  }
  for (const viewport of [PHONE, DESKTOP]) {
    const { context, page, offMachine } = await (async () => {
      const guarded = await newContext(browser, viewport);
      return { ...guarded, page: await guarded.page() };
    })();
    await page.goto(`${product.url}/classes/${cls.id}`);
    const panel = page.getByRole('region', { name: 'Weather at class time' });
    await expect(panel.getByText('Sample forecast').first().isVisible()).resolves.toBe(true);
    const text = await panel.innerText();
    expect(text).toMatch(/\d+ °F/);
    expect(text).toMatch(/\d+% chance of rain · Wind \d+ mph/);
    expect(text).toMatch(/AQI \d+ · (Good|Moderate)/);
    const chip = panel.getByText(/^AQI \d+/);
    expect(['rgb(0, 228, 0)', 'rgb(255, 255, 0)']).toContain(await chip.evaluate((el) => getComputedStyle(el).backgroundColor));
    const sunsetText = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', hour: 'numeric', minute: '2-digit' }).format(
      cls.sunset,
    );
    expect(text).toContain(`Sunset ${sunsetText} PT`);
    expect(await page.getByText('Weather policy:').isVisible()).toBe(true);
    await page.screenshot({ path: `/tmp/outdoor-class-${viewport.width}.png`, fullPage: viewport === PHONE });
    expect(offMachine).toEqual([]);
    await context.close();
  }
});

/** A message's quoted-printable text as UTF-8. */
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
    await Bun.sleep(500);
  }
}

let registered = 0;
async function customer(): Promise<{ email: string; cookie: string }> {
  const email = `outdoor-${Date.now()}-${++registered}@example.com`;
  const res = await fetch(`${product.url}/api/register`, {
    method: 'POST',
    headers: { ...json, origin: product.url },
    body: JSON.stringify({
      firstName: 'Robin',
      lastName: 'Reyes',
      email,
      phone: '+14155550188',
      password: 'harbor-lights-2027',
      role: 'customer',
    }),
  });
  expect(res.status).toBeLessThan(300);
  return {
    email,
    cookie: res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
  };
}

/** Books and pays one spot through the test provider, as the checkout does; answers the amount paid. */
async function bookAndPay(cookie: string, classId: number, price: number): Promise<number> {
  const amount = Math.round(price * 105) / 100;
  const intent = await call(cookie, 'POST', '/api/payment/create-intent', withWaivers({ classId, quantity: 1, amount }));
  expect(intent.status).toBe(200);
  const paid = await call(cookie, 'POST', '/api/payment/test-provider/pay', {
    paymentIntentId: intent.body.id,
    clientSecret: intent.body.clientSecret,
    cardNumber: '4242 4242 4242 4242',
    expiry: '12/40',
    cvc: '123',
  });
  expect(paid.status).toBe(200);
  return amount;
}

/** A place whose sample forecast gives at least `rain`% chance of rain in the hour of `start` (the sample is
 * deterministic per place and hour, so the test picks where it rains instead of hoping it does). */
function rainyPlace(start: Date, rain: number): { latitude: number; longitude: number } {
  const hour = Math.floor(start.getTime() / 3_600_000) * 3_600_000;
  for (let i = 0; i < 400; i++) {
    const latitude = Number((37.7 + (i % 20) * 0.01).toFixed(2));
    const longitude = Number((-122.38 - Math.floor(i / 20) * 0.01).toFixed(2));
    if (sampleHour(`sample/${latitude.toFixed(2)},${longitude.toFixed(2)}`, hour).rainChance >= rain) return { latitude, longitude };
  }
  throw new Error('no rainy place found in the sample');
}

// These two wait out the real clock past the 24 h check (20 s, then the forecast refresh and weather-call jobs, every
// 5 s here), so they take under a minute; the limit leaves room for a loaded machine.
const LONG = 240_000;

test(
  'the coach sets a rain threshold; past the 24 h check the coach is emailed, chooses Cancel on My Classes, and each attendee is refunded in full and notified once; a class below its minimum is cancelled at its decision time; Directions lead to the meeting point',
  async () => {
    const coach = await signInAs('coach@fogline.test');
    const categories = (await call(coach, 'GET', '/api/categories')).body as { id: number }[];
    const base = {
      description: 'Intervals on the grass, rain or shine.',
      categoryId: categories[0]!.id,
      location: 'Crissy Field',
      addressLine1: '1199 E Beach',
      city: 'San Francisco',
      state: 'CA',
      zipCode: '94129',
      duration: 60,
      capacity: 10,
      price: 20,
    };
    const later = new Date(Math.ceil((testNow() + 3 * 86_400_000) / 1_800_000) * 1_800_000);
    const created = await call(coach, 'POST', '/api/classes', {
      ...base,
      title: 'Stormwatch Bootcamp',
      startTime: later.toISOString(),
      latitude: 37.8039,
      longitude: -122.4648,
    });
    expect(created.status).toBe(201);
    const classId = created.body.id as number;
    const people = [await customer(), await customer()];
    for (const person of people) expect(await bookAndPay(person.cookie, classId, 20)).toBe(21);

    // Below its minimum: 1 of 3 booked, decided an hour before a start just over an hour away (40 s leaves time
    // to book it first).
    const soon = new Date(testNow() + 3_600_000 + 40_000);
    const small = await call(coach, 'POST', '/api/classes', {
      ...base,
      title: 'Lonely Lunges',
      startTime: soon.toISOString(),
      latitude: 37.8039,
      longitude: -122.4648,
      minAttendees: 3,
      decisionHours: 1,
    });
    expect(small.status).toBe(201);
    const loner = await customer();
    await bookAndPay(loner.cookie, small.body.id, 20);

    // The coach sets the rain threshold on the class form.
    const guarded = await newContext(browser, DESKTOP);
    const page = await guarded.page();
    await page
      .context()
      .addCookies(
        coach.split('; ').map((pair) => ({ name: pair.split('=')[0]!, value: pair.split('=').slice(1).join('='), url: product.url })),
      );
    await page.goto(`${product.url}/create-class?edit=${classId}`);
    await page.getByLabel('Chance of rain (%)').fill('10');
    await page.getByLabel('Rain plan').selectOption('cancel');
    await page.screenshot({ path: '/tmp/outdoor-form-1280.png', fullPage: true });
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.waitForURL(/\/my-classes/);
    const saved = (await call(coach, 'GET', `/api/classes/${classId}`)).body;
    expect(saved.weatherPolicy).toMatchObject({ rainChance: 10, rainPlan: 'cancel' });
    expect(saved.weatherPolicyText).toContain('Cancelled at 10% chance of rain');

    // The coach moves it to just over 24 hours from now, where the sample forecast rains: the clock then passes
    // the 24 h check (the weather-call job runs every 5 s here, once the refresh job has cached the forecast).
    // The forecast is the meeting pin's (api/conditions/cache.ts forecastPlace), so the pin is where it rains: a
    // fixed pin had 1% on 2027-03-14 and 0% on 2027-11-07, under the 10% limit, and no call came.
    const start = new Date(testNow() + 24 * 3_600_000 + 20_000);
    const rainy = rainyPlace(start, 10);
    // Half a kilometre from the class's point, in the same forecast cell (coordinates to two decimals).
    const pin = { latitude: Number((rainy.latitude + 0.00455).toFixed(5)), longitude: Number((rainy.longitude - 0.00412).toFixed(5)) };
    const moved = await call(coach, 'PATCH', `/api/classes/${classId}`, {
      startTime: start.toISOString(),
      ...rainy,
      meetingPoint: { ...pin, notes: 'By the big cypress: orange flag' },
    });
    expect(moved.status).toBe(200);
    const [notice] = await mailsTo('coach@fogline.test', 'Weather call: Stormwatch Bootcamp', 120_000);
    expect(notice).toBeDefined();
    expect(notice).toMatch(/Chance of rain \d+% \(limit 10%\)/);
    expect((await call(people[0]!.cookie, 'GET', `/api/conditions?classIds=${classId}`)).body[0].watch.status).toBe('pending');

    // The attendees' booking card says "Weather watch" until the coach decides.
    const attendee = await newContext(browser, PHONE);
    const attendeePage = await attendee.page();
    await attendeePage
      .context()
      .addCookies(
        people[0]!.cookie
          .split('; ')
          .map((pair) => ({ name: pair.split('=')[0]!, value: pair.split('=').slice(1).join('='), url: product.url })),
      );
    await attendeePage.goto(`${product.url}/bookings`);
    await attendeePage.getByText('Weather watch').first().waitFor();
    await attendeePage.screenshot({ path: '/tmp/outdoor-watch-390.png', fullPage: true });

    // The meeting point's Directions open its coordinates, without a Maps key.
    await attendeePage.goto(`${product.url}/classes/${classId}`, { waitUntil: 'networkidle' });
    // The tabs are an island: a click before it has hydrated does nothing, so click until the tab is selected.
    const locationTab = attendeePage.getByRole('tab', { name: 'Location' });
    for (let i = 0; i < 20 && (await locationTab.getAttribute('aria-selected')) !== 'true'; i++) {
      await locationTab.click();
      await attendeePage.waitForTimeout(250);
    }
    expect(await attendeePage.getByRole('link', { name: 'Directions (Google Maps)' }).getAttribute('href')).toBe(
      `https://www.google.com/maps/dir/?api=1&destination=${pin.latitude}%2C${pin.longitude}`,
    );
    expect(await attendeePage.getByRole('link', { name: 'Directions (Apple Maps)' }).getAttribute('href')).toBe(
      `https://maps.apple.com/?daddr=${pin.latitude}%2C${pin.longitude}`,
    );
    expect(await attendeePage.getByText('By the big cypress: orange flag').isVisible()).toBe(true);
    await attendee.context.close();

    // My Classes shows the call; the coach chooses Cancel.
    await page.goto(`${product.url}/my-classes`);
    const banner = page.getByRole('region', { name: 'Weather calls' });
    // (The demo's own classes may have calls of their own: this class's card is the one with its title.)
    const card = banner.getByRole('article').filter({ hasText: 'Weather call: Stormwatch Bootcamp' });
    await card.waitFor();
    await page.screenshot({ path: '/tmp/outdoor-banner-1280.png' });
    await card.getByRole('button', { name: 'Cancel class' }).click();
    await card.getByRole('button', { name: 'Yes, cancel and refund everyone' }).click();
    await page.getByText('Cancelled: everyone is refunded in full.').waitFor();
    await card.waitFor({ state: 'detached' });
    for (const person of people) {
      const [booking] = (await call(person.cookie, 'GET', `/api/bookings?classId=${classId}`)).body as {
        status: string;
        refundAmount: number;
      }[];
      expect(booking).toMatchObject({ status: 'cancelled', refundAmount: 21 });
      const mails = await mailsTo(person.email, 'Booking cancelled: Stormwatch Bootcamp');
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain('cancelled for the weather');
      expect(mails[0]).toContain('Refund: $21.00');
    }
    expect(guarded.offMachine).toEqual([]);
    await guarded.context.close();

    // The class below its minimum was cancelled at its decision time (an hour before its start).
    const [lonely] = await mailsTo(loner.email, 'Booking cancelled: Lonely Lunges', 120_000);
    expect(lonely).toContain('needed at least 3 people');
    const [lonelyBooking] = (await call(loner.cookie, 'GET', `/api/bookings?classId=${small.body.id}`)).body as {
      status: string;
      refundAmount: number;
    }[];
    expect(lonelyBooking).toMatchObject({ status: 'cancelled', refundAmount: 21 });
    expect(await mailsTo(people[0]!.email, 'Booking cancelled', 1_000)).toHaveLength(1);
  },
  LONG,
);

test(
  'Offer another session: the attendee sees "Move to {date}" and "Cancel for a full refund" on the booking card, and one click moves the booking with its payment',
  async () => {
    const coach = await signInAs('coach@fogline.test');
    const categories = (await call(coach, 'GET', '/api/categories')).body as { id: number }[];
    const base = {
      description: 'Slow flow on the lawn.',
      categoryId: categories[0]!.id,
      location: 'Crissy Field',
      addressLine1: '1199 E Beach',
      city: 'San Francisco',
      state: 'CA',
      zipCode: '94129',
      duration: 60,
      capacity: 10,
      price: 20,
    };
    const start = new Date(testNow() + 24 * 3_600_000 + 20_000);
    const policy = { rainChance: 10, aqi: null, windMph: null, heatF: null, rainPlan: 'cancel', backupLocation: null };
    const wet = await call(coach, 'POST', '/api/classes', {
      ...base,
      title: 'Foghorn Flow',
      startTime: start.toISOString(),
      ...rainyPlace(start, 10),
      weatherPolicy: policy,
    });
    expect(wet.status).toBe(201);
    const otherStart = new Date(Math.ceil((testNow() + 4 * 86_400_000) / 1_800_000) * 1_800_000);
    const dry = await call(coach, 'POST', '/api/classes', {
      ...base,
      title: 'Clear Skies Flow',
      startTime: otherStart.toISOString(),
      latitude: 37.8039,
      longitude: -122.4648,
    });
    expect(dry.status).toBe(201);
    const person = await customer();
    expect(await bookAndPay(person.cookie, wet.body.id, 20)).toBe(21);
    // The weather-call job makes the call once the refresh job has cached the rainy forecast; the coach offers the other session.
    expect(await mailsTo('coach@fogline.test', 'Weather call: Foghorn Flow', 120_000)).toHaveLength(1);
    const offered = await call(coach, 'POST', `/api/classes/${wet.body.id}/weather-call`, { decision: 'offer', offerClassId: dry.body.id });
    expect(offered.body.status).toBe('offered');
    const [mail] = await mailsTo(person.email, 'Another session for the weather: Foghorn Flow');
    expect(mail).toContain('Move to');

    const label = `Move to ${new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', month: 'long', day: 'numeric', year: 'numeric' }).format(otherStart)} at ${new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', hour: 'numeric', minute: '2-digit' }).format(otherStart)}`;
    for (const viewport of [DESKTOP, PHONE]) {
      const guarded = await newContext(browser, viewport);
      const page = await guarded.page();
      await page
        .context()
        .addCookies(
          person.cookie
            .split('; ')
            .map((pair) => ({ name: pair.split('=')[0]!, value: pair.split('=').slice(1).join('='), url: product.url })),
        );
      await page.goto(`${product.url}/bookings`);
      const card = page.locator('li[data-booking-id]').filter({ hasText: 'Foghorn Flow' });
      const offer = card.getByTestId('offered-session');
      await offer.waitFor();
      expect(await offer.getByRole('button', { name: 'Cancel for a full refund' }).isVisible()).toBe(true);
      const move = offer.getByRole('button', { name: /^Move to / });
      expect(await move.innerText()).toStartWith(label);
      await page.screenshot({ path: `/tmp/outdoor-offer-${viewport.width}.png`, fullPage: viewport === PHONE });
      if (viewport === PHONE) {
        await move.click();
        await page.getByText('Booking moved').first().waitFor();
        await page.locator('li[data-booking-id]').filter({ hasText: 'Clear Skies Flow' }).waitFor();
        await page.screenshot({ path: '/tmp/outdoor-moved-390.png', fullPage: true });
      }
      expect(guarded.offMachine).toEqual([]);
      await guarded.context.close();
    }
    const [moved] = (await call(person.cookie, 'GET', `/api/bookings?classId=${dry.body.id}`)).body as { status: string; amount: number }[];
    expect(moved).toMatchObject({ status: 'confirmed', amount: 21 });
    const [ended] = (await call(person.cookie, 'GET', `/api/bookings?classId=${wet.body.id}`)).body as {
      status: string;
      cancelReason: string;
    }[];
    expect(ended).toMatchObject({ status: 'cancelled', cancelReason: 'moved' });
  },
  LONG,
);
