import { describe, expect, test } from 'bun:test';
import {
  formatDateFull,
  formatDateShort,
  formatHHMM,
  formatTimePT,
  pacificDay,
  pacificHHMM,
  pacificWallTimeToInstant,
  pacificWeekday,
} from './pacific';

describe('Pacific time', () => {
  test('wall time converts to the right instant in winter and summer', () => {
    expect(pacificWallTimeToInstant('2027-01-10', '09:00').toISOString()).toBe('2027-01-10T17:00:00.000Z');
    expect(pacificWallTimeToInstant('2027-07-10', '09:00').toISOString()).toBe('2027-07-10T16:00:00.000Z');
  });
  test('9:00 AM stays 9:00 AM across the daylight-saving changes', () => {
    for (const day of ['2027-03-13', '2027-03-14', '2027-03-15', '2027-11-06', '2027-11-07', '2027-11-08']) {
      expect(pacificHHMM(pacificWallTimeToInstant(day, '09:00'))).toBe('09:00');
    }
  });
  test('formats with PT and the spec date formats', () => {
    const date = new Date('2027-03-04T17:30:00Z');
    expect(formatTimePT(date)).toBe('9:30 AM PT');
    expect(formatDateShort(date)).toBe('Mar 04, 2027');
    expect(formatDateFull(date)).toBe('Thursday, March 4, 2027');
    expect(pacificDay(new Date('2027-03-05T06:00:00Z'))).toBe('2027-03-04');
    expect(pacificWeekday(date)).toBe(4);
    expect(formatHHMM('13:05')).toBe('1:05 PM');
    expect(formatHHMM('00:00')).toBe('12:00 AM');
  });
});
