/**
 * A run that belongs to the background, not to a page: the link check (check-runner.ts) and the Wayback lookup
 * (wayback/lookup-run.ts) are each one of these, with an alarm and a stored run record of their own. Started by a
 * request, a run goes on whoever watches it (a page asks for its status and shows the progress) and when the page
 * switches views or closes. Its state is in its record ('running', 'paused', 'stopped'), so it survives the event
 * page and Firefox:
 *
 * - while it runs, a heartbeat (every HEARTBEAT_MS) posts progress, lets the pass write what it has pending and
 *   moves the wake alarm `wakeAfterMs` ahead; the alarm call is an extension API call, which resets the event page's
 *   idle timer, so a long Retry-After wait does not let Firefox unload it;
 * - should the event page go anyway, the alarm wakes it (alarms.onAlarm, relayed by the first chunk) and the run
 *   resumes: its pass does what is left, from what is stored;
 * - Firefox does not keep alarms across a restart: runtime.onStartup (and onInstalled, after an update or reload)
 *   resumes it; so does any page asking for the status.
 *
 * Pause ends the running pass and keeps the run 'paused' (nothing runs, nothing keeps the event page awake) until
 * the person continues it; cancel keeps it 'stopped' (resumable by hand). One transition at a time (a serial queue).
 */
import type { Browser } from '../platform/browser';
import { createSerialQueue } from '../platform/serial-queue';
import { toWireError, type AppError } from '../messaging/errors';

/** Progress reaches the pages, pending results the store, and the wake alarm moves ahead at least this often. */
export const HEARTBEAT_MS = 5_000;
/** How soon the alarm wakes an event page that went away mid-run. */
export const WAKE_AFTER_MS = 30_000;

export type RunState = 'running' | 'paused' | 'stopped';

/** What every stored run record has: the runner reads and writes these fields, the rest is the run's own. */
export interface RunRecordBase {
  id: string;
  finishedAt: number | null;
  /**
   * Unfinished: 'running' is resumed by the background by itself (after the event page slept, after a restart);
   * 'paused' waits for the person; 'stopped' (cancelled or failed) is resumed by hand. A record without it: stopped.
   */
  state?: RunState;
  /** Why it stopped, when it failed. */
  error?: { code: string; message: string } | null;
}

/**
 * Where a background run stands: 'running' (now, or about to resume after the event page slept or Firefox
 * restarted), 'paused' (by the person), 'idle' (none under way). `run` is the current or last run: its figures,
 * whether it finished, why it stopped.
 */
export interface RunStatus<P> {
  state: 'idle' | 'running' | 'paused';
  run: (P & { id: string; finishedAt: number | null; error: { code: string; message: string } | null }) | null;
}

/** What a pass over a run's remaining work is given. */
export interface PassContext<P> {
  /** Aborts when the run is paused, cancelled or halted: the pass then returns or throws soon. */
  signal: AbortSignal;
  /** The run's figures now (what status answers and followers hear). */
  progress(p: P): void;
  /** `beat` is called at every heartbeat while the pass runs (to write what it has pending). */
  onBeat(beat: () => void): void;
}

export interface BackgroundRunDeps<R extends RunRecordBase, P, Result> {
  browser: Browser;
  now(): number;
  /** The wake alarm's name (one per kind of run). */
  alarm: string;
  /** How soon the alarm wakes the event page (test builds shorten it); the heartbeat is at most half of it. */
  wakeAfterMs(): number;
  /** The stored run record (one per kind of run), and its writer. */
  read(): Promise<R | null>;
  write(run: R): Promise<void>;
  /** Does what is left of `run` (what is stored is done), until done or `ctx.signal` aborts. */
  pass(run: R, ctx: PassContext<P>): Promise<Result>;
  /** The figures of a run as it starts here, before its pass says more. */
  initialProgress(run: R): P;
  /** The figures of a run not running here, counted from what is stored. */
  storedProgress(run: R): Promise<P>;
  /** The errors a person reads: the run was stopped; one is under way already. */
  cancelled(): AppError;
  busy(): AppError;
}

type StopAs = 'paused' | 'stopped';

const stateOf = (run: RunRecordBase | null): RunState => (run ? (run.state ?? 'stopped') : 'stopped');

