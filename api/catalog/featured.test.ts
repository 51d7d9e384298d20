import { describe, expect, test } from 'bun:test';
import { pickFeatured } from './featured';

const now = new Date('2027-03-01T18:00:00Z');
const at = (iso: string | null, id: number) => ({ id, startTime: iso });

describe('featured classes (customer-areas §1, §9)', () => {
  test('the first 3 returned that have not started yet', () => {
    const list = [at('2027-03-01T17:00:00Z', 1), at('2027-03-01T19:00:00Z', 2), at('2027-03-02T01:00:00Z', 3), at(null, 4), at('2027-03-03T01:00:00Z', 5)];
    expect(pickFeatured(list, now).map((c) => c.id)).toEqual([2, 3, 4]);
  });
  test('fewer than 3 upcoming: all of them', () => {
    expect(pickFeatured([at('2027-03-05T01:00:00Z', 7)], now).map((c) => c.id)).toEqual([7]);
  });
});
