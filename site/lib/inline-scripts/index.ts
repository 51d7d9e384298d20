// The site's classic inline scripts: each must run before the page is shown or before its images load, which a
// deferred module cannot. Kept as files read as text, so the server can allow exactly these in its
// Content-Security-Policy by their hashes (site/adapter/entry.mjs hands them over) instead of 'unsafe-inline'.
import imageFallback from './image-fallback.js?raw';
import menuKeys from './menu-keys.js?raw';
import themeBeforePaint from './theme-before-paint.js?raw';

export const INLINE_SCRIPTS = { imageFallback, menuKeys, themeBeforePaint };
