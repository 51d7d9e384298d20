// The Elysia app mounted at /api: security checks, the one error handler, and every feature's routes.
import { Elysia, ValidationError } from 'elysia';
import { adminRoutes } from './admin';
import { waiverRoutes } from './waivers';
import { authRoutes } from './auth';
import { attendeeRoutes } from './attendees';
import { bookingRoutes } from './bookings';
import { calendarRoutes } from './calendar';
import { uploadRoutes } from './uploads';
import { userRoutes } from './users';
import type { AppContext } from './context';
import { docsRoutes } from './docs';
import { badRequest, DomainError, unauthorized } from './errors';
import { MAX_BODY_DEPTH, nestsDeeperThan } from './lib/body-depth';
import { bufferBodyWithin, declaresLength } from './lib/body-limit';
import { MAX_IMAGE_BYTES } from './uploads/model';
import { pathOf } from './lib/url-path';
import { hasLiveSession, readSessionToken } from './auth/session';
import { healthRoutes } from './health';
import { paymentRoutes } from './payments';
import { payoutRoutes } from './payments/payouts';
import { reviewRoutes } from './reviews';
import { catalogRoutes } from './catalog';
import { contactRoutes } from './contact';
import { blogRoutes } from './blog';
import { classRoutes } from './classes';
import { conditionsRoutes } from './conditions';
import { customerRoutes } from './customers';
import { earningsRoutes } from './earnings';
import { blogAdminRoutes } from './blog-admin';
import { waitlistRoutes } from './waitlist';
import { announceNewOffers } from './notices/waitlist-emails';
import { openIntent } from './payments/service';

/** JSON bodies above this are refused with 413; the upload route has its own, larger limit (one image plus
 * the multipart framing around it). Counted on the bytes received, chunked or not (api/lib/body-limit.ts). */
export const JSON_BODY_LIMIT = 1024 * 1024;
export const UPLOAD_BODY_LIMIT = MAX_IMAGE_BYTES + 64 * 1024;
/** Routes with the larger limit; only signed-in people may use them, checked before a byte of the body is read. */
const LARGE_BODY_PATHS = new Set(['/api/upload-image']);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Standard Schema (valibot) issues carry path items as objects, which Elysia's `all` joins into
 * "[object Object]": read their keys again so field errors land under the field's name. */
function standardIssues(error: ValidationError): { path?: string; message?: string; summary?: string }[] | null {
  const validator = (error as unknown as { validator?: any }).validator;
  const standard = validator?.['~standard'] ?? validator?.schema?.['~standard'];
  if (!standard) return null;
  const result = standard.validate(error.value);
  if (!result || typeof result.then === 'function' || !Array.isArray(result.issues)) return null;
  return result.issues.map((issue: { message: string; path?: unknown[] }) => ({
    message: issue.message,
    path: (issue.path ?? []).map((item) => (item !== null && typeof item === 'object' && 'key' in item ? String((item as { key: unknown }).key) : String(item))).join('/'),
  }));
}

function validationErrors(error: ValidationError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  type Issue = { path?: string; summary?: string; message?: string; schema?: { error?: unknown } };
  for (const issue of (standardIssues(error) as Issue[] | null) ?? (error.all as Issue[])) {
    const field = (issue.path ?? '').replace(/^\//, '').split('/')[0] || 'body';
    // A TypeBox schema's own `error` text (e.g. t.File({ error })) wins over TypeBox's generic wording.
    const custom = typeof issue.schema?.error === 'string' ? issue.schema.error : undefined;
    const message = custom ?? issue.message ?? issue.summary ?? 'Invalid value';
    (errors[field] ??= []).includes(message) || errors[field]!.push(message);
  }
  return errors;
}

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
  Response.json({ message: `The request body is too large (at most ${Math.round(limit / 1024 / 1024)} MB).` }, { status: 413, headers: API_HEADERS });

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
    signedIn ? admitWithin(request, UPLOAD_BODY_LIMIT) : Response.json({ message: unauthorized().message }, { status: 401, headers: API_HEADERS }),
  );
}

