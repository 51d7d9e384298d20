// Times are stored as UTC instants and shown in America/Los_Angeles with the suffix PT (12-hour clock).
// Used by pages, islands and emails alike.
export const TIME_ZONE = 'America/Los_Angeles';

// Building an Intl.DateTimeFormat costs ~100 µs, formatting with one under 1 µs: each is built once.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = locale + JSON.stringify(options);
  let cached = formatters.get(key);
  if (!cached) formatters.set(key, (cached = new Intl.DateTimeFormat(locale, { timeZone: TIME_ZONE, ...options })));
  return cached;
}

const parts = (date: Date, options: Intl.DateTimeFormatOptions) => formatter('en-US', options).format(date);

function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "h:mm a": 9:00 AM */
export function formatTime(value: Date | string | number | null | undefined): string {
  const date = toDate(value);
  return date ? parts(date, { hour: 'numeric', minute: '2-digit', hour12: true }) : '';
}

/** "9:00 AM PT" */
export function formatTimePT(value: Date | string | number | null | undefined): string {
  const time = formatTime(value);
  return time ? `${time} PT` : '';
}

/** "MMMM d, yyyy": March 14, 2027 */
export function formatDateLong(value: Date | string | number | null | undefined): string {
  const date = toDate(value);
  return date ? parts(date, { month: 'long', day: 'numeric', year: 'numeric' }) : '';
}

/** "MMM dd, yyyy": Mar 04, 2027 */
export function formatDateShort(value: Date | string | number | null | undefined): string {
  const date = toDate(value);
  return date ? parts(date, { month: 'short', day: '2-digit', year: 'numeric' }) : '';
}

/** "EEEE, MMMM d, yyyy": Sunday, March 14, 2027 */
export function formatDateFull(value: Date | string | number | null | undefined): string {
  const date = toDate(value);
  return date ? parts(date, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }) : '';
}

/** "9:00 AM - 10:00 AM PT" */
export function formatTimeRangePT(
  start: Date | string | number | null | undefined,
  end: Date | string | number | null | undefined,
): string {
  const from = formatTime(start);
  const to = formatTime(end);
  if (!from) return '';
  return to ? `${from} - ${to} PT` : `${from} PT`;
}

/** The Pacific calendar day of an instant as YYYY-MM-DD. */
export function pacificDay(value: Date | string | number): string {
  const date = toDate(value)!;
  const [m, d, y] = parts(date, { year: 'numeric', month: '2-digit', day: '2-digit' }).split('/');
  return `${y}-${m}-${d}`;
}

/** The instant of midnight (start of day) in Pacific time for the Pacific day containing `value`. */
export function startOfPacificDay(value: Date): Date {
  const day = pacificDay(value);
  return pacificWallTimeToInstant(day, '00:00');
}

/** Converts a Pacific wall-clock date and time (YYYY-MM-DD, HH:MM) to the UTC instant. */
export function pacificWallTimeToInstant(day: string, time: string): Date {
  const [y, mo, d] = day.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  // Start from the same wall time read as UTC, then correct by the zone offset at that moment (twice, for DST edges).
  let guess = Date.UTC(y, mo - 1, d, h, mi);
  for (let i = 0; i < 2; i++) {
    const offset = offsetMinutes(new Date(guess));
    guess = Date.UTC(y, mo - 1, d, h, mi) - offset * 60_000;
  }
  return new Date(guess);
}

/** Minutes Pacific time is ahead of UTC at an instant (-420 in summer, -480 in winter). */
function offsetMinutes(date: Date): number {
  const p = formatter('en-US', {
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(date);
  const get = (type: string) => Number(p.find((x) => x.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return Math.round((asUtc - Math.floor(date.getTime() / 60_000) * 60_000) / 60_000);
}

/** The Pacific weekday (0 Sunday .. 6 Saturday) of an instant. */
export function pacificWeekday(value: Date | string | number): number {
  const name = parts(toDate(value)!, { weekday: 'short' });
  return ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(name);
}

/** The Pacific wall time of an instant as 24-hour HH:MM. */
export function pacificHHMM(value: Date | string | number): string {
  return formatter('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(toDate(value)!);
}

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** "09:00" -> "9:00 AM" (schedule entries are 24-hour HH:MM strings). */
export function formatHHMM(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  const suffix = h >= 12 ? 'PM' : 'AM';
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${suffix}`;
}
