import { describe, expect, test } from 'bun:test';
import { nestsDeeperThan } from './body-depth';

const nested = (depth: number) => JSON.parse('['.repeat(depth) + ']'.repeat(depth));

describe('nestsDeeperThan', () => {
  test('a flat form body and scalars are fine', () => {
    expect(nestsDeeperThan({ title: 'Yoga', recurrenceDaysOfWeek: [1, 3], tags: ['a'] }, 32)).toBe(false);
    expect(nestsDeeperThan(null, 1)).toBe(false);
    expect(nestsDeeperThan('text', 1)).toBe(false);
  });

  test('counts objects and arrays one level each', () => {
    expect(nestsDeeperThan({ a: { b: [1] } }, 3)).toBe(false);
    expect(nestsDeeperThan({ a: { b: [[1]] } }, 3)).toBe(true);
  });

  test('a body nested 200,000 levels is caught quickly, without overflowing the stack', () => {
    const body = nested(200_000);
    const started = performance.now();
    expect(nestsDeeperThan(body, 32)).toBe(true);
    expect(performance.now() - started).toBeLessThan(50);
  });
});
