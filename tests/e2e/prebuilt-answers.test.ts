// The server's hot path (issue 23, item 4): a signed-out GET or HEAD of a cached page or a built file is answered
// from Responses built once per encoding (api/server.ts answerFromMemory, api/render-cache/html.ts cachedAnswer,
// api/http/static-files.ts). The right bytes in the right encoding with every header, HEAD, 304, a bad Host still
// refused, signed-in visitors still getting their own header, and a write dropping the prebuilt answer at once in
// the writing process and within a second in another process on the same database, whichever of them writes.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { connect } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { loadStaticFiles } from '../../api/http/static-files';
import { attachRenderCache } from '../../api/render-cache';
import { loadSite } from '../../api/server';
import { startTestServer, TestClient, type TestServer } from '../helpers/api';
import { createClass, createUser, type SignedIn } from '../helpers/fixtures';
import { type FoglineProcess, spawnFogline } from '../helpers/processes';
import { withWaivers } from '../helpers/waivers';

setDefaultTimeout(60_000);

let server: TestServer;
let other: FoglineProcess;
let coach: SignedIn;
beforeAll(async () => {
  server = await startTestServer({ site: true });
  coach = await createUser(server, 'coach', 'Maya');
  // A second process on the same database (the in-process server migrated it).
  other = await spawnFogline({ DATA_DIR: server.dataDir, SEED: 'none' });
});
afterAll(async () => {
  await other?.kill();
  await server?.stop();
});

