// "Load more" for long card lists (My Bookings, My Classes): TanStack's infinite query asks the server for the
// next page; the button keeps its place and says how many remain.
import { type QueryKey, useInfiniteQuery } from '@tanstack/react-query';
import type { Page } from '../../lib/api';
import type { PageWindow } from './Pagination';

export function useLoadMore<T>(key: QueryKey, fetchPage: (window: PageWindow) => Promise<Page<T>>, size: number, enabled = true) {
  const query = useInfiniteQuery({
    queryKey: [...key, { size }],
    queryFn: ({ pageParam }) => fetchPage({ limit: size, offset: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return loaded < last.total ? loaded : undefined;
    },
    enabled,
  });
  const items = query.data?.pages.flatMap((p) => p.items);
  const total = query.data?.pages.at(-1)?.total ?? 0;
  return { query, items, total };
}

export function LoadMoreButton({
  query,
  loaded,
  total,
  noun,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  loaded: number;
  total: number;
  noun: string;
}) {
  if (!query.hasNextPage) return null;
  return (
    <div className="mt-6 flex flex-col items-center gap-2">
      <button type="button" className="btn-secondary" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
        {query.isFetchingNextPage ? 'Loading...' : `Load more ${noun}`}
      </button>
      <p className="text-xs text-fog-600 dark:text-fog-400" aria-live="polite">
        Showing {loaded} of {total}
      </p>
    </div>
  );
}
