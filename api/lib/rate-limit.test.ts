// RateLimiter: a fixed window per key that opens at the key's first hit, read from the app clock.
import { describe, expect, test } from 'bun:test';
import { FakeClock } from './clock';
import { assertWithinLimits, RateLimiter } from './rate-limit';
import { DomainError } from '../errors';

describe('RateLimiter', () => {
  test('allows `max` hits per window, then tells how many seconds to wait', () => {
    const clock = new FakeClock(new Date('2026-01-01T00:00:00Z'));
    const limiter = new RateLimiter({ max: 2, windowMs: 60_000 }, clock);
    limiter.hit('a');
    expect(limiter.retryAfter('a')).toBe(0);
    limiter.hit('a');
    expect(limiter.retryAfter('a')).toBe(60);
    clock.advance(45_000);
    expect(limiter.retryAfter('a')).toBe(15);
    expect(limiter.retryAfter('b')).toBe(0);
  });

  test('the window ends: the key starts over', () => {
    const clock = new FakeClock();
    const limiter = new RateLimiter({ max: 1, windowMs: 1000 }, clock);
    limiter.hit('a');
    expect(limiter.retryAfter('a')).toBe(1);
    clock.advance(1000);
    expect(limiter.retryAfter('a')).toBe(0);
  });

  test('reset forgets a key', () => {
    const limiter = new RateLimiter({ max: 1, windowMs: 60_000 }, new FakeClock());
    limiter.hit('a');
    limiter.reset('a');
    expect(limiter.retryAfter('a')).toBe(0);
  });

  test('assertWithinLimits throws 429 with Retry-After of the longest wait', () => {
    const clock = new FakeClock();
    const short = new RateLimiter({ max: 1, windowMs: 10_000 }, clock);
    const long = new RateLimiter({ max: 1, windowMs: 90_000 }, clock);
    short.hit('k');
    long.hit('k');
    try {
      assertWithinLimits([[short, 'k'], [long, 'k']]);
      throw new Error('expected a 429');
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).status).toBe(429);
      expect((error as DomainError).headers).toEqual({ 'retry-after': '90' });
    }
  });
});
