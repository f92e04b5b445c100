/**
 * URL matching rules: turns a bookmark URL into the comparison key that decides which bookmarks are copies of one
 * another, and explains, rule by rule, why two URLs with the same key match. Only the key is normalized; a stored
 * URL is never rewritten.
 *
 * Layers:
 * - exact: identical URL strings always match.
 * - safe (always on): case of scheme and host, default port, empty fragment ("#"), empty query ("?"), trailing
 *   slash on the path, index pages (index.html, index.htm, index.php), tracking parameters (TRACKING_PARAMS), and
 *   the case of percent-encoding hex digits.
 * - opt-in (settings.matching): http = https, www. = bare host, ignore the fragment, ignore the whole query, order
 *   of query parameters.
 *
 * Only http, https and ftp URLs are normalized; every other scheme (javascript:, place:, data:, about:, file:,
 * mailto:, moz-extension:, ...) matches only exactly. The parser is a hand-written splitter (no `new URL` per URL:
 * the scan keys 100,000 URLs in a few tens of milliseconds this way, see bench/dedup-scan.bench.ts).
 */
import type { Settings } from '../settings';
import { isSnapshotAddress } from './snapshot-address';

export type MatchingOptions = Settings['matching'];

export const MATCH_RULES = {
  exact: 'exact',
  'scheme-host-case': 'case of scheme or host',
  'default-port': 'default port',
  'empty-fragment': 'empty fragment',
  'empty-query': 'empty query',
  'trailing-slash': 'trailing slash',
  'index-page': 'index page',
  'tracking-params': 'tracking parameters',
  'percent-encoding-case': 'percent-encoding case',
  'http-https': 'http vs https',
  www: 'www vs bare host',
  fragment: 'fragment ignored',
  query: 'query ignored',
  'query-order': 'query parameter order',
} as const;

/** The name of a matching rule; MATCH_RULES[rule] is its label for people. */
export type MatchRule = keyof typeof MATCH_RULES;

export function ruleLabel(rule: MatchRule): string {
  return MATCH_RULES[rule];
}

/** The order rules are listed in when a group records them. */
const RULE_ORDER = Object.keys(MATCH_RULES) as MatchRule[];

/**
 * Query parameters that only track where a click came from. Names compare case-insensitively; entries ending in
 * "*" are prefixes. Kept conservative: a parameter that some sites use for content (ref, source, si, ...) is not here.
 */
export const TRACKING_PARAMS: readonly string[] = [
  'utm_*', // Google Analytics campaign parameters (utm_source, utm_medium, utm_campaign, utm_term, utm_content, ...)
  'fbclid', // Facebook click id
  'gclid',
  'gclsrc',
  'dclid',
  'gbraid',
  'wbraid', // Google Ads click ids
  'msclkid', // Microsoft Ads click id
  'yclid', // Yandex click id
  'twclid', // Twitter/X ads click id
  'ttclid', // TikTok click id
  'mc_eid',
  'mc_cid', // Mailchimp
  'igshid', // Instagram share id
  'ref_src',
  'ref_url', // Twitter/X embeds
  '_hsenc',
  '_hsmi',
  'hsa_*', // HubSpot
  'mkt_tok', // Marketo
  'oly_anon_id',
  'oly_enc_id', // Omeda
  'vero_id',
  'vero_conv', // Vero
  'pk_*',
  'mtm_*', // Matomo / Piwik campaigns
  '_ga',
  '_gl', // Google Analytics cross-domain linker
  'rb_clickid', // Rakuten
  's_cid', // Adobe campaign id
];

const trackingExact = new Set(TRACKING_PARAMS.filter((p) => !p.endsWith('*')));
const trackingPrefixes = TRACKING_PARAMS.filter((p) => p.endsWith('*')).map((p) => p.slice(0, -1));

export function isTrackingParam(name: string): boolean {
  const lower = name.toLowerCase();
  if (trackingExact.has(lower)) return true;
  for (const prefix of trackingPrefixes) if (lower.startsWith(prefix)) return true;
  return false;
}

const DEFAULT_PORTS: Record<string, string> = { http: '80', https: '443', ftp: '21' };
const INDEX_PAGES = ['index.html', 'index.htm', 'index.php'];

/** A web URL split into its parts, raw (nothing normalized). query/fragment are null when absent. */
export interface UrlParts {
  scheme: string;
  userinfo: string;
  host: string;
  port: string;
  path: string;
  query: string | null;
  fragment: string | null;
}

