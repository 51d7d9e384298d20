// /classes island: the search form, filter chips, List/Map toggle, the list (with the map beside it on large
// screens) and the empty and error states. The first page arrives from the server already filtered by the
// URL; a search rewrites the URL and asks GET /api/classes (the §5 rules, in SQL) for its first page. More
// pages load as the list scrolls near its end (or with Show more classes), below the rows already shown, so
// nothing moves; the map asks the server for the pins in its view.
import { tagReact } from '../../lib/astro-react';
import { useEffect, useRef, useState } from 'react';
import { type ClassFilters, classFiltersToQuery, parseClassFilters } from '../../../api/catalog/filter-classes';
import { formatDateLong } from '../../../api/lib/pacific';
import { EmptyState } from '../../components/catalog/EmptyState';
import { Icon } from '../../components/catalog/icons';
import { type BrowseItem, toBrowseItem } from './browse-item';
import { ClassRow } from './ClassRow';
import { MapPanel } from './MapPanel';
import { type CategoryOption, SearchForm } from './SearchForm';

/** Classes per request: the API's default page. */
export const PAGE_SIZE = 24;

interface Props {
  initialFilters: ClassFilters;
  initialItems: BrowseItem[];
  initialTotal: number;
  /** The total is a lower bound (a 1- or 2-character search counts only so far). */
  initialTotalCapped?: boolean;
  initialError?: boolean;
  categories: CategoryOption[];
  cities: string[];
  mapsKey: string | null;
}

/** loading: a new search's first page; more: the next page of the same search. */
type Status = 'ready' | 'loading' | 'more' | 'error';

