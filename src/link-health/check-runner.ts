/**
 * The link check belongs to the background, not to a page (background-run.ts: the run, its state, heartbeat, wake
 * alarm and resume): started by a request, it runs whoever watches it and goes on when the page switches views or
 * closes. Its record is the store's run ('running', 'paused', 'stopped'); a pass checks the run's URLs that have no
 * verdict of that run, writing verdicts in batches and at every heartbeat, so a resumed run fetches only what was not
 * stored.
 */
import type { Browser } from '../platform/browser';
import { AppError } from '../messaging/errors';
import { t } from '../i18n';
import { createBackgroundRun } from './background-run';
import type { CheckProgress, CheckResult } from './protocol';
import type { LinkHealthStore, RunRecord, StoredVerdict } from './store';
import { emptyCounts } from './tally';
import type { LinkVerdict } from './types';

export { HEARTBEAT_MS, WAKE_AFTER_MS } from './background-run';
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

export function createCheckRunner(deps: CheckRunnerDeps) {
  const { store } = deps;

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

  const runner = createBackgroundRun<RunRecord, CheckProgress, CheckResult>({
    browser: deps.browser,
    now: deps.now,
    alarm: WAKE_ALARM,
    wakeAfterMs: deps.wakeAfterMs,
    read: () => store.run(),
    write: (run) => store.putRun(run),
    initialProgress: (run) => ({ done: 0, total: run.urls.length, counts: emptyCounts(), confirming: 0 }),
    storedProgress,
    cancelled: () => new AppError('cancelled', t('linksCheckCancelled')),
    busy: () => new AppError('conflict', t('linksBusy')),
    async pass(run, ctx) {
      const counts = emptyCounts();
      let done = 0;
      let confirming = 0;
      const progress = () => ctx.progress({ done, total: run.urls.length, counts: { ...counts }, confirming });
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
      ctx.onBeat(queueFlush);
      try {
        await deps.pass.check(todo, granted, ctx.signal, {
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
        return { checked: done, counts: { ...counts }, withoutAccess };
      } finally {
        queueFlush();
        await writes.catch(() => undefined);
      }
    },
  });

  const start = (mode: 'stale' | 'all' | 'resume') => runner.start(() => deps.newRun(mode === 'all' ? 'all' : 'stale'), mode === 'resume');

  return {
    start,
    pause: runner.pause,
    cancel: runner.cancel,
    /** The status; a run that should be running here is resumed first. */
    status: runner.status,
    /** True while a check runs here. */
    get running() {
      return runner.running;
    },
    /**
     * Starts (as `start`) and follows the check to its end, passing its progress on; `signal` stops the following
     * only. Rejects with 'cancelled' when the check is paused or cancelled.
     */
    follow: (mode: 'stale' | 'all' | 'resume', onProgress: (p: CheckProgress) => void, signal: AbortSignal): Promise<CheckResult> =>
      runner.follow(() => start(mode), onProgress, signal),
    /** Ends what runs here (test reset, forget): nothing is written after it returns. */
    halt: runner.halt,
  };
}

export type CheckRunner = ReturnType<typeof createCheckRunner>;
