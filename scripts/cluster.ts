// `npm run start:cluster`: a local libSQL server (sqld) and two Fogline processes on two ports sharing it, the
// way several machines share sqld or Turso in production. Both processes run on this machine, so they share
// DATA_DIR for uploads and the outbox (UPLOADS=local); separate machines would need S3_BUCKET instead.
//   CLUSTER_DIR (./data/cluster)  sqld's databases, uploads and outbox, kept between runs
//   PORT (4321)                   the first process; the second listens on PORT + 1
//   SQLD_PORT (8089)              sqld's HTTP port (DATABASE_URL=http://127.0.0.1:SQLD_PORT)
// Ctrl-C stops all three.
import { type Subprocess, spawn } from 'bun';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { launchSqld } from './lib/sqld';

const root = resolve(import.meta.dir, '..');
const dir = resolve(process.env.CLUSTER_DIR ?? join(root, 'data/cluster'));
const port = Number(process.env.PORT ?? 4321);
const sqldPort = Number(process.env.SQLD_PORT ?? 8089);
mkdirSync(dir, { recursive: true });

const sqld = await launchSqld({ dir, port: sqldPort }).catch((error: Error) => {
  console.error(`[cluster] ${error.message} (SQLD_PORT chooses another port)`);
  process.exit(1);
});
console.log(`[cluster] sqld serving ${sqld.url} (databases in ${join(dir, 'data.sqld')})`);
const children: Subprocess[] = [sqld.child];
/** Stops sqld and both processes and waits for them, so Ctrl-C leaves nothing listening. */
const stopAll = async () => {
  for (const child of children) child.kill();
  await Promise.all(children.map((child) => child.exited));
  process.exit(0);
};
process.once('SIGINT', stopAll);
process.once('SIGTERM', stopAll);

/** Starts one Fogline process, relays its output with a prefix, resolves with its URL once it listens. */
async function startFogline(name: string, listenPort: number): Promise<string> {
  const child = spawn(['bun', 'api/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(listenPort),
      DATA_DIR: dir,
      DATABASE_URL: sqld.url,
      UPLOADS: 'local',
      WORKERS: process.env.WORKERS ?? '1',
    },
    stdout: 'pipe',
    stderr: 'inherit',
  });
  children.push(child);
  const decoder = new TextDecoder();
  let seen = '';
  return new Promise((resolveUrl, reject) => {
    void (async () => {
      for await (const chunk of child.stdout) {
        const text = decoder.decode(chunk);
        process.stdout.write(text.replace(/^(?=.)/gm, `[${name}] `));
        seen += text;
        const url = seen.match(/listening on (http:\/\/\S+)/)?.[1];
        if (url) resolveUrl(url);
      }
      reject(new Error(`Fogline ${name} exited before listening`));
    })().catch(reject);
  });
}

try {
  // One after the other: the first applies the migrations and seeds the demo data, once.
  const first = await startFogline('a', port);
  const second = await startFogline('b', port === 0 ? 0 : port + 1);
  console.log(`[cluster] ready: ${first} and ${second} share ${sqld.url} (Ctrl-C stops all three)`);
} catch (error) {
  console.error(`[cluster] ${(error as Error).message}`);
  for (const child of children) child.kill();
  process.exit(1);
}
