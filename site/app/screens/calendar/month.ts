// Month-grid arithmetic on plain Pacific days (YYYY-MM-DD), weeks starting on Sunday.
import { pacificDay } from '../../../../common/pacific';

export interface Month {
  year: number;
  month: number; // 1-12
}

const pad = (n: number) => String(n).padStart(2, '0');
const dayString = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

export function monthOf(day: string): Month {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return { year, month };
}

export function addMonths({ year, month }: Month, delta: number): Month {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** "March 2027" */
export function monthTitle({ year, month }: Month): string {
  return new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
}

/** The days shown for a month: whole weeks from the Sunday on or before the 1st to the Saturday on or after
 * the last day (4 to 6 rows). */
export function monthGrid({ year, month }: Month): string[] {
  const first = new Date(Date.UTC(year, month - 1, 1));
  const last = new Date(Date.UTC(year, month, 0));
  const start = new Date(first.getTime() - first.getUTCDay() * 86_400_000);
  const end = new Date(last.getTime() + (6 - last.getUTCDay()) * 86_400_000);
  const days: string[] = [];
  for (let t = start.getTime(); t <= end.getTime(); t += 86_400_000) days.push(dayString(new Date(t)));
  return days;
}

/** The last day of a month as YYYY-MM-DD. */
export function lastDayOf({ year, month }: Month): string {
  return dayString(new Date(Date.UTC(year, month, 0)));
}

export const inMonth = (day: string, { year, month }: Month) => day.startsWith(`${year}-${pad(month)}-`);

export const todayPacific = (now = new Date()) => pacificDay(now);

/** The Pacific day `delta` days after `day`. */
export function addDays(day: string, delta: number): string {
  return dayString(new Date(Date.parse(`${day}T12:00:00Z`) + delta * 86_400_000));
}

/** "Today", "Tomorrow", else "Friday"; with the date: "Today · Thu, Nov 26". */
export function dayHeading(day: string, today: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  const short = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(date);
  if (day === today) return `Today · ${short}`;
  if (day === addDays(today, 1)) return `Tomorrow · ${short}`;
  return new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(date);
}