/** Splits an http(s)/ftp URL; returns null for every other scheme or anything without an authority. */
export function splitUrl(url: string): UrlParts | null {
  const colon = url.indexOf(':');
  if (colon < 3 || colon > 5) return null;
  const scheme = url.slice(0, colon);
  const lowerScheme = scheme.toLowerCase();
  if (lowerScheme !== 'http' && lowerScheme !== 'https' && lowerScheme !== 'ftp') return null;
  if (url.charCodeAt(colon + 1) !== 47 || url.charCodeAt(colon + 2) !== 47) return null; // "//"
  const authorityStart = colon + 3;
  let hash = url.indexOf('#', authorityStart);
  const fragment = hash === -1 ? null : url.slice(hash + 1);
  if (hash === -1) hash = url.length;
  let question = url.indexOf('?', authorityStart);
  if (question > hash) question = -1;
  const query = question === -1 ? null : url.slice(question + 1, hash);
  const beforeQuery = question === -1 ? hash : question;
  let slash = url.indexOf('/', authorityStart);
  if (slash === -1 || slash > beforeQuery) slash = beforeQuery;
  const authority = url.slice(authorityStart, slash);
  const path = url.slice(slash, beforeQuery);
  const at = authority.lastIndexOf('@');
  const userinfo = at === -1 ? '' : authority.slice(0, at + 1);
  const hostPort = at === -1 ? authority : authority.slice(at + 1);
  // The port follows the last ":" unless that colon is inside an IPv6 literal ("[::1]").
  const portColon = hostPort.lastIndexOf(':');
  const hasPort = portColon !== -1 && hostPort.indexOf(']', portColon) === -1;
  const host = hasPort ? hostPort.slice(0, portColon) : hostPort;
  const port = hasPort ? hostPort.slice(portColon + 1) : '';
  if (host === '') return null;
  return { scheme, userinfo, host, port, path, query, fragment };
}

const PERCENT_LOWER = /%[0-9a-f][0-9a-f]|%[0-9A-F][0-9a-f]|%[0-9a-f][0-9A-F]/g;

/** Upper-cases the hex digits of percent escapes ("%2f" -> "%2F"). */
export function upperPercentEscapes(s: string): string {
  if (s.indexOf('%') === -1) return s;
  return s.replace(PERCENT_LOWER, (m) => m.toUpperCase());
}

function hasUpper(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 65 && c <= 90) return true;
  }
  return false;
}

function lowerIfNeeded(s: string): string {
  return hasUpper(s) ? s.toLowerCase() : s;
}

function stripIndexPage(path: string): string {
  const lastSlash = path.lastIndexOf('/');
  const last = path.slice(lastSlash + 1);
  if (last.length < 9 || last.length > 10) return path;
  const lower = last.toLowerCase();
  return INDEX_PAGES.includes(lower) ? path.slice(0, lastSlash + 1) : path;
}

function stripTrailingSlash(path: string): string {
  return path.endsWith('/') ? path.slice(0, -1) : path;
}

function stripWww(host: string): string {
  return host.startsWith('www.') && host.indexOf('.', 4) !== -1 ? host.slice(4) : host;
}

function paramName(pair: string): string {
  const eq = pair.indexOf('=');
  return eq === -1 ? pair : pair.slice(0, eq);
}

function withoutTrackingParams(query: string): string {
  if (query === '') return query;
  const pairs = query.split('&');
  let kept: string[] | null = null;
  for (let i = 0; i < pairs.length; i++) {
    if (isTrackingParam(paramName(pairs[i]))) {
      kept ??= pairs.slice(0, i);
    } else if (kept) kept.push(pairs[i]);
  }
  return kept ? kept.join('&') : query;
}

/**
 * True for an address a person would keep rather than a variant: no tracking parameters (TRACKING_PARAMS) and no
 * fragment ("#" with or without a name). Addresses that are not http(s)/ftp count as clean.
 */
export function isCleanUrl(url: string): boolean {
  // Most addresses have neither a query nor a fragment: no need to split them.
  if (url.indexOf('?') === -1 && url.indexOf('#') === -1) return true;
  const parts = splitUrl(url);
  if (!parts) return true;
  if (parts.fragment !== null) return false;
  return parts.query === null || parts.query === '' || withoutTrackingParams(parts.query) === parts.query;
}

function sortedParams(query: string): string {
  if (query.indexOf('&') === -1) return query;
  return query.split('&').sort().join('&');
}

function normalizePort(scheme: string, port: string): string {
  return port === '' || port === DEFAULT_PORTS[scheme] ? '' : port;
}

