// The security headers of every API answer (and of the 413s and 403s the guards give before Elysia runs).
/** Every API answer: nothing may frame it, and only this server's own script files may run in it (the one HTML
 * page under /api is Swagger UI, whose scripts and styles come from /api/docs/assets; it sets style attributes,
 * hence inline styles); unless a route says otherwise (public assets, calendar feeds), it is personal: never
 * stored by a browser or proxy. */
export const API_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; frame-ancestors 'none'",
  'cache-control': 'private, no-store',
};
