import { describe, expect, test } from 'bun:test';
import { foldForSearch } from './coach-search';

describe('coach search text (customer-areas §5)', () => {
  test('folds case and accents the way the coaches_search index does', () => {
    expect(foldForSearch('José Ramírez')).toBe('jose ramirez');
    expect(foldForSearch('ÉLODIE Müller-Ñúñez')).toBe('elodie muller-nunez');
  });
});
