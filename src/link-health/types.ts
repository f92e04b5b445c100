/** The words of link health: one request's outcome (Attempt), a URL's verdict after its checks (LinkVerdict). */

/** One redirect as Firefox followed it: from `url`, answered `status`, to `to`. */
export interface Hop {
  url: string;
  status: number;
  to: string;
}

/** Why a request got no HTTP answer. */
export type FailureKind = 'timeout' | 'dns' | 'refused' | 'tls' | 'network';

/** One request (HEAD or GET) and what came back. */
export interface Attempt {
  method: 'HEAD' | 'GET';
  url: string;
  /** The final response's status, null when no response came. */
  status: number | null;
  /** Every redirect followed, in order. */
  hops: Hop[];
  /** Where the request ended (the last hop's target, or `url`). */
  finalUrl: string;
  failure: FailureKind | null;
  /**
   * The request failed after a redirect to a site this check may not fetch (no host access, or private): the hops
   * are what is known, the target is not verified.
   */
  outOfReach?: boolean;
  /** Retry-After of a 429 or 503, in ms from the response (null when absent or unreadable). */
  retryAfterMs: number | null;
  /**
   * The http address `url` got no answer and this is the answer of the same address over https (this https URL):
   * status, hops and finalUrl are the https request's.
   */
  overHttps?: string;
}

/**
 * What a person can act on:
 * - ok: the page answered;
 * - moved: moved for good (301/308 hops, or an http→https upgrade of the same address), `finalUrl` is where; also
 *   an http address that gets no answer while the same address over https works (`overHttps` on the verdict);
 * - redirected: moved temporarily (302/303/307): informational only;
 * - gone: 404 or 410, checked twice;
 * - server-error: 5xx (or rate limited past our patience), checked twice;
 * - unreachable: DNS failure, refused, TLS error, timeout, checked twice.
 */
export type LinkClass = 'ok' | 'moved' | 'redirected' | 'gone' | 'server-error' | 'unreachable';

export const LINK_CLASSES: readonly LinkClass[] = ['ok', 'moved', 'redirected', 'gone', 'server-error', 'unreachable'];

/** Classes that are never shown after one request: a second check later in the run confirms them. */
export const NEEDS_CONFIRMATION: ReadonlySet<LinkClass> = new Set(['gone', 'server-error', 'unreachable']);

/** A URL's result after the run checked it (once, or twice when the first answer was bad). */
export interface LinkVerdict {
  url: string;
  class: LinkClass;
  status: number | null;
  /** moved / redirected: where the address leads now. */
  finalUrl: string | null;
  hops: Hop[];
  failure: FailureKind | null;
  /** How many checks the verdict rests on (2 when the first answer was bad). */
  checks: number;
  /** The http address gets no answer and the same address over https works: `finalUrl` is the https address. */
  overHttps?: boolean;
  /** ms since the epoch of the last check. */
  checkedAt: number;
}

/** Why a check never fetches a bookmark. */
export type NeverReason = 'not-web' | 'private-host' | 'invalid-url';

/**
 * Why a bookmark has no result: never fetched (NeverReason), or not checked yet: its site is not allowed yet
 * ('no-access') or it is, and no check has reached it ('not-checked').
 */
export type SkipReason = NeverReason | 'no-access' | 'not-checked';
