// Case-insensitive "contains" search for admin tables: the text as typed, with LIKE's wildcards escaped.
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/** `%text%` for `LIKE ... ESCAPE '\'`: the text exactly, its wildcards and escape character escaped. */
export const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const containsPattern = (text: string) => likeContains(text.trim().toLowerCase());

/** `column` (or expression) contains `text`, any case. */
export const contains = (column: SQLWrapper, text: string): SQL => sql`lower(${column}) like ${containsPattern(text)} escape '\\'`;
