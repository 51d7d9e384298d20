// Benchmark: the production server (one process per core) under load from a separate process, beside the ceiling
// of this machine: one bare Bun process per core answering the same bytes from static routes (bench/ceiling.ts).
// Prints req/s, p50 and p99 latency and each ratio to the ceiling.
//   bun run bench [seconds-per-target] [connections]            demo data: health, pages, the catalogue API
//   bun run bench -- --scale [seconds-per-target] [connections] SEED=scale: issue 9's budgets, PASS/FAIL each
//   bun run bench -- --rush [seconds] [customers...]            the class drop (issue 23): bookings per second
//                                                               beside bare SQLite and sqld, PASS/FAIL each;
//                                                               --profile adds a bun --cpu-prof of the server;
//                                                               --setups=file-1,file-2,sqld runs some of them
import { spawn } from 'bun';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Budget, load, printBudgets, root, rssMb, startCeiling, startProduct, wrk } from './bench/harness';
import { benchCatalog } from './bench/catalog';
import { benchPages } from './bench/pages';
import { benchWorkers } from './bench/workers';
import { benchRush } from './bench/rush';

const args = process.argv.slice(2);
const scale = args.includes('--scale');
const [secondsArg, connectionsArg] = args.filter((arg) => !arg.startsWith('--'));

if (args.includes('--rush')) {
  // Bun's fetch keeps 256 requests in flight unless told otherwise: a burst of 1,000 must leave at once.
  if (!process.env.BUN_CONFIG_MAX_HTTP_REQUESTS) {
    const again = spawn(['bun', ...process.argv.slice(1)], {
      env: { ...process.env, BUN_CONFIG_MAX_HTTP_REQUESTS: '4096' },
      stdout: 'inherit',
      stderr: 'inherit',
    });
    process.exit(await again.exited);
  }
  const [seconds = '8', ...customers] = args.filter((arg) => !arg.startsWith('--'));
  const counts = customers.length ? customers.map(Number) : [200, 1000];
  console.log(
    `Fogline rush (issue 23): ${counts.join(' and ')} signed-in customers booking free classes, a burst then ${seconds}s one after another (after 3s of warm-up; wrk as the customers when installed), NODE_ENV=production, ${navigator.hardwareConcurrency} cores shared with the load generator`,
  );
  console.log(`${'users'.padStart(5)}  ${'database'.padEnd(28)} ${'bookings'.padStart(9)} ${'p50'.padStart(9)} ${'p99'.padStart(9)}`);
  const profileDir = args.includes('--profile') ? mkdtempSync(join(tmpdir(), 'fogline-rush-profile-')) : undefined;
  // --setups=file-1,file-2,sqld runs some of the three (all by default).
  const setups = args
    .find((arg) => arg.startsWith('--setups='))
    ?.slice('--setups='.length)
    .split(',');
  const budgets = await benchRush({ seconds: Number(seconds), customers: counts, profileDir, setups });
  printBudgets(budgets);
  process.exit(budgets.every((b) => b.pass) ? 0 : 1);
}
const seconds = Number(secondsArg ?? (scale ? 5 : 4));
const connections = Number(connectionsArg ?? (scale ? 50 : 64));

// Always measure the current code: a stale dist/ would benchmark yesterday's pages.
if (process.env.BENCH_SKIP_BUILD !== '1' || !existsSync(join(root, process.env.DIST_DIR ?? 'dist', 'server', 'entry.mjs'))) {
  console.log('Building the site...');
  const build = spawn(['bun', '--bun', 'astro', 'build'], { cwd: root, stdout: 'inherit', stderr: 'inherit' });
  if ((await build.exited) !== 0) process.exit(1);
}

