// gzip for large JSON answers (class lists, coach lists), applied as a mapResponse hook by the plugins whose
// routes return them. Not global on purpose: a hook on every route costs small answers (most of the API) a
// measurable share of throughput (see `bun run bench`).
export function gzipLargeJson({ responseValue, request, set }: { responseValue: unknown; request: Request; set: { headers: unknown; status?: unknown } }) {
  if (!responseValue || typeof responseValue !== 'object' || responseValue instanceof Response || responseValue instanceof Blob) return;
  if (!(request.headers.get('accept-encoding') ?? '').includes('gzip')) return;
  const json = JSON.stringify(responseValue);
  if (json.length <= 1024) return;
  const headers = new Headers(set.headers as Record<string, string>);
  headers.set('content-type', 'application/json; charset=utf-8');
  headers.set('content-encoding', 'gzip');
  headers.set('vary', 'accept-encoding');
  return new Response(Bun.gzipSync(json), { status: typeof set.status === 'number' ? set.status : 200, headers });
}
