// Home search island: submitting goes to /classes with the chosen filters in the URL (q, type, date, ...).
import { tagReact } from '../../lib/astro-react';
import { classFiltersToQuery } from '../../../api/catalog/filter-classes';
import { type CategoryOption, SearchForm } from './SearchForm';

export default function HomeSearch({ categories, cities }: { categories: CategoryOption[]; cities?: string[] }) {
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
