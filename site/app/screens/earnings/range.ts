// The Earnings page's date ranges, as Pacific calendar days (the API's from/to): presets a coach picks from.
import { pacificDay } from '../../../../common/pacific';

export type RangeKey = 'all' | 'this-month' | 'last-month' | 'this-year' | 'this-week';

export interface Range {
  from?: string;
  to?: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

function lastDayOf(year: number, month: number): string {
  return `${year}-${pad(month)}-${pad(new Date(Date.UTC(year, month, 0)).getUTCDate())}`;
}

/** A preset's days, from Pacific "today". This week runs Sunday to Saturday, as My Calendar's grid. */
export function rangeOf(key: RangeKey, now = new Date()): Range {
  const today = pacificDay(now);
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  switch (key) {
    case 'this-month':
      return { from: `${y}-${pad(m)}-01`, to: lastDayOf(y, m) };
    case 'last-month': {
      const [py, pm] = m === 1 ? [y - 1, 12] : [y, m - 1];
      return { from: `${py}-${pad(pm)}-01`, to: lastDayOf(py, pm) };
    }
    case 'this-year':
      return { from: `${y}-01-01`, to: `${y}-12-31` };
    case 'this-week': {
      const noon = new Date(Date.UTC(y, m - 1, d, 12));
      const sunday = new Date(noon.getTime() - noon.getUTCDay() * 86_400_000);
      const saturday = new Date(sunday.getTime() + 6 * 86_400_000);
      return { from: sunday.toISOString().slice(0, 10), to: saturday.toISOString().slice(0, 10) };
    }
    default:
      return {};
  }
}

/** "2026-11" -> "Nov 2026" */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, 15)).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
}
