// The class form's daylight warning: which sessions of a class (or of a series being created) would end after
// civil dusk in San Francisco on their date, computed in the browser (common/sun.ts; no network, no package).
// The session dates follow the recurrence the way the server expands it (same Pacific wall time each day).
import type { Recurrence } from '../../api/classes/model';
import { pacificWallTimeToInstant } from '../../common/pacific';
import { civilDuskOn } from '../../common/sun';

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / DAY_MS;
const dayText = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** The Pacific dates of a class's sessions: the first day alone, or the series' days (at most `limit`). */
export function sessionDays(firstDay: string, recurrence: Recurrence | null, limit = 999): string[] {
  if (!recurrence) return [firstDay];
  const first = dayNumber(firstDay);
  const count = recurrence.endType === 'count' ? Math.min(recurrence.endCount ?? 10, limit) : limit;
  const last = recurrence.endType === 'date' && recurrence.endDate ? dayNumber(recurrence.endDate) : first + 5 * 366;
  const interval = Math.max(1, recurrence.interval ?? 1);
  const days: string[] = [];
  if (recurrence.type === 'monthly') {
    const [y, m, d] = firstDay.split('-').map(Number) as [number, number, number];
    for (let i = 0; days.length < count && i < 12 * 100; i += interval) {
      const date = new Date(Date.UTC(y, m - 1 + i, d));
      if (date.getUTCDate() !== d) continue; // no 31st that month
      const n = date.getTime() / DAY_MS;
      if (n > last) break;
      days.push(dayText(n));
    }
    return days;
  }
  const weekdays = recurrence.type === 'weekly' && recurrence.daysOfWeek?.length ? new Set(recurrence.daysOfWeek) : null;
  // Weeks count from the Sunday of the first day's week, as the server's expansion does.
  const firstSunday = first - new Date(first * DAY_MS).getUTCDay();
  for (let n = first; n <= last && days.length < count; n++) {
    if (recurrence.type === 'daily') {
      if ((n - first) % interval === 0) days.push(dayText(n));
      continue;
    }
    const weekday = new Date(n * DAY_MS).getUTCDay();
    const inWeek = Math.floor((n - firstSunday) / 7) % interval === 0;
    if (inWeek && (weekdays ? weekdays.has(weekday) : weekday === new Date(first * DAY_MS).getUTCDay())) days.push(dayText(n));
  }
  return days;
}

export interface DarkSession {
  day: string;
  end: Date;
  dusk: Date;
}

/** The sessions (Pacific dates) that end after civil dusk in San Francisco, starting at `time` for `minutes`. */
export function sessionsAfterDusk(days: string[], time: string, minutes: number): DarkSession[] {
  const dark: DarkSession[] = [];
  for (const day of days) {
    const end = new Date(pacificWallTimeToInstant(day, time).getTime() + minutes * 60_000);
    const dusk = civilDuskOn(pacificWallTimeToInstant(day, '12:00'));
    if (dusk && end > dusk) dark.push({ day, end, dusk });
  }
  return dark;
}
