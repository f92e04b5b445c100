/** A virtual clock for the link checker's unit tests: time moves only when every task waits for a timer. */
import type { Timers } from '../../../src/link-health/timers';

export interface VirtualTime extends Timers {
  /** Runs `work` to its end, moving time to the next timer whenever nothing else can run. */
  run<T>(work: Promise<T>): Promise<T>;
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

export function virtualTime(): VirtualTime {
  let now = 0;
  let seq = 0;
  const timers: { at: number; seq: number; fire: () => void }[] = [];
  return {
    now: () => now,
    sleep(ms, signal) {
      return new Promise<void>((resolve) => {
        if (signal?.aborted) return resolve();
        const entry = { at: now + Math.max(0, ms), seq: seq++, fire: resolve };
        timers.push(entry);
        signal?.addEventListener(
          'abort',
          () => {
            const i = timers.indexOf(entry);
            if (i >= 0) timers.splice(i, 1);
            resolve();
          },
          { once: true },
        );
      });
    },
    async run(work) {
      let finished = false;
      const outcome = work.finally(() => (finished = true));
      outcome.catch(() => undefined);
      for (;;) {
        await settle();
        if (finished) return outcome;
        if (!timers.length) throw new Error('Nothing runs and no timer is set: the schedule is stuck.');
        timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
        const next = timers.shift()!;
        now = next.at;
        next.fire();
      }
    },
  };
}
