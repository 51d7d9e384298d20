// Server-paged tables (customer bookings, the admin's coaches and classes, blog posts): the server answers
// one page and the total, the previous page stays on screen while the next loads (no jump), and the footer
// moves between pages and brings the top of the table back into view.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Page } from '../../lib/api';

export const TABLE_PAGE_SIZE = 25;

export interface PageWindow {
  limit: number;
  offset: number;
}

/** The page's query string values (Eden sends query parameters as strings). */
export const pageQuery = ({ limit, offset }: PageWindow) => ({ limit: String(limit), offset: String(offset) });

/** One page of a list keyed by `key` (back to the first page when the key changes, e.g. a new search). */
export function usePagedQuery<P extends Page<unknown>>(
  key: readonly unknown[],
  fetchPage: (window: PageWindow) => Promise<P>,
  options: { anchor: string; size?: number },
) {
  const size = options.size ?? TABLE_PAGE_SIZE;
  const [state, setState] = useState({ key: JSON.stringify(key), page: 0 });
  const page = state.key === JSON.stringify(key) ? state.page : 0;
  const query = useQuery({
    queryKey: [...key, { page, size }],
    queryFn: async () => ({ ...(await fetchPage({ limit: size, offset: page * size })), page }),
    placeholderData: keepPreviousData,
  });
  const total = query.data?.total ?? 0;
  const go = (next: number) => {
    setState({ key: JSON.stringify(key), page: next });
    document.getElementById(options.anchor)?.scrollIntoView({ block: 'start' });
  };
  // "Showing" describes the rows on screen (the previous page stays until the next one arrives).
  const shownPage = query.data?.page ?? page;
  const footer =
    total > size ? (
      <PageNav
        page={page}
        shownPage={shownPage}
        size={size}
        total={total}
        shown={query.data?.items.length ?? 0}
        busy={query.isPlaceholderData}
        onPage={go}
      />
    ) : null;
  return { query, rows: query.data?.items as P['items'] | undefined, total, footer };
}

function PageNav({
  page,
  shownPage,
  size,
  total,
  shown,
  busy,
  onPage,
}: {
  page: number;
  shownPage: number;
  size: number;
  total: number;
  shown: number;
  busy: boolean;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / size));
  return (
    <nav
      aria-label="Pages"
      aria-busy={busy}
      className="flex flex-wrap items-center justify-between gap-3 border-t border-fog-200 px-4 py-3 text-sm dark:border-fog-800"
    >
      <p className="text-fog-600 dark:text-fog-400" aria-live="polite">
        Showing {shownPage * size + 1}–{shownPage * size + shown} of {total}
      </p>
      <div className="flex items-center gap-2">
        <button type="button" className="btn-secondary px-4 py-1.5" disabled={page === 0} onClick={() => onPage(page - 1)}>
          Previous
        </button>
        <span className="tabular-nums text-fog-600 dark:text-fog-400">
          Page {page + 1} of {pages}
        </span>
        <button type="button" className="btn-secondary px-4 py-1.5" disabled={page >= pages - 1} onClick={() => onPage(page + 1)}>
          Next
        </button>
      </div>
    </nav>
  );
}

/** Placeholder rows the height of the table's real rows, so the table does not jump when they arrive. */
export function SkeletonRows({ rows, columns, label }: { rows: number; columns: number; label: string }) {
  return (
    <tbody aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <tr key={i} data-testid="row-skeleton">
          {Array.from({ length: columns }, (_, j) => (
            <td key={j} className="px-4 py-3">
              <span className="skeleton block h-5 w-full max-w-32 rounded" />
            </td>
          ))}
        </tr>
      ))}
    </tbody>
  );
}
