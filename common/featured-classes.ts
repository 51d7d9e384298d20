// What the home page shows (customer-areas §1, §9): the first 3 classes returned that have not started yet
// (chosen in SQL: GET /api/classes?upcoming=true, the same list as the server's first render) and the first
// 4 coaches.
export const HOME_CLASSES = 3;
export const HOME_COACHES = 4;

/** The home page's initial search: the featured classes, not started yet, in browse order. */
export const featuredClassesPath = (query: string) => `/api/classes?${query ? `${query}&` : ''}upcoming=true&limit=${HOME_CLASSES}`;
