// The one Bun process: /api goes straight to Elysia, built assets and prerendered pages come from memory,
// uploads from DATA_DIR, everything else is rendered by the built Astro site.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { brotliCompress, constants as zlibConstants } from 'node:zlib';
import { createApi, guardApiRequest, guardPageRequest } from './app';
import { pathOf } from './lib/url-path';
import { refuseBadHost } from './lib/host-header';
import type { AppContext } from './context';
import { CLIENT_IP_HEADER, resolveClientAddress } from './lib/client-address';
import { pageSecurityHeaders } from './lib/page-headers';
import { TEST_PAYMENTS_BANNER } from './providers/payments/settings';
import { attachRenderCache } from './render-cache';
import { personalizedPage } from './render-cache/chrome';
import { isSignedOut, respondWithPage } from './render-cache/html';

type RenderPage = (request: Request, locals: Record<string, unknown>, clientAddress?: string) => Promise<Response>;

interface StaticFile {
  body: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer> | null;
  /** Brotli (about 15% smaller than gzip for the React runtime): made in the background after start. */
  br?: Uint8Array<ArrayBuffer>;
  type: string;
  cacheControl: string;
}

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  txt: 'text/plain; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  webmanifest: 'application/manifest+json',
  woff2: 'font/woff2',
};
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest)|image\/svg)/;

function typeOf(path: string): string {
  return TYPES[path.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
}

/** Loads dist/client into memory (it is small), gzipped once, keyed by URL path; `notice` (the test-payments
 * banner) goes at the top of every prerendered page's body. */
function loadStaticFiles(clientDir: string, notice: string | null): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  if (!existsSync(clientDir)) return files;
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) {
        walk(full);
        continue;
      }
      const rel = '/' + relative(clientDir, full).split('\\').join('/');
      const type = typeOf(full);
      const raw = readFileSync(full);
      const body = new Uint8Array(notice && type.startsWith('text/html') ? Buffer.from(raw.toString('utf8').replace(/<body[^>]*>/, (tag) => tag + notice)) : raw);
      const file: StaticFile = {
        body,
        type,
        gzip: COMPRESSIBLE.test(type) && body.length > 1024 ? Bun.gzipSync(body) : null,
        // Hashed build assets never change; everything else is revalidated.
        cacheControl: rel.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=300, must-revalidate',
      };
      files.set(rel, file);
      if (rel.endsWith('/index.html')) {
        const route = rel.slice(0, -'/index.html'.length) || '/';
        files.set(route, file);
        if (route !== '/') files.set(route + '/', file);
      } else if (rel.endsWith('.html')) files.set(rel.slice(0, -'.html'.length), file);
    }
  };
  walk(clientDir);
  precompressBrotli(new Set(files.values()));
  return files;
}

/** Brotli at maximum quality on the thread pool, one file at a time, so start-up and requests never wait. */
function precompressBrotli(files: Set<StaticFile>): void {
  const queue = [...files].filter((file) => file.gzip);
  const next = () => {
    const file = queue.shift();
    if (!file) return;
    brotliCompress(file.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }, (error, result) => {
      if (!error) file.br = new Uint8Array(result);
      next();
    });
  };
  next();
}

function acceptsGzip(request: Request): boolean {
  return (request.headers.get('accept-encoding') ?? '').includes('gzip');
}

/** The page's security headers (api/lib/page-headers.ts); a signed-in visitor's page is never stored anywhere. */
function withSecurityHeaders(response: Response, securityHeaders: Record<string, string>, request: Request): Response {
  for (const [name, value] of Object.entries(securityHeaders)) {
    if (!response.headers.has(name)) response.headers.set(name, value);
  }
  if (!isSignedOut(request)) response.headers.set('cache-control', 'private, no-store');
  return response;
}

function serveStatic(file: StaticFile, request: Request, securityHeaders: Record<string, string>): Response {
  const headers: Record<string, string> = { 'content-type': file.type, 'cache-control': file.cacheControl, vary: 'accept-encoding' };
  if (file.type.startsWith('text/html')) Object.assign(headers, securityHeaders);
  if (file.br && (request.headers.get('accept-encoding') ?? '').includes('br')) {
    headers['content-encoding'] = 'br';
    return new Response(request.method === 'HEAD' ? null : file.br, { headers });
  }
  if (file.gzip && acceptsGzip(request)) {
    headers['content-encoding'] = 'gzip';
    return new Response(request.method === 'HEAD' ? null : file.gzip, { headers });
  }
  return new Response(request.method === 'HEAD' ? null : file.body, { headers });
}

/** Compresses a dynamic text response: streamed for HTML, buffered (above 1 KB only) for the rest. */
async function compress(response: Response, request: Request): Promise<Response> {
  const type = response.headers.get('content-type') ?? '';
  if (!response.body || response.headers.has('content-encoding') || !COMPRESSIBLE.test(type) || !acceptsGzip(request)) {
    return response;
  }
  const headers = new Headers(response.headers);
  headers.set('vary', 'accept-encoding');
  headers.set('content-encoding', 'gzip');
  headers.delete('content-length');
  if (type.startsWith('text/html')) {
    return new Response(response.body.pipeThrough(new CompressionStream('gzip')), { status: response.status, headers });
  }
  const body = new Uint8Array(await response.arrayBuffer());
  if (body.length <= 1024) {
    headers.delete('content-encoding');
    return new Response(body, { status: response.status, headers });
  }
  return new Response(Bun.gzipSync(body), { status: response.status, headers });
}

