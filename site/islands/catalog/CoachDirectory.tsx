// /coaches island: search by name or bio (case-insensitive, answered by GET /api/coaches), a live result
// count, the coach grid's first page (rendered by the server) and Show more coaches for the rest.
import { tagReact } from '../../lib/astro-react';
import { useEffect, useRef, useState } from 'react';
import { CoachCard, type CoachCardData } from '../../components/catalog/CoachCard';
import { EmptyState } from '../../components/catalog/EmptyState';
import { Icon } from '../../components/catalog/icons';
import { MoreButton } from './use-more';

export const COACHES_PAGE = 24;
/** A search waits for a pause in typing this long. */
const TYPING_PAUSE_MS = 200;

export default function CoachDirectory({ coaches, total: initialTotal, initialQuery = '' }: { coaches: CoachCardData[]; total: number; initialQuery?: string }) {
  const [query, setQuery] = useState(initialQuery);
  const [shown, setShown] = useState(coaches);
  const [total, setTotal] = useState(initialTotal);
  const [status, setStatus] = useState<'ready' | 'loading' | 'error'>('ready');
  const request = useRef(0);
  const first = useRef(true);

  async function load(text: string, offset: number) {
    const ticket = ++request.current;
    setStatus('loading');
    try {
      const params = new URLSearchParams({ limit: String(COACHES_PAGE), offset: String(offset) });
      if (text.trim()) params.set('q', text.trim());
      const response = await fetch(`/api/coaches?${params}`, { headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error('Failed to fetch coaches');
      const page = (await response.json()) as CoachCardData[];
      if (ticket !== request.current) return;
      setShown((current) => (offset ? [...current, ...page.filter((c) => !current.some((s) => s.id === c.id))] : page));
      setTotal(Number(response.headers.get('x-total-count') ?? page.length));
      setStatus('ready');
    } catch (error) {
      console.error(error);
      if (ticket === request.current) setStatus('error');
    }
  }

  useEffect(() => {
    const url = new URL(window.location.href);
    if (query.trim()) url.searchParams.set('q', query.trim());
    else url.searchParams.delete('q');
    window.history.replaceState(null, '', url.pathname + url.search);
    // The server already rendered the first page for the query the page opened with.
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => void load(query, 0), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [query]);

  return (
    <div>
      <form role="search" className="relative max-w-xl" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="coach-search" className="sr-only">Search coaches</label>
        <Icon name="search" className="pointer-events-none absolute left-3.5 top-1/2 h-5 w-5 -translate-y-1/2 text-fog-500" />
        <input id="coach-search" type="search" className="input pl-11" placeholder="Search by name or specialty" value={query} onChange={(e) => setQuery(e.target.value)} />
      </form>
      <p className="mt-3 text-sm text-fog-600 dark:text-fog-400" aria-live="polite">
        {status === 'error' && shown.length === 0 ? 'Error loading coaches. Please try again later.' : `${total} ${total === 1 ? 'coach' : 'coaches'} found`}
      </p>
      {shown.length === 0 && status === 'ready' ? (
        <div className="mt-6">
          <EmptyState title="No coaches found" hint="Try another name or specialty." />
        </div>
      ) : (
        <ul id="coach-grid" className={`mt-6 grid gap-5 transition-opacity sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4 ${status === 'loading' ? 'opacity-60' : ''}`} aria-busy={status === 'loading'}>
          {shown.map((coach) => (
            <li key={coach.id} className="grid"><CoachCard coach={coach} headingLevel={2} /></li>
          ))}
        </ul>
      )}
      {shown.length < total && <MoreButton label={`Show more coaches (${shown.length} of ${total})`} status={status} onClick={() => void load(query, shown.length)} controls="coach-grid" />}
    </div>
  );
}

tagReact(CoachDirectory);