/** The parts after every enabled rule, as matchKey joins them. */
function normalizedParts(parts: UrlParts, options: MatchingOptions) {
  let scheme = lowerIfNeeded(parts.scheme);
  const port = normalizePort(scheme, parts.port);
  if (options.httpEqualsHttps && scheme === 'https') scheme = 'http';
  let host = lowerIfNeeded(parts.host);
  if (options.ignoreWww) host = stripWww(host);
  const path = stripTrailingSlash(stripIndexPage(upperPercentEscapes(parts.path)));
  let query: string | null = null;
  if (!options.ignoreQuery && parts.query !== null) {
    query = withoutTrackingParams(upperPercentEscapes(parts.query));
    if (options.sortQueryParams) query = sortedParams(query);
    if (query === '') query = null;
  }
  const fragment = options.ignoreFragment || parts.fragment === '' ? null : parts.fragment;
  return { scheme, userinfo: parts.userinfo, host, port, path, query, fragment };
}

/**
 * The comparison key of a URL under the safe rules plus the enabled opt-in rules. Two bookmarks are copies of one
 * another when their keys are equal. URLs that are not http(s)/ftp are their own key.
 */
export function matchKey(url: string, options: MatchingOptions): string {
  if (isAlreadyKey(url, options)) return url;
  // A Wayback Machine snapshot is a moment of a page, not the page: it matches only exactly (snapshot-address.ts).
  if (isSnapshotAddress(url)) return url;
  // The commonest variants of a URL that is its own key, keyed without splitting: a trailing slash, a query of
  // tracking parameters only, an upper-case scheme. Each gives what fullMatchKey gives (a test checks).
  const last = url.charCodeAt(url.length - 1);
  if (last === 47) {
    const bare = url.slice(0, -1);
    if (isAlreadyKey(bare, options)) return bare;
  }
  const question = url.indexOf('?');
  if (question !== -1 && url.indexOf('#') === -1) {
    const bare = url.slice(0, question);
    if (isAlreadyKey(bare, options) && onlyTrackingParams(url, question + 1)) return bare;
  }
  const first = url.charCodeAt(0);
  if (first === 72 || (first === 104 && hasUpper(url.slice(0, 5)))) {
    const colon = url.indexOf(':');
    if (colon === 4 || colon === 5) {
      const lower = url.slice(0, colon).toLowerCase() + url.slice(colon);
      if (isAlreadyKey(lower, options)) return lower;
    }
  }
  return fullMatchKey(url, options);
}

/** Whether the query from `start` on holds nothing but tracking parameters (no empty or other parameter). */
function onlyTrackingParams(url: string, start: number): boolean {
  if (start >= url.length) return false;
  for (let at = start; at <= url.length;) {
    let end = url.indexOf('&', at);
    if (end === -1) end = url.length;
    const eq = url.indexOf('=', at);
    const nameEnd = eq !== -1 && eq < end ? eq : end;
    if (!isTrackingParam(url.slice(at, nameEnd))) return false;
    at = end + 1;
  }
  return true;
}

/** matchKey without the fast path (exported for the test that checks the fast path agrees). */
export function fullMatchKey(url: string, options: MatchingOptions): string {
  if (isSnapshotAddress(url)) return url;
  const parts = splitUrl(url);
  if (!parts) return url;
  const n = normalizedParts(parts, options);
  let key = n.scheme + '://' + n.userinfo + n.host;
  if (n.port) key += ':' + n.port;
  key += n.path;
  if (n.query !== null) key += '?' + n.query;
  if (n.fragment !== null) key += '#' + n.fragment;
  return key;
}

/**
 * Fast path: true when no rule would change the URL, so the URL is its own key without splitting it. Most stored
 * URLs are like this (lower-case https host, no port, query, fragment or trailing slash). Anything unusual takes the
 * full path.
 */
