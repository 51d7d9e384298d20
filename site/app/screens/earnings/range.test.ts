import { describe, expect, test } from 'bun:test';
import { monthLabel, rangeOf } from './range';

// Noon Pacific on a Wednesday, 2027-01-13 (20:00 UTC).
const WEDNESDAY = new Date('2027-01-13T20:00:00Z');

describe('the Earnings page ranges (Pacific days)', () => {
  test('this week runs Sunday to Saturday', () => {
    expect(rangeOf('this-week', WEDNESDAY)).toEqual({ from: '2027-01-10', to: '2027-01-16' });
  });

  test('last month in January is December of the year before; this month ends on its last day', () => {
    expect(rangeOf('last-month', WEDNESDAY)).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(rangeOf('this-month', new Date('2028-02-10T20:00:00Z'))).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  test('"today" is the Pacific day: 02:00 UTC on the 1st is still the last day of the month before', () => {
    expect(rangeOf('this-month', new Date('2027-03-01T02:00:00Z'))).toEqual({ from: '2027-02-01', to: '2027-02-28' });
  });

  test('all time has no bounds; months read as "Nov 2026"', () => {
    expect(rangeOf('all', WEDNESDAY)).toEqual({});
    expect(monthLabel('2026-11')).toBe('Nov 2026');
  });
});
