// My Calendar's month grid: weeks start on Sunday, whole weeks around the month.
import { describe, expect, test } from 'bun:test';
import { addMonths, lastDayOf, monthGrid, monthTitle } from '../../../site/app/screens/calendar/month';

describe('month grid', () => {
  test('starts on the Sunday on or before the 1st and ends on a Saturday', () => {
    const days = monthGrid({ year: 2027, month: 3 }); // March 1, 2027 is a Monday
    expect(days[0]).toBe('2027-02-28');
    expect(days.at(-1)).toBe('2027-04-03');
    expect(days.length % 7).toBe(0);
  });

  test('a month starting on Sunday has no leading days', () => {
    expect(monthGrid({ year: 2026, month: 11 })[0]).toBe('2026-11-01');
  });

  test('previous and next months wrap the year; titles read "March 2027"', () => {
    expect(addMonths({ year: 2027, month: 1 }, -1)).toEqual({ year: 2026, month: 12 });
    expect(addMonths({ year: 2027, month: 12 }, 1)).toEqual({ year: 2028, month: 1 });
    expect(monthTitle({ year: 2027, month: 3 })).toBe('March 2027');
    expect(lastDayOf({ year: 2028, month: 2 })).toBe('2028-02-29');
  });
});
