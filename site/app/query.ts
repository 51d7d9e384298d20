// The signed-in app's remote data: one TanStack Query client, so screens share cached answers, identical
// requests are made once, and a screen's data is refetched when the window regains focus.
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      refetchOnWindowFocus: true,
      // A 4xx will not change by asking again; a network blip or a 5xx gets one more try.
      retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status < 500),
    },
  },
});