const startedAt = performance.now();
// Production as deployed: one process per core (WORKERS), beside a ceiling of one bare process per core.
const cores = navigator.hardwareConcurrency;
const product = await startProduct(scale ? 'scale' : 'demo', { WORKERS: String(cores) });
console.log(
  `\nFogline benchmark (${scale ? 'SEED=scale' : 'demo data'}, NODE_ENV=production, WORKERS=${cores}, server ready in ${((performance.now() - startedAt) / 1000).toFixed(1)} s): ${connections} connections, ${seconds}s per target, loopback, ${cores} cores shared with the load generator (${wrk ? 'wrk' : 'scripts/bench/load.ts'})`,
);

if (scale) {
  const budgets: Budget[] = [];
  try {
    budgets.push(...(await benchPages(product, { connections, seconds })));
    budgets.push(...(await benchCatalog(product.base)));
    // Further sections (worker scaling) add their budgets here.
  } finally {
    await product.stop();
  }
  printBudgets(budgets);
  process.exit(budgets.every((b) => b.pass) ? 0 : 1);
}

// Demo data: the targets are fixed paths plus the first class and coach, when the catalogue answers.
const { base } = product;
const targets: { name: string; path: string }[] = [
  { name: 'GET /api/health', path: '/api/health' },
  { name: 'GET /', path: '/' },
];
const classes = await fetch(`${base}/api/classes`)
  .then((r) => (r.ok ? r.json() : null))
  .catch(() => null);
const list = (Array.isArray(classes) ? classes : classes?.items) as { id: number; coachId?: number; startTime?: string }[] | undefined;
if (list) {
  targets.push({ name: 'GET /api/classes', path: '/api/classes' });
  const now = Date.now();
  const upcoming = list.find((c) => c.startTime && Date.parse(c.startTime) > now) ?? list[0];
  if (upcoming) targets.push({ name: 'GET /classes/{id}', path: `/classes/${upcoming.id}` });
  if (upcoming?.coachId) targets.push({ name: 'GET /coaches/{id}', path: `/coaches/${upcoming.coachId}` });
}
const ceiling = await startCeiling(
  base,
  targets.map((t) => t.path),
);

console.log(
  `${'target'.padEnd(20)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}   ${'ceiling req/s'.padStart(13)} ${'p99 ms'.padStart(8)}   ratio`,
);
const rows: { name: string; ratio: number }[] = [];
for (const target of targets) {
  const ours = await load(base + target.path, { connections, seconds, headers: { 'Accept-Encoding': 'gzip' } });
  const bare = await load(ceiling.base + target.path, { connections, seconds, headers: { 'Accept-Encoding': 'gzip' } });
  const ratio = ours.rps / bare.rps;
  rows.push({ name: target.name, ratio });
  console.log(
    `${target.name.padEnd(20)} ${ours.rps.toFixed(0).padStart(9)} ${ours.p50.toFixed(2).padStart(8)} ${ours.p99.toFixed(2).padStart(8)}   ${bare.rps.toFixed(0).padStart(13)} ${bare.p99.toFixed(2).padStart(8)}   ${(ratio * 100).toFixed(0).padStart(4)}%${ours.errors ? `  (${ours.errors} errors)` : ''}`,
  );
}
console.log(`\nserver memory after load: ${rssMb(product.pid).toFixed(0)} MB RSS`);
const health = rows.find((r) => r.name === 'GET /api/health');
if (health)
  console.log(`/api/health throughput is ${(health.ratio * 100).toFixed(0)}% of the bare Bun.serve ceiling (target: at least 70%).`);

// Pages: server time for a single request at a time (the p50 the catalogue budget speaks of), when present.
if (existsSync(join(root, 'scripts/bench-pages.ts'))) {
  const pages = spawn(['bun', join(root, 'scripts/bench-pages.ts')], { stdout: 'inherit', stderr: 'inherit' });
  await pages.exited;
}

await Promise.all([product.stop(), ceiling.stop()]);

// The WORKERS speed-up: 1 and 2 server processes on a CPU-bound route (scripts/bench/workers.ts).
await benchWorkers();
