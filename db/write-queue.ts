// The in-process fast path for writes: one write transaction at a time per process, so this process's
// writes queue here (cheap, in order) instead of competing for the database's write lock. Atomicity across
// processes comes from BEGIN IMMEDIATE, which takes that lock (db/connections.ts waits for it without
// blocking the event loop; sqld serializes write transactions itself).
export class WriteQueue {
  #tail: Promise<unknown> = Promise.resolve();
  #pending = 0;

  /** Runs `task` after every task queued before it has settled; its result or error is passed through. */
  run<T>(task: () => Promise<T>): Promise<T> {
    this.#pending++;
    const result = this.#tail.then(task, task);
    this.#tail = result.then(
      () => this.#pending--,
      () => this.#pending--,
    );
    return result;
  }

  get pending(): number {
    return this.#pending;
  }
}
