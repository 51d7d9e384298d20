// Where to send someone after signing in: only a path on this site (never another origin), and never back
// to the sign-in pages themselves. Used by the API (Google callback) and the /auth and /register pages.
const SIGN_IN_PATHS = ['/auth', '/register', '/login', '/forgot-password', '/reset-password'];

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
  // "//evil.example" and "/\evil.example" are protocol-relative in browsers: not a path on this site.
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\') || /[\u0000-\u001f]/.test(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, 'http://fogline.invalid');
  } catch {
    return fallback;
  }
  if (url.origin !== 'http://fogline.invalid') return fallback;
  if (SIGN_IN_PATHS.includes(url.pathname.replace(/\/+$/, '') || '/')) return fallback;
  return url.pathname + url.search + url.hash;
}