function isAlreadyKey(url: string, options: MatchingOptions): boolean {
  // "http://" or "https://", read char by char (startsWith is a call per URL; this is the scan's hottest check).
  if (url.charCodeAt(0) !== 104 || url.charCodeAt(1) !== 116 || url.charCodeAt(2) !== 116 || url.charCodeAt(3) !== 112) return false;
  let start = url.charCodeAt(4) === 115 ? 5 : 4; // "s"
  if (url.charCodeAt(start) !== 58 || url.charCodeAt(start + 1) !== 47 || url.charCodeAt(start + 2) !== 47) return false; // "://"
  start += 3;
  if (start === 8 && options.httpEqualsHttps) return false;
  if (options.ignoreWww && url.startsWith('www.', start)) return false;
  // Native searches first: any query, fragment or percent escape takes the full path.
  if (url.indexOf('?', start) !== -1 || url.indexOf('#', start) !== -1 || url.indexOf('%', start) !== -1) return false;
  const slash = url.indexOf('/', start);
  const length = url.length;
  if (slash <= start || slash >= length - 1 || url.charCodeAt(length - 1) === 47) return false; // no path, "/" or ".../"
  for (let i = start; i < slash; i++) {
    const c = url.charCodeAt(i);
    if ((c >= 65 && c <= 90) || c === 58 || c === 64) return false; // upper case, port or user info in the authority
  }
  // A last segment starting with "i" might be an index page: let the full path decide. (A loop from the end: the
  // path's last "/" is near it, and lastIndexOf costs a runtime call per URL.)
  let lastSlash = length - 1;
  while (url.charCodeAt(lastSlash) !== 47) lastSlash--;
  const first = url.charCodeAt(lastSlash + 1);
  return first !== 105 && first !== 73;
}

/** Makes a keyer that remembers keys of URLs it has seen (copies share URLs, so most lookups hit). */
export function createMatchKeyer(options: MatchingOptions): (url: string) => string {
  const cache = new Map<string, string>();
  return (url) => {
    let key = cache.get(url);
    if (key === undefined) {
      key = matchKey(url, options);
      cache.set(url, key);
    }
    return key;
  };
}

type Step = (s: string | null) => string | null;

/** Bit of each rule in a rule set (bit i = RULE_ORDER[i]), so an explanation builds no Set. */
const RULE_BIT = Object.fromEntries(RULE_ORDER.map((rule, i) => [rule, 1 << i])) as Record<MatchRule, number>;

/**
 * Applies a chain of normalization steps to two values side by side and returns the bits of each step that made
 * a difference while they still differed.
 */
function explainSteps(a: string | null, b: string | null, steps: readonly (readonly [number, Step])[]): number {
  let bits = 0;
  for (const [bit, step] of steps) {
    if (a === b) return bits;
    const na = step(a);
    const nb = step(b);
    if (na !== a || nb !== b) bits |= bit;
    a = na;
    b = nb;
  }
  return bits;
}

const PATH_STEPS: readonly (readonly [number, Step])[] = [
  [RULE_BIT['percent-encoding-case'], (p) => upperPercentEscapes(p!)],
  [RULE_BIT['index-page'], (p) => stripIndexPage(p!)],
  [RULE_BIT['trailing-slash'], (p) => stripTrailingSlash(p!)],
];

const FRAGMENT_STEP_EMPTY: readonly [number, Step] = [RULE_BIT['empty-fragment'], (f) => (f === '' ? null : f)];

/** Explains pairs of URLs that share a key under one set of options (see explainSameKey). */
export type MatchExplainer = (a: string, b: string) => MatchRule[];

/**
 * An explainSameKey bound to one set of options: the normalization steps are built once, and each distinct set of
 * rules is one array shared by every explanation that gives it (the scan explains thousands of copies; treat the
 * arrays as read-only).
 */
export function createMatchExplainer(options: MatchingOptions): MatchExplainer {
  const bitsOfParts = partsExplainer(options);
  const listOf = new Map<number, MatchRule[]>();
  const rulesOf = (bits: number): MatchRule[] => {
    let rules = listOf.get(bits);
    if (!rules) {
      rules = RULE_ORDER.filter((rule) => bits & RULE_BIT[rule]);
      listOf.set(bits, rules);
    }
    return rules;
  };
  // The scan explains every copy of a group against one representative (b): its split is remembered.
  let lastB: string | undefined;
  let lastPb: UrlParts | null = null;
  return (a, b) => {
    // Shortcuts for the commonest variants, giving what the full comparison gives (explainWithoutShortcuts; a test
    // checks they agree): a trailing slash added to a URL that is its own key (no other rule can apply to either),
    // and URLs equal from the scheme's colon on (only the schemes can differ).
    if (a.length === b.length + 1 && a.charCodeAt(b.length) === 47 && a.startsWith(b) && isAlreadyKey(b, options)) return rulesOf(RULE_BIT['trailing-slash']);
    if (b.length === a.length + 1 && b.charCodeAt(a.length) === 47 && b.startsWith(a) && isAlreadyKey(a, options)) return rulesOf(RULE_BIT['trailing-slash']);
    if (b !== lastB) {
      lastB = b;
      lastPb = splitUrl(b);
    }
    const pb = lastPb;
    if (!pb) return [];
    const colonA = a.indexOf(':');
    const colonB = pb.scheme.length;
    if (a.length - colonA === b.length - colonB && sameFrom(a, colonA, b, colonB)) {
      // a splits exactly when its scheme is one splitUrl takes (the rest is b's).
      const schemeA = a.slice(0, colonA);
      const lower = schemeA.toLowerCase();
      if (lower !== 'http' && lower !== 'https' && lower !== 'ftp') return [];
      return rulesOf(schemeBits(schemeA, pb.scheme));
    }
    const pa = splitUrl(a);
    if (!pa) return [];
    return rulesOf(bitsOfParts(pa, pb));
  };
}

