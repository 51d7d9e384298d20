import { describe, expect, test } from 'bun:test';
import { centsToDollars, coachPayoutCents, dollarsToCents, formatDollars, priceBreakdown } from './money';

describe('priceBreakdown', () => {
  test('total = price x quantity x 1.05, rounded to the cent', () => {
    expect(priceBreakdown(2500, 2)).toEqual({ subtotalCents: 5000, serviceFeeCents: 250, totalCents: 5250 });
    expect(priceBreakdown(1999, 3)).toEqual({ subtotalCents: 5997, serviceFeeCents: 300, totalCents: 6297 });
  });
  test('a free class costs nothing', () => {
    expect(priceBreakdown(0, 4)).toEqual({ subtotalCents: 0, serviceFeeCents: 0, totalCents: 0 });
  });
});

describe('conversions', () => {
  test('dollars and cents round-trip without float drift', () => {
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(centsToDollars(1999)).toBe(19.99);
    expect(formatDollars(525)).toBe('$5.25');
  });
  test('the coach receives 85% of price x quantity', () => {
    expect(coachPayoutCents(5000)).toBe(4250);
  });
});
