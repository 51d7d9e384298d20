// The home page's featured classes (customer-areas §1, §9): the first 3 returned that have not started yet.
// Pure, so the server's first render and the home search island's initial search pick them the same way.
export const HOME_CLASSES = 3;
export const HOME_COACHES = 4;
/** How many classes the home page asks for to pick its featured ones from (earlier-today ones included). */
export const FEATURED_CANDIDATES = 20;

export function pickFeatured<T extends { startTime: string | null }>(list: readonly T[], now: Date): T[] {
  return list.filter((c) => c.startTime === null || Date.parse(c.startTime) > now.getTime()).slice(0, HOME_CLASSES);
}
