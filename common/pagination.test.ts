import { describe, expect, test } from 'bun:test';
import { MAX_PAGE_SIZE, readPage } from './pagination';

describe('readPage', () => {
  test('uses the list default without parameters', () => {
    expect(readPage({}, 25)).toEqual({ limit: 25, offset: 0 });
  });

  test('caps the limit and keeps it at least 1', () => {
    expect(readPage({ limit: '100000' }, 25).limit).toBe(MAX_PAGE_SIZE);
    expect(readPage({ limit: '0' }, 25).limit).toBe(1);
  });

  test('reads the offset', () => {
    expect(readPage({ limit: '10', offset: '30' }, 25)).toEqual({ limit: 10, offset: 30 });
  });
});
