// How deeply a parsed request body nests. Our bodies are at most a few levels deep; a hostile one nested
// hundreds of thousands of levels parses quickly but makes any later JSON.stringify (Elysia builds one for every
// validation error) recurse for seconds before overflowing, so such bodies are refused right after parsing.

/** The deepest nesting any request body may have (objects and arrays count one level each). */
export const MAX_BODY_DEPTH = 32;

/** True when `value` nests more than `max` levels; walks level by level, so it never recurses itself. */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  let level: object[] = value !== null && typeof value === 'object' ? [value] : [];
  for (let depth = 1; level.length > 0; depth++) {
    if (depth > max) return true;
    const next: object[] = [];
    for (const node of level) {
      for (const child of Object.values(node)) if (child !== null && typeof child === 'object') next.push(child);
    }
    level = next;
  }
  return false;
}
