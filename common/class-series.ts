// Which class rows can be booked: pure rules, so the booking domain (api/spots), the class JSON (api/lib/class-json.ts)
// and class management read a series the same way.

/** The two columns that say where a row sits in a series. */
type SeriesPlace = { isRecurring: boolean; parentClassId: number | null };

/** A series' parent: the template row that carries the recurrence and is never booked itself. */
export function isSeriesParent(row: SeriesPlace): boolean {
  return row.isRecurring && row.parentClassId === null;
}

/** A bookable row: a one-time class or a session of a series, never the series' parent template. */
export function isBookable(row: SeriesPlace): boolean {
  return !isSeriesParent(row);
}
