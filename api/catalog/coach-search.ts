// Coach search (customer-areas §5): the full name or the bio contains q, ignoring case and accents ("jose"
// finds José). Answered by the coaches_search trigram index, which keeps both folded (remove_diacritics).
import { type SQL, sql } from 'drizzle-orm';
import { likeContains } from '../lib/like';
import { ftsPhrase } from './browse-query';

/** Text as the index compares it: lower case, accents removed. */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** A subquery of the ids of the coaches whose name or bio contains q; null when q is blank (every coach). */
export function coachSearchIds(q: string | undefined): SQL | null {
  const text = foldForSearch(q?.trim() ?? '');
  if (!text) return null;
  if ([...text].length >= 3) return sql`SELECT rowid FROM coaches_search WHERE coaches_search MATCH ${ftsPhrase(text)}`;
  // Shorter than a trigram: every 1 or 2 characters of a text sit inside one of its folded trigrams.
  return sql`SELECT DISTINCT doc FROM coaches_search_terms WHERE term LIKE ${likeContains(text)} ESCAPE '\\'`;
}
