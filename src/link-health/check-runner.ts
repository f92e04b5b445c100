/**
 * The link check belongs to the background, not to a page: started by a request, it runs whoever watches it (a page
 * asks for its status and shows the progress), and goes on when the page switches views or closes. Its state is in
 * the store's run record ('running', 'paused', 'stopped'), so it survives the event page and Firefox:
 *
 * - while it runs, a heartbeat (every HEARTBEAT_MS) writes what was checked, posts progress and moves the wake alarm
 *   `wakeAfterMs` ahead; the alarm call is an extension API call, which resets the event page's idle timer, so a
 *   long Retry-After wait does not let Firefox unload it;
 * - should the event page go anyway, the alarm wakes it (alarms.onAlarm, relayed by the first chunk) and the run
 *   resumes with its URLs that have no verdict of that run;
 * - Firefox does not keep alarms across a restart: runtime.onStartup (and onInstalled, after an update or reload)
 *   resumes it; so does any page asking for the status.
 *
 * Pause ends the running loop and keeps the run 'paused' (nothing runs, nothing keeps the event page awake) until
 * the person continues it; cancel keeps it 'stopped' (resumable by hand). One transition at a time (a serial queue).
 */
import type { Browser } from '../platform/browser';
import { createSerialQueue } from '../platform/serial-queue';
import { AppError, toWireError } from '../messaging/errors';
import { t } from '../i18n';
import type { CheckProgress, CheckResult, CheckStatus } from './protocol';
import type { LinkHealthStore, RunRecord, StoredVerdict } from './store';
import { emptyCounts } from './tally';
import type { LinkVerdict } from './types';

/** Progress reaches the pages, verdicts the store, and the wake alarm moves ahead at least this often. */
export const HEARTBEAT_MS = 5_000;
/** How soon the alarm wakes an event page that went away mid-check. */
export const WAKE_AFTER_MS = 30_000;
export const WAKE_ALARM = 'tidymarks-link-check';
/** Verdicts are written in batches of this many (and at every heartbeat). */
const WRITE_BATCH = 25;

/** What one pass over a run's remaining URLs needs: the loop of feature.ts (its probe and politeness scheduler). */
export interface CheckPass {
  /** The URLs of the run still to check now (granted, still bookmarked, no verdict of this run). */
  todo(run: RunRecord): Promise<{ todo: string[]; verdicts: ReadonlyMap<string, StoredVerdict>; withoutAccess: number; granted: (url: string) => boolean }>;
  /** Checks `urls` (fetching only what `granted` allows), reporting each verdict; returns when done or `signal` aborts. */
  check(urls: string[], granted: (url: string) => boolean, signal: AbortSignal, on: { confirmQueued(): void; verdict(v: LinkVerdict): void }): Promise<void>;
}

export interface CheckRunnerDeps {
  browser: Browser;
  now(): number;
  store: LinkHealthStore;
  /** A new run for 'stale' or 'all' (written by the runner); throws a user-facing error when nothing may be fetched. */
  newRun(mode: 'stale' | 'all'): Promise<RunRecord>;
  pass: CheckPass;
  /** How soon the alarm wakes the event page (test builds shorten it). */
  wakeAfterMs(): number;
}

type StopAs = 'paused' | 'stopped';
interface Active {
  run: RunRecord;
  controller: AbortController;
  progress: CheckProgress;
  stopAs: StopAs;
  /** Settles once the loop has ended and its state is written. */
  ended: Promise<void>;
  /** The loop's outcome, for the job that follows it. */
  outcome: Promise<CheckResult>;
}

const stateOf = (run: RunRecord | null): NonNullable<RunRecord['state']> => (run ? (run.state ?? 'stopped') : 'stopped');