/** The explainer's answer without its shortcuts: both URLs split and compared part by part (exported for the test). */
export function explainWithoutShortcuts(a: string, b: string, options: MatchingOptions): MatchRule[] {
  const pa = splitUrl(a);
  const pb = splitUrl(b);
  if (!pa || !pb) return [];
  const bits = partsExplainer(options)(pa, pb);
  return RULE_ORDER.filter((rule) => bits & RULE_BIT[rule]);
}

/** Compares two split URLs rule by rule: the bits of the rules that make them equal. */
function partsExplainer(options: MatchingOptions): (pa: UrlParts, pb: UrlParts) => number {
  const querySteps: readonly (readonly [number, Step])[] = [
    [RULE_BIT['percent-encoding-case'], (q) => (q === null ? q : upperPercentEscapes(q))],
    [RULE_BIT['tracking-params'], (q) => (q === null || q === '' ? q : withoutTrackingParams(q) || null)],
    [RULE_BIT['empty-query'], (q) => (q === '' ? null : q)],
    [RULE_BIT['query-order'], (q) => (q !== null && options.sortQueryParams ? sortedParams(q) : q)],
    [RULE_BIT.query, (q) => (options.ignoreQuery ? null : q)],
  ];
  const fragmentSteps: readonly (readonly [number, Step])[] = [FRAGMENT_STEP_EMPTY, [RULE_BIT.fragment, (f) => (options.ignoreFragment ? null : f)]];
  return (pa, pb) => {
    let bits = schemeBits(pa.scheme, pb.scheme);
    const sa = pa.scheme.toLowerCase();
    const sb = pb.scheme.toLowerCase();
    if (normalizePort(sa, pa.port) === normalizePort(sb, pb.port) && pa.port !== pb.port) bits |= RULE_BIT['default-port'];

    const ha = pa.host.toLowerCase();
    const hb = pb.host.toLowerCase();
    if (pa.host !== pb.host && (ha === hb || hasUpper(pa.host) || hasUpper(pb.host))) bits |= RULE_BIT['scheme-host-case'];
    if (ha !== hb) bits |= RULE_BIT.www;

    bits |= explainSteps(pa.path, pb.path, PATH_STEPS);
    bits |= explainSteps(pa.query, pb.query, querySteps);
    bits |= explainSteps(pa.fragment, pb.fragment, fragmentSteps);
    return bits;
  };
}

/** The rules two schemes differ by: case ("HTTPS" vs "https") and http vs https. */
function schemeBits(a: string, b: string): number {
  if (a === b) return 0;
  const la = a.toLowerCase();
  const lb = b.toLowerCase();
  let bits = 0;
  if (la === lb || hasUpper(a) || hasUpper(b)) bits |= RULE_BIT['scheme-host-case'];
  if (la !== lb) bits |= RULE_BIT['http-https'];
  return bits;
}

/** Whether a from index i on equals b from index j on (same remaining length already checked). */
function sameFrom(a: string, i: number, b: string, j: number): boolean {
  for (; i < a.length; i++, j++) if (a.charCodeAt(i) !== b.charCodeAt(j)) return false;
  return true;
}

/**
 * Why two URLs with the same key match: the rules that make them equal, in MATCH_RULES order. Identical URLs give
 * ["exact"]; URLs whose keys differ give [] (they do not match).
 */
export function explainMatch(a: string, b: string, options: MatchingOptions): MatchRule[] {
  if (a === b) return ['exact'];
  if (matchKey(a, options) !== matchKey(b, options)) return [];
  return explainSameKey(a, b, options);
}

/** explainMatch for two different URLs already known to share a key (the scan's groups). */
export function explainSameKey(a: string, b: string, options: MatchingOptions): MatchRule[] {
  return [...createMatchExplainer(options)(a, b)];
}
