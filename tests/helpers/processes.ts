// Real Fogline processes for tests: `bun api/main.ts` (the production entry) with the given environment,
// resolved once it prints the address it listens on. Its output is passed to stderr after that.
import { type Subprocess, spawn } from 'bun';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dir, '../..');

export interface FoglineProcess {
  url: string;
  pid: number;
  /** Everything the process printed before it listened. */
  output: string;
  child: Subprocess<'ignore', 'pipe', 'pipe'>;
  /** Ends it (SIGTERM by default; SIGKILL to crash it) and waits until it is gone. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export async function spawnFogline(env: Record<string, string>): Promise<FoglineProcess> {
  const child: Subprocess<'ignore', 'pipe', 'pipe'> = spawn(['bun', 'api/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', DATABASE_URL: '', WORKERS: '1', ...env },
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const reader = child.stdout.getReader();
  let output = '';
  const deadline = Date.now() + 60_000;
  let url = '';
  while (!url) {
    if (Date.now() > deadline) throw new Error(`Fogline did not start:\n${output}`);
    const { value, done } = await reader.read();
    if (done) throw new Error(`Fogline exited:\n${output}\n${await new Response(child.stderr).text()}`);
    output += new TextDecoder().decode(value);
    url = output.match(/listening on (http:\/\/\S+)/)?.[1] ?? '';
  }
  reader.releaseLock();
  // Keep draining stdout so the child never blocks on a full pipe.
  void child.stdout.pipeTo(new WritableStream()).catch(() => {});
  void child.stderr.pipeTo(new WritableStream({ write: (chunk) => void process.stderr.write(chunk) })).catch(() => {});
  return {
    url: url.replace('localhost', '127.0.0.1'),
    pid: child.pid,
    output,
    child,
    async kill(signal = 'SIGTERM') {
      child.kill(signal);
      await child.exited;
    },
  };
}