export function createCheckRunner(deps: CheckRunnerDeps) {
  const { browser, store } = deps;
  const serial = createSerialQueue();
  let active: Active | null = null;
  const listeners = new Set<(p: CheckProgress) => void>();

  const armAlarm = () => browser.alarms.create(WAKE_ALARM, { when: deps.now() + deps.wakeAfterMs() });
  const clearAlarm = () => browser.alarms.clear(WAKE_ALARM).then(() => undefined);

  /** The figures of a run not running here: counted from its stored verdicts. */
  const storedProgress = async (run: RunRecord): Promise<CheckProgress> => {
    const verdicts = await store.verdicts();
    const counts = emptyCounts();
    let done = 0;
    for (const u of run.urls) {
      const v = verdicts.get(u);
      if (v?.runId !== run.id) continue;
      counts[v.class]++;
      done++;
    }
    return { done, total: run.urls.length, counts, confirming: 0 };
  };

  const status = async (): Promise<CheckStatus> => {
    if (active) return { state: 'running', run: { ...active.progress, id: active.run.id, finishedAt: null, error: null } };
    const run = await store.run();
    if (!run) return { state: 'idle', run: null };
    const state = run.finishedAt === null ? stateOf(run) : 'stopped';
    return {
      state: state === 'stopped' ? 'idle' : state,
      run: { ...(await storedProgress(run)), id: run.id, finishedAt: run.finishedAt, error: run.error ?? null },
    };
  };

  /** Runs `run` here until it finishes, fails or is stopped; writes how it ended. */
  const launch = (run: RunRecord) => {
    const controller = new AbortController();
    const counts = emptyCounts();
    const me: Active = {
      run,
      controller,
      progress: { done: 0, total: run.urls.length, counts, confirming: 0 },
      stopAs: 'stopped',
      ended: Promise.resolve(),
      outcome: Promise.resolve() as unknown as Promise<CheckResult>,
    };
    active = me;
    let done = 0;
    let confirming = 0;
    const progress = () => {
      me.progress = { done, total: run.urls.length, counts: { ...counts }, confirming };
      for (const listener of listeners) listener(me.progress);
    };
    const loop = async (): Promise<CheckResult> => {
      const { todo, verdicts, withoutAccess, granted } = await deps.pass.todo(run);
      for (const u of run.urls) {
        const v = verdicts.get(u);
        if (v?.runId === run.id) counts[v.class]++;
      }
      done = run.urls.length - todo.length;
      const pending: StoredVerdict[] = [];
      let writes = Promise.resolve();
      const queueFlush = () => {
        const batch = pending.splice(0);
        if (batch.length) writes = writes.then(() => store.putVerdicts(batch));
      };
      progress();
      const beat = () => {
        progress();
        queueFlush();
        void armAlarm();
      };
      const heartbeat = setInterval(beat, Math.min(HEARTBEAT_MS, deps.wakeAfterMs() / 2));
      try {
        await deps.pass.check(todo, granted, controller.signal, {
          confirmQueued: () => {
            confirming++;
            progress();
          },
          verdict: (verdict) => {
            if (verdict.checks > 1) confirming--;
            done++;
            counts[verdict.class]++;
            pending.push({ ...verdict, runId: run.id });
            if (pending.length >= WRITE_BATCH) queueFlush();
            progress();
          },
        });
        queueFlush();
        await writes;
        if (controller.signal.aborted) throw new AppError('cancelled', t('linksCheckCancelled'));
        return { checked: done, counts: { ...counts }, withoutAccess };
      } finally {
        clearInterval(heartbeat);
        queueFlush();
        await writes.catch(() => undefined);
      }
    };
    void armAlarm();
    me.outcome = loop();
    me.ended = me.outcome
      .then(
        async () => {
          await store.putRun({ ...run, state: 'stopped', finishedAt: deps.now(), error: null });
        },
        async (error: unknown) => {
          // Stopped by the person (paused or cancelled): resumable. Failed: kept with why, resumable by hand only.
          const failed = !controller.signal.aborted;
          await store.putRun({ ...run, state: failed ? 'stopped' : me.stopAs, error: failed ? toWireError(error) : null });
        },
      )
      .finally(async () => {
        if (active === me) active = null;
        await clearAlarm().catch(() => undefined);
      });
    me.outcome.catch(() => undefined);
  };

  /** Ends the loop running here (if any) as `as`, and waits until its state is written. */
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
      const run = await store.run();
      if (run && run.finishedAt === null && stateOf(run) === 'running') launch(run);
    });

  const start = (mode: 'stale' | 'all' | 'resume') =>
    serial.run(async () => {
      if (active) throw new AppError('conflict', t('linksBusy'));
      const previous = await store.run();
      const unfinished = previous && previous.finishedAt === null ? previous : null;
      let run: RunRecord;
      if (mode === 'resume' && unfinished) {
        run = { ...unfinished, state: 'running', error: null };
      } else {
        if (unfinished && stateOf(unfinished) !== 'stopped') throw new AppError('conflict', t('linksBusy'));
        run = await deps.newRun(mode === 'all' ? 'all' : 'stale');
      }
      await store.putRun(run);
      launch(run);
      return status();
    });

  /** Pause or cancel: the loop here ends, and the stored run is marked (also when nothing runs here). */
  const stop = (as: StopAs) =>
    serial.run(async () => {
      if (active) await stopActive(as);
      else {
        const run = await store.run();
        if (run && run.finishedAt === null && stateOf(run) !== 'stopped' && !(as === 'paused' && stateOf(run) === 'paused')) {
          await store.putRun({ ...run, state: as });
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
    if (alarm.name === WAKE_ALARM) resume();
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
    /** True while a check runs here. */
    get running() {
      return active !== null;
    },
    /**
     * Starts (as `start`) and follows the check to its end, passing its progress on; `signal` stops the following
     * only. Rejects with 'cancelled' when the check is paused or cancelled.
     */
    async follow(mode: 'stale' | 'all' | 'resume', onProgress: (p: CheckProgress) => void, signal: AbortSignal): Promise<CheckResult> {
      listeners.add(onProgress);
      try {
        await start(mode);
        const me = active;
        if (!me) throw new AppError('cancelled', t('linksCheckCancelled'));
        onProgress(me.progress);
        const left = new Promise<never>((_, reject) => {
          const stopFollowing = () => reject(new AppError('cancelled', t('linksCheckCancelled')));
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

export type CheckRunner = ReturnType<typeof createCheckRunner>;
