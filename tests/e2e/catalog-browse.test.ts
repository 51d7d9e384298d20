// Catalogue in the browser (demo data): home search, the filter badge, /classes filtering and its empty
// state, the List/Map toggle without a Maps key, and the class page's tabs and price breakdown.
import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import { newContext, PHONE } from '../helpers/browser';
import { useProductInBrowser } from '../helpers/pages';
import { PAGE_SIZE } from '../../site/islands/catalog/BrowseClasses';
import { testNow } from '../helpers/today';

// Pages of the real product under a loaded machine: give each test room.
setDefaultTimeout(30_000);

const site = useProductInBrowser({ PUBLIC_GOOGLE_MAPS_API_KEY: '' });
const { api, open } = site;

/** A Pacific calendar day n days from now, as YYYY-MM-DD. */
function dayFromNow(n: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date(testNow() + n * 86_400_000));
}

describe('home search', () => {
  test('submitting the search builds the /classes URL with the chosen filters', async () => {
    const { guard, page } = await open('/');
    const categories = await api<{ id: number; name: string }[]>('/api/categories');
    const cities = await api<string[]>('/api/cities');
    await page.getByLabel('What', { exact: true }).fill('yoga');
    await page.getByLabel('Date', { exact: true }).fill(dayFromNow(3));
    await page.getByLabel('Class type', { exact: true }).selectOption({ label: categories[0]!.name });
    await page.getByLabel('Age group', { exact: true }).selectOption('Adults');
    await page.getByLabel('City', { exact: true }).selectOption(cities[0]!);
    await Promise.all([page.waitForURL(/\/classes\?/), page.getByRole('button', { name: 'Search', exact: true }).click()]);
    const params = new URL(page.url()).searchParams;
    expect(Object.fromEntries(params)).toEqual({
      q: 'yoga',
      type: String(categories[0]!.id),
      ageGroup: 'Adults',
      city: cities[0]!,
      date: dayFromNow(3),
    });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Search Results for "yoga"');
    expect(guard.offMachine).toEqual([]);
    await guard.context.close();
  });

  test('the filter badge counts the active filters among query, date, class type, age group and city', async () => {
    const { guard, page } = await open('/', PHONE);
    const badge = page.getByTestId('filter-count');
    expect(await badge.textContent()).toBe('0');
    await page.getByLabel('What', { exact: true }).fill('run');
    expect(await badge.textContent()).toBe('1');
    await page.getByLabel('Age group', { exact: true }).selectOption('Kids');
    await page.getByLabel('Date', { exact: true }).fill(dayFromNow(1));
    expect(await badge.textContent()).toBe('3');
    expect(await badge.getAttribute('aria-label')).toBe('3 active filters');
    await page.getByLabel('What', { exact: true }).fill('');
    expect(await badge.textContent()).toBe('2');
    await guard.context.close();
  });

  test('the city list comes from the cities call', async () => {
    const { guard, page } = await open('/');
    const cities = await api<string[]>('/api/cities');
    const options = await page.getByLabel('City', { exact: true }).locator('option').allTextContents();
    expect(options).toEqual(['All cities', ...cities]);
    await guard.context.close();
  });
});

