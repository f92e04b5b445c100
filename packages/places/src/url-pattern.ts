// SPDX-License-Identifier: MPL-2.0
/**
 * The four URL forms of a `url` query, as the SDK defined them:
 *   'mozilla.org'          that host, any scheme
 *   '*.mozilla.org'        that host or any of its subdomains
 *   'http://mozilla.org'   exactly that URL (a bare origin gets its '/')
 *   'http://mozilla.org/*' every URL starting with that prefix
 * Pure: no browser API.
 */

export type UrlMatcher = (url: string) => boolean;

export class UrlPatternError extends Error {
  constructor(pattern: string) {
    super(`The \`url\` query "${pattern}" is not a host, *.host, a URL, or a URL prefix ending in *.`);
    this.name = 'UrlPatternError';
  }
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
}

const HOST = /^[a-z0-9\-._~%\u0080-\uffff]+$/i;

export function compileUrlPattern(raw: string): UrlMatcher {
  const pattern = raw.trim();
  if (pattern === '') throw new UrlPatternError(raw);
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(pattern);
  if (hasScheme && pattern.endsWith('*')) {
    const prefix = pattern.slice(0, -1);
    return (url) => url.startsWith(prefix);
  }
  if (hasScheme) {
    let exact: string;
    try {
      exact = new URL(pattern).href;
    } catch {
      throw new UrlPatternError(raw);
    }
    return (url) => url === exact || url === pattern;
  }
  if (pattern.startsWith('*.')) {
    const domain = pattern.slice(2).toLowerCase();
    if (!HOST.test(domain)) throw new UrlPatternError(raw);
    const suffix = '.' + domain;
    return (url) => {
      const host = hostOf(url);
      return host !== null && (host === domain || host.endsWith(suffix));
    };
  }
  const host = pattern.toLowerCase();
  if (!HOST.test(host)) throw new UrlPatternError(raw);
  return (url) => hostOf(url) === host;
}