function admitWithin(request: Request, limit: number): Request | Response | Promise<Request | Response> {
  if (declaresLength(request)) return Number(request.headers.get('content-length')) > limit ? tooLarge(limit) : request;
  return bufferBodyWithin(request, limit).then((buffered) => buffered ?? tooLarge(limit));
}

/** Every API answer: nothing may frame it, and only this server's own script files may run in it (the one HTML
 * page under /api is Swagger UI, whose scripts and styles come from /api/docs/assets; it sets style attributes,
 * hence inline styles); unless a route says otherwise (public assets, calendar feeds), it is personal: never
 * stored by a browser or proxy. */
const API_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'content-security-policy': "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; frame-ancestors 'none'",
  'cache-control': 'private, no-store',
};

export function createApi(ctx: AppContext) {
  // The booking domain (api/spots) announces the waitlist offers a write made once it commits, through here.
  ctx.announceOffers ??= () => announceNewOffers(ctx);
  return new Elysia({ prefix: '/api' })
    .error({ DomainError })
    // Security headers are static: Elysia writes them into every response without a per-request hook.
    .headers(API_HEADERS)
    // Right after parsing, before validation: a hostile, deeply nested body would otherwise tie the server up for
    // seconds inside the validation error's JSON.stringify and end in a stack overflow (a 500).
    .onTransform({ as: 'global' }, ({ body }) => {
      if (body !== null && typeof body === 'object' && nestsDeeperThan(body, MAX_BODY_DEPTH)) {
        throw badRequest('The request body is nested too deeply.');
      }
    })
    .onError(({ code, error, set }) => {
      if (error instanceof DomainError) {
        set.status = error.status;
        if (error.headers) Object.assign(set.headers, error.headers);
        return error.errors ? { message: error.message, errors: error.errors } : { message: error.message };
      }
      switch (code) {
        case 'VALIDATION': {
          set.status = 400;
          const errors = validationErrors(error as ValidationError);
          const first = Object.values(errors)[0]?.[0] ?? 'Invalid request.';
          return { message: first, errors };
        }
        case 'PARSE':
          set.status = 400;
          return { message: 'The request body could not be read: send valid JSON.' };
        case 'NOT_FOUND':
          set.status = 404;
          return { message: 'Not found.' };
        case 'INVALID_COOKIE_SIGNATURE':
          set.status = 400;
          return { message: 'Invalid cookie.' };
        default: {
          // Bun refuses oversized bodies before we see them; anything else unexpected is logged, never shown.
          const status = (error as { status?: number })?.status;
          if (status === 413) {
            set.status = 413;
            return { message: 'The request body is too large.' };
          }
          if (typeof status === 'number' && status >= 400 && status < 500) {
            set.status = status;
            return { message: (error as Error).message || 'Bad request.' };
          }
          console.error('[api] unexpected error', error);
          set.status = 500;
          return { message: 'Something went wrong on our side. Please try again.' };
        }
      }
    })
    .use(docsRoutes())
    .use(healthRoutes(ctx))
    .use(authRoutes(ctx))
    .use(userRoutes(ctx))
    .use(adminRoutes(ctx))
    .use(waiverRoutes(ctx))
    .use(uploadRoutes(ctx))
    .use(catalogRoutes(ctx))
    .use(contactRoutes(ctx))
    .use(blogRoutes(ctx))
    .use(classRoutes(ctx))
    .use(conditionsRoutes(ctx))
    .use(customerRoutes(ctx))
    .use(blogAdminRoutes(ctx))
    // Feature routes are added below, one line each.
    .use(bookingRoutes(ctx))
    .use(waitlistRoutes(ctx, { openCheckout: openIntent }))
    .use(paymentRoutes(ctx))
    .use(payoutRoutes(ctx))
    .use(earningsRoutes(ctx))
    .use(reviewRoutes(ctx))
    .use(calendarRoutes(ctx))
    .use(attendeeRoutes(ctx))
    .all('/*', ({ set }) => {
      set.status = 404;
      return { message: 'Not found.' };
    }, { detail: { hide: true } });
}

export type Api = ReturnType<typeof createApi>;