describe('home initial search and location', () => {
  test('a single initial search fires once after 100 ms, and the featured classes are the first 3 it returns', async () => {
    const guard = await newContext(site.browser);
    const page = await guard.page();
    const searches: { at: number; url: string }[] = [];
    let loadedAt = 0;
    // The answer is the real one with the first class marked full, so the page visibly uses it.
    await page.route(/\/api\/classes(\?|$)/, async (route) => {
      searches.push({ at: Date.now(), url: route.request().url() });
      const response = await route.fetch();
      const list = (await response.json()) as { spotsLeft: number }[];
      list[0]!.spotsLeft = 0;
      await route.fulfill({
        status: response.status(),
        headers: { 'x-total-count': response.headers()['x-total-count'] ?? '' },
        json: list,
      });
    });
    page.on('domcontentloaded', () => (loadedAt = Date.now()));
    await page.goto(`${site.product.url}/`, { waitUntil: 'networkidle' });
    const featured = page.getByTestId('featured-classes').getByRole('article');
    await featured.first().getByText('Class Full').waitFor({ timeout: 10_000 });
    expect(await featured.count()).toBe(3);
    await page.waitForTimeout(1_000);
    expect(searches).toHaveLength(1);
    expect(searches[0]!.at - loadedAt).toBeGreaterThanOrEqual(100);
    // The featured classes are chosen on the server: not started yet, first 3.
    expect(Object.fromEntries(new URL(searches[0]!.url).searchParams)).toEqual({ upcoming: 'true', limit: '3' });
    await guard.context.close();
  });

  test('Use my location adds lat and lng to the search URL and orders the results nearest first, each with its distance', async () => {
    const guard = await newContext(site.browser, PHONE);
    await guard.context.grantPermissions(['geolocation'], { origin: site.product.url });
    await guard.context.setGeolocation({ latitude: 37.76922, longitude: -122.48621 });
    const page = await guard.page();
    await page.goto(`${site.product.url}/`, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
    await page.getByRole('button', { name: 'Use my location' }).click();
    await page.getByText('Near your location').waitFor();
    await Promise.all([page.waitForURL(/\/classes\?/), page.getByRole('button', { name: 'Search', exact: true }).click()]);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ lat: '37.76922', lng: '-122.48621', sort: 'nearest' });
    const rows = page.getByRole('list', { name: 'Classes' }).getByRole('listitem');
    await rows.first().waitFor();
    const miles = (await page.getByTestId('distance').allTextContents()).map((text) => Number(text.replace(/[^\d.]/g, '')));
    expect(miles.length).toBeGreaterThan(5);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    expect(await page.getByLabel('Sort').inputValue()).toBe('nearest');
    await guard.context.close();
  });

  test('a denied location shows the Location error toast', async () => {
    const { guard, page } = await open('/');
    await guard.context.clearPermissions();
    await page.evaluate(() => {
      // As a browser whose user refused the permission prompt answers.
      navigator.geolocation.getCurrentPosition = (_ok, fail) =>
        fail?.({ code: 1, message: 'denied', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError);
    });
    await page.getByRole('button', { name: 'Use my location' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Location error' });
    await toast.waitFor();
    expect(await toast.textContent()).toContain('Location access denied. Please enable location services.');
    await guard.context.close();
  });
});

describe('/classes', () => {
  test('the first render is filtered on the server by the URL', async () => {
    const categories = await api<{ id: number; name: string }[]>('/api/categories');
    const category = categories.find((c) => c.name === 'Yoga') ?? categories[0]!;
    const expected = Number((await fetch(`${site.product.url}/api/classes?type=${category.id}&limit=1`)).headers.get('x-total-count'));
    const guard = await newContext(site.browser);
    const page = await guard.page();
    await page.route('**/api/classes**', (route) => route.abort()); // the list must not need the API
    await page.goto(`${site.product.url}/classes?type=${category.id}`, { waitUntil: 'networkidle' });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Browse All Classes');
    expect(await page.getByText(`${expected} ${expected === 1 ? 'class' : 'classes'}`, { exact: true }).isVisible()).toBe(true);
    const rows = page.getByRole('list', { name: 'Classes' }).getByRole('listitem');
    expect(await rows.count()).toBe(Math.min(expected, PAGE_SIZE));
    for (const text of await rows.allTextContents()) expect(text).toContain(category.name);
    expect(await page.getByRole('button', { name: `Remove filter Type: ${category.name}` }).isVisible()).toBe(true);
    await guard.context.close();
  });

  test('rows show Class Full or X/Y spots left and the coach rating with 1 decimal', async () => {
    const { guard, page } = await open('/classes');
    // Classes that started earlier today are listed too, marked Started instead (tests/e2e/phone-first.test.ts).
    const first = page
      .getByRole('list', { name: 'Classes' })
      .getByRole('listitem')
      .filter({ hasNotText: /Started$/ })
      .first();
    const text = (await first.textContent()) ?? '';
    expect(text).toMatch(/Class Full|\d+\/\d+ spots left/);
    expect(text).toMatch(/\d\.\d/);
    expect(text).toMatch(/\$\d+\.\d{2}/);
    expect(text).toMatch(/\d{1,2}:\d{2} (AM|PM) - \d{1,2}:\d{2} (AM|PM) PT/);
    await guard.context.close();
  });

  test('applying a search rewrites the URL, and no match shows the empty state', async () => {
    const { guard, page } = await open('/classes');
    await page.getByLabel('What', { exact: true }).fill('no-such-class-anywhere');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('No classes found').waitFor();
    expect(new URL(page.url()).search).toBe('?q=no-such-class-anywhere');
    expect(await page.getByText('Try adjusting your filters or check back later for new classes.').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Search Results for "no-such-class-anywhere"');
    await page.goBack();
    await page.getByRole('heading', { name: 'Browse All Classes' }).waitFor();
    await page.getByRole('list', { name: 'Classes' }).getByRole('listitem').first().waitFor();
    expect(new URL(page.url()).search).toBe('');
    await guard.context.close();
  });

  test('removing a filter chip widens the list and the URL', async () => {
    const { guard, page } = await open('/classes?ageGroup=Kids');
    const kids = await page.getByRole('list', { name: 'Classes' }).getByRole('listitem').count();
    await page.getByRole('button', { name: 'Remove filter Age: Kids' }).click();
    await page.waitForURL((url) => url.search === '');
    await page.waitForFunction((n) => document.querySelectorAll('[aria-label="Classes"] > li').length > n, kids);
    await guard.context.close();
  });

  test('without a Maps key the browse page has no List/Map toggle and no empty map panel, and nothing is requested from Google', async () => {
    const guard = await newContext(site.browser, PHONE);
    const page = await guard.page();
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await page.goto(site.product.url + '/classes', { waitUntil: 'networkidle' });
    await page.getByRole('list', { name: 'Classes' }).waitFor();
    expect(await page.getByRole('group', { name: 'View' }).count()).toBe(0);
    expect(await page.getByText('Map unavailable').count()).toBe(0);
    expect(await page.getByTestId('map-area').count()).toBe(0);
    expect(scripts.filter((s) => /GoogleMap|googleapis/.test(s))).toEqual([]);
    expect(guard.offMachine).toEqual([]);
    await guard.context.close();
  });

  test('on a large screen without a Maps key the list takes the whole width and scrolls with the page (no inner scroll box, no grey map box)', async () => {
    const { guard, page } = await open('/classes');
    const list = page.getByRole('list', { name: 'Classes' });
    const box = await list.boundingBox();
    expect(await page.getByTestId('map-area').count()).toBe(0);
    expect(box!.width).toBeGreaterThan(900);
    expect(await list.evaluate((el) => getComputedStyle(el).overflowY)).toBe('visible');
    expect(box!.height).toBeGreaterThan(900); // a whole page of rows, longer than the window
    await guard.context.close();
  });
});

describe('class detail', () => {
  async function upcomingClass(test: (c: any) => boolean) {
    const list = await api<any[]>('/api/classes?all=true');
    const found = list.find(test);
    if (!found) throw new Error('no demo class fits this test');
    return found;
  }

  test('tabs Details, Location and Coach, by mouse and keyboard', async () => {
    const item = await upcomingClass((c) => c.coach && c.address && c.latitude && c.longitude && Date.parse(c.startTime) > testNow());
    const { guard, page } = await open(`/classes/${item.id}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(item.title);
    const details = page.getByRole('tab', { name: 'Details' });
    expect(await details.getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('tabpanel').getByText('Age group').isVisible()).toBe(true);
    expect(await page.getByRole('tabpanel').textContent()).toMatch(/PT/);
    await page.getByRole('tab', { name: 'Location' }).click();
    // Without a Maps key no empty map: the address and Directions links to its pin.
    await page.getByRole('link', { name: 'Directions (Google Maps)' }).waitFor();
    expect(await page.getByText('Map unavailable').count()).toBe(0);
    expect(await page.getByRole('tabpanel').textContent()).toContain(item.address);
    await page.getByRole('tab', { name: 'Location' }).press('ArrowRight');
    expect(await page.getByRole('tab', { name: 'Coach' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('tab', { name: 'Coach' }).evaluate((el) => el === document.activeElement)).toBe(true);
    const profile = page.getByRole('link', { name: 'View Full Profile' });
    expect(await profile.getAttribute('href')).toBe(`/coaches/${item.coachId}`);
    expect(await page.getByRole('tabpanel').textContent()).toContain(`${item.coach.firstName} ${item.coach.lastName}`);
    expect(guard.offMachine).toEqual([]);
    await guard.context.close();
  });

  test('the price breakdown follows the spot counter, which stays within 1 and the spots left', async () => {
    const item = await upcomingClass(
      (c) => c.price > 0 && c.spotsLeft >= 2 && c.spotsLeft <= 8 && Date.parse(c.startTime) > testNow() + 3_600_000,
    );
    const { guard, page } = await open(`/classes/${item.id}`, PHONE);
    const minus = page.getByRole('button', { name: 'Remove a spot' });
    const plus = page.getByRole('button', { name: 'Add a spot' });
    const money = (n: number) => `$${n.toFixed(2)}`;
    expect(await page.getByText(`${item.spotsLeft} of ${item.capacity} spots left`).isVisible()).toBe(true);
    expect(await minus.isDisabled()).toBe(true);
    expect(await page.getByTestId('total').textContent()).toBe(money(Math.round(item.price * 105) / 100));
    await plus.click();
    const cents = Math.round(item.price * 100) * 2;
    const fee = Math.round(cents * 0.05);
    expect(await page.getByText(`${money(item.price)} x 2`).isVisible()).toBe(true);
    expect(await page.getByTestId('subtotal').textContent()).toBe(money(cents / 100));
    expect(await page.getByTestId('service-fee').textContent()).toBe(money(fee / 100));
    expect(await page.getByTestId('total').textContent()).toBe(money((cents + fee) / 100));
    expect(await minus.isDisabled()).toBe(false);
    for (let q = 2; q < item.spotsLeft; q++) await plus.click();
    expect(await page.getByLabel('Number of spots', { exact: true }).textContent()).toBe(String(item.spotsLeft));
    expect(await plus.isDisabled()).toBe(true);
    await Promise.all([
      page.waitForURL(/\/auth/),
      page.getByRole('region', { name: 'Book this class' }).getByRole('link', { name: 'Book Now' }).click(),
    ]);
    expect(new URL(page.url()).searchParams.get('redirect')).toStartWith(`/classes/${item.id}`);
    await guard.context.close();
  });

  test('an unknown class shows Class Not Found with Browse Classes', async () => {
    const { guard, page } = await open('/classes/987654');
    expect(await page.getByRole('heading', { name: 'Class Not Found' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Browse Classes' }).getAttribute('href')).toBe('/classes');
    await guard.context.close();
  });

  test('a malformed class id redirects to /classes', async () => {
    const { guard, page } = await open('/classes/not-a-number');
    expect(new URL(page.url()).pathname).toBe('/classes');
    await guard.context.close();
  });
});
