// Page responses through the render cache. A visitor without a session gets the page's HTML from memory,
// gzipped once and answered from a Response built once (ETag, 304; `cachedAnswer` answers without awaiting
// anything, before the server's slower path); a signed-in visitor's page is rendered for them,
// from cached page data, and never stored, so nobody ever sees another person's header or data. Pages whose
// body is the same for everyone (sameForEveryone) give a signed-in visitor the anonymous page with their own
// header and bottom bar spliced in (chrome.ts), which costs a small render instead of the whole page.
import { readSessionToken } from '../auth/session';
import { personalizedPage } from './chrome';
import { pathAndQueryOf } from '../lib/url-path';
import type { AppContext } from '../context';
import { type HtmlEntry, type RenderCache, type RenderScope } from '.';

export type RenderWithLocals = (locals: { ctx: AppContext; renderScope: RenderScope }) => Promise<Response>;

/** Anonymous pages are revalidated on every use (their ETag makes that a 304); the cookie decides the header. */
const ANONYMOUS_CACHE_CONTROL = 'public, no-cache';
const PERSONAL_CACHE_CONTROL = 'private, no-store';
const VARY = 'accept-encoding, cookie';
const DROPPED_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'set-cookie',
  'vary',
  'etag',
  'cache-control',
  'date',
]);

export function isSignedOut(request: Request): boolean {
  return readSessionToken(request.headers.get('cookie')) === null;
}

export interface PageRenderers {
  /** Renders the requested page with the locals it is given. */
  render: RenderWithLocals;
  /** Renders the header and bottom bar for the request's visitor, as chrome.ts splices them. */
  renderChrome: () => Promise<Response>;
  /** Compresses (and completes the headers of) a response that is not served from the cache. */
  finish: (response: Response) => Promise<Response>;
}

/** Answers a page request from the cache, or renders it. */
export async function respondWithPage(
  cache: RenderCache,
  request: Request,
  { render, renderChrome, finish }: PageRenderers,
): Promise<Response> {
  // A write of this process just committed: its bumps are being read, and no page uses the cache before that.
  if (cache.catchingUp) await cache.catchingUp;
  const method = request.method;
  if ((method !== 'GET' && method !== 'HEAD') || !isSignedOut(request)) {
    const shared = method === 'GET' || method === 'HEAD' ? cache.html.get(keyOf(request.url), cache.now()) : undefined;
    if (shared?.sameForEveryone) return finish(await personalizedPage(request, await htmlOf(shared), renderChrome));
    const scope = cache.newScope();
    const response = await render({ ctx: cache.ctx, renderScope: scope });
    if (scope.cacheable) response.headers.set('cache-control', PERSONAL_CACHE_CONTROL);
    return finish(response);
  }
  const key = keyOf(request.url);
  const hit = cache.html.get(key, cache.now());
  if (hit) return serveEntry(hit, request.headers);
  // Concurrent misses of one page wait for a single render.
  const pending = cache.rendering.get(key);
  if (pending) {
    const entry = await pending;
    if (entry) return serveEntry(entry, request.headers);
  }
  let own: Response | null = null;
  const rendering = renderEntry(cache, key, render).then(({ entry, response }) => {
    own = response;
    return entry;
  });
  if (!pending) {
    cache.rendering.set(key, rendering);
    void rendering.finally(() => cache.rendering.delete(key)).catch(() => {});
  }
  const entry = await rendering;
  return entry ? serveEntry(entry, request.headers) : finish(own!);
}

/** A signed-out GET or HEAD of a page the cache holds (`key`: its path and query string), answered at once (the
 * server's first step, before any await); null sends the request down the ordinary path (a miss, or this
 * process's own write still being read: the page must not be older than the writer's answer). */
export function cachedAnswer(cache: RenderCache, headers: Headers, key: string): Response | Promise<Response> | null {
  if (cache.catchingUp) return null;
  const hit = cache.html.get(key, cache.now());
  return hit ? serveEntry(hit, headers) : null;
}

/** The path and query string: pages read both. */
const keyOf = pathAndQueryOf;

async function renderEntry(
  cache: RenderCache,
  key: string,
  render: RenderWithLocals,
): Promise<{ entry: HtmlEntry | null; response: Response | null }> {
  const scope = cache.newScope();
  const response = await render({ ctx: cache.ctx, renderScope: scope });
  const type = response.headers.get('content-type') ?? '';
  // Only pages that read cached data, answered 200 with HTML and no cookie, are kept; errors and redirects never.
  if (!scope.cacheable || response.status !== 200 || !type.startsWith('text/html') || response.headers.has('set-cookie')) {
    return { entry: null, response };
  }
  const body = new Uint8Array(await response.arrayBuffer());
  const gzip = Bun.gzipSync(body);
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!DROPPED_HEADERS.has(name)) headers[name] = value;
  });
  const etagValue = `"${Bun.hash(body).toString(36)}"`;
  const etag = `W/${etagValue}`;
  Object.assign(headers, { etag, 'cache-control': ANONYMOUS_CACHE_CONTROL, vary: VARY });
  const entry: HtmlEntry = {
    answers: {
      gzip: new Response(gzip, { headers: { ...headers, 'content-encoding': 'gzip' } }),
      notModified: new Response(null, { status: 304, headers: { etag, 'cache-control': ANONYMOUS_CACHE_CONTROL, vary: VARY } }),
    },
    sameForEveryone: scope.sameForEveryone === true,
    etag,
    etagValue,
    headers: new Headers(headers),
    tags: [...scope.tags],
    expiresAt: scope.expiresAt,
    bytes: gzip.byteLength + key.length,
  };
  if (entry.expiresAt > cache.now() && !cache.watcher.changedSince(entry.tags, scope.seq)) cache.html.set(key, entry);
  return { entry, response: null };
}

/** The page's HTML, uncompressed (for a client without gzip, or a signed-in visitor's spliced copy). */
async function htmlOf(entry: HtmlEntry): Promise<Uint8Array<ArrayBuffer>> {
  return Bun.gunzipSync(new Uint8Array(await entry.answers.gzip.clone().arrayBuffer()));
}

/** The entry's answer for this request: 304 when the client holds it, else the gzip page (Bun sends no body for
 * HEAD, and the length the GET would get), else the page uncompressed. */
function serveEntry(entry: HtmlEntry, headers: Headers): Response | Promise<Response> {
  if (headers.get('if-none-match')?.includes(entry.etagValue)) return entry.answers.notModified.clone();
  if (headers.get('accept-encoding')?.includes('gzip')) return entry.answers.gzip.clone();
  return htmlOf(entry).then((html) => new Response(html, { headers: entry.headers }));
}
