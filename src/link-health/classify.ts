/**
 * From one request's outcome to a class a person can act on (types.ts), and the rules around it: when HEAD's answer
 * is not to be trusted (GET instead), and when the server asked us to come back later.
 */
import type { Attempt, Hop, LinkClass } from './types';

/** Statuses servers give HEAD while GET works: refused or not implemented, and some 403/400/406 of firewalls. */
const HEAD_UNRELIABLE = new Set([400, 403, 405, 406, 501]);

export function headNeedsGet(attempt: Attempt): boolean {
  return attempt.method === 'HEAD' && attempt.status !== null && HEAD_UNRELIABLE.has(attempt.status);
}

/** 429 and 503 are "come back later", not verdicts (Retry-After is honoured by the scheduler). */
export function asksToWait(attempt: Attempt): boolean {
  return attempt.status === 429 || attempt.status === 503;
}

const PERMANENT = new Set([301, 308]);

/** An http→https upgrade of the same address (host and path kept), whatever status the server used for it. */
export function isHttpsUpgrade(hop: Hop): boolean {
  try {
    const from = new URL(hop.url);
    const to = new URL(hop.to);
    return from.protocol === 'http:' && to.protocol === 'https:' && from.hostname === to.hostname && from.pathname === to.pathname && from.search === to.search;
  } catch {
    return false;
  }
}

const isPermanentHop = (hop: Hop) => PERMANENT.has(hop.status) || isHttpsUpgrade(hop);

export interface Classified {
  class: LinkClass;
  /** moved: the address after the permanent hops; redirected: where the temporary redirects lead. */
  finalUrl: string | null;
  /** The http address got no answer; the https one answered (moved: `finalUrl` is at least the https address). */
  overHttps?: boolean;
}

export function classifyAttempt(attempt: Attempt): Classified {
  if (attempt.overHttps) return classifyOverHttps(attempt, attempt.overHttps);
  if (attempt.outOfReach && attempt.hops.length) return classifyHops(attempt);
  if (attempt.failure !== null || attempt.status === null) return { class: 'unreachable', finalUrl: null };
  const status = attempt.status;
  if (status === 404 || status === 410) return { class: 'gone', finalUrl: null };
  if (status >= 500 || status === 429) return { class: 'server-error', finalUrl: null };
  // Any other answer (2xx, 401/403 behind a login, other 4xx of a server that is there) means the page is reachable.
  return classifyHops(attempt);
}

/**
 * The http address failed and its https twin answered: a working https address is where the bookmark should point
 * ("works over https", offered as a move), never a dead link; an https answer that is itself bad is that verdict.
 */
function classifyOverHttps(attempt: Attempt, twin: string): Classified {
  const secure = classifyAttempt({ ...attempt, url: twin, overHttps: undefined });
  if (secure.class === 'ok' || secure.class === 'redirected') return { class: 'moved', finalUrl: twin, overHttps: true };
  if (secure.class === 'moved') return { ...secure, overHttps: true };
  return secure;
}

function classifyHops(attempt: Attempt): Classified {
  if (attempt.hops.length === 0) return { class: 'ok', finalUrl: null };
  let permanentPrefix = 0;
  while (permanentPrefix < attempt.hops.length && isPermanentHop(attempt.hops[permanentPrefix]!)) permanentPrefix++;
  if (permanentPrefix > 0) {
    const movedTo = attempt.hops[permanentPrefix - 1]!.to;
    if (movedTo !== attempt.url) return { class: 'moved', finalUrl: movedTo };
  }
  return attempt.finalUrl === attempt.url ? { class: 'ok', finalUrl: null } : { class: 'redirected', finalUrl: attempt.finalUrl };
}

/** Retry-After as ms from `now`: delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: number): number | null {
  if (value === null || value === undefined) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now);
}