/** The answer as it travels: no decompression by fetch. */
async function raw(url: string, headers: Record<string, string> = {}, method = 'GET') {
  const response = await fetch(url, { method, headers, decompress: false } as RequestInit);
  return { status: response.status, headers: response.headers, body: new Uint8Array(await response.arrayBuffer()) };
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const gzip = { 'accept-encoding': 'gzip' };
/** Spots left as the class page's booking card is given them. */
const spotsOn = (html: string) => Number(html.match(/spotsLeft&quot;:\[0,(\d+)\]/)?.[1] ?? Number.NaN);

/** The class page in gzip as `base` answers it (HTML and ETag), after one visit that puts it in the cache. */
async function cachedPage(base: string, path: string) {
  await raw(base + path, gzip);
  const page = await raw(base + path, gzip);
  expect(page.headers.get('content-encoding')).toBe('gzip');
  return { html: text(Bun.gunzipSync(page.body)), etag: page.headers.get('etag') };
}

/** Polls `base` until the page's spots left are `spots` (at most `ms`); answers how long it took. */
async function waitForSpots(base: string, path: string, spots: number, ms: number): Promise<number> {
  const started = Date.now();
  let seen = Number.NaN;
  while (Date.now() - started < ms) {
    seen = spotsOn((await cachedPage(base, path)).html);
    if (seen === spots) return Date.now() - started;
    await Bun.sleep(25);
  }
  throw new Error(`${base}${path} still shows ${seen} spots left after ${ms} ms (expected ${spots})`);
}

describe('a cached page', () => {
  test('is one prebuilt gzip answer: the same bytes every visit, the page itself, every header, HEAD, 304', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 0, capacity: 10 });
    const path = `/classes/${cls.id}`;
    const first = await raw(server.url + path, gzip); // a miss: rendered, then stored
    const second = await raw(server.url + path, gzip);
    const third = await raw(server.url + path, gzip);
    expect(second.status).toBe(200);
    expect(second.headers.get('content-encoding')).toBe('gzip');
    expect(second.body).toEqual(third.body);
    expect(text(Bun.gunzipSync(second.body))).toBe(text(Bun.gunzipSync(first.body)));
    // The bytes are the cache entry's prebuilt answer.
    const entry = attachRenderCache(server.ctx).html.get(path, server.clock.now().getTime());
    expect(entry).toBeDefined();
    expect(new Uint8Array(await entry!.answers.gzip.clone().arrayBuffer())).toEqual(second.body);
    for (const [name, value] of [
      ['cache-control', 'public, no-cache'],
      ['vary', 'accept-encoding, cookie'],
      ['x-frame-options', 'DENY'],
      ['x-content-type-options', 'nosniff'],
      ['content-length', String(second.body.byteLength)],
    ])
      expect([name, second.headers.get(name!)]).toEqual([name, value]);
    expect(second.headers.get('content-type')).toStartWith('text/html');
    expect(second.headers.get('content-security-policy')).toContain("default-src 'self'");
    const etag = second.headers.get('etag')!;
    expect(etag).toMatch(/^W\/".+"$/);

    // A client without gzip gets the same page uncompressed, with the same ETag.
    const plain = await raw(server.url + path, { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('etag')).toBe(etag);
    expect(text(plain.body)).toBe(text(Bun.gunzipSync(second.body)));
    expect(plain.headers.get('content-security-policy')).toBe(second.headers.get('content-security-policy'));

    // HEAD: the GET's headers and length, no body.
    const head = await raw(server.url + path, gzip, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.byteLength).toBe(0);
    expect(head.headers.get('etag')).toBe(etag);
    expect(head.headers.get('content-encoding')).toBe('gzip');
    expect(head.headers.get('content-length')).toBe(String(second.body.byteLength));

    // The client's copy is current: 304 with the ETag and no body.
    const notModified = await raw(server.url + path, { ...gzip, 'if-none-match': etag });
    expect(notModified.status).toBe(304);
    expect(notModified.body.byteLength).toBe(0);
    expect(notModified.headers.get('etag')).toBe(etag);

    // A cookie that is not a session (a theme, an analytics id) changes nothing.
    const withCookie = await raw(server.url + path, { ...gzip, cookie: 'theme=dark' });
    expect(withCookie.body).toEqual(second.body);
  });

  test('a signed-in visitor never gets it: their own page, private', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 0, capacity: 10 });
    const path = `/classes/${cls.id}`;
    await cachedPage(server.url, path);
    const customer = await createUser(server, 'customer', 'Priya');
    const page = await raw(server.url + path, { ...gzip, cookie: customer.client.cookieHeader() });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.headers.get('etag')).toBeNull();
    const html = page.headers.get('content-encoding') === 'gzip' ? text(Bun.gunzipSync(page.body)) : text(page.body);
    expect(html).toContain('Priya');
  });

  test('a query string is a page of its own: never the prebuilt answer of its path', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 0, capacity: 10 });
    const path = `/classes/${cls.id}`;
    await cachedPage(server.url, path);
    const cache = attachRenderCache(server.ctx);
    const now = () => server.clock.now().getTime();
    expect(cache.html.get(`${path}?from=mail`, now())).toBeUndefined();
    const withQuery = await raw(`${server.url}${path}?from=mail`, gzip);
    expect(withQuery.status).toBe(200);
    // Rendered for its own key, then stored under it; the path's entry is untouched.
    expect(cache.html.get(`${path}?from=mail`, now())).toBeDefined();
    expect(cache.html.get(path, now())).toBeDefined();
    // A built file asked for with a query string is still that file.
    const about = await raw(`${server.url}/about?ref=newsletter`, gzip);
    expect(about.status).toBe(200);
    expect(text(Bun.gunzipSync(about.body))).toBe(text(Bun.gunzipSync((await raw(`${server.url}/about`, gzip)).body)));
  });

  test('a malformed Host is still refused with the JSON 400, before any prebuilt answer', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 0, capacity: 10 });
    await cachedPage(server.url, `/classes/${cls.id}`);
    for (const path of [`/classes/${cls.id}`, '/about']) {
      const { port } = new URL(server.url);
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1', () =>
          socket.write(`GET ${path} HTTP/1.1\r\nHost: a b\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n`),
        );
        let data = '';
        socket.on('data', (chunk) => (data += chunk.toString()));
        socket.on('end', () => resolve(data));
        socket.on('error', reject);
      });
      expect(answer.split(' ')[1]).toBe('400');
      expect(answer).toContain('"message"');
    }
  });
});

