// A local sqld for tests: one per test process, started on first use and killed when the process exits.
// Each caller gets its own namespace (a separate database on the same server), addressed as
// http://<namespace>.localhost:<port>.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchSqld } from '../../scripts/lib/sqld';
import { freePort } from './ports';

export { sqldBinary } from '../../scripts/lib/sqld';

export interface Sqld {
  port: number;
  /** A fresh, empty database on this server. */
  newDatabase(): Promise<string>;
  stop(): Promise<void>;
}

/** Starts a sqld of its own (namespaces enabled) on free ports, with its files in a temporary folder. */
export async function startSqld(): Promise<Sqld> {
  const dir = mkdtempSync(join(tmpdir(), 'fogline-sqld-'));
  const [port, adminPort] = [await freePort(), await freePort()];
  const { child } = await launchSqld({ dir, port, adminPort });
  const removeFiles = () => rmSync(dir, { recursive: true, force: true });
  // A test process that ends without stop() must not leave a server behind.
  const onExit = () => {
    child.kill();
    removeFiles();
  };
  process.once('exit', onExit);
  let next = 0;
  return {
    port,
    async newDatabase() {
      const name = `t${process.pid}n${++next}`;
      const created = await fetch(`http://127.0.0.1:${adminPort}/v1/namespaces/${name}/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      if (!created.ok) throw new Error(`sqld could not create namespace ${name}: ${created.status} ${await created.text()}`);
      return `http://${name}.localhost:${port}`;
    },
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
