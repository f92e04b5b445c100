/**
 * Work a feature starts on its own — a listener's fire-and-forget promise, a timer that gathers a burst of events —
 * tracked so that `whenIdle()` can say when all of it is over. Tests await it instead of sleeping; the test build's
 * requests await it before they read what the work left behind.
 */
export interface IdleTracker {
  /** Tracks `work` until it settles; returns it unchanged. */
  track<T>(work: Promise<T>): Promise<T>;
  /**
   * Runs `task` after `ms`, once for a burst: while a run is scheduled, further calls only return false. The run is
   * tracked from this call until the task settles.
   */
  soon(ms: number, task: () => Promise<unknown>): boolean;
  /** Drops the scheduled run, if any (a reset). */
  cancel(): void;
  /** Resolves once nothing tracked is running or scheduled, including work started while it waits. */
  whenIdle(): Promise<void>;
}

export function createIdleTracker(): IdleTracker {
  const running = new Set<Promise<unknown>>();
  let scheduled: { timer: ReturnType<typeof setTimeout>; done: () => void } | null = null;

  const track = <T>(work: Promise<T>): Promise<T> => {
    running.add(work);
    const forget = () => void running.delete(work);
    work.then(forget, forget);
    return work;
  };

  return {
    track,
    soon(ms, task) {
      if (scheduled) return false;
      let done!: () => void;
      void track(new Promise<void>((resolve) => (done = resolve)));
      const timer = setTimeout(() => {
        scheduled = null;
        Promise.resolve().then(task).then(done, done);
      }, ms);
      scheduled = { timer, done };
      return true;
    },
    cancel() {
      if (!scheduled) return;
      clearTimeout(scheduled.timer);
      scheduled.done();
      scheduled = null;
    },
    async whenIdle() {
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}
