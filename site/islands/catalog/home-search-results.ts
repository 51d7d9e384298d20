// The home page's one initial search (customer-areas §2 and §9: fired once, 100 ms after the page loads).
// It asks for the featured classes (not started yet, chosen in SQL), so their spots left are live even on a
// page served from cache.
import { atom } from 'nanostores';
import { type ClassFilters, classFiltersToQuery } from '../../../common/class-filters';
import { type ClassCardData, toClassCard } from '../../components/catalog/ClassCard';
import { fetchFeaturedClasses } from '../../lib/catalog-api';

export const INITIAL_SEARCH_DELAY_MS = 100;

/** The featured classes from the initial search; null until it has answered. */
export const $featuredClasses = atom<ClassCardData[] | null>(null);

let fired = false;

/** Runs the initial search once per page, however often the island mounts. */
export async function runInitialSearch(filters: ClassFilters): Promise<void> {
  if (fired) return;
  fired = true;
  try {
    $featuredClasses.set((await fetchFeaturedClasses(classFiltersToQuery(filters))).map(toClassCard));
  } catch (error) {
    // The server-rendered featured classes stay as they are.
    console.error('Failed to fetch classes', error);
  }
}
