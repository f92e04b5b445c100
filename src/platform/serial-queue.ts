/**
 * Runs async tasks one after another, in the order they were queued, whatever each one's outcome. The one queue of
 * the code base for "one at a time, in call order":
 *
 * - quick bookmark: a second key press that arrives while the first is still saving waits for it, then sees its
 *   bookmark (two presses give one bookmark); one queue for all URLs also keeps two saves of different pages from
 *   both creating the missing "Read later" folder.
 * - Places facade: every save() of one Places instance runs through its queue, so concurrent saves land in call
 *   order; the engine in the background runs each save request through one queue too (src/places/), and the change
 *   clock handles its event batches and awaits its writes through two more.
 * - settings writes (two quick patches cannot overwrite each other's sections), cleanup/undo and start-up recovery
 *   (dedup/cleanup), the file-date sweeps (bookmark-dates).
 *
 * Not for a write-ahead chain where a failed step must fail every later one (operations' ProgressLog): this queue
 * runs each task whatever the one before it did.
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
