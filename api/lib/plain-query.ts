// Elysia's query parser for Standard Schema validators (valibot here) splits any value holding a comma into an
// array and JSON-parses values in brackets, so `?q=yoga, pilates` or `?bounds=1,2,3,4` would fail validation.
// This transform hands the validator the query string as the browser sent it: one string per key.
export function plainQuery(context: { request: Request; query: Record<string, string | undefined> }): void {
  const url = context.request.url;
  const start = url.indexOf('?');
  context.query = start === -1 ? {} : Object.fromEntries(new URLSearchParams(url.slice(start + 1)));
}
