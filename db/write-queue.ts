// One in-process queue for every write: the embedded libSQL binding has no busy timeout, so two write
// transactions opened at once fail with SQLITE_BUSY. Serializing them here also makes capacity checks
// ("check spots, then insert the booking") atomic: nothing else writes in between.
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
