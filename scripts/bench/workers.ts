// The WORKERS speed-up: the same CPU-bound route (a catalogue search, answered from the database on every
// request) served by 1 and by 2 processes, measured with wrk, which shares the machine's cores with the
// server: its own CPU share is printed beside the figures, with the load average (other work on the box).
// Run alone: bun scripts/bench/workers.ts [seconds] [connections]; `npm run bench` calls it at the end.
import { spawn } from 'bun';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { childrenOf, procStat } from '../lib/proc';

const ROOT = resolve(import.meta.dir, '../..');
export const WORKERS_BENCH_PATH = '/api/classes?q=yoga&limit=24';

interface Run {
  workers: number;
  rps: number;
  p99: string;
  /** wrk's CPU time over the wall time, as a share of all cores. */
  wrkShare: number;
  /** The server processes' CPU time per answered request: equal for 1 and 2 workers when nothing is lost
   * to coordination, so a low speed-up then means the cores were busy with other work. */
  serverCpuMs: number;
  /** How many cores the server processes had, on average, during the run. */
  serverCores: number;
}

/** CPU seconds used so far by a process and its direct children (the workers). */
function treeCpuSeconds(pid: number): number {
  return [procStat(pid), ...childrenOf(pid)].reduce((sum, stat) => sum + (stat?.cpuSeconds ?? 0), 0);
}

async function startFogline(workers: number, dataDir: string) {
  const child = spawn(['bun', 'api/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      NODE_ENV: 'production',
      PAYMENTS: 'test',
      WEATHER: 'sample', // production reads NWS: a bench never leaves the machine
      DATABASE_URL: '',
      WORKERS: String(workers),
    },
    stdout: 'pipe',
    stderr: 'inherit',
  });
  let seen = '';
  for await (const chunk of child.stdout) {
    seen += new TextDecoder().decode(chunk);
    const url = seen.match(/listening on (http:\/\/\S+)/)?.[1];
    if (url) {
      void child.stdout.pipeTo(new WritableStream()).catch(() => {});
      return { child, url: url.replace('localhost', '127.0.0.1') };
    }
  }
  throw new Error(`Fogline (WORKERS=${workers}) exited before listening:\n${seen}`);
}

async function wrk(url: string, seconds: number, connections: number, serverPid: number): Promise<Omit<Run, 'workers'>> {
  const started = performance.now();
  const serverCpuBefore = treeCpuSeconds(serverPid);
  const child = spawn(['wrk', '-t1', `-c${connections}`, `-d${seconds}s`, '--latency', url], { stdout: 'pipe' });
  const out = await new Response(child.stdout).text();
  await child.exited;
  const wall = (performance.now() - started) * 1000; // µs
  const cpu = child.resourceUsage()?.cpuTime;
  const requests = Number(out.match(/(\d+) requests in/)?.[1] ?? 0);
  const serverCpu = treeCpuSeconds(serverPid) - serverCpuBefore;
  return {
    serverCpuMs: (serverCpu * 1000) / Math.max(1, requests),
    serverCores: serverCpu / (wall / 1e6),
    rps: Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? 0),
    p99: out.match(/ 99%\s+(\S+)/)?.[1] ?? '?',
    wrkShare: cpu ? Number(cpu.user + cpu.system) / wall / availableParallelism() : NaN,
  };
}

/** Runs 1, 2, 1, 2 workers (alternating, so drifting load from others hits both alike); returns the speed-up
 * of the best 2-worker run over the best 1-worker run. */
export async function benchWorkers(seconds = 5, connections = 32): Promise<number | null> {
  if (!Bun.which('wrk')) {
    console.log('\nWORKERS speed-up: skipped (wrk is not installed: apt-get install wrk)');
    return null;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'fogline-bench-workers-'));
  const runs: Run[] = [];
  try {
    for (const workers of [1, 2, 1, 2]) {
      const fogline = await startFogline(workers, dataDir);
      // Warm-up: each process's JIT and statement cache, which take twice as long to warm with two processes.
      await wrk(fogline.url + WORKERS_BENCH_PATH, 5, connections, fogline.child.pid);
      runs.push({ workers, ...(await wrk(fogline.url + WORKERS_BENCH_PATH, seconds, connections, fogline.child.pid)) });
      fogline.child.kill();
      await fogline.child.exited;
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const best = (n: number) => Math.max(...runs.filter((r) => r.workers === n).map((r) => r.rps));
  const speedUp = best(2) / best(1);
  console.log(
    `\nWORKERS speed-up on GET ${WORKERS_BENCH_PATH} (${connections} connections, ${seconds}s, wrk -t1, ${availableParallelism()} cores)`,
  );
  console.log(
    `${'workers'.padEnd(8)} ${'req/s'.padStart(8)} ${'p99'.padStart(9)} ${'wrk CPU'.padStart(8)} ${'server cores'.padStart(13)} ${'server CPU ms/req'.padStart(18)}`,
  );
  for (const run of runs) {
    const share = `${(run.wrkShare * 100).toFixed(0)}%`;
    console.log(
      `${String(run.workers).padEnd(8)} ${run.rps.toFixed(0).padStart(8)} ${run.p99.padStart(9)} ${share.padStart(8)} ${run.serverCores.toFixed(2).padStart(13)} ${run.serverCpuMs.toFixed(2).padStart(18)}`,
    );
  }
  console.log(
    `2 workers / 1 worker: ${speedUp.toFixed(2)}x (best of two runs each; target 1.6x). Load average ${loadavg()[0]!.toFixed(1)}.`,
  );
  const twoWorkerCores = Math.max(...runs.filter((r) => r.workers === 2).map((r) => r.serverCores));
  if (twoWorkerCores < 1.5) {
    // Linux's autogroup scheduling shares the CPU fairly between sessions, not processes: with others busy,
    // a second worker in this session gets no more CPU, so the figure above measures the machine's load.
    console.log(
      `The 2 workers had ${twoWorkerCores.toFixed(2)} cores between them: other work holds the rest, so this is not the speed-up of an idle machine.`,
    );
  }
  return speedUp;
}

if (import.meta.main) await benchWorkers(Number(process.argv[2] ?? 5), Number(process.argv[3] ?? 32));
