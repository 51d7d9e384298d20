// The scale-out settings as a server reads them at start-up: WORKERS (every core in production, one process
// elsewhere), and a libSQL server without S3_BUCKET or UPLOADS=local refused, since uploads kept on one
// machine's disk would be missing on the others. A refusal is one plain line, never a stack trace.
import { describe, expect, test } from 'bun:test';
import { spawn } from 'bun';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { spawnFogline } from '../../helpers/processes';

const ROOT = resolve(import.meta.dir, '../../..');

/** The settings module loaded in a fresh process with `env` (NODE_ENV unset unless given): env.workers, or the refusal. */
async function workersSetting(env: Record<string, string>): Promise<{ workers?: number; error?: string }> {
  const child = spawn(['bun', '-e', "const { env } = await import('./api/env.ts'); console.log(env.workers)"], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: '', WORKERS: '', DATABASE_URL: '', PAYMENTS: 'test', ...env },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const [out, err] = [await new Response(child.stdout).text(), await new Response(child.stderr).text()];
  return (await child.exited) === 0 ? { workers: Number(out.trim()) } : { error: err };
}

describe('WORKERS', () => {
  test('defaults to the number of cores in production, and to one process in development and tests', async () => {
    expect(await workersSetting({ NODE_ENV: 'production' })).toEqual({ workers: availableParallelism() });
    expect(await workersSetting({})).toEqual({ workers: 1 });
    expect(await workersSetting({ NODE_ENV: 'development' })).toEqual({ workers: 1 });
    expect(await workersSetting({ NODE_ENV: 'test' })).toEqual({ workers: 1 });
  });

  test('takes a whole number from 1 to 256 in any environment; anything else is refused', async () => {
    expect(await workersSetting({ WORKERS: '3' })).toEqual({ workers: 3 });
    expect(await workersSetting({ NODE_ENV: 'production', WORKERS: '1' })).toEqual({ workers: 1 });
    for (const bad of ['0', '2.5', 'all', '257']) {
      expect((await workersSetting({ WORKERS: bad })).error).toContain(`WORKERS must be a whole number from 1 to 256, got "${bad}"`);
    }
  });

  test('the server refuses a bad value with one plain line', async () => {
    const error = (await spawnFogline({ WORKERS: 'many' }).then(
      () => null,
      (e: Error) => e,
    ))!;
    expect(error.message).toContain('[fogline] cannot start: WORKERS must be a whole number from 1 to 256, got "many"');
    expect(error.message).not.toContain('at readWorkers');
  });
});

describe('uploads with a libSQL server', () => {
  test('DATABASE_URL on a libSQL server without S3_BUCKET or UPLOADS=local: refused with a clear message, no stack trace', async () => {
    const started = spawnFogline({ DATABASE_URL: 'http://127.0.0.1:9', S3_BUCKET: '', UPLOADS: '' });
    const error = (await started.then(
      () => null,
      (e: Error) => e,
    ))!;
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toContain(
      '[fogline] cannot start: DATABASE_URL points at a libSQL server, so several machines may serve Fogline',
    );
    expect(error.message).toContain('Set S3_BUCKET');
    expect(error.message).toContain('UPLOADS=local if every process runs on this one machine');
    expect(error.message).not.toContain('at checkUploadsAreShared');
  });

  test('UPLOADS takes only "local"', async () => {
    const error = (await spawnFogline({ UPLOADS: 'nfs' }).then(
      () => null,
      (e: Error) => e,
    ))!;
    expect(error.message).toContain('UPLOADS must be "local" or unset, got "nfs"');
  });
});