export function createBackgroundRun<R extends RunRecordBase, P, Result>(deps: BackgroundRunDeps<R, P, Result>) {
  const { browser } = deps;
  const serial = createSerialQueue();
  interface Active {
    run: R;
    controller: AbortController;
    progress: P;
    stopAs: StopAs;
    /** Settles once the pass has ended and its state is written. */
    ended: Promise<void>;
    /** The pass's outcome, for whoever follows it. */
    outcome: Promise<Result>;
  }
  let active: Active | null = null;
  /** The run launched last (follow() follows it even when its pass ended before the follower looked). */
  let launched: Active | null = null;
  const listeners = new Set<(p: P) => void>();

  const armAlarm = () => browser.alarms.create(deps.alarm, { when: deps.now() + deps.wakeAfterMs() });
  const clearAlarm = () => browser.alarms.clear(deps.alarm).then(() => undefined);

  const status = async (): Promise<RunStatus<P>> => {
    if (active) return { state: 'running', run: { ...active.progress, id: active.run.id, finishedAt: null, error: null } };
    const run = await deps.read();
    if (!run) return { state: 'idle', run: null };
    const state = run.finishedAt === null ? stateOf(run) : 'stopped';
    return {
      state: state === 'stopped' ? 'idle' : state,
      run: { ...(await deps.storedProgress(run)), id: run.id, finishedAt: run.finishedAt, error: run.error ?? null },
    };
  };

  /** Runs `run` here until it finishes, fails or is stopped; writes how it ended. */
  const launch = (run: R) => {
    const controller = new AbortController();
    const me: Active = {
      run,
      controller,
      progress: deps.initialProgress(run),
      stopAs: 'stopped',
      ended: Promise.resolve(),
      outcome: Promise.resolve() as unknown as Promise<Result>,
    };
    active = me;
    launched = me;
    const publish = () => {
      for (const listener of listeners) listener(me.progress);
    };
    const beats: (() => void)[] = [];
    const heartbeat = setInterval(
      () => {
        publish();
        for (const beat of beats) beat();
        void armAlarm();
      },
      Math.min(HEARTBEAT_MS, deps.wakeAfterMs() / 2),
    );
    void armAlarm();
    me.outcome = (async () => {
      try {
        const result = await deps.pass(run, {
          signal: controller.signal,
          progress: (p) => {
            me.progress = p;
            publish();
          },
          onBeat: (beat) => void beats.push(beat),
        });
        if (controller.signal.aborted) throw deps.cancelled();
        return result;
      } finally {
        clearInterval(heartbeat);
      }
    })();
    me.ended = me.outcome
      .then(
        async () => {
          await deps.write({ ...run, state: 'stopped', finishedAt: deps.now(), error: null });
        },
        async (error: unknown) => {
          // Stopped by the person (paused or cancelled): resumable. Failed: kept with why, resumable by hand only.
          const failed = !controller.signal.aborted;
          await deps.write({ ...run, state: failed ? 'stopped' : me.stopAs, error: failed ? toWireError(error) : null });
        },
      )
      .finally(async () => {
        if (active === me) active = null;
        await clearAlarm().catch(() => undefined);
      });
    me.outcome.catch(() => undefined);
  };

  /** Ends the pass running here (if any) as `as`, and waits until its state is written. */
  const stopActive = async (as: StopAs) => {
    const running = active;
    if (!running) return;
    running.stopAs = as;
    running.controller.abort();
    await running.ended.catch(() => undefined);
  };

  /** A run the store says is running but nothing runs here (the event page slept, Firefox restarted): resumed. */
  const ensureRunning = () =>
    serial.run(async () => {
      if (active) return;
      const run = await deps.read();
      if (run && run.finishedAt === null && stateOf(run) === 'running') launch(run);
    });

  /**
   * Starts a run: with `resume`, the unfinished one (paused or stopped) if there is one; else a new one from `fresh`
   * (refused while another is running or paused).
   */
  const start = (fresh: () => Promise<R>, resume = false) =>
    serial.run(async () => {
      if (active) throw deps.busy();
      const previous = await deps.read();
      const unfinished = previous && previous.finishedAt === null ? previous : null;
      let run: R;
      if (resume && unfinished) run = { ...unfinished, state: 'running', error: null };
      else {
        if (unfinished && stateOf(unfinished) !== 'stopped') throw deps.busy();
        run = { ...(await fresh()), state: 'running', error: null };
      }
      await deps.write(run);
      launch(run);
      return status();
    });

  /** Pause or cancel: the pass here ends, and the stored run is marked (also when nothing runs here). */
  const stop = (as: StopAs) =>
    serial.run(async () => {
      if (active) await stopActive(as);
      else {
        const run = await deps.read();
        if (run && run.finishedAt === null && stateOf(run) !== 'stopped' && !(as === 'paused' && stateOf(run) === 'paused')) {
          await deps.write({ ...run, state: as });
          await clearAlarm();
        }
      }
      return status();
    });

  // Listeners at the top level (the first chunk relays them while the app loads): start-up, update and the alarm.
  const resume = () => void ensureRunning().catch((error: unknown) => console.error(error));
  browser.runtime.onStartup.addListener(resume);
  browser.runtime.onInstalled.addListener(resume);
  browser.alarms.onAlarm.addListener((alarm: { name: string }) => {
    if (alarm.name === deps.alarm) resume();
  });

  return {
    start,
    pause: () => stop('paused'),
    cancel: () => stop('stopped'),
    /** The status; a run that should be running here is resumed first. */
    status: async () => {
      await ensureRunning();
      return status();
    },
    /** True while a run's pass runs here. */
    get running() {
      return active !== null;
    },
    /**
     * Starts a run with `begin` (start, as the caller asks for it) and follows it to its end, passing its progress
     * on; `signal` stops the following only. Rejects with the cancelled error when the run is paused or cancelled.
     */
    async follow(begin: () => Promise<unknown>, onProgress: (p: P) => void, signal: AbortSignal): Promise<Result> {
      listeners.add(onProgress);
      try {
        await begin();
        const me = launched;
        if (!me) throw deps.cancelled();
        onProgress(me.progress);
        const left = new Promise<never>((_, reject) => {
          const stopFollowing = () => reject(deps.cancelled());
          if (signal.aborted) stopFollowing();
          signal.addEventListener('abort', stopFollowing, { once: true });
        });
        try {
          return await Promise.race([me.outcome, left]);
        } finally {
          // Its end is written before the caller hears of it (unless the caller stopped following).
          if (!signal.aborted) await me.ended.catch(() => undefined);
        }
      } finally {
        listeners.delete(onProgress);
      }
    },
    /** Ends what runs here (test reset, forget): nothing is written after it returns. */
    async halt() {
      await serial.run(async () => {
        await stopActive('stopped');
        await clearAlarm();
      });
    },
  };
}
