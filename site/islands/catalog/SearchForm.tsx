// The class search form (home hero and /classes): query, date, class type, age group, city (from the cities
// call), browser location (its failures as a Location error toast), and a badge counting the active filters among query, date, type, age and city.
import { type FormEvent, useEffect, useState } from 'react';
import type { ClassFilters } from '../../../common/class-filters';
import { AGE_GROUPS } from '../../lib/catalog';
import { Icon } from '../../components/catalog/icons';
import { fetchCities } from '../../lib/catalog-api';
import { toast } from '../../lib/stores/toast';
import Toaster from '../Toaster';

export interface CategoryOption {
  id: number;
  name: string;
}

/** How many of query, date, class type, age group and city are set. */
function activeFilterCount(filters: ClassFilters): number {
  return [filters.q, filters.date, filters.type ?? filters.category, filters.ageGroup, filters.city].filter((v) => v && v.trim()).length;
}

const GEO_MESSAGES: Record<number, string> = {
  1: 'Location access denied. Please enable location services.',
  2: 'Unable to determine your location. Please try again.',
};
const GEO_UNSUPPORTED = 'Geolocation is not supported by your browser.';
const GEO_GENERIC = 'Something went wrong while finding your location.';

function locationError(description: string) {
  toast({ title: 'Location error', description, variant: 'destructive' });
}

export function SearchForm({
  initial,
  categories,
  cities: citiesProp,
  onSearch,
  compact = false,
}: {
  initial: ClassFilters;
  categories: CategoryOption[];
  /** Server-provided city list; when absent the form loads it from /api/cities. */
  cities?: string[];
  onSearch: (filters: ClassFilters) => void;
  compact?: boolean;
}) {
  const [filters, setFilters] = useState<ClassFilters>(initial);
  const [cities, setCities] = useState<string[] | 'loading' | 'error'>(citiesProp ?? 'loading');
  const [locating, setLocating] = useState(false);

  useEffect(() => {
    if (citiesProp) return;
    fetchCities()
      .then((list) => setCities(list))
      .catch((error) => {
        console.error('Failed to fetch cities', error);
        setCities('error');
      });
  }, [citiesProp]);

  const set = (key: keyof ClassFilters) => (event: { target: { value: string } }) =>
    setFilters((f) => ({ ...f, [key]: event.target.value || undefined }));

  const locate = () => {
    if (!('geolocation' in navigator)) {
      locationError(GEO_UNSUPPORTED);
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        // A shared location orders the results by distance (each card then says how far it is).
        setFilters((f) => ({ ...f, lat: position.coords.latitude.toFixed(5), lng: position.coords.longitude.toFixed(5), sort: 'nearest' }));
      },
      (error) => {
        setLocating(false);
        console.error('Location error', error);
        locationError(GEO_MESSAGES[error.code] ?? GEO_GENERIC);
      },
      { enableHighAccuracy: true, timeout: 5000, maximumAge: 0 },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(filters);
  };

  const count = activeFilterCount(filters);
  const located = Boolean(filters.lat && filters.lng);
  const field = 'flex flex-col';
  return (
    <form role="search" aria-label="Search classes" onSubmit={submit} className={compact ? '' : 'card p-4 sm:p-5'}>
      <div className="mb-3 flex items-center gap-2">
        <Icon name="filter" className="h-4 w-4 text-fog-500" />
        <span className="text-sm font-semibold text-fog-800 dark:text-fog-100">Filters</span>
        <span
          data-testid="filter-count"
          aria-label={`${count} active ${count === 1 ? 'filter' : 'filters'}`}
          className={`badge ${count ? 'bg-brand-600 text-white' : 'bg-fog-200 text-fog-700 dark:bg-fog-800 dark:text-fog-300'}`}
        >
          {count}
        </span>
      </div>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-6">
        <div className={`${field} col-span-2`}>
          <label htmlFor="search-q" className="label">
            What
          </label>
          <input
            id="search-q"
            className="input"
            type="search"
            placeholder="Yoga, soccer, painting..."
            value={filters.q ?? ''}
            onChange={set('q')}
            maxLength={200}
          />
        </div>
        <div className={field}>
          <label htmlFor="search-date" className="label">
            Date
          </label>
          <input id="search-date" className="input" type="date" value={filters.date ?? ''} onChange={set('date')} />
        </div>
        <div className={field}>
          <label htmlFor="search-type" className="label">
            Class type
          </label>
          <select id="search-type" className="input" value={filters.type ?? ''} onChange={set('type')}>
            <option value="">{categories.length ? 'All types' : 'No categories available'}</option>
            {categories.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div className={field}>
          <label htmlFor="search-age" className="label">
            Age group
          </label>
          <select id="search-age" className="input" value={filters.ageGroup ?? ''} onChange={set('ageGroup')}>
            <option value="">All ages</option>
            {AGE_GROUPS.map((age) => (
              <option key={age} value={age}>
                {age}
              </option>
            ))}
          </select>
        </div>
        <div className={field}>
          <label htmlFor="search-city" className="label">
            City
          </label>
          <select id="search-city" className="input" value={filters.city ?? ''} onChange={set('city')} disabled={cities === 'loading'}>
            {cities === 'loading' ? (
              <option value="">Loading cities...</option>
            ) : cities === 'error' || cities.length === 0 ? (
              <option value="">No cities available</option>
            ) : (
              <>
                <option value="">All cities</option>
                {cities.map((city) => (
                  <option key={city} value={city}>
                    {city}
                  </option>
                ))}
              </>
            )}
          </select>
        </div>
      </div>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center">
        {located ? (
          <span className="badge gap-1.5 self-start bg-brand-50 py-1.5 text-brand-800 dark:bg-brand-900/50 dark:text-brand-200">
            <Icon name="locate" className="h-4 w-4" /> Near your location
            <button
              type="button"
              onClick={() => setFilters((f) => ({ ...f, lat: undefined, lng: undefined, sort: f.sort === 'nearest' ? undefined : f.sort }))}
              className="ml-1 rounded-full p-0.5 hover:bg-brand-100"
              aria-label="Clear your location"
            >
              <Icon name="close" className="h-3.5 w-3.5" />
            </button>
          </span>
        ) : (
          <button type="button" onClick={locate} className="btn-ghost self-start px-3" disabled={locating}>
            <Icon name="locate" className="h-4 w-4" /> {locating ? 'Finding you...' : 'Use my location'}
          </button>
        )}
        <button type="submit" className="btn-primary sm:ml-auto sm:min-w-40">
          <Icon name="search" className="h-4 w-4" /> Search
        </button>
      </div>
      <Toaster />
    </form>
  );
}
