// Server-side page guards: visitors on a protected page go to /auth with a redirect back.
import type { AstroGlobal } from 'astro';

export function signInRedirect(Astro: AstroGlobal): Response | null {
  if (Astro.locals.user) return null;
  return Astro.redirect(`/auth?redirect=${encodeURIComponent(Astro.url.pathname + Astro.url.search)}`, 302);
}
