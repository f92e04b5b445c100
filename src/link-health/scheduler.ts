/**
 * The politeness scheduler: checks many URLs without hammering any site and without a single failure becoming a
 * verdict.
 * - per host at most `perHost` requests in flight and at least `hostGapMs` between two starts;
 * - at most `global` requests in flight overall (Firefox stays responsive);
 * - 429 and 503 are "come back later": the host waits Retry-After (capped), then the same check is asked again;
 * - a first answer of gone / server trouble / unreachable is never final: the URL goes to the end of its host's
 *   queue and is checked again (GET) after `confirmDelayMs`, after the host's other URLs; only a second bad answer
 *   makes the verdict, and a good second answer wins.
 * Hosts take turns (round robin), so one big host does not starve the others of the global slots.
 */
import { asksToWait, classifyAttempt } from './classify';
import type { Timers } from './timers';
import { NEEDS_CONFIRMATION, type Attempt, type LinkVerdict } from './types';

export interface PolitenessLimits {
  perHost: number;
  hostGapMs: number;
  global: number;
  /** Wait before the second check of a URL whose first answer was bad. */
  confirmDelayMs: number;
  /** Waits asked by Retry-After are capped at this. */
  maxRetryAfterMs: number;
  /** Wait after a 429/503 without a (readable) Retry-After. */
  defaultRetryAfterMs: number;
  /** How many 429/503 one check accepts before it counts as server trouble. */
  maxWaits: number;
}

export const DEFAULT_LIMITS: PolitenessLimits = {
  perHost: 2,
  hostGapMs: 500,
  global: 12,
  confirmDelayMs: 5_000,
  maxRetryAfterMs: 60_000,
  defaultRetryAfterMs: 10_000,
  maxWaits: 3,
};

/** One check: 'first' is HEAD (GET where HEAD is not to be trusted), 'confirm' is the second check, a GET. */
export type Stage = 'first' | 'confirm';
export type CheckUrl = (url: string, stage: Stage, signal: AbortSignal) => Promise<Attempt>;

export interface ScheduleOptions {
  urls: readonly string[];
  check: CheckUrl;
  limits: PolitenessLimits;
  timers: Timers;
  /** The host a URL counts against (URL.hostname). */
  hostOf(url: string): string;
  /** Each URL's verdict, once. */
  onVerdict(verdict: LinkVerdict): void;
  /** Called between units of work: awaits while paused, throws when cancelled (JobContext.checkpoint). */
  checkpoint?(): Promise<void>;
  /** Stops starting requests and aborts those in flight. */
  signal?: AbortSignal;
  /** A URL's first answer was bad and its second check is queued. */
  onConfirmQueued?(url: string): void;
  /** A request started or ended (the tests' and the bench's view of concurrency). */
  onRequest?(event: { url: string; host: string; stage: Stage; phase: 'start' | 'end' }): void;
}

interface Task {
  url: string;
  stage: Stage;
  notBefore: number;
  waits: number;
  firstStatus?: number | null;
}

interface HostState {
  queue: Task[];
  inFlight: number;
  nextStart: number;
  blockedUntil: number;
}

