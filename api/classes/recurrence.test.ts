// expandRecurrence: every session of a series at the same Pacific wall-clock time (coach-admin-areas §5).
import { describe, expect, test } from 'bun:test';
import { pacificDay, pacificHHMM, pacificWeekday } from '../../common/pacific';
import { expandRecurrence, pacificToday } from './recurrence';

const days = (list: { start: Date }[]) => list.map((o) => pacificDay(o.start));
const times = (list: { start: Date }[]) => [...new Set(list.map((o) => pacificHHMM(o.start)))];

describe('expandRecurrence', () => {
  test('a weekly 9:00 AM series stays at 9:00 AM PT across 2027-03-14 and 2027-11-07', () => {
    // Sundays from 2027-03-07 (PST) through 2027-11-14 (PST again), crossing both changes.
    const sessions = expandRecurrence('2027-03-07', '09:00', 60, {
      type: 'weekly',
      interval: 1,
      daysOfWeek: [0],
      endType: 'date',
      endDate: '2027-11-14',
    });
    expect(sessions.length).toBe(37);
    expect(times(sessions)).toEqual(['09:00']);
    expect(days(sessions).slice(0, 3)).toEqual(['2027-03-07', '2027-03-14', '2027-03-21']);
    expect(days(sessions).slice(-2)).toEqual(['2027-11-07', '2027-11-14']);
    // 9:00 PST is 17:00 UTC; 9:00 PDT is 16:00 UTC.
    expect(sessions[0]!.start.toISOString()).toBe('2027-03-07T17:00:00.000Z');
    expect(sessions[1]!.start.toISOString()).toBe('2027-03-14T16:00:00.000Z');
    expect(sessions.at(-2)!.start.toISOString()).toBe('2027-11-07T17:00:00.000Z');
    expect(sessions.at(-3)!.start.toISOString()).toBe('2027-10-31T16:00:00.000Z');
  });

  test('end time is start plus duration, also on the day the clocks change', () => {
    const [session] = expandRecurrence('2027-03-14', '01:30', 90, { type: 'daily', interval: 1, endType: 'count', endCount: 1 });
    expect(session!.end.getTime() - session!.start.getTime()).toBe(90 * 60_000);
  });

  test('daily every N days, ending after a count', () => {
    const sessions = expandRecurrence('2027-01-30', '18:30', 60, { type: 'daily', interval: 2, endType: 'count', endCount: 4 });
    expect(days(sessions)).toEqual(['2027-01-30', '2027-02-01', '2027-02-03', '2027-02-05']);
    expect(times(sessions)).toEqual(['18:30']);
  });

  test('weekly on chosen days, never before the start date, every other week', () => {
    // 2027-03-03 is a Wednesday: Monday of that week is skipped; the next week is skipped (interval 2).
    const sessions = expandRecurrence('2027-03-03', '07:00', 45, {
      type: 'weekly',
      interval: 2,
      daysOfWeek: [1, 3, 5],
      endType: 'count',
      endCount: 5,
    });
    expect(days(sessions)).toEqual(['2027-03-03', '2027-03-05', '2027-03-15', '2027-03-17', '2027-03-19']);
    expect(sessions.map((s) => pacificWeekday(s.start))).toEqual([3, 5, 1, 3, 5]);
  });

  test('weekly without chosen days repeats on the start date weekday', () => {
    const sessions = expandRecurrence('2027-05-04', '12:00', 60, {
      type: 'weekly',
      interval: 1,
      daysOfWeek: [],
      endType: 'count',
      endCount: 3,
    });
    expect(days(sessions)).toEqual(['2027-05-04', '2027-05-11', '2027-05-18']);
  });

  test('monthly keeps the day of month, clamped to short months without drifting', () => {
    const sessions = expandRecurrence('2027-01-31', '10:00', 60, { type: 'monthly', interval: 1, endType: 'count', endCount: 4 });
    expect(days(sessions)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30']);
  });

  test('end by date includes a session on the end date itself', () => {
    const sessions = expandRecurrence('2027-06-01', '09:00', 60, { type: 'monthly', interval: 2, endType: 'date', endDate: '2027-10-01' });
    expect(days(sessions)).toEqual(['2027-06-01', '2027-08-01', '2027-10-01']);
  });

  test('count defaults to 10 and never exceeds 999', () => {
    expect(expandRecurrence('2027-01-01', '09:00', 60, { type: 'daily', interval: 1, endType: 'count' }).length).toBe(10);
    expect(expandRecurrence('2027-01-01', '09:00', 60, { type: 'daily', interval: 1, endType: 'count', endCount: 5000 }).length).toBe(999);
    expect(expandRecurrence('2027-01-01', '09:00', 60, { type: 'daily', interval: 1, endType: 'date', endDate: '2035-01-01' }).length).toBe(
      999,
    );
  });

  test('an end date before the start date gives no sessions', () => {
    expect(expandRecurrence('2027-01-10', '09:00', 60, { type: 'weekly', interval: 1, endType: 'date', endDate: '2027-01-09' })).toEqual(
      [],
    );
  });

  test('pacificToday reads the Pacific date of an instant', () => {
    expect(pacificToday(new Date('2027-03-15T06:30:00Z'))).toBe('2027-03-14');
    expect(pacificToday(new Date('2027-03-15T08:30:00Z'))).toBe('2027-03-15');
  });
});
