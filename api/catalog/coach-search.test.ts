import { describe, expect, test } from 'bun:test';
import { foldedGlob, foldForSearch } from './coach-search';

describe('coach search text (customer-areas §5)', () => {
  test('folds case and accents the way the coaches_search index does', () => {
    expect(foldForSearch('José Ramírez')).toBe('jose ramirez');
    expect(foldForSearch('ÉLODIE Müller-Ñúñez')).toBe('elodie muller-nunez');
  });

  test('a short query becomes a GLOB of every case and accent of each character, its wildcards literal', () => {
    const glob = foldedGlob('e');
    for (const variant of ['e', 'E', 'é', 'É', 'è', 'ê', 'ë']) expect(glob).toContain(variant);
    expect(glob.startsWith('*[') && glob.endsWith(']*')).toBe(true);
    expect(foldedGlob('*?')).toBe('*[*][?]*');
    expect(foldedGlob('[')).toBe('*[[]*');
    expect(foldedGlob('-')).toBe('*-*');
  });
});