/** The built site: its page renderer, its files, and the scripts its pages carry inline (for the CSP). */
export interface Site {
  renderPage: RenderPage;
  clientDir: string;
  inlineScripts: readonly string[];
}

export async function loadSite(distDir = resolve(process.env.DIST_DIR ?? 'dist')): Promise<Site | null> {
  const entry = join(distDir, 'server', 'entry.mjs');
  if (!existsSync(entry)) return null;
  const mod = (await import(entry)) as Pick<Site, 'renderPage' | 'inlineScripts'>;
  return { renderPage: mod.renderPage, clientDir: join(distDir, 'client'), inlineScripts: mod.inlineScripts };
}

export interface StartOptions {
  ctx: AppContext;
  port?: number;
  hostname?: string;
  /** The built site; null serves the API alone (API tests). */
  site?: Site | null;
  /** Several processes listen on the same port and the kernel spreads connections over them (WORKERS). */
  reusePort?: boolean;
}

export function startServer({ ctx, port = ctx.env.port, hostname = '0.0.0.0', site = null, reusePort = false }: StartOptions) {
  const api = createApi(ctx);
  const staticFiles = site ? loadStaticFiles(site.clientDir, ctx.env.announceTestPayments ? TEST_PAYMENTS_BANNER : null) : new Map<string, StaticFile>();
  const securityHeaders = pageSecurityHeaders(ctx.env, site?.inlineScripts ?? []);
  // Public pages come from the render cache (api/render-cache), dropped by tag when any process writes.
  const renderCache = site ? attachRenderCache(ctx) : null;
  const server = Bun.serve({
    port,
    hostname,
    reusePort,
    // Bun's own limit would answer a bare 413 (no JSON, no security headers) before fetch runs: it is lifted, and
    // every body is bounded here instead, on its declared length or on the bytes as they arrive (guardApiRequest,
    // guardPageRequest), so any size gets the JSON 413 and nothing over the limit is ever held in memory.
    maxRequestBodySize: Number.MAX_SAFE_INTEGER,
    async fetch(request, srv) {
      const badHost = refuseBadHost(request);
      if (badHost) return badHost;
      const path = pathOf(request.url);
      if (path === '/api' || path.startsWith('/api/')) {
        // The client's address for per-address limits, as TRUST_PROXY says, replacing any client-sent value. Only
        // writes are limited per address, so a GET is not resolved (the hot path) and just loses a client's value.
        if (request.method !== 'GET') request.headers.set(CLIENT_IP_HEADER, resolveClientAddress(request.headers, srv.requestIP(request)?.address ?? '', ctx.env.trustProxy));
        else if (request.headers.has(CLIENT_IP_HEADER)) request.headers.delete(CLIENT_IP_HEADER);
        let admitted = guardApiRequest(request, ctx);
        if (admitted instanceof Promise) admitted = await admitted;
        if (admitted instanceof Response) return admitted;
        // Large JSON answers are gzipped by the routes that return them (api/lib/compress.ts).
        return api.handle(admitted);
      }
      let admittedPage = guardPageRequest(request);
      if (admittedPage instanceof Promise) admittedPage = await admittedPage;
      if (admittedPage instanceof Response) return admittedPage;
      request = admittedPage;
      const render = async (locals: Record<string, unknown>, page = request) => withSecurityHeaders(await site!.renderPage(page, locals, srv.requestIP(request)?.address), securityHeaders, request);
      // The visitor's header and bottom bar, from the not-found page rendered for them (api/render-cache/chrome.ts).
      const renderChrome = () => render({ ctx, chromePath: path }, new Request(new URL('/__chrome', request.url), { headers: request.headers }));
      const finish = (response: Response) => compress(withSecurityHeaders(response, securityHeaders, request), request);
      if (request.method === 'GET' || request.method === 'HEAD') {
        const file = staticFiles.get(path);
        if (file?.type.startsWith('text/html') && renderCache && !isSignedOut(request)) {
          // A prerendered page (about, FAQ, contact) with the signed-in visitor's own header.
          return finish(await personalizedPage(request, file.body, renderChrome));
        }
        if (file) return serveStatic(file, request, securityHeaders);
        if (path.startsWith('/uploads/')) return serveUpload(ctx, path);
      }
      if (!site || !renderCache) return Response.json({ message: 'Not found.' }, { status: 404 });
      return respondWithPage(renderCache, request, { render, renderChrome, finish });
    },
    error(error) {
      console.error('[server] unexpected error', error);
      return Response.json({ message: 'Something went wrong on our side. Please try again.' }, { status: 500 });
    },
  });
  return {
    server,
    url: `http://localhost:${server.port}`,
    stop: () => {
      renderCache?.stop();
      return server.stop(true);
    },
  };
}

/** Uploaded files are stored under random names; only [A-Za-z0-9._-] names are looked up, so no user path
 * ever reaches the file system. */
async function serveUpload(ctx: AppContext, path: string): Promise<Response> {
  const name = path.slice('/uploads/'.length);
  if (!/^[A-Za-z0-9_-]+\.(png|jpg|gif|webp)$/.test(name)) return Response.json({ message: 'Not found.' }, { status: 404 });
  const file = Bun.file(join(ctx.env.uploadsDir, name));
  if (!(await file.exists())) return Response.json({ message: 'Not found.' }, { status: 404 });
  return new Response(file, {
    headers: { 'content-type': typeOf(name), 'cache-control': 'public, max-age=31536000, immutable', 'x-content-type-options': 'nosniff' },
  });
}
