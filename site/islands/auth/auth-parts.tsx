// The auth islands' own pieces beside the shared form kit (site/lib/form): the Continue with Google button
// and the view that replaces a form once it is done.
import type { ReactNode } from 'react';

function googleSignInHref(role: string, redirect?: string | null): string {
  const query = new URLSearchParams({ role });
  if (redirect) query.set('redirect', redirect);
  return `/api/auth/google?${query}`;
}

/** Continue with Google: a browser navigation to the API, which answers with Google's consent page. */
export function GoogleButton({ role, redirect }: { role: string; redirect?: string | null }) {
  return (
    <>
      <div
        className="my-5 flex items-center gap-3 text-xs font-medium uppercase tracking-wide text-fog-500 dark:text-fog-400"
        aria-hidden="true"
      >
        <span className="h-px flex-1 bg-fog-200 dark:bg-fog-700" />
        or
        <span className="h-px flex-1 bg-fog-200 dark:bg-fog-700" />
      </div>
      <a href={googleSignInHref(role, redirect)} className="btn-secondary w-full">
        <svg className="h-5 w-5" viewBox="0 0 48 48" aria-hidden="true">
          <path
            fill="#FFC107"
            d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
          />
          <path
            fill="#FF3D00"
            d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
          />
          <path
            fill="#4CAF50"
            d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
          />
          <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
        </svg>
        Continue with Google
      </a>
    </>
  );
}

/** The view that replaces a form once it is done (a check mark) or cannot go on (a warning sign). */
export function ResultView({ tone = 'success', title, children }: { tone?: 'success' | 'error'; title: string; children: ReactNode }) {
  const success = tone === 'success';
  return (
    <div role={success ? 'status' : 'alert'} className="text-center">
      <span
        className={`mx-auto flex h-14 w-14 items-center justify-center rounded-full ${success ? 'bg-brand-100 text-brand-700 dark:bg-brand-900 dark:text-brand-200' : 'bg-red-50 text-red-700 dark:bg-red-950 dark:text-red-300'}`}
        aria-hidden="true"
      >
        <svg
          className="h-7 w-7"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path
            d={
              success
                ? 'm5 12.5 4.5 4.5L19 7.5'
                : 'M12 8v5m0 3.5v.01M10.3 3.9 2.4 17.6A2 2 0 0 0 4.1 20.6h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z'
            }
          />
        </svg>
      </span>
      <h2 className="mt-4 text-xl font-bold">{title}</h2>
      {children}
    </div>
  );
}
