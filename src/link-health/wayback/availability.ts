/**
 * One question to the Internet Archive's availability API (`<endpoint>?url=…&timestamp=YYYYMMDDhhmmss`): the capture
 * closest to a moment. Only a capture the archive marks as available with status "200" counts (a capture of an error
 * page or of a redirect is no copy of the page). Asked like a link check asks: no credentials, no referrer, no cache,
 * a timeout; a 429 or 503 says when to come back (Retry-After).
 */
import { snapshotAddress } from '../../url-matching';
import { parseRetryAfter } from '../classify';
import type { Timers } from '../timers';

export const AVAILABILITY_ENDPOINT = 'https://archive.org/wayback/available';

export interface Snapshot {
  /** The snapshot's address (https://web.archive.org/web/<timestamp>/<url>). */
  url: string;
  /** The capture's moment, YYYYMMDDhhmmss. */
  timestamp: string;
}

export type Answer = { kind: 'found'; snapshot: Snapshot } | { kind: 'none' } | { kind: 'wait'; retryAfterMs: number | null } | { kind: 'failed'; reason: string };

/** A moment as the archive writes it: YYYYMMDDhhmmss, UTC. */
export function waybackTimestamp(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/** The moment of a timestamp (fewer digits: the start of that year, month, day...), or null when it is not one. */
export function timestampMs(timestamp: string): number | null {
  const m = /^(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?$/.exec(timestamp);
  if (!m) return null;
  const [y, mo = '01', d = '01', h = '00', mi = '00', s = '00'] = m.slice(1) as string[];
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  return Number.isNaN(ms) ? null : ms;
}

export interface AskDeps {
  fetch: typeof fetch;
  endpoint: string;
  timers: Timers;
  timeoutMs: number;
}

/** The closest capture of `url` to `timestamp`, as the API answers. Never throws (an abort is a failure). */
export async function askAvailability(deps: AskDeps, url: string, timestamp: string, signal: AbortSignal): Promise<Answer> {
  const query = new URL(deps.endpoint);
  query.searchParams.set('url', url);
  query.searchParams.set('timestamp', timestamp);
  const request = new AbortController();
  const settled = new AbortController();
  const onAbort = () => request.abort();
  if (signal.aborted) request.abort();
  else signal.addEventListener('abort', onAbort, { once: true });
  void deps.timers.sleep(deps.timeoutMs, settled.signal).then(() => settled.signal.aborted || request.abort());
  try {
    const response = await deps.fetch(query.href, { credentials: 'omit', cache: 'no-store', referrerPolicy: 'no-referrer', signal: request.signal });
    if (response.status === 429 || response.status === 503) {
      void response.body?.cancel().catch(() => undefined);
      return { kind: 'wait', retryAfterMs: parseRetryAfter(response.headers.get('retry-after'), deps.timers.now()) };
    }
    if (!response.ok) {
      void response.body?.cancel().catch(() => undefined);
      return { kind: 'failed', reason: `HTTP ${response.status}` };
    }
    return readAnswer(await response.json());
  } catch (error) {
    return { kind: 'failed', reason: error instanceof Error ? error.name : 'error' };
  } finally {
    signal.removeEventListener('abort', onAbort);
    settled.abort();
  }
}

/** The API's JSON: `{archived_snapshots: {closest: {available, status, url, timestamp}}}`; anything else is none. */
export function readAnswer(json: unknown): Answer {
  const closest = (json as { archived_snapshots?: { closest?: unknown } } | null)?.archived_snapshots?.closest;
  if (!closest || typeof closest !== 'object') return { kind: 'none' };
  const c = closest as Record<string, unknown>;
  if (c['available'] !== true || String(c['status']) !== '200' || typeof c['url'] !== 'string' || typeof c['timestamp'] !== 'string') return { kind: 'none' };
  const timestamp = c['timestamp'];
  if (!/^\d{4,14}$/.test(timestamp)) return { kind: 'none' };
  // The archive answers with http:// addresses; the snapshot is kept as its https address, built from its parts.
  const original = /^https?:\/\/web\.archive\.org\/web\/\d{4,14}(?:[a-z]{2}_)?\/(.+)$/i.exec(c['url'])?.[1];
  if (!original) return { kind: 'none' };
  return { kind: 'found', snapshot: { url: snapshotAddress(timestamp, original), timestamp } };
}
