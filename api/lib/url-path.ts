// The path of a request URL, read on every request, so without building a URL object.

/** The path and query string of an absolute URL (what follows its origin): the render cache's key. */
export function pathAndQueryOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  return start === -1 ? '/' : url.slice(start);
}

/** The path of an absolute URL (no query, no fragment). */
export function pathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start === -1) return '/';
  // Two indexOf calls, not a pattern: this runs first on every request.
  let end = url.indexOf('?', start);
  const hash = url.indexOf('#', start);
  if (hash !== -1 && (end === -1 || hash < end)) end = hash;
  return end === -1 ? url.slice(start) : url.slice(start, end);
}
