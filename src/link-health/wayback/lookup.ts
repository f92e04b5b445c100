/**
 * Lookups, politely: one request at a time to the archive, at least `gapMs` between two starts, and a 429 or 503
 * obeyed (its Retry-After, capped; a default wait without one) before the same question is asked again. Several
 * waits in a row make the question failed (asked again by a later lookup). The link check's scheduler (scheduler.ts)
 * is made for many hosts and a second check of bad answers; one host answering questions needs neither.
 */
import type { Timers } from '../timers';
import type { Answer } from './availability';

export interface LookupLimits {
  /** Least time between two starts. */
  gapMs: number;
  defaultRetryAfterMs: number;
  maxRetryAfterMs: number;
  /** How many "come back later" one question accepts before it fails. */
  maxWaits: number;
}

export const DEFAULT_LOOKUP_LIMITS: LookupLimits = { gapMs: 1_000, defaultRetryAfterMs: 10_000, maxRetryAfterMs: 60_000, maxWaits: 3 };

export interface LookupOptions<Q> {
  questions: readonly Q[];
  ask(question: Q, signal: AbortSignal): Promise<Answer>;
  limits: LookupLimits;
  timers: Timers;
  signal: AbortSignal;
  checkpoint?(): Promise<void>;
  /** Each question's final answer ('wait' never: it becomes 'failed' after too many). */
  onAnswer(question: Q, answer: Exclude<Answer, { kind: 'wait' }>): Promise<void> | void;
  onRequest?(phase: 'start' | 'end'): void;
}

export async function runLookups<Q>(options: LookupOptions<Q>): Promise<void> {
  const { limits, timers, signal } = options;
  let nextStart = 0;
  for (const question of options.questions) {
    let waits = 0;
    for (;;) {
      await options.checkpoint?.();
      if (signal.aborted) return;
      const now = timers.now();
      if (nextStart > now) await timers.sleep(nextStart - now, signal);
      if (signal.aborted) return;
      nextStart = timers.now() + limits.gapMs;
      options.onRequest?.('start');
      const answer = await options.ask(question, signal);
      options.onRequest?.('end');
      if (signal.aborted) return;
      if (answer.kind === 'wait') {
        if (waits < limits.maxWaits) {
          waits++;
          nextStart = Math.max(nextStart, timers.now() + Math.min(answer.retryAfterMs ?? limits.defaultRetryAfterMs, limits.maxRetryAfterMs));
          continue;
        }
        await options.onAnswer(question, { kind: 'failed', reason: 'HTTP 429' });
      } else await options.onAnswer(question, answer);
      break;
    }
  }
}

/**
 * The shortest time `n` lookups can take under the limits, each answered in `responseMs`: one at a time, starts at
 * least `gapMs` apart (what the bench compares a real run against).
 */
export function idealLookupMs(n: number, responseMs: number, limits: Pick<LookupLimits, 'gapMs'>): number {
  return n <= 0 ? 0 : (n - 1) * Math.max(limits.gapMs, responseMs) + responseMs;
}
