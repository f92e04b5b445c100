/**
 * The shortest time a check can take under the politeness limits, from the limits themselves: the bench compares
 * the real run against it (links.check.firefox.2k.ratioToIdeal). Per host, request i starts no earlier than
 * `hostGapMs` after request i-1 and no earlier than request i-perHost ended; overall, at most `global` requests run
 * at once. The ideal is the larger of the slowest host's schedule and the global limit's.
 */
import type { PolitenessLimits } from './scheduler';

export function idealDurationMs(requestsPerHost: readonly number[], responseMs: number, limits: Pick<PolitenessLimits, 'perHost' | 'hostGapMs' | 'global'>): number {
  let slowestHost = 0;
  let total = 0;
  for (const n of requestsPerHost) {
    total += n;
    if (!n) continue;
    const starts: number[] = [];
    for (let i = 0; i < n; i++) {
      const afterGap = i > 0 ? starts[i - 1]! + limits.hostGapMs : 0;
      const afterSlot = i >= limits.perHost ? starts[i - limits.perHost]! + responseMs : 0;
      starts.push(Math.max(afterGap, afterSlot));
    }
    slowestHost = Math.max(slowestHost, starts[n - 1]! + responseMs);
  }
  const globalBound = Math.ceil(total / limits.global) * responseMs;
  return Math.max(slowestHost, globalBound);
}
