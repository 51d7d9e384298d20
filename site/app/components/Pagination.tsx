// Page-at-a-time tables (customer bookings, the admin's coaches and classes): an admin has hundreds of rows,
// and one endless table is neither readable nor fast on a phone.
import { useEffect, useState } from 'react';

export const TABLE_PAGE_SIZE = 25;

/** The rows of the current page and the footer that moves between pages; back to page 1 when the list changes.
 * Moving to another page brings the top of the table (the element with id `anchor`) back into view. */
export function usePaged<T>(rows: T[], anchor: string, size = TABLE_PAGE_SIZE) {
  const [page, setPage] = useState(0);
  const go = (next: number) => {
    setPage(next);
    document.getElementById(anchor)?.scrollIntoView({ block: 'start' });
  };
  const pages = Math.max(1, Math.ceil(rows.length / size));
  useEffect(() => setPage(0), [rows]);
  const current = Math.min(page, pages - 1);
  const shown = rows.slice(current * size, (current + 1) * size);
  const footer =
    rows.length > size ? (
      <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3 border-t border-fog-200 px-4 py-3 text-sm dark:border-fog-800">
        <p className="text-fog-600 dark:text-fog-400" aria-live="polite">
          Showing {current * size + 1}–{current * size + shown.length} of {rows.length}
        </p>
        <div className="flex items-center gap-2">
          <button type="button" className="btn-secondary px-4 py-1.5" disabled={current === 0} onClick={() => go(current - 1)}>
            Previous
          </button>
          <span className="tabular-nums text-fog-600 dark:text-fog-400">
            Page {current + 1} of {pages}
          </span>
          <button type="button" className="btn-secondary px-4 py-1.5" disabled={current >= pages - 1} onClick={() => go(current + 1)}>
            Next
          </button>
        </div>
      </nav>
    ) : null;
  return { shown, footer };
}
