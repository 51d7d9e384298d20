// `npm run start:cluster` (scripts/cluster.ts, here without the site build): sqld plus two Fogline processes on
// two ports, both serving the same demo data; Ctrl-C (SIGINT) stops all three.
import { afterAll, expect, test } from 'bun:test';
import { spawn } from 'bun';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../../helpers/ports';
import { sqldBinary } from '../../helpers/sqld';

const dir = mkdtempSync(join(tmpdir(), 'fogline-cluster-script-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test.skipIf(!sqldBinary())('start:cluster brings up sqld and two processes sharing its demo data; SIGINT stops them all', async () => {
  const sqldPort = await freePort();
  const cluster = spawn(['bun', 'scripts/cluster.ts'], {
    cwd: resolve(import.meta.dir, '../../..'),
    env: { ...process.env, CLUSTER_DIR: dir, PORT: '0', SQLD_PORT: String(sqldPort), DATABASE_URL: '', SEED: '' },
    stdout: 'pipe',
    stderr: 'inherit',
  });
  let output = '';
  const decoder = new TextDecoder();
  for await (const chunk of cluster.stdout) {
    output += decoder.decode(chunk);
    if (output.includes('[cluster] ready') || output.includes('exited')) break;
  }
  const [, first, second] = output.match(/ready: (http:\S+) and (http:\S+) share/) ?? [];
  expect(first && second).toBeTruthy();
  expect(first).not.toBe(second);
  const titles = async (url: string) => (await (await fetch(`${url.replace('localhost', '127.0.0.1')}/api/classes?limit=5`)).json()) as unknown;
  const [fromFirst, fromSecond] = [await titles(first!), await titles(second!)];
  expect(JSON.stringify(fromFirst).length).toBeGreaterThan(100); // the demo data, seeded once by the first
  expect(fromSecond).toEqual(fromFirst);
  cluster.kill('SIGINT');
  await cluster.exited;
  await Bun.sleep(300);
  for (const url of [first!, second!, `http://127.0.0.1:${sqldPort}`]) {
    expect(await fetch(`${url.replace('localhost', '127.0.0.1')}/health`).then(() => 'up', () => 'down')).toBe('down');
  }
});
