// /coaches island: search by name or bio (case-insensitive), a live result count and the coach grid.
import { tagReact } from '../../lib/astro-react';
import { useEffect, useMemo, useState } from 'react';
import { matchesCoachSearch } from '../../../api/catalog/coach-search';
import { CoachCard, type CoachCardData } from '../../components/catalog/CoachCard';
import { EmptyState } from '../../components/catalog/EmptyState';
import { Icon } from '../../components/catalog/icons';

export default function CoachDirectory({ coaches, initialQuery = '' }: { coaches: CoachCardData[]; initialQuery?: string }) {
  const [query, setQuery] = useState(initialQuery);
  const shown = useMemo(() => coaches.filter((coach) => matchesCoachSearch(coach, query)), [coaches, query]);

  useEffect(() => {
    const url = new URL(window.location.href);
    if (query.trim()) url.searchParams.set('q', query.trim());
    else url.searchParams.delete('q');
    window.history.replaceState(null, '', url.pathname + url.search);
  }, [query]);

  return (
    <div>
      <form role="search" className="relative max-w-xl" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="coach-search" className="sr-only">Search coaches</label>
        <Icon name="search" className="pointer-events-none absolute left-3.5 top-1/2 h-5 w-5 -translate-y-1/2 text-fog-500" />
        <input id="coach-search" type="search" className="input pl-11" placeholder="Search by name or specialty" value={query} onChange={(e) => setQuery(e.target.value)} />
      </form>
      <p className="mt-3 text-sm text-fog-600 dark:text-fog-400" aria-live="polite">
        {shown.length} {shown.length === 1 ? 'coach' : 'coaches'} found
      </p>
      {shown.length === 0 ? (
        <div className="mt-6">
          <EmptyState title="No coaches found" hint="Try another name or specialty." />
        </div>
      ) : (
        <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {shown.map((coach) => (
            <li key={coach.id} className="grid"><CoachCard coach={coach} headingLevel={2} /></li>
          ))}
        </ul>
      )}
    </div>
  );
}

tagReact(CoachDirectory);
