/** A minimal async mutex: callers run one at a time, in arrival order. */
export class Mutex {
  #tail: Promise<void> = Promise.resolve();

  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(fn);
    // The next caller waits for this one whether it succeeded or failed.
    this.#tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}
