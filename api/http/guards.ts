// The front door of every write, before Elysia reads a byte: the Origin check and the body limits, on the
// declared length or on the bytes as they arrive (api/lib/body-limit.ts). api/server.ts and the dev catch-all
// (site/pages/api/[...path].ts) run them.
import { hasLiveSession, readSessionToken } from '../auth/session';
import type { AppContext } from '../context';
import { unauthorized } from '../errors';
import { bufferBodyWithin, declaresLength } from '../lib/body-limit';
import { pathOf } from '../lib/url-path';
import { MAX_IMAGE_BYTES } from '../uploads/model';
import { API_HEADERS } from './headers';

/** JSON bodies above this are refused with 413; the upload route has its own, larger limit (one image plus
 * the multipart framing around it). Counted on the bytes received, chunked or not (api/lib/body-limit.ts). */
export const JSON_BODY_LIMIT = 1024 * 1024;
export const UPLOAD_BODY_LIMIT = MAX_IMAGE_BYTES + 64 * 1024;
/** Routes with the larger limit; only signed-in people may use them, checked before a byte of the body is read. */
const LARGE_BODY_PATHS = new Set(['/api/upload-image']);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Browsers always send Origin on cross-site writes: a foreign one is refused, and so is a missing one
 * when the request carries a session cookie (the only ambient authority a forged request could use). */
export function originAllowed(request: Request, publicUrl: string): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  const origin = request.headers.get('origin');
  if (!origin) return !(request.headers.get('cookie') ?? '').includes('fogline_session=');
  const own = new URL(request.url).origin;
  return origin === own || origin === publicUrl;
}

const tooLarge = (limit: number) =>
  Response.json(
    { message: `The request body is too large (at most ${Math.round(limit / 1024 / 1024)} MB).` },
    { status: 413, headers: API_HEADERS },
  );

/** The front-door checks for /api writes, run before Elysia sees the request (api/server.ts, and the dev
 * catch-all): the Origin check (403), then the body limit (413) on the declared length, or, for a body sent
 * without one, on the bytes as they arrive. The limit is chosen by the parsed path; the upload route's larger
 * one only for a live session (else 401, before any of the body is read). Answers the request to hand on (a
 * chunked body read into memory) or the refusal; reads pass untouched and synchronously. */
export function guardApiRequest(request: Request, ctx: AppContext): Request | Response | Promise<Request | Response> {
  if (SAFE_METHODS.has(request.method)) return request;
  if (!originAllowed(request, ctx.env.publicUrl)) {
    return Response.json({ message: 'This request must come from the Fogline site.' }, { status: 403, headers: API_HEADERS });
  }
  if (!LARGE_BODY_PATHS.has(pathOf(request.url))) return admitWithin(request, JSON_BODY_LIMIT);
  // A signed-out upload is refused before its body is read, so it cannot make the server buffer an image's worth.
  return hasLiveSession(ctx.db, ctx.clock, readSessionToken(request.headers.get('cookie'))).then((signedIn) =>
    signedIn
      ? admitWithin(request, UPLOAD_BODY_LIMIT)
      : Response.json({ message: unauthorized().message }, { status: 401, headers: API_HEADERS }),
  );
}

/** Writes outside /api (the site's pages take no bodies) get the JSON limit, so Bun's own limit never answers. */
export function guardPageRequest(request: Request): Request | Response | Promise<Request | Response> {
  return SAFE_METHODS.has(request.method) ? request : admitWithin(request, JSON_BODY_LIMIT);
}

function admitWithin(request: Request, limit: number): Request | Response | Promise<Request | Response> {
  if (declaresLength(request)) return Number(request.headers.get('content-length')) > limit ? tooLarge(limit) : request;
  return bufferBodyWithin(request, limit).then((buffered) => buffered ?? tooLarge(limit));
}