function useLargeScreen(): boolean {
  const [large, setLarge] = useState(false);
  useEffect(() => {
    const query = window.matchMedia('(min-width: 1024px)');
    const update = () => setLarge(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return large;
}

/** A placeholder row the height of a real one, so rows arriving never push anything around. */
function SkeletonRow() {
  return (
    <li aria-hidden="true" className="flex gap-4 p-3">
      <div className="skeleton h-20 w-20 shrink-0 sm:h-28 sm:w-28" />
      <div className="flex-1 space-y-2 py-1"><div className="skeleton h-4 w-2/3" /><div className="skeleton h-3 w-1/2" /><div className="skeleton h-3 w-1/3" /></div>
    </li>
  );
}

export default function BrowseClasses({ initialFilters, initialItems, initialTotal, initialTotalCapped = false, initialError = false, categories, cities, mapsKey }: Props) {
  const [filters, setFilters] = useState(initialFilters);
  const [items, setItems] = useState(initialItems);
  const [total, setTotal] = useState(initialTotal);
  // A 1- or 2-character search counts its matches only up to a cap: the total then reads "1000+".
  const [totalCapped, setTotalCapped] = useState(initialTotalCapped);
  const totalLabel = `${total}${totalCapped ? '+' : ''}`;
  const [status, setStatus] = useState<Status>(initialError ? 'error' : 'ready');
  const [view, setView] = useState<'list' | 'map'>('list');
  const [formKey, setFormKey] = useState(0);
  const large = useLargeScreen();
  const request = useRef(0);
  const listRef = useRef<HTMLUListElement>(null);
  const sentinelRef = useRef<HTMLLIElement>(null);

  const categoryName = (id: string | undefined) => categories.find((c) => String(c.id) === id)?.name ?? id;

  async function load(next: ClassFilters, offset = 0) {
    const ticket = ++request.current;
    setStatus(offset ? 'more' : 'loading');
    try {
      const query = classFiltersToQuery(next);
      const response = await fetch(`/api/classes?${query ? `${query}&` : ''}limit=${PAGE_SIZE}&offset=${offset}`, { headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error('Failed to fetch classes');
      const list = ((await response.json()) as Parameters<typeof toBrowseItem>[0][]).map(toBrowseItem);
      if (ticket !== request.current) return;
      // A class booked or added between two pages may shift the next one: never show a row twice.
      setItems((current) => (offset ? [...current, ...list.filter((item) => !current.some((c) => c.id === item.id))] : list));
      setTotal(Number(response.headers.get('x-total-count') ?? list.length));
      setTotalCapped(response.headers.get('x-total-count-capped') === 'true');
      setStatus('ready');
      if (!offset) listRef.current?.scrollTo({ top: 0 });
    } catch (error) {
      console.error(error);
      if (ticket === request.current) setStatus('error');
    }
  }
  const loadMore = () => void load(filters, items.length);

  // The next page is asked for while the end of the list is still a little below its fold.
  const canLoadMore = status === 'ready' && items.length < total;
  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!canLoadMore || !sentinel || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && loadMore(), { root: listRef.current, rootMargin: '0px 0px 400px 0px' });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [canLoadMore, items.length, filters, view]);

  function apply(next: ClassFilters, push = true) {
    setFilters(next);
    if (push) {
      const query = classFiltersToQuery(next);
      window.history.pushState(null, '', query ? `/classes?${query}` : '/classes');
    }
    void load(next);
  }

  useEffect(() => {
    const onPop = () => {
      const next = parseClassFilters(new URLSearchParams(window.location.search));
      setFormKey((k) => k + 1);
      apply(next, false);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const removeFilter = (key: keyof ClassFilters) => {
    setFormKey((k) => k + 1);
    apply({ ...filters, [key]: undefined });
  };

  const chips: { key: keyof ClassFilters; label: string }[] = [];
  if (filters.type) chips.push({ key: 'type', label: `Type: ${categoryName(filters.type)}` });
  if (filters.ageGroup) chips.push({ key: 'ageGroup', label: `Age: ${filters.ageGroup}` });
  if (filters.city) chips.push({ key: 'city', label: `City: ${filters.city}` });
  if (filters.category) chips.push({ key: 'category', label: `Category: ${categoryName(filters.category)}` });
  if (filters.date) chips.push({ key: 'date', label: `Date: ${/^\d{4}-\d{2}-\d{2}$/.test(filters.date) ? formatDateLong(`${filters.date}T12:00:00Z`) : filters.date}` });

  const title = filters.q ? `Search Results for "${filters.q}"` : 'Browse All Classes';
  const showSideMap = view === 'list' && large;

  const filterKey = classFiltersToQuery(filters);

  const list =
    status === 'error' && items.length === 0 ? (
      <EmptyState tone="error" title="Error loading classes. Please try again later." />
    ) : items.length === 0 && status === 'ready' ? (
      <EmptyState title="No classes found" hint="Try adjusting your filters or check back later for new classes." />
    ) : items.length === 0 ? (
      <ul className="card space-y-1 p-1" aria-hidden="true">
        {[0, 1, 2, 3].map((n) => <SkeletonRow key={n} />)}
      </ul>
    ) : (
      <div className="card overflow-hidden">
        <ul
          ref={listRef}
          className={`max-h-[600px] divide-y divide-fog-100 overflow-y-auto p-1 transition-opacity dark:divide-fog-800 ${status === 'loading' ? 'opacity-60' : ''}`}
          aria-label="Classes"
          aria-busy={status === 'loading' || status === 'more'}
        >
          {items.map((item, index) => (
            <ClassRow key={item.id} item={item} eager={index < 3} />
          ))}
          {status === 'more' && [0, 1].map((n) => <SkeletonRow key={`more-${n}`} />)}
          {canLoadMore && <li ref={sentinelRef} aria-hidden="true" className="h-px" />}
        </ul>
        {(items.length < total || status === 'error') && (
          <div className="border-t border-fog-100 p-3 text-center dark:border-fog-800">
            {status === 'error' && <p role="alert" className="mb-2 text-sm text-red-700 dark:text-red-400">Error loading classes. Please try again later.</p>}
            <button type="button" className="btn-secondary" onClick={loadMore} disabled={status === 'loading' || status === 'more'}>
              {status === 'more' ? 'Loading more classes...' : `Show more classes (${items.length} of ${totalLabel})`}
            </button>
          </div>
        )}
      </div>
    );

  return (
    <div>
      <h1 className="text-3xl font-bold sm:text-4xl">{title}</h1>
      <p className="mt-1 text-fog-600 dark:text-fog-400" aria-live="polite">
        {status === 'loading' ? 'Loading classes...' : status === 'error' && items.length === 0 ? '\u00a0' : `${totalLabel} ${total === 1 && !totalCapped ? 'class' : 'classes'}`}
      </p>

      <div className="mt-6">
        <SearchForm key={formKey} initial={filters} categories={categories} cities={cities} onSearch={(next) => apply(next)} />
      </div>

      <div className="mt-5 flex flex-wrap items-center gap-2">
        {chips.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label="Active filters">
            {chips.map((chip) => (
              <li key={chip.key}>
                <button type="button" onClick={() => removeFilter(chip.key)} className="badge gap-1 bg-brand-50 py-1.5 text-sm text-brand-800 hover:bg-brand-100 dark:bg-brand-900/50 dark:text-brand-100" aria-label={`Remove filter ${chip.label}`}>
                  {chip.label} <Icon name="close" className="h-3.5 w-3.5" />
                </button>
              </li>
            ))}
          </ul>
        )}
        <div role="group" aria-label="View" className="ml-auto inline-flex rounded-full bg-fog-100 p-1 dark:bg-fog-800">
          {(['list', 'map'] as const).map((mode) => (
            <button
              key={mode}
              type="button"
              aria-pressed={view === mode}
              onClick={() => setView(mode)}
              className={`inline-flex items-center gap-1.5 rounded-full px-4 py-1.5 text-sm font-semibold ${view === mode ? 'bg-white text-brand-800 shadow-sm dark:bg-fog-950 dark:text-brand-200' : 'text-fog-700 dark:text-fog-300'}`}
            >
              <Icon name={mode} className="h-4 w-4" /> {mode === 'list' ? 'List' : 'Map'}
            </button>
          ))}
        </div>
      </div>

      <div className={`mt-4 grid gap-6 ${showSideMap ? 'lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]' : ''}`}>
        {view === 'list' ? list : <MapPanel mapsKey={mapsKey} filterQuery={filterKey} className="h-[70vh] min-h-[420px]" />}
        {showSideMap && <MapPanel mapsKey={mapsKey} filterQuery={filterKey} className="sticky top-20 h-[600px]" />}
      </div>
    </div>
  );
}

tagReact(BrowseClasses);
