// The render cache's store: least recently used entries go first when a count or byte bound is passed, a tag
// drops every entry carrying it, and an entry past its expiry is gone.
import { describe, expect, test } from 'bun:test';
import { TaggedLru, type TaggedEntry } from './tagged-lru';

const entry = (tags: string[], bytes = 0, expiresAt = Number.POSITIVE_INFINITY): TaggedEntry => ({ tags, bytes, expiresAt });

describe('TaggedLru', () => {
  test('keeps at most maxEntries, dropping the least recently used first', () => {
    const lru = new TaggedLru(2);
    lru.set('/a', entry([]));
    lru.set('/b', entry([]));
    expect(lru.get('/a', 0)).toBeDefined(); // /a is now the most recent
    lru.set('/c', entry([]));
    expect(lru.get('/b', 0)).toBeUndefined();
    expect(lru.get('/a', 0)).toBeDefined();
    expect(lru.get('/c', 0)).toBeDefined();
  });

  test('a page hit on every request stays while older ones go, though recent hits are not moved again', () => {
    const lru = new TaggedLru(8);
    lru.set('/hot', entry([]));
    for (let i = 0; i < 40; i++) {
      lru.set(`/p${i}`, entry([]));
      expect(lru.get('/hot', 0)).toBeDefined();
    }
    expect(lru.size).toBe(8);
    expect(lru.get('/p31', 0)).toBeUndefined();
    expect(lru.get('/p39', 0)).toBeDefined();
  });

  test('keeps its bytes under maxBytes', () => {
    const lru = new TaggedLru(100, 1_000);
    for (let i = 0; i < 5; i++) lru.set(`/p${i}`, entry([], 400));
    expect(lru.size).toBe(2);
    expect(lru.bytes).toBe(800);
    expect(lru.get('/p4', 0)).toBeDefined();
  });

  test('a tag drops exactly the entries carrying it', () => {
    const lru = new TaggedLru(10);
    lru.set('/classes/1', entry(['class:1', 'coach:3']));
    lru.set('/classes/2', entry(['class:2', 'coach:3']));
    lru.set('/blog', entry(['blog']));
    lru.invalidate(['class:1']);
    expect(lru.get('/classes/1', 0)).toBeUndefined();
    expect(lru.get('/classes/2', 0)).toBeDefined();
    lru.invalidate(['coach:3']);
    expect(lru.get('/classes/2', 0)).toBeUndefined();
    expect(lru.get('/blog', 0)).toBeDefined();
  });

  test('an entry is gone once its expiry has passed', () => {
    const lru = new TaggedLru(10);
    lru.set('/classes/1', entry(['class:1'], 10, 1_000));
    expect(lru.get('/classes/1', 999)).toBeDefined();
    expect(lru.get('/classes/1', 1_000)).toBeUndefined();
    expect(lru.bytes).toBe(0);
  });
});
