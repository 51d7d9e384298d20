// Body limits on the bytes actually received: a declared Content-Length is checked up front, and a body sent
// without one (chunked) is read only up to the limit, so a client streaming gigabytes costs at most the limit
// in memory before it is refused.

/** The request with its body read into memory, or null as soon as more than `limit` bytes arrived. */
export async function bufferBodyWithin(request: Request, limit: number): Promise<Request | null> {
  if (!request.body) return request;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const headers = new Headers(request.headers);
  headers.delete('transfer-encoding');
  headers.set('content-length', String(size));
  return new Request(request.url, { method: request.method, headers, body: Buffer.concat(chunks) });
}

/** True when the request declares how long its body is (HTTP framing then holds it to that length). */
export function declaresLength(request: Request): boolean {
  return request.headers.has('content-length') && !request.headers.has('transfer-encoding');
}
