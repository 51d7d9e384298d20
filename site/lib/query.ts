// The remote data of the signed-in app and of the islands (TanStack Query): within one app or island root the
// screens share cached answers (shown at once when a screen comes back, then revalidated), identical requests
// are made once, and the data on screen is fetched again when the window regains focus.
import { focusManager, QueryClient } from '@tanstack/react-query';
import { api, unwrap } from './api';

/** A client with the product's defaults: one for the signed-in app, one per island root (an island also renders
 * on the server, where a shared client would keep every request's queries). */
export function newQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Bookings, spots and payouts change elsewhere: revalidate on every mount and focus. Reference data
        // (categories) sets its own longer staleTime.
        staleTime: 0,
        refetchOnWindowFocus: true,
        // A failed load shows the screen's error state with its Retry button at once (the spec's states).
        retry: false,
      },
    },
  });
}

// Coming back from another window (e.g. the payout setup tab) fires `focus` without a visibility change.
focusManager.setEventListener((onFocus) => {
  if (typeof window === 'undefined') return undefined;
  const listener = () => onFocus();
  window.addEventListener('visibilitychange', listener, false);
  window.addEventListener('focus', listener, false);
  return () => {
    window.removeEventListener('visibilitychange', listener);
    window.removeEventListener('focus', listener);
  };
});

/** Categories change rarely: shared by the profile and class forms for five minutes. */
const REFERENCE_STALE_MS = 5 * 60_000;

/** The class categories, for the profile's expertise and the class form's choice. */
export const categoriesQuery = { queryKey: ['categories'], queryFn: () => unwrap(api.categories.get()), staleTime: REFERENCE_STALE_MS };
