// The ceiling: the most this machine can answer for the benchmarked pages. A bare Bun process that answers each
// path with the bytes and headers the product sent (gzip, with its Content-Encoding) from a static route
// (`routes: { path: Response }`, Bun's fastest path: no JavaScript runs per request). harness.ts starts one per
// core on one port with `reusePort`, as the product's WORKERS do.
// With `fetch` as third argument, the same bytes from a `fetch` handler instead (a Map looked up by the path, the
// prebuilt Response cloned): the floor of any server that runs JavaScript per request, printed beside the ceiling.
//   bun scripts/bench/ceiling.ts <fixtures.json> <port> [fetch]   fixtures: {path: {status, headers, body (base64)}}
import { readFileSync } from 'node:fs';

const [fixturesPath, portArg = '0', mode = 'static'] = process.argv.slice(2);
const fixtures = JSON.parse(readFileSync(fixturesPath!, 'utf8')) as Record<
  string,
  { status: number; headers: Record<string, string>; body: string }
>;
const routes = Object.fromEntries(
  Object.entries(fixtures).map(([path, f]) => [
    path,
    new Response(Buffer.from(f.body, 'base64'), { status: f.status, headers: f.headers }),
  ]),
);
const byPath = new Map(Object.entries(routes));
const server = Bun.serve({
  port: Number(portArg),
  hostname: '127.0.0.1',
  reusePort: true,
  ...(mode === 'fetch' ? {} : { routes }),
  fetch(request) {
    const url = request.url;
    const found = mode === 'fetch' ? byPath.get(url.slice(url.indexOf('/', url.indexOf('//') + 2))) : undefined;
    return found ? found.clone() : new Response('not found', { status: 404 });
  },
});
console.log(`ceiling listening on http://127.0.0.1:${server.port}`);
