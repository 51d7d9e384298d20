// Load generator, run as its own process: keeps `connections` requests in flight against one URL for
// `seconds` (with the request headers given as JSON), then prints {requests, rps, p50, p99} (ms) as JSON.
// Bounded in time; loopback only.
const [url, connectionsArg = '64', secondsArg = '5', headersArg = '{}'] = process.argv.slice(2);
if (!url || !/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url)) throw new Error('load.ts only targets this machine');
const connections = Number(connectionsArg);
const deadline = performance.now() + Number(secondsArg) * 1000;
const headers = JSON.parse(headersArg) as Record<string, string>;
const latencies: number[] = [];
let errors = 0;

async function worker() {
  while (performance.now() < deadline) {
    const start = performance.now();
    try {
      const res = await fetch(url!, { headers });
      await res.arrayBuffer();
      if (res.status >= 500) errors++;
      latencies.push(performance.now() - start);
    } catch {
      errors++;
    }
  }
}

const began = performance.now();
await Promise.all(Array.from({ length: connections }, worker));
const elapsed = (performance.now() - began) / 1000;
latencies.sort((a, b) => a - b);
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
console.log(JSON.stringify({ requests: latencies.length, errors, rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99) }));

export {};
