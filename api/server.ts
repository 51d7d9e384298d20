// The one Bun process, and where each request goes: first, a signed-out GET or HEAD of a built file or a cached page
// is answered at once from a Response built once (no await, no header built per request); then /api straight to
// Elysia (after the guards in api/http/guards.ts), built assets and prerendered pages from memory and uploads from
// DATA_DIR (api/http/static-files.ts), everything else to the built Astro site through the render cache;
// compression is api/lib/compress.ts.
import type { Server } from 'bun';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createApi } from './app';
import { guardApiRequest, guardPageRequest } from './http/guards';
import { loadStaticFiles, serveStatic, serveUpload, type StaticFile } from './http/static-files';
import { compressResponse } from './lib/compress';
import { pathAndQueryOf, pathOf } from './lib/url-path';
import { hostIsFine, refuseBadHost } from './lib/host-header';
import type { AppContext } from './context';
import { CLIENT_IP_HEADER, resolveClientAddress } from './lib/client-address';
import { pageSecurityHeaders } from './lib/page-headers';
import { TEST_PAYMENTS_BANNER } from './providers/payments/settings';
import { attachRenderCache } from './render-cache';
import { personalizedPage } from './render-cache/chrome';
import { cachedAnswer, isSignedOut, respondWithPage } from './render-cache/html';
import { readSessionToken } from './auth/session';

type RenderPage = (request: Request, locals: Record<string, unknown>, clientAddress?: string) => Promise<Response>;

/** The page's security headers (api/lib/page-headers.ts); a signed-in visitor's page is never stored anywhere. */
function withSecurityHeaders(response: Response, securityHeaders: Record<string, string>, request: Request): Response {
  for (const [name, value] of Object.entries(securityHeaders)) {
    if (!response.headers.has(name)) response.headers.set(name, value);
  }
  if (!isSignedOut(request)) response.headers.set('cache-control', 'private, no-store');
  return response;
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
  const securityHeaders = pageSecurityHeaders(ctx.env, site?.inlineScripts ?? []);
  const staticFiles = site
    ? loadStaticFiles(site.clientDir, ctx.env.announceTestPayments ? TEST_PAYMENTS_BANNER : null, securityHeaders)
    : new Map<string, StaticFile>();
  // Public pages come from the render cache (api/render-cache), dropped by tag when any process writes.
  const renderCache = site ? attachRenderCache(ctx) : null;

  /** What every visitor without a session gets the same: a built file, or a page the render cache holds, from
   * the Responses prebuilt for them (the server's hot path: no await, no URL object, nothing built per request;
   * the URL and each header read once, since every read crosses into Bun's native side). Null sends the request
   * down the full path, which decides everything else (a bad Host's 400 too). /api never matches: no built file
   * or cached page lives under it. */
  const answerFromMemory = (request: Request): Response | Promise<Response> | null => {
    const headers = request.headers;
    if (!hostIsFine(headers.get('host'))) return null;
    const key = pathAndQueryOf(request.url);
    const cookie = headers.get('cookie');
    const signedOut = cookie === null || readSessionToken(cookie) === null;
    const query = key.indexOf('?');
    const file = staticFiles.get(key) ?? (query === -1 ? undefined : staticFiles.get(key.slice(0, query)));
    // A prerendered page gets a signed-in visitor's own header on the full path.
    if (file) return renderCache && !signedOut && file.type.startsWith('text/html') ? null : serveStatic(file, headers);
    if (!renderCache || !signedOut) return null;
    return cachedAnswer(renderCache, headers, key);
  };

  const server = Bun.serve({
    port,
    hostname,
    reusePort,
    // Bun's own limit would answer a bare 413 (no JSON, no security headers) before fetch runs: it is lifted, and
    // every body is bounded here instead, on its declared length or on the bytes as they arrive (guardApiRequest,
    // guardPageRequest), so any size gets the JSON 413 and nothing over the limit is ever held in memory.
    maxRequestBodySize: Number.MAX_SAFE_INTEGER,
    fetch(request, srv) {
      const method = request.method;
      if (site && (method === 'GET' || method === 'HEAD')) {
        const answer = answerFromMemory(request);
        if (answer) return answer;
      }
      return handle(request, srv);
    },
    error(error) {
      console.error('[server] unexpected error', error);
      return Response.json({ message: 'Something went wrong on our side. Please try again.' }, { status: 500 });
    },
  });

  /** Every request the hot path above does not answer. */
  async function handle(request: Request, srv: Server<undefined>): Promise<Response> {
    const badHost = refuseBadHost(request);
    if (badHost) return badHost;
    const path = pathOf(request.url);
    if (path === '/api' || path.startsWith('/api/')) {
      // The client's address for per-address limits, as TRUST_PROXY says, replacing any client-sent value. Only
      // writes are limited per address, so a GET is not resolved (the hot path) and just loses a client's value.
      if (request.method !== 'GET')
        request.headers.set(
          CLIENT_IP_HEADER,
          resolveClientAddress(request.headers, srv.requestIP(request)?.address ?? '', ctx.env.trustProxy),
        );
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
    const render = async (locals: Record<string, unknown>, page = request) =>
      withSecurityHeaders(await site!.renderPage(page, locals, srv.requestIP(request)?.address), securityHeaders, request);
    // The visitor's header and bottom bar, from the not-found page rendered for them (api/render-cache/chrome.ts).
    const renderChrome = () =>
      render({ ctx, chromePath: path }, new Request(new URL('/__chrome', request.url), { headers: request.headers }));
    const finish = (response: Response) => compressResponse(withSecurityHeaders(response, securityHeaders, request), request);
    if (request.method === 'GET' || request.method === 'HEAD') {
      const file = staticFiles.get(path);
      if (file?.type.startsWith('text/html') && renderCache && !isSignedOut(request)) {
        // A prerendered page (about, FAQ, contact) with the signed-in visitor's own header.
        return finish(await personalizedPage(request, file.body, renderChrome));
      }
      if (file) return serveStatic(file, request.headers);
      if (path.startsWith('/uploads/')) return serveUpload(ctx, path);
    }
    if (!site || !renderCache) return Response.json({ message: 'Not found.' }, { status: 404 });
    return respondWithPage(renderCache, request, { render, renderChrome, finish });
  }

  return {
    server,
    url: `http://localhost:${server.port}`,
    stop: () => {
      renderCache?.stop();
      return server.stop(true);
    },
  };
}
