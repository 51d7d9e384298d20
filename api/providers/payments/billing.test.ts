import { describe, expect, test } from 'bun:test';
import { applicationFeePercent, periodAfter, periodBoundary, transferOf } from './billing';

describe('billing periods', () => {
  test('a week is seven days', () => {
    expect(periodBoundary(new Date('2026-03-02T17:00:00Z'), 'week', 2).toISOString()).toBe('2026-03-16T17:00:00.000Z');
  });

  test('a month lands on the anchor day, or the last day of a shorter month', () => {
    const anchor = new Date('2026-01-31T18:30:00Z');
    expect(periodBoundary(anchor, 'month', 1).toISOString()).toBe('2026-02-28T18:30:00.000Z');
    expect(periodBoundary(anchor, 'month', 2).toISOString()).toBe('2026-03-31T18:30:00.000Z');
    expect(periodBoundary(anchor, 'month', 13).toISOString()).toBe('2027-02-28T18:30:00.000Z');
  });

  test('the period after a renewal runs to the next boundary of the cycle', () => {
    const anchor = new Date('2026-01-31T18:30:00Z');
    const period = periodAfter(anchor, 'month', new Date('2026-02-28T18:30:00Z'));
    expect(period.end.toISOString()).toBe('2026-03-31T18:30:00.000Z');
  });

  test('the application fee leaves the coach 85% of the price of a membership billed with its 5% service fee', () => {
    const percent = applicationFeePercent(10_500, 8_500);
    expect(percent).toBe(19.05);
    expect(transferOf(10_500, percent)).toBe(8_500);
    expect(transferOf(2_100, applicationFeePercent(2_100, 1_700))).toBe(1_700);
  });
});
