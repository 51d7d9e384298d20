// Compression, in one place: which answers are worth it, gzip above 1 KB (built assets once at start, large JSON
// answers, rendered pages) and Brotli for built assets in the background. The JSON hook is applied by the plugins
// whose routes return large lists only, not globally: a hook on every route costs small answers (most of the
// API) a measurable share of throughput (see `bun run bench`).
import { brotliCompress, constants as zlibConstants } from 'node:zlib';

/** Text-like types; images and fonts are compressed already. */
export const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest)|image\/svg)/;
/** Below this, the gzip framing and the work cost more than they save. */
const MIN_BYTES = 1024;

export function acceptsGzip(request: Request): boolean {
  return (request.headers.get('accept-encoding') ?? '').includes('gzip');
}

/** The body gzipped, or null when it is too small to be worth it. */
export function gzipWorthIt(body: Uint8Array<ArrayBuffer> | string): Uint8Array<ArrayBuffer> | null {
  const size = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
  return size > MIN_BYTES ? Bun.gzipSync(body) : null;
}

/** Brotli at maximum quality on the thread pool, one body at a time, so start-up and requests never wait. */
export function brotliInBackground<T extends { body: Uint8Array }>(items: T[], done: (item: T, br: Uint8Array<ArrayBuffer>) => void): void {
  const queue = [...items];
  const next = () => {
    const item = queue.shift();
    if (!item) return;
    brotliCompress(item.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }, (error, result) => {
      if (!error) done(item, new Uint8Array(result));
      next();
    });
  };
  next();
}

/** mapResponse hook: a large JSON answer (class lists, coach lists) gzipped for a client that accepts it. */
export function gzipLargeJson({
  responseValue,
  request,
  set,
}: {
  responseValue: unknown;
  request: Request;
  set: { headers: unknown; status?: unknown };
}) {
  if (!responseValue || typeof responseValue !== 'object' || responseValue instanceof Response || responseValue instanceof Blob) return;
  if (!acceptsGzip(request)) return;
  const gzipped = gzipWorthIt(JSON.stringify(responseValue));
  if (!gzipped) return;
  const headers = new Headers(set.headers as Record<string, string>);
  headers.set('content-type', 'application/json; charset=utf-8');
  headers.set('content-encoding', 'gzip');
  headers.set('vary', 'accept-encoding');
  return new Response(gzipped, { status: typeof set.status === 'number' ? set.status : 200, headers });
}

/** A rendered text answer compressed: streamed for HTML, buffered (above 1 KB only) for the rest. */
export async function compressResponse(response: Response, request: Request): Promise<Response> {
  const type = response.headers.get('content-type') ?? '';
  if (!response.body || response.headers.has('content-encoding') || !COMPRESSIBLE.test(type) || !acceptsGzip(request)) {
    return response;
  }
  const headers = new Headers(response.headers);
  headers.set('vary', 'accept-encoding');
  headers.delete('content-length');
  if (type.startsWith('text/html')) {
    headers.set('content-encoding', 'gzip');
    return new Response(response.body.pipeThrough(new CompressionStream('gzip')), { status: response.status, headers });
  }
  const body = new Uint8Array(await response.arrayBuffer());
  const gzipped = gzipWorthIt(body);
  if (gzipped) headers.set('content-encoding', 'gzip');
  return new Response(gzipped ?? body, { status: response.status, headers });
}
