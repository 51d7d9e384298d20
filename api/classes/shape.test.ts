// The class shape's weekly schedule: weekly days, every day, or none (every N days, monthly).
import { describe, expect, test } from 'bun:test';
import { pacificWallTimeToInstant } from '../../common/pacific';
import { hasWeeklySchedule } from '../../common/weekly-schedule';
import { type ClassRow, schedulesOf } from './shape';

const start = pacificWallTimeToInstant('2027-03-16', '09:00'); // a Tuesday
const row = (overrides: Partial<ClassRow>): ClassRow =>
  ({
    isRecurring: true,
    parentClassId: 1,
    startTime: start,
    endTime: new Date(start.getTime() + 60 * 60_000),
    duration: 60,
    recurrenceType: 'weekly',
    recurrenceInterval: 1,
    recurrenceDaysOfWeek: '[2,4]',
    ...overrides,
  }) as ClassRow;

describe('schedulesOf', () => {
  test('a weekly series lists its weekdays at the Pacific start and end time', () => {
    expect(schedulesOf(row({}))).toEqual([
      { dayOfWeek: 2, startTime: '09:00', endTime: '10:00' },
      { dayOfWeek: 4, startTime: '09:00', endTime: '10:00' },
    ]);
    expect(hasWeeklySchedule(row({}))).toBe(true);
  });

  test('an every-day series is every weekday', () => {
    const daily = row({ recurrenceType: 'daily', recurrenceDaysOfWeek: null });
    expect(schedulesOf(daily).map((s) => s.dayOfWeek)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(hasWeeklySchedule(daily)).toBe(true);
  });

  test('every-N-days and monthly series have no weekly schedule: their sessions show their own date', () => {
    for (const other of [row({ recurrenceType: 'daily', recurrenceInterval: 2 }), row({ recurrenceType: 'monthly' })]) {
      expect(schedulesOf(other)).toEqual([]);
      expect(hasWeeklySchedule(other)).toBe(false);
    }
  });

  test('a one-time class has no schedule', () => {
    const once = row({ isRecurring: false, parentClassId: null, recurrenceType: null });
    expect(schedulesOf(once)).toEqual([]);
    expect(hasWeeklySchedule(once)).toBe(false);
  });
});
