// The ceiling: a bare Bun.serve answering each benchmarked path with the same bytes and headers the product
// sent, straight from memory. Reads {path: {status, headers, body(base64)}} as JSON on stdin.
const fixtures = JSON.parse(await Bun.stdin.text()) as Record<string, { status: number; headers: Record<string, string>; body: string }>;
const responses = new Map(Object.entries(fixtures).map(([path, f]) => [path, { ...f, bytes: Buffer.from(f.body, 'base64') }]));
const server = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch(request) {
    const f = responses.get(new URL(request.url).pathname);
    if (!f) return new Response('not found', { status: 404 });
    return new Response(f.bytes, { status: f.status, headers: f.headers });
  },
});
console.log(`ceiling listening on http://127.0.0.1:${server.port}`);

export {};
