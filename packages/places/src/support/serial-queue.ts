// SPDX-License-Identifier: MPL-2.0
/**
 * Runs async tasks one after another, in the order they were queued, whatever each one's outcome. The one queue of
 * the code base for "one at a time, in call order":
 *
 * - quick bookmark: a second key press that arrives while the first is still saving waits for it, then sees its
 *   bookmark (two presses give one bookmark); one queue for all URLs also keeps two saves of different pages from
 *   both creating the missing "Read later" folder.
 * - Places facade: every save() of one Places instance runs through its queue, so concurrent saves land in call
 *   order; the engine in the background runs each save request through one queue too (engine.ts), and the change
 *   clock handles its event batches and awaits its writes through two more.
 * - settings writes (two quick patches cannot overwrite each other's sections), cleanup/undo and start-up recovery
 *   (dedup/cleanup), the file-date sweeps (bookmark-dates).
 *
 * Not for a write-ahead chain where a failed step must fail every later one (operations' ProgressLog): this queue
 * runs each task whatever the one before it did.
 */
export interface SerialQueue {
  /** Runs `task` once every task queued before it has settled. */
  run<T>(task: (turn: QueueTurn) => Promise<T>): Promise<T>;
  /** Tasks queued or running now. */
  readonly pending: number;
  /** Tasks waiting for their turn (queued, or back from a yield), not running. */
  readonly waiting: number;
}

/** The running task's hold on the queue. */
export interface QueueTurn {
  /**
   * Lets the tasks waiting behind this one run while `waiting` is pending (a paused job waits for its page), then
   * takes the queue back ahead of every task still waiting, and settles as `waiting` did.
   */
  yieldWhile<T>(waiting: Promise<T>): Promise<T>;
}

export function createSerialQueue(): SerialQueue {
  let busy = false;
  let pending = 0;
  /** Tasks waiting for the queue, first in line first. */
  const waiting: Array<() => void> = [];
  const take = (first: boolean) =>
    new Promise<void>((granted) => {
      if (!busy) {
        busy = true;
        granted();
      } else if (first) waiting.unshift(granted);
      else waiting.push(granted);
    });
  const hand = () => {
    const next = waiting.shift();
    if (next) next();
    else busy = false;
  };
  return {
    async run(task) {
      pending++;
      try {
        await take(false);
        let held = true;
        let ended = false;
        const turn: QueueTurn = {
          async yieldWhile(other) {
            if (!held) throw new Error('yieldWhile: this task does not hold the queue');
            held = false;
            hand();
            try {
              return await other;
            } finally {
              await take(true);
              // A task that ended without waiting for its yield gives the queue straight back.
              if (ended) hand();
              else held = true;
            }
          },
        };
        try {
          return await task(turn);
        } finally {
          ended = true;
          if (held) {
            held = false;
            hand();
          }
        }
      } finally {
        pending--;
      }
    },
    get pending() {
      return pending;
    },
    get waiting() {
      return waiting.length;
    },
  };
}
