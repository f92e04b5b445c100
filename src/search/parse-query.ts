/**
 * What the user typed in the search box, taken apart: plain words (each matched as a word prefix), `#tag` filters
 * and `site:` filters. `site:` takes the Places URL forms for hosts: `site:example.org` is that host (any scheme),
 * `site:*.example.org` is the host or any of its subdomains. Pure; shared by the popup (to highlight) and the index.
 */
import { fold, words } from './tokenize';

export interface SiteFilter {
  host: string;
  /** True for `*.host`: the host itself or any subdomain. */
  subdomains: boolean;
}

export interface ParsedQuery {
  /** Folded words, longest first, without repeats and without words that are a prefix of another word. */
  words: string[];
  /** Folded tag names (exact match, case- and accent-insensitive). */
  tags: string[];
  sites: SiteFilter[];
}

const SITE_PREFIX = /^site:/i;

function parseSite(value: string): SiteFilter | null {
  let host = value.trim().toLowerCase();
  // Accept a pasted origin too: site:https://example.org/ means the host example.org.
  host = host.replace(/^[a-z][a-z0-9+.-]*:\/\//, '').replace(/[/?#].*$/, '');
  const subdomains = host.startsWith('*.');
  if (subdomains) host = host.slice(2);
  host = host.replace(/\.$/, '');
  if (!host || !/^[\p{L}\p{N}.-]+$/u.test(host)) return null;
  return { host, subdomains };
}

export function parseQuery(input: string): ParsedQuery {
  const found: string[] = [];
  const tags: string[] = [];
  const sites: SiteFilter[] = [];
  for (const part of input.split(/\s+/)) {
    if (!part) continue;
    if (part.length > 1 && part.startsWith('#')) {
      const tag = fold(part.slice(1)).trim();
      if (tag && !tags.includes(tag)) tags.push(tag);
    } else if (SITE_PREFIX.test(part) && part.length > 5) {
      const site = parseSite(part.slice(5));
      if (site) sites.push(site);
    } else {
      found.push(...words(part));
    }
  }
  return { words: minimalWords(found), tags, sites };
}

/** Longest first; a word that is a prefix of another one adds nothing to an AND of prefixes, so it is dropped. */
function minimalWords(list: string[]): string[] {
  const sorted = [...new Set(list)].sort((a, b) => b.length - a.length);
  return sorted.filter((w, i) => !sorted.slice(0, i).some((longer) => longer.startsWith(w)));
}

export function isEmptyQuery(q: ParsedQuery): boolean {
  return q.words.length === 0 && q.tags.length === 0 && q.sites.length === 0;
}
