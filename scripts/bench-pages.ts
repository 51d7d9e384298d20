// Page budgets of the public site, measured against the built product with the demo data:
//  - server time (request to last byte, gzip) p50 under 20 ms for /, /classes, /classes/{id}, /coaches/{id};
//  - first-load JavaScript (compressed bytes on the wire, React included) at most 80 KB for / and /classes,
//    none at all for /about, /faq, /blog and /blog/{slug}; the map code never on first load;
//  - HTML and JS compressed, hashed assets immutable, every image sized, layout shift from images none.
// Usage: bun run build && bun run bench:pages [requests-per-page]. Exits 1 when a budget is missed.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DESKTOP, launchBrowser, newContext, startProduct } from '../tests/helpers/browser';

const REQUESTS = Number(process.argv[2] ?? 200);
const SERVER_P50_MS = 20;
const JS_BUDGET_BYTES = 80 * 1024;

const dist = resolve(process.env.DIST_DIR ?? 'dist');
if (!existsSync(join(dist, 'server', 'entry.mjs'))) {
  console.error(`No built site in ${dist}: run "bun run build" first (or set DIST_DIR).`);
  process.exit(1);
}

const failures: string[] = [];
const check = (ok: boolean, message: string) => {
  if (!ok) failures.push(message);
  return ok ? 'ok' : 'OVER';
};

// As deployed (Dockerfile): NODE_ENV=production, which also selects React's production server renderer.
const product = await startProduct({ PUBLIC_GOOGLE_MAPS_API_KEY: '', NODE_ENV: 'production', PAYMENTS: 'test', WEATHER: 'sample' });
try {
  const base = product.url;
  const json = async <T>(path: string) => (await fetch(base + path)).json() as Promise<T>;
  const classes = await json<{ id: number }[]>('/api/classes?limit=1');
  const coaches = await json<{ id: number }[]>('/api/coaches');
  const posts = await json<{ slug: string }[]>('/api/blog');
  const classPath = `/classes/${classes[0]!.id}`;
  const coachPath = `/coaches/${coaches[0]!.id}`;
  const postPath = `/blog/${posts[0]!.slug}`;

  // ---- server time
  console.log(`\nServer time, ${REQUESTS} sequential requests per page after a warm-up (gzip, full body):`);
  console.log('page                     p50 ms   p95 ms   max ms   KB gz   budget p50 < 20 ms');
  for (const path of ['/', '/classes', classPath, coachPath, '/coaches', '/about', '/blog']) {
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < REQUESTS + 20; i++) {
      const start = performance.now();
      const response = await fetch(base + path, { headers: { 'accept-encoding': 'gzip' }, decompress: false } as RequestInit);
      const body = await response.arrayBuffer();
      if (i >= 20) times.push(performance.now() - start);
      bytes = body.byteLength;
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
    const budgeted = ['/', '/classes', classPath, coachPath].includes(path);
    const verdict = budgeted ? check(at(0.5) < SERVER_P50_MS, `server p50 of ${path} is ${at(0.5).toFixed(1)} ms`) : '-';
    console.log(
      `${path.padEnd(24)} ${at(0.5).toFixed(1).padStart(6)} ${at(0.95).toFixed(1).padStart(8)} ${times.at(-1)!.toFixed(1).padStart(8)} ${(bytes / 1024).toFixed(1).padStart(7)}   ${verdict}`,
    );
  }

  // ---- first-load JavaScript and images, in Chromium
  console.log('\nFirst load in Chromium (desktop 1280x900):');
  console.log('page                     JS files  JS KB gz  map code  imgs unsized  layout shift  budget');
  const browser = await launchBrowser();
  try {
    const budgets: [string, number][] = [
      ['/', JS_BUDGET_BYTES],
      ['/classes', JS_BUDGET_BYTES],
      [classPath, Infinity],
      [coachPath, Infinity],
      ['/coaches', Infinity],
      ['/contact', Infinity],
      ['/about', 0],
      ['/faq', 0],
      ['/blog', 0],
      [postPath, 0],
    ];
    for (const [path, budget] of budgets) {
      const guard = await newContext(browser, DESKTOP);
      const page = await guard.page();
      const scripts: { url: string; bytes: Promise<number>; encoding: string | null; cache: string | null }[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() !== 'script') return;
        scripts.push({
          url: response.url(),
          bytes: response
            .request()
            .sizes()
            .then((s) => s.responseBodySize),
          encoding: response.headers()['content-encoding'] ?? null,
          cache: response.headers()['cache-control'] ?? null,
        });
      });
      await page.addInitScript(() => {
        (window as unknown as { __cls: number }).__cls = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
            if (!entry.hadRecentInput) (window as unknown as { __cls: number }).__cls += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(base + path, { waitUntil: 'networkidle' });
      const jsBytes = (await Promise.all(scripts.map((s) => s.bytes))).reduce((a, b) => a + b, 0);
      const mapCode = scripts.some((s) => /GoogleMap|googleapis|markerclusterer|js-api-loader/i.test(s.url));
      const unsized = await page.$$eval(
        'img',
        (imgs) => imgs.filter((img) => !img.getAttribute('width') || !img.getAttribute('height')).length,
      );
      const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
      for (const s of scripts) {
        if (s.url.includes('/_astro/') && !(s.cache ?? '').includes('immutable')) failures.push(`${s.url} is not cached as immutable`);
      }
      const verdicts = [
        budget === Infinity
          ? 'ok'
          : check(jsBytes <= budget, `${path} loads ${(jsBytes / 1024).toFixed(1)} KB of JavaScript (budget ${budget / 1024} KB)`),
        check(!mapCode, `${path} loads map code on first load`),
        check(unsized === 0, `${path} has ${unsized} images without width and height`),
        check(cls < 0.01, `${path} shifts layout by ${cls.toFixed(3)}`),
      ];
      const label = budget === Infinity ? 'no limit' : budget === 0 ? 'zero JS' : `<= ${budget / 1024} KB`;
      console.log(
        `${path.padEnd(24)} ${String(scripts.length).padStart(8)} ${(jsBytes / 1024).toFixed(1).padStart(9)}  ${(mapCode ? 'LOADED' : 'no').padEnd(8)}  ${String(unsized).padStart(12)}  ${cls.toFixed(3).padStart(12)}  ${label} ${verdicts.every((v) => v === 'ok') ? 'ok' : 'OVER'}`,
      );
      await guard.context.close();
    }
  } finally {
    await browser.close();
  }

  // ---- compression and caching headers
  const home = await fetch(base + '/', { headers: { 'accept-encoding': 'gzip' }, decompress: false } as RequestInit);
  const html = await home.text();
  const asset = html.match(/\/_astro\/[^"']+\.js/)?.[0];
  check(home.headers.get('content-encoding') === 'gzip', 'HTML is not compressed');
  if (asset) {
    const js = await fetch(base + asset, { headers: { 'accept-encoding': 'gzip' }, decompress: false } as RequestInit);
    check((js.headers.get('cache-control') ?? '').includes('immutable'), 'hashed assets are not immutable');
    console.log(
      `\nHeaders: HTML content-encoding=${home.headers.get('content-encoding')}; ${asset}: content-encoding=${js.headers.get('content-encoding') ?? 'none (small file)'}, cache-control="${js.headers.get('cache-control')}"`,
    );
  }
} finally {
  await product.stop();
}

if (failures.length) {
  console.log(`\nOver budget:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log('\nAll page budgets met.');
