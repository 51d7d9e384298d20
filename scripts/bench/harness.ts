// Shared parts of `npm run bench`: the product as a child process (built site, fresh data folder, demo or
// scale data), a bare Bun.serve ceiling replaying the product's own bytes, the load generator, and a budget
// table that prints PASS/FAIL per line.
import { type Subprocess, spawn } from 'bun';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const root = join(import.meta.dir, '../..');
export const wrk = Bun.which('wrk');

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

export async function waitForLine(child: Subprocess<any, 'pipe', any>, pattern: RegExp): Promise<string> {
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

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
}

/** wrk (Debian's package) when installed: it costs the machine far less per request than a JS client, so the
 * server, not the load generator, is what gets measured. Otherwise, or with `timed: true`, scripts/bench/load.ts,
 * which times every request itself: for one request at a time (server time per render) that is exact, while
 * wrk's -c1 percentiles did not add up (a round of 1,918 requests in 2 s reported an average of 2.24 ms). */
export async function load(
  url: string,
  options: { connections: number; seconds: number; headers?: Record<string, string>; timed?: boolean },
): Promise<LoadResult> {
  const headers = options.headers ?? {};
  if (wrk && !options.timed) {
    const args = [
      wrk,
      '-t1',
      `-c${options.connections}`,
      `-d${options.seconds}s`,
      '--latency',
      ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]),
      url,
    ];
    const out = await new Response(spawn(args, { stdout: 'pipe' }).stdout).text();
    const ms = (label: string) => {
      const m = out.match(new RegExp(`${label}%\\s+([\\d.]+)(us|ms|s)`));
      if (!m) return Number.NaN;
      return Number(m[1]) * (m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : 1);
    };
    const errors = Number(out.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0);
    return { rps: Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? 0), p50: ms(' 50'), p99: ms(' 99'), errors };
  }
  const child = spawn(
    ['bun', join(root, 'scripts/bench/load.ts'), url, String(options.connections), String(options.seconds), JSON.stringify(headers)],
    { stdout: 'pipe' },
  );
  const out = await new Response(child.stdout).text();
  await child.exited;
  return JSON.parse(out.trim().split('\n').pop()!);
}

export interface Product {
  base: string;
  pid: number;
  stop(): Promise<void>;
}

function spawnProduct(dataDir: string, env: Record<string, string>) {
  return spawn(['bun', 'api/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      NODE_ENV: 'production',
      PAYMENTS: 'test',
      WEATHER: 'sample',
      DATABASE_URL: '',
      WORKERS: '1',
      ...env,
    },
    stdout: 'pipe',
    stderr: 'inherit',
  });
}

/** The production server on a fresh data folder. `scale` seeds the marketplace-sized data set in a first run
 * and serves it from a second, as a deployed server would (seeding 100,000 bookings is not what its memory
 * should be judged on). */
export async function startProduct(seed: 'demo' | 'scale', env: Record<string, string> = {}): Promise<Product> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fogline-bench-'));
  if (seed === 'scale') {
    const seeding = spawnProduct(dataDir, { ...env, SEED: 'scale' });
    await waitForLine(seeding, /listening on (http:\/\/\S+)/);
    seeding.kill();
    await seeding.exited;
  }
  const child = spawnProduct(dataDir, { SEED: seed === 'scale' ? 'scale' : '', ...env });
  const base = (await waitForLine(child, /listening on (http:\/\/\S+)/)).replace('localhost', '127.0.0.1');
  return {
    base,
    pid: child.pid,
    async stop() {
      child.kill();
      await child.exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Loads the product and the ceiling in alternating rounds and keeps each side's best round (by req/s): on a
 * machine shared with other work, a burst of outside load then costs both sides alike, not one. */
export async function loadBeside(
  ours: string,
  ceiling: string,
  options: { connections: number; seconds: number; headers?: Record<string, string>; rounds?: number; floor?: string },
) {
  const rounds = options.rounds ?? 3;
  const seconds = Math.max(1, Math.round(options.seconds / rounds));
  const none: LoadResult = { rps: 0, p50: Number.NaN, p99: Number.NaN, errors: 0 };
  type Best = { ours: LoadResult; bare: LoadResult; floor: LoadResult };
  let best: Best | undefined;
  const better = (a: LoadResult, b: LoadResult | undefined) => (!b || a.rps > b.rps ? a : b);
  for (let round = 0; round < rounds; round++) {
    const a = await load(ours, { ...options, seconds });
    const b = await load(ceiling, { ...options, seconds });
    const c = options.floor ? await load(options.floor, { ...options, seconds }) : none;
    const last: Best | undefined = best;
    best = { ours: better(a, last?.ours), bare: better(b, last?.bare), floor: better(c, last?.floor) };
  }
  return best!;
}

export interface Ceiling {
  base: string;
  /** Bare processes listening on the port (one per core). */
  processes: number;
  stop(): Promise<void>;
}

/** Records what the product answers for `paths` (gzip, as browsers ask) and serves the same bytes and headers
 * from static routes of bare Bun processes, one per core on one port (scripts/bench/ceiling.ts): the most this
 * machine can do for those answers. */
export async function startCeiling(
  productBase: string,
  paths: string[],
  processes = navigator.hardwareConcurrency,
  mode: 'static' | 'fetch' = 'static',
): Promise<Ceiling> {
  const fixtures: Record<string, { status: number; headers: Record<string, string>; body: string }> = {};
  for (const path of paths) {
    const res = await fetch(productBase + path, { headers: { 'accept-encoding': 'gzip' }, decompress: false } as RequestInit);
    const headers: Record<string, string> = {};
    res.headers.forEach((value, key) => {
      if (key !== 'content-length' && key !== 'date' && key !== 'transfer-encoding') headers[key] = value;
    });
    fixtures[new URL(path, productBase).pathname] = {
      status: res.status,
      headers,
      body: Buffer.from(await res.arrayBuffer()).toString('base64'),
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'fogline-ceiling-'));
  const file = join(dir, 'fixtures.json');
  writeFileSync(file, JSON.stringify(fixtures));
  const spawnOne = (port: number) =>
    spawn(['bun', join(root, 'scripts/bench/ceiling.ts'), file, String(port), mode], { stdout: 'pipe', stderr: 'inherit' });
  const children = [spawnOne(0)];
  const base = await waitForLine(children[0]!, /listening on (http:\/\/\S+)/);
  const port = Number(new URL(base).port);
  for (let i = 1; i < processes; i++) {
    const child = spawnOne(port);
    children.push(child);
    await waitForLine(child, /listening on (http:\/\/\S+)/);
  }
  return {
    base,
    processes,
    async stop() {
      for (const child of children) child.kill();
      await Promise.all(children.map((child) => child.exited));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Budget {
  name: string;
  measured: string;
  limit: string;
  pass: boolean;
}

export function printBudgets(budgets: Budget[]): void {
  const width = Math.max(...budgets.map((b) => b.name.length), 6);
  console.log(`\n${'budget'.padEnd(width)}  ${'measured'.padStart(12)}  ${'limit'.padStart(12)}  result`);
  for (const b of budgets)
    console.log(`${b.name.padEnd(width)}  ${b.measured.padStart(12)}  ${b.limit.padStart(12)}  ${b.pass ? 'PASS' : 'FAIL'}`);
  const failed = budgets.filter((b) => !b.pass).length;
  console.log(failed ? `\n${failed} of ${budgets.length} budgets FAIL` : `\nall ${budgets.length} budgets PASS`);
}