describe('a prerendered page', () => {
  test('/about in Brotli, gzip and as is: the same page, the same headers', async () => {
    const plain = await raw(`${server.url}/about`, { 'accept-encoding': 'identity' });
    const gzipped = await raw(`${server.url}/about`, gzip);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(text(Bun.gunzipSync(gzipped.body))).toBe(text(plain.body));
    // Brotli is made in the background after start.
    let brotli = await raw(`${server.url}/about`, { 'accept-encoding': 'gzip, deflate, br' });
    for (let i = 0; i < 200 && brotli.headers.get('content-encoding') !== 'br'; i++) {
      await Bun.sleep(50);
      brotli = await raw(`${server.url}/about`, { 'accept-encoding': 'gzip, deflate, br' });
    }
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(text(brotliDecompressSync(brotli.body))).toBe(text(plain.body));
    for (const answer of [gzipped, brotli]) {
      for (const name of ['content-type', 'cache-control', 'vary', 'content-security-policy', 'x-frame-options', 'permissions-policy'])
        expect([name, answer.headers.get(name)]).toEqual([name, plain.headers.get(name)]);
    }
    const head = await raw(`${server.url}/about`, gzip, 'HEAD');
    expect(head.body.byteLength).toBe(0);
    expect(head.headers.get('content-length')).toBe(String(gzipped.body.byteLength));
    // A built asset: its own type and immutable caching.
    const asset = text(plain.body).match(/\/_astro\/[^"']+\.css/)?.[0];
    if (asset) {
      const css = await raw(server.url + asset, gzip);
      expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
      expect(css.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
  });

  test('a signed-in visitor gets /about with their own header', async () => {
    const customer = await createUser(server, 'customer', 'Jonah');
    const page = await fetch(`${server.url}/about`, { headers: { cookie: customer.client.cookieHeader() } });
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(await page.text()).toContain('Jonah');
  });
});

describe('built files', () => {
  test('scripts and styles are in Brotli from the start: the build wrote name.br, served as name, never as a file', async () => {
    const site = await loadSite();
    const files = loadStaticFiles(site!.clientDir, null, {});
    // Read at load, synchronously: nothing left for the background but the pages.
    const assets = [...new Set(files.values())].filter((file) => file.gzip && !file.type.startsWith('text/html'));
    expect(assets.length).toBeGreaterThan(0);
    for (const file of assets) expect([file.type, file.answers.br !== null]).toEqual([file.type, true]);
    expect([...files.keys()].filter((path) => path.endsWith('.br'))).toEqual([]);
    const [path] = [...files].sort(([, a], [, b]) => b.body.byteLength - a.body.byteLength).find(([p]) => p.endsWith('.js'))!;
    const brotli = await raw(server.url + path, { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(text(brotliDecompressSync(brotli.body))).toBe(text((await raw(server.url + path, { 'accept-encoding': 'identity' })).body));
    expect((await raw(`${server.url}${path}.br`, gzip)).status).toBe(404);
  });
});

describe('a write drops the prebuilt answer', () => {
  test('a booking through this process: its next answer is the new page; the other process within a second', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 0, capacity: 10 });
    const path = `/classes/${cls.id}`;
    const before = await cachedPage(server.url, path);
    expect(spotsOn(before.html)).toBe(10);
    expect(spotsOn((await cachedPage(other.url, path)).html)).toBe(10);

    const customer = await createUser(server);
    expect((await customer.client.post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 4 }))).status).toBe(201);
    const after = await cachedPage(server.url, path);
    expect(spotsOn(after.html)).toBe(6);
    expect(after.etag).not.toBe(before.etag);
    // The old ETag is no longer current: the page itself, not a 304.
    expect((await raw(server.url + path, { ...gzip, 'if-none-match': before.etag! })).status).toBe(200);
    expect(await waitForSpots(other.url, path, 6, 3_000)).toBeLessThan(1_000);
  });

  test('a booking through the other process reaches this process within a second', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 0, capacity: 10 });
    const path = `/classes/${cls.id}`;
    expect(spotsOn((await cachedPage(server.url, path)).html)).toBe(10);
    const customer = await createUser(server);
    const viaOther = new TestClient(other.url);
    for (const [name, value] of customer.client.cookies) viaOther.cookies.set(name, value);
    expect((await viaOther.post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 3 }))).status).toBe(201);
    expect(spotsOn((await cachedPage(other.url, path)).html)).toBe(7);
    expect(await waitForSpots(server.url, path, 7, 3_000)).toBeLessThan(1_000);
  });
});
