// /classes island: the search form (on phones a one-line summary whose chips open it as a sheet), filter chips,
// the day strip and time-of-day chips, the sort, List/Map, the list (with the map beside it on large screens)
// and the empty and error states. The first page arrives from the server already filtered and sorted by the
// URL; a search rewrites the URL and asks GET /api/classes (the §5 rules, in SQL) for its first page. The list
// is part of the page's own scroll (no inner scroll box): more pages load as its end nears the bottom of the
// window (or with Show more classes), below the rows already shown, so nothing moves; the map asks the server
// for the pins in its view.
import { tagReact } from '../../lib/astro-react';
import { useEffect, useRef, useState } from 'react';
import {
  type ClassFilters,
  classFiltersToQuery,
  isTimeOfDay,
  parseClassFilters,
  TIMES_OF_DAY,
  type TimeOfDay,
} from '../../../common/class-filters';
import { formatDateLong, pacificDay, startOfPacificDay, TIME_ZONE } from '../../../common/pacific';
import { EmptyState } from '../../components/catalog/EmptyState';
import { Icon } from '../../components/catalog/icons';
import { fetchClassPage } from '../../lib/catalog-api';
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
  /** The server's clock when it rendered (ms): which classes have started, and the day strip's today. */
  renderedAt: number;
}

/** Days in the strip: today, tomorrow and the days after. */
const STRIP_DAYS = 7;

/** The day strip: Pacific days from today, as YYYY-MM-DD with a short label (Today, Tomorrow, Sat 28). */
function stripDays(now: number): { day: string; label: string }[] {
  const noon = startOfPacificDay(new Date(now)).getTime() + 12 * 3_600_000;
  const short = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, weekday: 'short', day: 'numeric' });
  return Array.from({ length: STRIP_DAYS }, (_, n) => {
    const at = new Date(noon + n * 86_400_000);
    const parts = short.formatToParts(at);
    const weekday = parts.find((part) => part.type === 'weekday')?.value;
    const date = parts.find((part) => part.type === 'day')?.value;
    return { day: pacificDay(at), label: n === 0 ? 'Today' : n === 1 ? 'Tomorrow' : `${weekday} ${date}` };
  });
}

const SORTS = [
  { value: '', label: 'Soonest' },
  { value: 'nearest', label: 'Nearest' },
  { value: 'price', label: 'Price: low to high' },
  { value: 'rating', label: 'Top rated' },
] as const;

/** A pressed-or-not chip of the day strip and the time-of-day row. */
function Chip({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: string }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={`shrink-0 rounded-full border px-3.5 py-1.5 text-sm font-semibold whitespace-nowrap transition-colors ${pressed ? 'border-brand-600 bg-brand-600 text-white dark:border-brand-400 dark:bg-brand-400 dark:text-fog-950' : 'border-fog-300 bg-white text-fog-800 hover:bg-fog-100 dark:border-fog-700 dark:bg-fog-900 dark:text-fog-100 dark:hover:bg-fog-800'}`}
    >
      {children}
    </button>
  );
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
      <div className="flex-1 space-y-2 py-1">
        <div className="skeleton h-4 w-2/3" />
        <div className="skeleton h-3 w-1/2" />
        <div className="skeleton h-3 w-1/3" />
      </div>
    </li>
  );
}

