// The coach's earnings as the Earnings page and the dashboard read them (GET /api/coaches/{id}/earnings), and the
// CSV export's address: a small module, so the dashboard does not pull in the whole Earnings screen.
import { api, unwrap } from '../../../lib/api';
import type { Range } from './range';

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** "$3,375.35": statements run into thousands, so with separators (unlike a class price). */
export const dollars = (amount: number) => USD.format(amount);

export const earningsQuery = (coachId: number, range: Range) => ({
  queryKey: ['earnings', coachId, range.from ?? '', range.to ?? ''],
  queryFn: () => unwrap(api.coaches({ id: coachId }).earnings.get({ query: range })),
});

export function csvHref(coachId: number, range: Range): string {
  const query = new URLSearchParams(Object.entries(range).filter(([, v]) => v) as [string, string][]).toString();
  return `/api/coaches/${coachId}/earnings.csv${query ? `?${query}` : ''}`;
}
