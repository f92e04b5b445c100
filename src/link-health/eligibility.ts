/**
 * Which bookmarks may be fetched at all. Only http(s) URLs; bookmarklets, place:, file: and the like never are, and
 * neither are private-range hosts (loopback, private IPv4/IPv6 ranges, link-local, .local/.localhost/.internal,
 * single-label intranet names): a check must not probe the person's own network. The host test is injectable so that
 * the test build can open its test hosts (named ones and loopback, see feature.ts); production uses `isPublicHost`.
 */
import type { NeverReason } from './types';

export type HostAllowed = (hostname: string) => boolean;

export type Eligibility = { ok: true; url: URL } | { ok: false; reason: NeverReason };

export function eligibility(rawUrl: string, hostAllowed: HostAllowed = isPublicHost): Eligibility {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return { ok: false, reason: 'invalid-url' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: 'not-web' };
  if (!url.hostname) return { ok: false, reason: 'invalid-url' };
  if (!hostAllowed(url.hostname)) return { ok: false, reason: 'private-host' };
  return { ok: true, url };
}

/** False for hosts in private, loopback, link-local or reserved ranges and for local names. */
export function isPublicHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[')) return isPublicIPv6(host.slice(1, -1));
  const v4 = parseIPv4(host);
  if (v4) return isPublicIPv4(v4);
  if (!host.includes('.')) return false; // "localhost", "intranet", "nas"
  return !/\.(localhost|local|internal|intranet|lan|home|home\.arpa|corp|test|invalid|example)$/.test(host);
}

/**
 * The test build's own hosts: names under `tidymarks.test` (tests/e2e/link-server.ts; Firefox's
 * `network.dns.localDomains` resolves them to loopback). `.test` is reserved (RFC 6761) and never public, so
 * production refuses them like any local name.
 */
export function isTestHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host.endsWith('.tidymarks.test');
}

/** True for 127.0.0.0/8 only (the test build's loopback server). */
export function isLoopbackIPv4(hostname: string): boolean {
  const v4 = parseIPv4(hostname);
  return v4 !== null && v4[0] === 127;
}

function parseIPv4(host: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  return parts.every((p) => p <= 255) ? parts : null;
}

function isPublicIPv4([a, b]: number[]): boolean {
  if (a === 0 || a === 10 || a === 127 || a! >= 224) return false;
  if (a === 169 && b === 254) return false;
  if (a === 172 && b! >= 16 && b! <= 31) return false;
  if (a === 192 && b === 168) return false;
  if (a === 100 && b! >= 64 && b! <= 127) return false; // carrier-grade NAT
  if (a === 198 && (b === 18 || b === 19)) return false; // benchmarking
  return true;
}

function isPublicIPv6(host: string): boolean {
  const h = host.toLowerCase();
  if (h === '::1' || h === '::') return false;
  if (/^f[cd]/.test(h)) return false; // unique local fc00::/7
  if (/^fe[89ab]/.test(h)) return false; // link-local fe80::/10
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(h);
  if (mapped) {
    const v4 = parseIPv4(mapped[1]!);
    return v4 ? isPublicIPv4(v4) : false;
  }
  if (h.startsWith('::ffff:')) return false; // mapped, written in hex: refuse rather than parse
  return true;
}
