// RateLimits: reservations in the database, all or nothing, atomic under bursts and across handles on one file.
import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '../../db/client';
import { migrateDb } from '../../db/migrate';
import { DomainError } from '../errors';
import { FakeClock } from './clock';
import { createRateLimits, type RateLimitConfig } from './rate-limit';

const dir = mkdtempSync(join(tmpdir(), 'fogline-rate-'));
const url = `file:${join(dir, 'rate.db')}`;
const db = await openDb(url);
await migrateDb(db);
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

let n = 0;
/** A fresh key per test, so tests share the file but not their counts. */
const key = () => `k${++n}`;
const limits = (config: Partial<RateLimitConfig>, clock = new FakeClock(new Date('2026-01-01T00:00:00Z'))) => ({
  clock,
  limits: createRateLimits(db, clock, config),
});
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: DomainError) => error,
  );

describe('RateLimits', () => {
  test('allows `max` attempts per window, then 429 telling how many seconds to wait; the window ends and the key starts over', async () => {
    const { clock, limits: rl } = limits({ uploadsPerUser: { max: 2, windowMs: 60_000 } });
    const k = key();
    await rl.reserve('m', ['uploadsPerUser', k]);
    await rl.reserve('m', ['uploadsPerUser', k]);
    clock.advance(45_000);
    const refused = await refusal(rl.reserve('wait, please', ['uploadsPerUser', k]));
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused!.status).toBe(429);
    expect(refused!.message).toBe('wait, please');
    expect(refused!.headers).toEqual({ 'retry-after': '15' });
    await rl.reserve('m', ['uploadsPerUser', key()]);
    clock.advance(15_000);
    await rl.reserve('m', ['uploadsPerUser', k]);
  });

  test('all or nothing: when one rule is spent, the others are not counted either', async () => {
    const { limits: rl } = limits({ uploadsPerUser: { max: 1, windowMs: 60_000 }, contactPerAddress: { max: 2, windowMs: 60_000 } });
    const spent = key();
    const other = key();
    await rl.reserve('m', ['uploadsPerUser', spent]);
    for (let i = 0; i < 3; i++)
      expect((await refusal(rl.reserve('m', ['contactPerAddress', other], ['uploadsPerUser', spent])))?.status).toBe(429);
    await rl.reserve('m', ['contactPerAddress', other]);
    await rl.reserve('m', ['contactPerAddress', other]);
  });

  test('release hands the attempt back; clear forgets the key', async () => {
    const { limits: rl } = limits({ uploadsPerUser: { max: 1, windowMs: 60_000 } });
    const k = key();
    await (await rl.reserve('m', ['uploadsPerUser', k])).release();
    const kept = await rl.reserve('m', ['uploadsPerUser', k]);
    expect((await refusal(rl.reserve('m', ['uploadsPerUser', k])))?.status).toBe(429);
    await kept.clear('uploadsPerUser');
    await rl.reserve('m', ['uploadsPerUser', k]);
  });

  test('amounts: bytes add up to the quota; one amount above it is refused outright', async () => {
    const { limits: rl } = limits({ uploadBytesPerUser: { max: 1000, windowMs: 60_000 } });
    const k = key();
    await rl.reserve('m', ['uploadBytesPerUser', k, 600]);
    expect((await refusal(rl.reserve('m', ['uploadBytesPerUser', k, 500])))?.status).toBe(429);
    await rl.reserve('m', ['uploadBytesPerUser', k, 400]);
    expect((await refusal(rl.reserve('m', ['uploadBytesPerUser', key(), 1001])))?.status).toBe(429);
  });

  test('slowAfter: past it each attempt waits twice as long as the last, up to maxDelayMs', async () => {
    const { clock, limits: rl } = limits({ loginPerEmail: { max: 100, windowMs: 3_600_000, slowAfter: 2, maxDelayMs: 4000 } });
    const k = key();
    await rl.reserve('m', ['loginPerEmail', k]);
    await rl.reserve('m', ['loginPerEmail', k]);
    const waits = [];
    for (let i = 0; i < 4; i++) {
      await rl.reserve('m', ['loginPerEmail', k]);
      waits.push((await refusal(rl.reserve('m', ['loginPerEmail', k])))!.headers!['retry-after']);
      clock.advance(Number(waits.at(-1)) * 1000);
    }
    expect(waits).toEqual(['1', '2', '4', '4']);
  });

  test('two processes on one file, 25 simultaneous reservations each against a limit of 7: exactly 7 pass', async () => {
    const k = key();
    const worker = join(import.meta.dir, '../../tests/helpers/reserve-worker.ts');
    const runs = [0, 1].map(() => Bun.spawn(['bun', worker, url, k, '25', '7'], { stdout: 'pipe', stderr: 'inherit' }));
    const answers = await Promise.all(runs.map(async (run) => JSON.parse(await new Response(run.stdout).text())));
    expect(answers.flatMap((answer) => answer.other)).toEqual([]);
    expect(answers[0].passed + answers[1].passed).toBe(7);
    expect(answers[0].limited + answers[1].limited).toBe(43);
  });
});
