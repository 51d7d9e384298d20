// Security headers for pages: a Content-Security-Policy that allows what the pages load (this server, plus
// Stripe, Google Maps, Google profile pictures and the upload bucket only when they are configured), HSTS in
// production, and the fixed headers. API answers get their own, stricter set (api/app.ts).
import { createHash } from 'node:crypto';
import type { Env } from '../env';

const BASE_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(self), payment=(self)',
};

/** Two years, subdomains included: what browsers' preload lists ask for. */
export const HSTS = 'max-age=63072000; includeSubDomains';

type Sources = Record<string, string[]>;

/** Google's documented sources for the Maps JavaScript API (markers, tiles, fonts, workers). */
const GOOGLE_MAPS: Sources = {
  'script-src': [
    'https://*.googleapis.com',
    'https://*.gstatic.com',
    'https://*.google.com',
    'https://*.ggpht.com',
    'https://*.googleusercontent.com',
    'blob:',
  ],
  'img-src': ['https://*.googleapis.com', 'https://*.gstatic.com', 'https://*.google.com', 'https://*.googleusercontent.com'],
  'frame-src': ['https://*.google.com'],
  'connect-src': ['https://*.googleapis.com', 'https://*.google.com', 'https://*.gstatic.com'],
  'font-src': ['https://fonts.gstatic.com'],
  'style-src': ['https://fonts.googleapis.com'],
};

/** Stripe's documented sources for Stripe.js and the Payment Element. */
const STRIPE: Sources = {
  'script-src': ['https://js.stripe.com', 'https://*.js.stripe.com'],
  'frame-src': ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  'connect-src': ['https://api.stripe.com'],
  'img-src': ['https://*.stripe.com'],
};

/** A script's CSP source: the base64 SHA-256 of its text, exactly as the page carries it. */
export function scriptHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

/** `inlineScripts` are the only inline scripts allowed to run (the layout's theme and menu scripts, Astro's island
 * loaders), by their hashes. Styles keep 'unsafe-inline': pages carry style attributes with values computed when
 * rendered (widths, colours) and Astro's island and page styles, which hashes cannot cover. */
export function contentSecurityPolicy(
  env: Pick<Env, 'stripe' | 'googleMapsKey' | 'google' | 's3'>,
  inlineScripts: readonly string[] = [],
): string {
  const policy: Sources = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...inlineScripts.map(scriptHash)],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'frame-src': [],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  const add = (sources: Sources) => {
    for (const [directive, values] of Object.entries(sources)) policy[directive]!.push(...values);
  };
  if (env.stripe) add(STRIPE);
  if (env.googleMapsKey) add(GOOGLE_MAPS);
  // Google sign-in brings the account's picture from Google's image host.
  if (env.google) add({ 'img-src': ['https://*.googleusercontent.com'] });
  if (env.s3) add({ 'img-src': [new URL(env.s3.publicUrl).origin] });
  return Object.entries(policy)
    .map(([name, values]) => `${name} ${values.length ? [...new Set(values)].join(' ') : "'none'"}`)
    .join('; ');
}

/** Every page's security headers for this server's settings. */
export function pageSecurityHeaders(
  env: Parameters<typeof contentSecurityPolicy>[0] & Pick<Env, 'production'>,
  inlineScripts: readonly string[] = [],
): Record<string, string> {
  return {
    ...BASE_HEADERS,
    'content-security-policy': contentSecurityPolicy(env, inlineScripts),
    ...(env.production ? { 'strict-transport-security': HSTS } : {}),
  };
}
