// The signed-in app's router: the History API, path patterns like "/edit-class/:id", no full reloads
// between app screens. Links to paths outside the app fall through to normal navigation.
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';

interface AppLocation {
  pathname: string;
  search: string;
  /** Navigation state (e.g. the class being duplicated); survives back/forward, not reloads. */
  state: unknown;
}

const read = (): AppLocation =>
  typeof window === 'undefined'
    ? { pathname: '/', search: '', state: null }
    : { pathname: window.location.pathname, search: window.location.search, state: window.history.state?.app ?? null };

export const $location = atom<AppLocation>(read());

export function useLocation(): AppLocation {
  return useStore($location);
}

export function useQuery(): URLSearchParams {
  return new URLSearchParams(useLocation().search);
}

export type Params = Record<string, string>;

/** What every screen receives from the router: the path's parameters (e.g. `id` of /edit-class/:id). */
export interface ScreenProps {
  params: Params;
}

export function matchPath(pattern: string, pathname: string): Params | null {
  const a = pattern.split('/').filter(Boolean);
  const b = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  if (a.length !== b.length) return null;
  const params: Params = {};
  for (let i = 0; i < a.length; i++) {
    const part = a[i]!;
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(b[i]!);
    else if (part !== b[i]) return null;
  }
  return params;
}

let isAppPath: (pathname: string) => boolean = () => false;
export function setAppPathMatcher(matcher: (pathname: string) => boolean): void {
  isAppPath = matcher;
}

/** Goes to `to`: inside the app without a reload, elsewhere with a normal page load. */
export function navigate(to: string, options: { replace?: boolean; state?: unknown } = {}): void {
  const url = new URL(to, window.location.href);
  if (url.origin !== window.location.origin || !isAppPath(url.pathname)) {
    if (options.replace) window.location.replace(url.href);
    else window.location.assign(url.href);
    return;
  }
  const historyState = { app: options.state ?? null };
  if (options.replace) window.history.replaceState(historyState, '', url.pathname + url.search + url.hash);
  else window.history.pushState(historyState, '', url.pathname + url.search + url.hash);
  $location.set(read());
  window.scrollTo({ top: 0 });
}

/** Back in history when there is history, otherwise to `fallback`. */
export function goBack(fallback: string): void {
  if (window.history.length > 1 && document.referrer.startsWith(window.location.origin)) window.history.back();
  else navigate(fallback);
}

if (typeof window !== 'undefined') {
  window.addEventListener('popstate', () => $location.set(read()));
  // Plain <a href> clicks to app paths become in-app navigations.
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element | null)?.closest?.('a');
    if (!anchor || anchor.target || anchor.hasAttribute('download') || !anchor.closest('[data-app-root]')) return;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin || !isAppPath(url.pathname)) return;
    event.preventDefault();
    navigate(url.pathname + url.search + url.hash);
  });
}
