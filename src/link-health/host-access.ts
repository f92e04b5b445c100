/**
 * Host access as Firefox grants it: the optional host permissions a person granted (match patterns such as
 * `https://example.org/*`), and the origins to ask for so that a check can fetch a list of hosts. Both schemes are
 * asked for each host: an http bookmark's upgrade to https is on the same host. Match patterns carry no port.
 */

/** The origins to request for `hosts` (sorted, each host once). */
export function originsFor(hosts: Iterable<string>): string[] {
  return [...new Set(hosts)].sort().flatMap((h) => [`http://${patternHost(h)}/*`, `https://${patternHost(h)}/*`]);
}

const patternHost = (hostname: string) => hostname; // URL.hostname is already punycode and bracketed for IPv6

/** A test of "may this URL be fetched" from the granted origins (permissions.getAll().origins). */
export function grantedMatcher(origins: readonly string[]): (url: string) => boolean {
  const rules = origins.map(parsePattern).filter((r): r is Rule => r !== null);
  return (raw) => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return false;
    }
    const scheme = url.protocol.slice(0, -1);
    const host = url.hostname;
    return rules.some(
      (r) =>
        (r.scheme === '*' ? scheme === 'http' || scheme === 'https' : r.scheme === scheme) &&
        (r.host === '*' || r.host === host || (r.subdomains && host.endsWith(`.${r.host}`))),
    );
  };
}

interface Rule {
  scheme: string;
  host: string;
  subdomains: boolean;
}

function parsePattern(pattern: string): Rule | null {
  if (pattern === '<all_urls>') return { scheme: '*', host: '*', subdomains: false };
  const m = /^(\*|https?|wss?):\/\/(\*|\*\.[^/]+|[^/*]+)\/.*$/.exec(pattern);
  if (!m) return null;
  const host = m[2]!;
  if (host.startsWith('*.')) return { scheme: m[1]!, host: host.slice(2), subdomains: true };
  return { scheme: m[1]!, host, subdomains: false };
}