export async function runSchedule(options: ScheduleOptions): Promise<void> {
  const { limits, timers, signal } = options;
  const hosts = new Map<string, HostState>();
  for (const url of options.urls) {
    const host = options.hostOf(url);
    let state = hosts.get(host);
    if (!state) hosts.set(host, (state = { queue: [], inFlight: 0, nextStart: 0, blockedUntil: 0 }));
    state.queue.push({ url, stage: 'first', notBefore: 0, waits: 0 });
  }
  const order = [...hosts.keys()];
  let remaining = options.urls.length;
  let active = 0;
  let turn = 0;
  let failure: unknown = null;
  let wake: () => void = () => undefined;
  let woken = new Promise<void>((r) => (wake = r));
  const notify = () => {
    const w = wake;
    woken = new Promise<void>((r) => (wake = r));
    w();
  };

  const finish = (task: Task, attempt: Attempt, host: HostState) => {
    const now = timers.now();
    if (asksToWait(attempt) && task.waits < limits.maxWaits) {
      const wait = Math.min(attempt.retryAfterMs ?? limits.defaultRetryAfterMs, limits.maxRetryAfterMs);
      host.blockedUntil = Math.max(host.blockedUntil, now + wait);
      host.queue.unshift({ ...task, waits: task.waits + 1 });
      return;
    }
    const classified = classifyAttempt(attempt);
    if (task.stage === 'first' && NEEDS_CONFIRMATION.has(classified.class)) {
      host.queue.push({ url: task.url, stage: 'confirm', notBefore: now + limits.confirmDelayMs, waits: 0, firstStatus: attempt.status });
      options.onConfirmQueued?.(task.url);
      return;
    }
    remaining--;
    options.onVerdict({
      url: task.url,
      class: classified.class,
      status: attempt.status,
      finalUrl: classified.finalUrl,
      hops: attempt.hops,
      failure: attempt.failure,
      checks: task.stage === 'confirm' ? 2 : 1,
      checkedAt: now,
      ...(classified.overHttps ? { overHttps: true } : {}),
    });
  };

  const start = (hostName: string, host: HostState, index: number, now: number) => {
    const [task] = host.queue.splice(index, 1) as [Task];
    host.inFlight++;
    active++;
    host.nextStart = now + limits.hostGapMs;
    options.onRequest?.({ url: task.url, host: hostName, stage: task.stage, phase: 'start' });
    const requestSignal = signal ?? new AbortController().signal;
    options
      .check(task.url, task.stage, requestSignal)
      .then(
        (attempt) => {
          if (!signal?.aborted) finish(task, attempt, host);
        },
        (error: unknown) => {
          failure ??= error;
        },
      )
      .finally(() => {
        host.inFlight--;
        active--;
        options.onRequest?.({ url: task.url, host: hostName, stage: task.stage, phase: 'end' });
        notify();
      });
  };

  while (remaining > 0) {
    if (failure) throw failure;
    await options.checkpoint?.();
    if (signal?.aborted) break;
    const now = timers.now();
    let earliest = Infinity;
    for (let k = 0; k < order.length && active < limits.global; k++) {
      const hostName = order[(turn + k) % order.length]!;
      const host = hosts.get(hostName)!;
      if (!host.queue.length || host.inFlight >= limits.perHost) continue;
      const ready = Math.max(host.nextStart, host.blockedUntil);
      if (ready > now) {
        earliest = Math.min(earliest, ready);
        continue;
      }
      const index = host.queue.findIndex((t) => t.notBefore <= now);
      if (index < 0) {
        earliest = Math.min(earliest, ...host.queue.map((t) => t.notBefore));
        continue;
      }
      start(hostName, host, index, now);
      turn = (turn + k + 1) % order.length;
      k = -1; // look at every host again, from the next one in turn
    }
    if (remaining === 0) break;
    await waitForWork(woken, earliest === Infinity ? null : Math.max(0, earliest - now), timers, signal);
  }
  if (failure) throw failure;
}

/** Until `woken` resolves, `ms` pass (null: no timer) or `signal` aborts; every listener and timer is removed after. */
async function waitForWork(woken: Promise<void>, ms: number | null, timers: Timers, signal: AbortSignal | undefined): Promise<void> {
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  if (signal?.aborted) return;
  signal?.addEventListener('abort', onAbort, { once: true });
  const stopped = new Promise<void>((resolve) => stop.signal.addEventListener('abort', () => resolve(), { once: true }));
  try {
    await Promise.race([woken, stopped, ...(ms === null ? [] : [timers.sleep(ms, stop.signal)])]);
  } finally {
    signal?.removeEventListener('abort', onAbort);
    stop.abort();
  }
}
