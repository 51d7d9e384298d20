// The path of a request URL, read on every request, so without building a URL object.

/** The path of an absolute URL (no query, no fragment). */
export function pathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start === -1) return '/';
  const end = url.search(/[?#]/);
  return url.slice(start, end === -1 ? undefined : end);
}