export default function BrowseClasses({
  initialFilters,
  initialItems,
  initialTotal,
  initialTotalCapped = false,
  initialError = false,
  categories,
  cities,
  mapsKey,
  renderedAt,
}: Props) {
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
  const sentinelRef = useRef<HTMLLIElement>(null);
  // The server's clock for the first render (the HTML may come from the render cache), then this browser's.
  const [now, setNow] = useState(renderedAt);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  // Phones: the search form opens as a sheet from the one-line summary.
  const [sheet, setSheet] = useState(false);
  useEffect(() => {
    if (!sheet) return;
    document.getElementById('search-q')?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setSheet(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [sheet]);

  const categoryName = (id: string | undefined) => categories.find((c) => String(c.id) === id)?.name ?? id;

  async function load(next: ClassFilters, offset = 0) {
    const ticket = ++request.current;
    setStatus(offset ? 'more' : 'loading');
    try {
      const page = await fetchClassPage(classFiltersToQuery(next), { limit: PAGE_SIZE, offset });
      const list = page.items.map(toBrowseItem);
      if (ticket !== request.current) return;
      // A class booked or added between two pages may shift the next one: never show a row twice.
      setItems((current) => (offset ? [...current, ...list.filter((item) => !current.some((c) => c.id === item.id))] : list));
      setTotal(page.total);
      setTotalCapped(page.totalIsAtLeast);
      setStatus('ready');
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
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && loadMore(), {
      rootMargin: '0px 0px 600px 0px',
    });
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

  /** A change made outside the form (chip, day strip, sort): the form starts again from the new filters. */
  const change = (next: ClassFilters) => {
    setFormKey((k) => k + 1);
    apply(next);
  };
  const removeFilter = (key: keyof ClassFilters) => change({ ...filters, [key]: undefined });
  const located = Boolean(filters.lat && filters.lng);
  const forgetLocation = () =>
    change({ ...filters, lat: undefined, lng: undefined, sort: filters.sort === 'nearest' ? undefined : filters.sort });
  const days = stripDays(now);
  const chosenDay =
    filters.date && /^\d{4}-\d{2}-\d{2}$/.test(filters.date) ? filters.date : filters.date ? pacificDay(filters.date) : undefined;
  const sort = filters.sort === 'nearest' && !located ? '' : (filters.sort ?? '');

  const chips: { key: keyof ClassFilters; label: string }[] = [];
  if (filters.type) chips.push({ key: 'type', label: `Type: ${categoryName(filters.type)}` });
  if (filters.ageGroup) chips.push({ key: 'ageGroup', label: `Age: ${filters.ageGroup}` });
  if (filters.city) chips.push({ key: 'city', label: `City: ${filters.city}` });
  if (filters.category) chips.push({ key: 'category', label: `Category: ${categoryName(filters.category)}` });
  if (filters.date)
    chips.push({
      key: 'date',
      label: `Date: ${/^\d{4}-\d{2}-\d{2}$/.test(filters.date) ? formatDateLong(`${filters.date}T12:00:00Z`) : filters.date}`,
    });
  if (isTimeOfDay(filters.time)) chips.push({ key: 'time', label: `Time: ${TIMES_OF_DAY[filters.time].label}` });
  // The phone's one-line summary: the search text and every chip, each opening the form.
  const summary = [
    ...(filters.q ? [`"${filters.q}"`] : []),
    ...chips.map((chip) => chip.label.replace(/^[^:]+: /, '')),
    ...(located ? ['Near you'] : []),
  ];

  const title = filters.q ? `Search Results for "${filters.q}"` : 'Browse All Classes';
  // Without a Maps key there is no map to show: no List/Map toggle and no empty panel beside the list.
  const showSideMap = Boolean(mapsKey) && view === 'list' && large;

  const filterKey = classFiltersToQuery(filters);

  const list =
    status === 'error' && items.length === 0 ? (
      <EmptyState tone="error" title="Error loading classes. Please try again later." />
    ) : items.length === 0 && status === 'ready' ? (
      <EmptyState title="No classes found" hint="Try adjusting your filters or check back later for new classes." />
    ) : items.length === 0 ? (
      <ul className="card space-y-1 p-1" aria-hidden="true">
        {[0, 1, 2, 3].map((n) => (
          <SkeletonRow key={n} />
        ))}
      </ul>
    ) : (
      <div className="card overflow-hidden">
        <ul
          className={`divide-y divide-fog-100 p-1 transition-opacity dark:divide-fog-800 ${status === 'loading' ? 'opacity-60' : ''}`}
          aria-label="Classes"
          aria-busy={status === 'loading' || status === 'more'}
        >
          {items.map((item, index) => (
            <ClassRow key={item.id} item={item} eager={index < 3} now={now} />
          ))}
          {status === 'more' && [0, 1].map((n) => <SkeletonRow key={`more-${n}`} />)}
          {canLoadMore && <li ref={sentinelRef} aria-hidden="true" className="h-px" />}
        </ul>
        {(items.length < total || status === 'error') && (
          <div className="border-t border-fog-100 p-3 text-center dark:border-fog-800">
            {status === 'error' && (
              <p role="alert" className="mb-2 text-sm text-red-700 dark:text-red-400">
                Error loading classes. Please try again later.
              </p>
            )}
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
        {status === 'loading'
          ? 'Loading classes...'
          : status === 'error' && items.length === 0
            ? '\u00a0'
            : `${totalLabel} ${total === 1 && !totalCapped ? 'class' : 'classes'}`}
      </p>

      {/* Phones: one line that says what is chosen; it and each chip open the form as a sheet. */}
      <div className="mt-4 flex items-center gap-2 overflow-x-auto pb-1 sm:hidden" data-testid="filter-summary">
        <button
          type="button"
          onClick={() => setSheet(true)}
          className="btn-secondary shrink-0 px-4"
          aria-haspopup="dialog"
          aria-expanded={sheet}
        >
          <Icon name="filter" className="h-4 w-4" /> Filters
          {summary.length > 0 && <span className="badge bg-brand-600 text-white">{summary.length}</span>}
        </button>
        {summary.length === 0 ? (
          <span className="truncate text-sm text-fog-600 dark:text-fog-400">All classes, any type</span>
        ) : (
          summary.map((label) => (
            <button
              key={label}
              type="button"
              onClick={() => setSheet(true)}
              className="badge shrink-0 bg-brand-50 py-1.5 text-sm whitespace-nowrap text-brand-800 dark:bg-brand-900/50 dark:text-brand-100"
            >
              {label}
            </button>
          ))
        )}
      </div>

      <div
        className={
          sheet
            ? 'fixed inset-0 z-50 flex items-end bg-fog-950/50 sm:static sm:z-auto sm:mt-6 sm:block sm:bg-transparent'
            : 'mt-6 hidden sm:block'
        }
        onClick={(event) => event.target === event.currentTarget && setSheet(false)}
      >
        <div
          role={sheet ? 'dialog' : undefined}
          aria-modal={sheet ? true : undefined}
          aria-label={sheet ? 'Filters' : undefined}
          className={
            sheet
              ? 'max-h-[88vh] w-full overflow-y-auto rounded-t-2xl bg-fog-50 p-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))] shadow-[var(--shadow-pop)] sm:max-h-none sm:overflow-visible sm:rounded-none sm:bg-transparent sm:p-0 sm:shadow-none dark:bg-fog-950'
              : ''
          }
        >
          {sheet && (
            <div className="mb-2 flex items-center justify-between sm:hidden">
              <p className="px-1 text-lg font-semibold">Filters</p>
              <button type="button" onClick={() => setSheet(false)} className="btn-ghost h-10 w-10 p-0" aria-label="Close filters">
                <Icon name="close" className="h-5 w-5" />
              </button>
            </div>
          )}
          <SearchForm
            key={formKey}
            initial={filters}
            categories={categories}
            cities={cities}
            onSearch={(next) => {
              setSheet(false);
              apply(next);
            }}
          />
        </div>
      </div>

      <div className="mt-4 hidden flex-wrap items-center gap-2 sm:flex">
        {chips.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label="Active filters">
            {chips.map((chip) => (
              <li key={chip.key}>
                <button
                  type="button"
                  onClick={() => removeFilter(chip.key)}
                  className="badge gap-1 bg-brand-50 py-1.5 text-sm text-brand-800 hover:bg-brand-100 dark:bg-brand-900/50 dark:text-brand-100"
                  aria-label={`Remove filter ${chip.label}`}
                >
                  {chip.label} <Icon name="close" className="h-3.5 w-3.5" />
                </button>
              </li>
            ))}
          </ul>
        )}
        {located && (
          <button
            type="button"
            onClick={forgetLocation}
            className="badge gap-1 bg-brand-50 py-1.5 text-sm text-brand-800 hover:bg-brand-100 dark:bg-brand-900/50 dark:text-brand-100"
            aria-label="Remove filter Near your location"
          >
            <Icon name="locate" className="h-3.5 w-3.5" /> Near your location <Icon name="close" className="h-3.5 w-3.5" />
          </button>
        )}
      </div>

      <div className="-mx-4 mt-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0" role="group" aria-label="Day">
        <Chip pressed={!chosenDay} onClick={() => change({ ...filters, date: undefined })}>
          Any day
        </Chip>
        {days.map(({ day, label }) => (
          <Chip key={day} pressed={chosenDay === day} onClick={() => change({ ...filters, date: chosenDay === day ? undefined : day })}>
            {label}
          </Chip>
        ))}
      </div>

      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-3">
        <div
          className="-mx-4 flex w-[calc(100%+2rem)] gap-2 overflow-x-auto px-4 sm:mx-0 sm:w-auto sm:px-0"
          role="group"
          aria-label="Time of day"
        >
          <Chip pressed={!isTimeOfDay(filters.time)} onClick={() => change({ ...filters, time: undefined })}>
            Any time
          </Chip>
          {(Object.keys(TIMES_OF_DAY) as TimeOfDay[]).map((time) => (
            <Chip
              key={time}
              pressed={filters.time === time}
              onClick={() => change({ ...filters, time: filters.time === time ? undefined : time })}
            >
              {TIMES_OF_DAY[time].label}
            </Chip>
          ))}
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor="browse-sort" className="text-sm font-medium text-fog-700 dark:text-fog-300">
            Sort
          </label>
          <select
            id="browse-sort"
            className="input max-w-48 py-1.5"
            value={sort}
            onChange={(event) => change({ ...filters, sort: event.target.value || undefined })}
          >
            {SORTS.map((option) => (
              <option key={option.value} value={option.value} disabled={option.value === 'nearest' && !located}>
                {option.value === 'nearest' && !located ? 'Nearest (use your location)' : option.label}
              </option>
            ))}
          </select>
        </div>
        {mapsKey && (
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
        )}
      </div>

      <div className={`mt-4 grid gap-6 ${showSideMap ? 'lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]' : ''}`}>
        {view === 'list' || !mapsKey ? list : <MapPanel mapsKey={mapsKey} filterQuery={filterKey} className="h-[70vh] min-h-[420px]" />}
        {showSideMap && (
          <MapPanel mapsKey={mapsKey} filterQuery={filterKey} className="sticky top-20 h-[calc(100vh-6rem)] max-h-[720px] self-start" />
        )}
      </div>
    </div>
  );
}

tagReact(BrowseClasses);
