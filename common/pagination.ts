// Bounded lists: every list answer is one page (`limit`, capped, and `offset`), and the total before paging
// travels in the X-Total-Count header, so the answer keeps its documented shape and any page can be asked for.
import * as v from 'valibot';

/** No list answers more rows than this, whatever `limit` asks for. */
export const MAX_PAGE_SIZE = 100;

export const wholeNumber = (name: string) => v.pipe(v.string(), v.regex(/^\d{1,6}$/, `${name} must be a whole number.`));

/** The query parameters of a paged list (merge into the route's query schema); a limit past the cap is capped. */
export const pageEntries = {
  limit: v.optional(wholeNumber('limit')),
  offset: v.optional(wholeNumber('offset')),
};
export const PageQuery = v.object(pageEntries);

/** A limit that must be 1 to MAX_PAGE_SIZE (400 otherwise): the public catalogue's lists. */
export const strictLimit = v.pipe(
  wholeNumber('limit'),
  v.check(
    (value) => !/^\d+$/.test(value) || (Number(value) >= 1 && Number(value) <= MAX_PAGE_SIZE),
    `limit must be between 1 and ${MAX_PAGE_SIZE}.`,
  ),
);
export const strictPageEntries = { limit: v.optional(strictLimit), offset: pageEntries.offset };

export interface PageRequest {
  limit: number;
  offset: number;
}

/** A bounded page: `limit` between 1 and MAX_PAGE_SIZE (defaultLimit when absent), `offset` from 0. */
export function boundPage(page: { limit?: number; offset?: number }, defaultLimit: number): PageRequest {
  return { limit: Math.min(MAX_PAGE_SIZE, Math.max(1, page.limit ?? defaultLimit)), offset: Math.max(0, page.offset ?? 0) };
}

/** The page a query string asks for (see boundPage). */
export function readPage(query: { limit?: string; offset?: string }, defaultLimit: number): PageRequest {
  return boundPage(
    {
      limit: query.limit === undefined ? undefined : Number(query.limit),
      offset: query.offset === undefined ? undefined : Number(query.offset),
    },
    defaultLimit,
  );
}

export const TOTAL_HEADER = 'x-total-count';
/** Sent as "true" when counting stopped early: X-Total-Count is then a lower bound ("1000 or more"). */
export const TOTAL_CAPPED_HEADER = 'x-total-count-capped';

/** The sentence every paged route adds to its OpenAPI description. */
export const pagedDescription = (defaultLimit: number) =>
  ` Paged: \`limit\` (default ${defaultLimit}, at most ${MAX_PAGE_SIZE}) and \`offset\` (default 0); the X-Total-Count header gives the number of rows before paging.`;

/** Sets X-Total-Count (and X-Total-Count-Capped when the total is a lower bound) on the answer and returns the rows (for `return paged(set, page)`). */
export function paged<T>(set: { headers: Record<string, unknown> }, page: { rows: T[]; total: number; totalIsAtLeast?: boolean }): T[] {
  set.headers[TOTAL_HEADER] = String(page.total);
  if (page.totalIsAtLeast) set.headers[TOTAL_CAPPED_HEADER] = 'true';
  return page.rows;
}
