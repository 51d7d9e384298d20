// Expands a recurring series into the instants of its sessions, in America/Los_Angeles wall-clock time, so a
// 9:00 AM class stays at 9:00 AM across daylight-saving changes (coach-admin-areas §5 and §9).
import { Temporal } from '@js-temporal/polyfill';
import type { RecurrenceType } from '../../db/schema';
import { TIME_ZONE } from '../../common/pacific';

const MAX_INTERVAL = 99;
const MAX_COUNT = 999;
const DEFAULT_COUNT = 10;

export interface RecurrenceRule {
  type: RecurrenceType;
  /** Every N days, weeks or months (1-99). */
  interval: number;
  /** Weekly only: 0 Sunday .. 6 Saturday; empty means the start date's weekday. */
  daysOfWeek?: number[];
  endType: 'date' | 'count';
  /** YYYY-MM-DD, the last day a session may fall on (end by date). */
  endDate?: string | null;
  /** Number of sessions (end by count), 1-999. */
  endCount?: number | null;
}

export interface Occurrence {
  start: Date;
  end: Date;
}

/**
 * The sessions of a series starting on `startDate` at `startTime` (Pacific wall time), each `durationMinutes`
 * long. Daily: every N days. Weekly: the chosen weekdays of every Nth week (weeks start on Sunday), never
 * before the start date. Monthly: the start date's day of month every N months (clamped to the month's last
 * day). Ends by date (inclusive) or after a count; never more than 999 sessions.
 */
export function expandRecurrence(startDate: string, startTime: string, durationMinutes: number, rule: RecurrenceRule): Occurrence[] {
  const first = Temporal.PlainDate.from(startDate);
  const time = Temporal.PlainTime.from(startTime);
  const interval = Math.min(Math.max(1, Math.trunc(rule.interval) || 1), MAX_INTERVAL);
  const limit = rule.endType === 'count' ? Math.min(Math.max(1, rule.endCount ?? DEFAULT_COUNT), MAX_COUNT) : MAX_COUNT;
  const lastDay = rule.endType === 'date' && rule.endDate ? Temporal.PlainDate.from(rule.endDate) : null;
  const days: Temporal.PlainDate[] = [];
  const within = (day: Temporal.PlainDate) => !lastDay || Temporal.PlainDate.compare(day, lastDay) <= 0;

  if (rule.type === 'daily') {
    for (let i = 0; days.length < limit; i++) {
      const day = first.add({ days: i * interval });
      if (!within(day)) break;
      days.push(day);
    }
  } else if (rule.type === 'monthly') {
    for (let i = 0; days.length < limit; i++) {
      // Always from the first date, so a series on the 31st goes 31, 30 (clamped), 31 and never drifts.
      const day = first.add({ months: i * interval });
      if (!within(day)) break;
      days.push(day);
    }
  } else {
    const weekdays = [...new Set((rule.daysOfWeek ?? []).filter((d) => Number.isInteger(d) && d >= 0 && d <= 6))].sort();
    const chosen = weekdays.length ? weekdays : [first.dayOfWeek % 7];
    const weekStart = first.subtract({ days: first.dayOfWeek % 7 }); // Temporal: Monday 1 .. Sunday 7
    outer: for (let week = 0; ; week++) {
      const sunday = weekStart.add({ weeks: week * interval });
      for (const weekday of chosen) {
        const day = sunday.add({ days: weekday });
        if (Temporal.PlainDate.compare(day, first) < 0) continue;
        if (!within(day) || days.length >= limit) break outer;
        days.push(day);
      }
    }
  }

  return days.map((day) => {
    const zoned = day.toZonedDateTime({ timeZone: TIME_ZONE, plainTime: time });
    const start = new Date(zoned.epochMilliseconds);
    return { start, end: new Date(zoned.add({ minutes: durationMinutes }).epochMilliseconds) };
  });
}

/** Today's date in Pacific time (YYYY-MM-DD), for "the end date cannot be in the past". */
export function pacificToday(now: Date): string {
  return Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(TIME_ZONE).toPlainDate().toString();
}
