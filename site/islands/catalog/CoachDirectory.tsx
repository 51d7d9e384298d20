// /coaches island: search by name or bio (case-insensitive, answered by GET /api/coaches), a live result
// count, the coach grid's first page (rendered by the server) and Show more coaches for the rest.
import { useEffect, useRef, useState } from 'react';
import { CoachCard, type CoachCardData } from '../../components/catalog/CoachCard';
import { EmptyState } from '../../components/catalog/EmptyState';
import { Icon } from '../../components/catalog/icons';
import { api, unwrapPage } from '../../lib/api';
import { tagReact } from '../../lib/astro-react';
import { useSettled } from '../../lib/use-settled';
import { MoreButton, useMore } from './use-more';

export const COACHES_PAGE = 24;
/** A search waits for a pause in typing this long. */
const TYPING_PAUSE_MS = 200;

export default function CoachDirectory({
  coaches,
  total: initialTotal,
  initialQuery = '',
}: {
  coaches: CoachCardData[];
  total: number;
  initialQuery?: string;
}) {
  const [query, setQuery] = useState(initialQuery);
  const searched = useSettled(query, TYPING_PAUSE_MS).trim();
  const {
    items: shown,
    total,
    status,
    hasMore,
    more,
    restart,
  } = useMore({ items: coaches, total: initialTotal }, (offset) =>
    unwrapPage(api.coaches.get({ query: { limit: String(COACHES_PAGE), offset: String(offset), ...(searched ? { q: searched } : {}) } })),
  );
  const first = useRef(true);

  useEffect(() => {
    const url = new URL(window.location.href);
    if (searched) url.searchParams.set('q', searched);
    else url.searchParams.delete('q');
    window.history.replaceState(null, '', url.pathname + url.search);
    // The server already rendered the first page for the query the page opened with.
    if (first.current) {
      first.current = false;
      return;
    }
    void restart();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searched]);

  return (
    <div>
      <form role="search" className="relative max-w-xl" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="coach-search" className="sr-only">
          Search coaches
        </label>
        <Icon name="search" className="pointer-events-none absolute left-3.5 top-1/2 h-5 w-5 -translate-y-1/2 text-fog-500" />
        <input
          id="coach-search"
          type="search"
          className="input pl-11"
          placeholder="Search by name or specialty"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </form>
      <p className="mt-3 text-sm text-fog-600 dark:text-fog-400" aria-live="polite">
        {status === 'error' && shown.length === 0
          ? 'Error loading coaches. Please try again later.'
          : `${total} ${total === 1 ? 'coach' : 'coaches'} found`}
      </p>
      {shown.length === 0 && status === 'ready' ? (
        <div className="mt-6">
          <EmptyState title="No coaches found" hint="Try another name or specialty." />
        </div>
      ) : (
        <ul
          id="coach-grid"
          className={`mt-6 grid gap-5 transition-opacity sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4 ${status === 'loading' ? 'opacity-60' : ''}`}
          aria-busy={status === 'loading'}
        >
          {shown.map((coach) => (
            <li key={coach.id} className="grid">
              <CoachCard coach={coach} headingLevel={2} />
            </li>
          ))}
        </ul>
      )}
      {hasMore && (
        <MoreButton
          label={`Show more coaches (${shown.length} of ${total})`}
          status={status}
          onClick={() => void more()}
          controls="coach-grid"
        />
      )}
    </div>
  );
}

tagReact(CoachDirectory);
