// Where to send someone after signing in: only a path on this site (never another origin), and never back
// to the sign-in pages themselves. Used by the API (Google callback) and the /auth and /register pages.
const SIGN_IN_PATHS = ['/auth', '/register', '/login', '/forgot-password', '/reset-password'];
const BASE = 'http://fogline.invalid';

/** A path a browser reads as another host: "//host", "/\host" (backslashes count as slashes in URLs). */
const leavesSite = (path: string) => /^[/\\][/\\]/.test(path);

/** Where a user lands after signing in when no page asked for them: coaches on their dashboard (issue 22),
 * customers and admins on the home page (customer-areas §3). */
export function landingPath(role: string | null | undefined): string {
  return role === 'coach' ? '/dashboard' : '/';
}

export function safeRedirectPath(raw: string | null | undefined, fallback = '/'): string {
  if (!raw) return fallback;
  let target = raw.trim();
  // Pages receive the parameter already decoded once; a second encoding ("%2Fbookings") is decoded too.
  if (/^%2F/i.test(target)) {
    try {
      target = decodeURIComponent(target);
    } catch {
      return fallback;
    }
  }
  // Browsers drop tabs and newlines inside URLs ("/\t/evil" is "//evil"), so no control character passes.
  if (!target.startsWith('/') || leavesSite(target) || /[\u0000-\u001f\u007f]/.test(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  // The check that matters is on the normalised path: "/.//evil", "/a/..//evil", "/%2e//evil" and "/./\evil"
  // all become "//evil" once dot-segments are removed, which the browser would read as a host.
  const path = url.pathname + url.search + url.hash;
  if (leavesSite(path) || new URL(path, BASE).origin !== BASE) return fallback;
  if (SIGN_IN_PATHS.includes(url.pathname.replace(/\/+$/, '') || '/')) return fallback;
  return path;
}
