/**
 * The Wayback lookup belongs to the background, like the link check (../background-run.ts: the run, its state,
 * heartbeat, wake alarm and resume): started by a request, it goes on when the page switches views or closes, and
 * resumes by itself after the event page unloads or Firefox restarts. A run is the questions without a stored answer
 * when it started (store.ts keeps them with the run, with the endpoint and limits it asks with); a pass asks those
 * still without an answer of the store and not given up on by this run, politely (lookup.ts: one request at a time,
 * the gap, Retry-After). Each answer is stored as it comes, so a resumed run asks at most the question that was in
 * flight again.
 */
import type { Browser } from '../../platform/browser';
import { t } from '../../i18n';
import { AppError } from '../../messaging/errors';
import { createBackgroundRun } from '../background-run';
import { grantedMatcher } from '../host-access';
import type { Timers } from '../timers';
import { askAvailability } from './availability';
import { runLookups, type LookupLimits } from './lookup';
import type { LookupProgress, LookupResult } from './protocol';
import { recordKey, type LookupRunRecord, type Question, type SnapshotRecord, type WaybackStore } from './store';

export const LOOKUP_ALARM = 'tidymarks-wayback-lookup';
const TIMEOUT_MS = 30_000;

export interface LookupRunDeps {
  browser: Browser;
  now(): number;
  store: WaybackStore;
  timers: Timers;
  fetch: typeof fetch;
  grantedOrigins(): Promise<string[]>;
  /** The questions of the dead bookmarks now (of these ids only, when given). */
  questions(ids: readonly string[] | undefined): Promise<Question[]>;
  /** Where a new run asks, and how politely (test builds change them). */
  endpoint(): string;
  limits(): LookupLimits;
  /** How soon the alarm wakes the event page (test builds shorten it). */
  wakeAfterMs(): number;
}

/** A run's figures from what is stored: each of its questions answered (found or none) or given up on by it. */
function tally(run: LookupRunRecord, records: ReadonlyMap<string, SnapshotRecord>): LookupProgress {
  const failed = new Set(run.failed);
  const p: LookupProgress = { done: 0, total: run.questions.length, found: 0, none: 0, failed: 0 };
  for (const q of run.questions) {
    const key = recordKey(q.url, q.asked);
    const record = records.get(key);
    if (record) p[record.snapshot ? 'found' : 'none']++;
    else if (failed.has(key)) p.failed++;
    else continue;
    p.done++;
  }
  return p;
}

export function createLookupRun(deps: LookupRunDeps) {
  const { store } = deps;
  const mayAsk = async (endpoint: string) => {
    if (!grantedMatcher(await deps.grantedOrigins())(endpoint)) throw new AppError('forbidden', t('waybackNoAccess'));
  };

  const runner = createBackgroundRun<LookupRunRecord, LookupProgress, LookupResult>({
    browser: deps.browser,
    now: deps.now,
    alarm: LOOKUP_ALARM,
    wakeAfterMs: deps.wakeAfterMs,
    read: () => store.run(),
    write: (run) => store.putRun(run),
    initialProgress: (run) => ({ done: 0, total: run.questions.length, found: 0, none: 0, failed: 0 }),
    storedProgress: async (run) => tally(run, await store.all()),
    cancelled: () => new AppError('cancelled', t('waybackCancelled')),
    busy: () => new AppError('conflict', t('waybackBusy')),
    async pass(run, ctx) {
      // Access may have been taken back since the run started (a resumed run): it fails, saying why.
      await mayAsk(run.endpoint);
      const records = await store.all();
      const progress = tally(run, records);
      const given = new Set(run.failed);
      const todo = run.questions.filter((q) => !records.has(recordKey(q.url, q.asked)) && !given.has(recordKey(q.url, q.asked)));
      const result: LookupResult = { asked: 0, found: 0, none: 0, failed: 0 };
      ctx.progress({ ...progress });
      await runLookups({
        questions: todo,
        ask: (q, signal) => askAvailability({ fetch: deps.fetch, endpoint: run.endpoint, timers: deps.timers, timeoutMs: TIMEOUT_MS }, q.url, q.asked, signal),
        limits: run.limits,
        timers: deps.timers,
        signal: ctx.signal,
        onAnswer: async (q, answer) => {
          const key = recordKey(q.url, q.asked);
          result.asked++;
          result[answer.kind]++;
          if (answer.kind === 'failed') {
            // Kept with the run (the runner writes this same record when the run ends), so a resume skips it.
            run.failed.push(key);
            await store.putRun(run);
          } else {
            await store.put({ key, url: q.url, asked: q.asked, snapshot: answer.kind === 'found' ? answer.snapshot : null, lookedUpAt: deps.now() });
          }
          progress.done++;
          progress[answer.kind]++;
          ctx.progress({ ...progress });
        },
      });
      return result;
    },
  });

  /** A new run: the questions (of `ids`, or of every dead bookmark) without a stored answer; refused without access. */
  const fresh = async (ids: readonly string[] | undefined): Promise<LookupRunRecord> => {
    const endpoint = deps.endpoint();
    await mayAsk(endpoint);
    const [list, records] = await Promise.all([deps.questions(ids), store.all()]);
    // One question per address and moment: bookmarks of one address added at one moment share the answer.
    const todo = new Map<string, Question>();
    for (const q of list) {
      const key = recordKey(q.url, q.asked);
      if (!records.has(key)) todo.set(key, q);
    }
    const now = deps.now();
    return {
      key: 'current',
      id: `${now.toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
      startedAt: now,
      finishedAt: null,
      questions: [...todo.values()],
      failed: [],
      endpoint,
      limits: { ...deps.limits() },
      state: 'running',
      error: null,
    };
  };

  const start = (ids?: readonly string[]) => runner.start(() => fresh(ids));

  return {
    start,
    cancel: runner.cancel,
    /** The status; a run that should be running here is resumed first. */
    status: runner.status,
    get running() {
      return runner.running;
    },
    /** Starts a lookup and follows it to its end (`signal` stops the following only). */
    follow: (ids: readonly string[] | undefined, onProgress: (p: LookupProgress) => void, signal: AbortSignal) => runner.follow(() => start(ids), onProgress, signal),
    halt: runner.halt,
  };
}
