// The signed-in app's remote data: one TanStack Query client, so screens share cached answers (shown at once
// when a screen comes back, then revalidated), identical requests are made once, and the data on screen is
// fetched again when the window regains focus.
import { focusManager, QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
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
export const REFERENCE_STALE_MS = 5 * 60_000;
