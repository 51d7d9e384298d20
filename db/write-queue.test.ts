import { describe, expect, test } from 'bun:test';
import { WriteQueue } from './write-queue';

describe('WriteQueue', () => {
  test('runs tasks one at a time, in order, passing results and errors through', async () => {
    const queue = new WriteQueue();
    const log: string[] = [];
    const slow = queue.run(async () => {
      log.push('a start');
      await Bun.sleep(5);
      log.push('a end');
      return 1;
    });
    const failing = queue.run(async () => {
      log.push('b');
      throw new Error('refused');
    });
    const after = queue.run(async () => {
      log.push('c');
      return 3;
    });
    expect(queue.pending).toBe(3);
    expect(await slow).toBe(1);
    await expect(failing).rejects.toThrow('refused');
    expect(await after).toBe(3);
    expect(log).toEqual(['a start', 'a end', 'b', 'c']);
    expect(queue.pending).toBe(0);
  });

  test('a task starts from a fresh turn of the event loop: work already queued as microtasks has run before it', async () => {
    const queue = new WriteQueue();
    // A request's work in flight: a chain of continuations, each queuing the next.
    let steps = 0;
    const chain = (async () => {
      for (let i = 0; i < 1_000; i++) {
        await null;
        steps++;
      }
    })();
    const seen = await queue.run(async () => steps);
    await chain;
    expect(seen).toBe(1_000);
  });

  test('writtenSince: true while a write is queued or under way, then only for writes that ended after the time given', async () => {
    const queue = new WriteQueue();
    const before = performance.now();
    expect(queue.writtenSince(before)).toBe(false);
    let release = () => {};
    const running = queue.run(() => new Promise<void>((resolve) => (release = resolve)));
    expect(queue.writtenSince(performance.now())).toBe(true);
    await Bun.sleep(1);
    release();
    await running;
    await Bun.sleep(1);
    expect(queue.writtenSince(before)).toBe(true);
    expect(queue.writtenSince(performance.now())).toBe(false);
  });
});
