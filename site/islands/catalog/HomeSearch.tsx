// Home search island: submitting goes to /classes with the chosen filters in the URL (q, type, date, ...);
// one initial search fires 100 ms after the page loads and refreshes the featured classes.
import { useEffect } from 'react';
import { tagReact } from '../../lib/astro-react';
import { classFiltersToQuery } from '../../../common/class-filters';
import { INITIAL_SEARCH_DELAY_MS, runInitialSearch } from './home-search-results';
import { type CategoryOption, SearchForm } from './SearchForm';

export default function HomeSearch({ categories, cities }: { categories: CategoryOption[]; cities?: string[] }) {
  useEffect(() => {
    const timer = setTimeout(() => void runInitialSearch({}), INITIAL_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <SearchForm
      initial={{}}
      categories={categories}
      cities={cities}
      onSearch={(filters) => {
        const query = classFiltersToQuery(filters);
        window.location.assign(query ? `/classes?${query}` : '/classes');
      }}
    />
  );
}

tagReact(HomeSearch);
