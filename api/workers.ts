// WORKERS=N: the primary process (api/main.ts) migrates and seeds, starts serving, then starts N-1 worker
// processes of the same entry on the same port (SO_REUSEPORT: the kernel spreads connections over them).
// Workers share the database, never migrate or seed, and end when the primary ends; one that dies is
// started again. Nothing a request needs lives only in one process: writes are serialized by the
// database's write lock, limits and timed work are in the database.
import { type Subprocess, spawn } from 'bun';

/** Set in a worker's environment: its number (1..N-1); the primary is worker 0 and has none. */
export const WORKER_ENV = 'FOGLINE_WORKER';

/** Set in a worker's environment: the primary's pid, so a worker started just as the primary died notices. */
const PRIMARY_ENV = 'FOGLINE_PRIMARY_PID';

export function workerNumber(): number {
  return Number(process.env[WORKER_ENV] ?? 0);
}

const RESTART_PAUSE_MS = 1_000;

/** Starts workers 1..count-1 listening on `port`; resolves once every one is serving. */
export async function startWorkers(count: number, port: number): Promise<{ stop(): Promise<void> }> {
  const children = new Map<number, Subprocess<'ignore', 'pipe', 'inherit'>>();
  let stopping = false;

  const start = (n: number): Promise<void> => {
    // The running Bun binary: in the image bun is node_modules/.bin/bun, not on PATH.
    const child = spawn([process.execPath, process.argv[1]!], {
      env: { ...process.env, PORT: String(port), [WORKER_ENV]: String(n), [PRIMARY_ENV]: String(process.pid) },
      stdin: 'ignore',
      stdout: 'pipe',
      stderr: 'inherit',
    });
    children.set(n, child);
    void child.exited.then((code) => {
      if (stopping || children.get(n) !== child) return;
      console.error(`[fogline] worker ${n} exited (${code}); starting it again`);
      setTimeout(() => void start(n).catch((error) => console.error(`[fogline] worker ${n} did not start:`, error)), RESTART_PAUSE_MS);
    });
    return relayUntilReady(child, n);
  };

  await Promise.all(Array.from({ length: count - 1 }, (_, i) => start(i + 1)));
  const stop = async () => {
    stopping = true;
    for (const child of children.values()) child.kill();
    await Promise.all([...children.values()].map((child) => child.exited));
  };
  return { stop };
}

/** Passes a worker's output through; resolves when it says it is serving, fails if it ends before. */
function relayUntilReady(child: Subprocess<'ignore', 'pipe', 'inherit'>, n: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const decoder = new TextDecoder();
    let seen = '';
    let ready = false;
    void (async () => {
      for await (const chunk of child.stdout) {
        const text = decoder.decode(chunk);
        process.stdout.write(text);
        seen = (seen + text).slice(-4096);
        if (!ready && seen.includes(`[fogline] worker ${n} serving`)) {
          ready = true;
          resolve();
        }
      }
      if (!ready) reject(new Error(`worker ${n} ended before serving`));
    })().catch(reject);
  });
}

/** In a worker: end when the primary is gone (even killed with SIGKILL), so no orphan keeps the port. */
export function exitWithPrimary(): void {
  const primary = Number(process.env[PRIMARY_ENV] ?? process.ppid);
  if (process.ppid !== primary) process.exit(0);
  setInterval(() => {
    if (process.ppid !== primary) process.exit(0);
  }, 1_000).unref();
}
