// Benchmark: the production server with the demo data under load from a separate process, beside a bare
// Bun.serve that returns the same bytes from memory (the ceiling on this machine). Prints req/s, p50 and p99
// latency, and each ratio to the ceiling. Usage: bun run bench [seconds-per-target] [connections]
import { type Subprocess, spawn } from 'bun';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchWorkers } from './bench/workers';

const seconds = Number(process.argv[2] ?? 4);
const connections = Number(process.argv[3] ?? 64);
const root = join(import.meta.dir, '..');

async function waitForLine(child: Subprocess<any, 'pipe', any>, pattern: RegExp): Promise<string> {
  const reader = child.stdout.getReader();
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`process ended before printing ${pattern}:\n${text}`);
    text += new TextDecoder().decode(value);
    const match = text.match(pattern);
    if (match) {
      reader.releaseLock();
      void child.stdout.pipeTo(new WritableStream()).catch(() => {});
      return match[1]!;
    }
  }
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
}

const wrk = Bun.which('wrk');

/** wrk (Debian's package) when installed: it costs the machine far less per request than a JS client, so the
 * server, not the load generator, is what gets measured. Otherwise scripts/bench/load.ts. */
async function load(url: string, encoding = ''): Promise<{ rps: number; p50: number; p99: number; errors: number }> {
  if (wrk) {
    const args = [wrk, '-t1', `-c${connections}`, `-d${seconds}s`, '--latency', ...(encoding ? ['-H', `Accept-Encoding: ${encoding}`] : []), url];
    const out = await new Response(spawn(args, { stdout: 'pipe' }).stdout).text();
    const ms = (label: string) => {
      const m = out.match(new RegExp(`${label}%\\s+([\\d.]+)(us|ms|s)`));
      if (!m) return NaN;
      return Number(m[1]) * (m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : 1);
    };
    const errors = Number(out.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0);
    return { rps: Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? 0), p50: ms(' 50'), p99: ms(' 99'), errors };
  }
  const child = spawn(['bun', join(root, 'scripts/bench/load.ts'), url, String(connections), String(seconds), encoding], { stdout: 'pipe' });
  const out = await new Response(child.stdout).text();
  await child.exited;
  return JSON.parse(out.trim().split('\n').pop()!);
}

// Always measure the current code: a stale dist/ would benchmark yesterday's pages.
if (process.env.BENCH_SKIP_BUILD !== '1' || !existsSync(join(root, process.env.DIST_DIR ?? 'dist', 'server', 'entry.mjs'))) {
  console.log('Building the site...');
  const build = spawn(['bun', '--bun', 'astro', 'build'], { cwd: root, stdout: 'inherit', stderr: 'inherit' });
  if ((await build.exited) !== 0) process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'fogline-bench-'));
const product = spawn(['bun', 'api/main.ts'], {
  cwd: root,
  env: { ...process.env, DATA_DIR: dataDir, PORT: '0', NODE_ENV: 'production', DATABASE_URL: '', WORKERS: '1' },
  stdout: 'pipe',
  stderr: 'inherit',
});
const base = (await waitForLine(product, /listening on (http:\/\/\S+)/)).replace('localhost', '127.0.0.1');

// The targets: fixed paths plus the first class and coach, when the catalogue answers.
const targets: { name: string; path: string }[] = [
  { name: 'GET /api/health', path: '/api/health' },
  { name: 'GET /', path: '/' },
];
const classes = await fetch(`${base}/api/classes`).then((r) => (r.ok ? r.json() : null)).catch(() => null);
if (Array.isArray(classes)) {
  targets.push({ name: 'GET /api/classes', path: '/api/classes' });
  const now = Date.now();
  const upcoming = classes.find((c: { startTime?: string }) => c.startTime && Date.parse(c.startTime) > now) ?? classes[0];
  if (upcoming) targets.push({ name: 'GET /classes/{id}', path: `/classes/${upcoming.id}` });
  if (upcoming?.coachId) targets.push({ name: 'GET /coaches/{id}', path: `/coaches/${upcoming.coachId}` });
}

// Record what the product answers (compressed the way browsers ask), for the ceiling to replay.
const fixtures: Record<string, { status: number; headers: Record<string, string>; body: string }> = {};
for (const target of targets) {
  const res = await fetch(base + target.path, { headers: { 'accept-encoding': 'gzip' }, decompress: false } as RequestInit);
  const headers: Record<string, string> = {};
  res.headers.forEach((value, key) => {
    if (key !== 'content-length' && key !== 'date' && key !== 'transfer-encoding') headers[key] = value;
  });
  fixtures[target.path] = { status: res.status, headers, body: Buffer.from(await res.arrayBuffer()).toString('base64') };
}
const ceiling = spawn(['bun', join(root, 'scripts/bench/ceiling.ts')], { stdin: new Blob([JSON.stringify(fixtures)]), stdout: 'pipe', stderr: 'inherit' });
const ceilingBase = await waitForLine(ceiling, /listening on (http:\/\/\S+)/);

console.log(`\nFogline benchmark: ${connections} connections, ${seconds}s per target, loopback, ${navigator.hardwareConcurrency} cores, load from ${wrk ? 'wrk' : 'scripts/bench/load.ts'}`);
console.log(`${'target'.padEnd(20)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}   ${'ceiling req/s'.padStart(13)} ${'p99 ms'.padStart(8)}   ratio`);
const rows: { name: string; ratio: number }[] = [];
for (const target of targets) {
  const ours = await load(base + target.path, 'gzip');
  const bare = await load(ceilingBase + target.path, 'gzip');
  const ratio = ours.rps / bare.rps;
  rows.push({ name: target.name, ratio });
  console.log(
    `${target.name.padEnd(20)} ${ours.rps.toFixed(0).padStart(9)} ${ours.p50.toFixed(2).padStart(8)} ${ours.p99.toFixed(2).padStart(8)}   ${bare.rps.toFixed(0).padStart(13)} ${bare.p99.toFixed(2).padStart(8)}   ${(ratio * 100).toFixed(0).padStart(4)}%${ours.errors ? `  (${ours.errors} errors)` : ''}`,
  );
}
console.log(`\nserver memory after load: ${rssMb(product.pid).toFixed(0)} MB RSS`);
const health = rows.find((r) => r.name === 'GET /api/health');
if (health) console.log(`/api/health throughput is ${(health.ratio * 100).toFixed(0)}% of the bare Bun.serve ceiling (target: at least 70%).`);

// Pages: server time for a single request at a time (the p50 the catalogue budget speaks of), when present.
if (existsSync(join(root, 'scripts/bench-pages.ts'))) {
  const pages = spawn(['bun', join(root, 'scripts/bench-pages.ts')], { stdout: 'inherit', stderr: 'inherit' });
  await pages.exited;
}

product.kill();
ceiling.kill();
await Promise.all([product.exited, ceiling.exited]);
rmSync(dataDir, { recursive: true, force: true });

// The WORKERS speed-up: 1 and 2 server processes on a CPU-bound route (scripts/bench/workers.ts).
await benchWorkers();
