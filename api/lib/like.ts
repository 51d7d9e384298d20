// Case-insensitive "contains" search for admin tables: the text as typed, with LIKE's wildcards escaped.
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

export const containsPattern = (text: string) => `%${text.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `column` (or expression) contains `text`, any case. */
export const contains = (column: SQLWrapper, text: string): SQL => sql`lower(${column}) like ${containsPattern(text)} escape '\\'`;
