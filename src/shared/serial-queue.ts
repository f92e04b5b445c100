/**
 * Runs async tasks one after another, in the order they were queued, whatever each one's outcome.
 *
 * Quick-bookmark actions go through one queue so that a second key press that arrives while the first is still
 * saving waits for it, then sees its bookmark: two presses give one bookmark. One queue for all URLs (rather than
 * one per URL) also keeps two saves of different pages from both creating the missing "Read later" folder.
 */
export interface SerialQueue {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks queued or running now. */
  readonly pending: number;
}

export function createSerialQueue(): SerialQueue {
  let tail: Promise<unknown> = Promise.resolve();
  let pending = 0;
  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      pending++;
      const result = tail.then(task).finally(() => pending--);
      tail = result.catch(() => undefined);
      return result;
    },
    get pending() {
      return pending;
    },
  };
}
