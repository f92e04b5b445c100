/**
 * One check of one URL as Firefox makes it: fetch with `credentials: 'omit'`, no referrer, no cache, redirects
 * followed and recorded hop by hop (request-log.ts), a timeout per request, the body never read. HEAD first; GET
 * when HEAD's answer is not to be trusted (classify.ts); the second check of a bad answer is always a GET. An http
 * address that gets no answer at all, twice, is asked once more over https (the same address, scheme changed): many sites
 * closed their port 80; when that answers, the attempt is the https one, marked `overHttps` (classify.ts).
 */
import { headNeedsGet, parseRetryAfter } from './classify';
import { failureKindOf, type RequestLog, type WatchedRequest } from './request-log';
import type { CheckUrl } from './scheduler';
import type { Timers } from './timers';
import type { Attempt } from './types';

/** How long a check waits for Firefox's report of a request's end after fetch settled (see RequestLog.ended). */
export const REPORT_WAIT_MS = 2_000;

export interface ProbeDeps {
  fetch: typeof fetch;
  log: RequestLog;
  timers: Timers;
  timeoutMs: number;
  /** Whether this check may fetch `url` (host access granted, host allowed); a redirect elsewhere is out of reach. */
  mayFetch(url: string): boolean;
}

/** The URL as it goes on the wire: no fragment (fetch and webRequest both drop it). */
export function requestUrlOf(url: string): string {
  const u = new URL(url);
  u.hash = '';
  return u.href;
}

/** The same address over https, for an http address (null for any other). */
export function httpsTwin(url: string): string | null {
  const u = new URL(url);
  if (u.protocol !== 'http:') return null;
  u.protocol = 'https:';
  return u.href;
}

export function createProbe(deps: ProbeDeps): { request(url: string, method: 'HEAD' | 'GET', signal: AbortSignal): Promise<Attempt>; check: CheckUrl } {
  const requestOnce = async (url: string, method: 'HEAD' | 'GET', signal: AbortSignal): Promise<Attempt> => {
    const wireUrl = requestUrlOf(url);
    const watched = deps.log.watch(wireUrl);
    // One controller per request, tied to the job's signal by a listener removed at the end (AbortSignal.any would
    // leave one listener per request on the job's signal until garbage collection).
    const request = new AbortController();
    const timeout = new AbortController();
    const settled = new AbortController();
    const onAbort = () => request.abort();
    if (signal.aborted) request.abort();
    else signal.addEventListener('abort', onAbort, { once: true });
    void deps.timers.sleep(deps.timeoutMs, settled.signal).then(() => {
      if (!settled.signal.aborted) {
        timeout.abort();
        request.abort();
      }
    });
    const base = { method, url, hops: watched.hops } as const;
    try {
      const response = await deps.fetch(wireUrl, {
        method,
        credentials: 'omit',
        redirect: 'follow',
        cache: 'no-store',
        referrerPolicy: 'no-referrer',
        signal: request.signal,
      });
      void response.body?.cancel().catch(() => undefined);
      if (response.redirected || watched.hops.length) await reported(watched);
      const hops = [...watched.hops];
      // Redirected, but Firefox's report never came: the hop's status is unknown, so it never counts as permanent
      // (unless it is an http→https upgrade): "moved temporarily", informational, rather than a wrong "moved".
      if (!hops.length && response.redirected && response.url) hops.push({ url: wireUrl, status: 0, to: response.url });
      const finalUrl = hops.length ? hops[hops.length - 1]!.to : response.url || wireUrl;
      return {
        ...base,
        hops,
        status: response.status,
        finalUrl,
        failure: null,
        retryAfterMs: parseRetryAfter(response.headers.get('retry-after'), deps.timers.now()),
      };
    } catch {
      if (!timeout.signal.aborted && !signal.aborted) await reported(watched);
      const hops = [...watched.hops];
      return {
        ...base,
        hops,
        status: null,
        finalUrl: hops.length ? hops[hops.length - 1]!.to : wireUrl,
        failure: timeout.signal.aborted ? 'timeout' : failureKindOf(watched.error),
        outOfReach: hops.length > 0 && !deps.mayFetch(hops[hops.length - 1]!.to),
        retryAfterMs: null,
      };
    } finally {
      signal.removeEventListener('abort', onAbort);
      settled.abort();
      watched.stop();
    }
  };
  const reported = (watched: WatchedRequest) => {
    const stop = new AbortController();
    return Promise.race([watched.ended, deps.timers.sleep(REPORT_WAIT_MS, stop.signal)]).finally(() => stop.abort());
  };
  const checkOnce: CheckUrl = async (url, stage, signal) => {
    if (stage === 'confirm') return requestOnce(url, 'GET', signal);
    const head = await requestOnce(url, 'HEAD', signal);
    return headNeedsGet(head) ? requestOnce(url, 'GET', signal) : head;
  };
  const check: CheckUrl = async (url, stage, signal) => {
    const attempt = await checkOnce(url, stage, signal);
    // Only on the second check: one flaky http answer of a site that serves both must not read as "https only".
    const twin = stage === 'confirm' && attempt.failure !== null && !attempt.outOfReach && attempt.hops.length === 0 ? httpsTwin(url) : null;
    if (!twin || signal.aborted || !deps.mayFetch(twin)) return attempt;
    const secure = await checkOnce(twin, stage, signal);
    // The https address gave no answer either: the http failure is the verdict's reason.
    if (secure.failure !== null || secure.status === null) return attempt;
    return { ...secure, url, overHttps: twin };
  };
  return { request: requestOnce, check };
}
