// Coach search (customer-areas §5): the full name or the bio contains q, ignoring case and accents ("jose"
// finds José). Answered by the coaches_search trigram index, which keeps both folded (remove_diacritics).
import { type SQL, sql } from 'drizzle-orm';
import { ftsPhrase } from './browse-query';

/** Text as the index compares it: lower case, accents removed, control characters dropped (the full-text
 * parser stops at a NUL and fails the whole query: "unterminated string"). */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}|\p{Cc}/gu, '')
    .toLowerCase();
}

/** Every Latin character that folds to each character ('e' -> 'eEéÉèÈ...'). */
const VARIANTS = new Map<string, string>();
for (let code = 0x20; code <= 0x24f; code++) {
  const char = String.fromCodePoint(code);
  const folded = foldForSearch(char);
  if ([...folded].length === 1) VARIANTS.set(folded, (VARIANTS.get(folded) ?? '') + char);
}

/** A GLOB pattern for "contains this folded text, any case or accent": each character as the class of its variants. */
export function foldedGlob(folded: string): string {
  const classes = [...folded].map((char) => {
    const variants = [...(VARIANTS.get(char) ?? char)];
    if (variants.length === 1 && !'*?['.includes(char)) return char;
    // A ']' must open its class to be literal; '^' must not, or it negates.
    variants.sort((a, b) => Number(b === ']') - Number(a === ']') || Number(a === '^') - Number(b === '^'));
    return `[${variants.join('')}]`;
  });
  return `*${classes.join('')}*`;
}

/** A subquery of the ids of the coaches whose name or bio contains q; null when q is blank (every coach). */
export function coachSearchIds(q: string | undefined): SQL | null {
  const text = foldForSearch(q?.trim() ?? '');
  if (!text) return null;
  if ([...text].length >= 3) return sql`SELECT rowid FROM coaches_search WHERE coaches_search MATCH ${ftsPhrase(text)}`;
  // Too short for a trigram: the index's stored text (a few KB per hundred coaches) is read with a GLOB whose
  // character classes hold every case and accent of each character.
  const pattern = foldedGlob(text);
  return sql`SELECT rowid FROM coaches_search WHERE name GLOB ${pattern} OR bio GLOB ${pattern}`;
}
