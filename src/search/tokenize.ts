/**
 * How text becomes searchable words, shared by the index (background) and the highlighter (popup) so both agree on
 * what a "word" is: runs of letters and digits, lower-cased, with accents folded (typing "cafe" finds "Café").
 * Pure functions, no dependencies: the popup bundle imports this file.
 */

/** Letters and digits in any script; everything else separates words. */
export const WORD_PATTERN = /[\p{L}\p{N}]+/gu;

/** Words longer than this are ids or hashes: nobody types them, so they are not indexed. */
export const MAX_TOKEN_LENGTH = 40;

/** URL parts that tell nothing about a page: every second URL has them. */
const URL_NOISE = new Set(['http', 'https', 'www', 'html', 'htm', 'php', 'index', 'aspx']);

const NON_ASCII = /[^\x00-\x7f]/;
const COMBINING_MARKS = /\p{M}+/gu;

/** Lower-cases and folds accents (only when there are non-ASCII characters: the common case stays cheap). */
export function fold(text: string): string {
  const lower = text.toLowerCase();
  return NON_ASCII.test(lower) ? lower.normalize('NFD').replace(COMBINING_MARKS, '') : lower;
}

/** ASCII-only text (most titles and URLs) takes a plain regular expression, cheaper than Unicode classes. */
const ASCII_WORD = /[a-z0-9]+/g;

/** The searchable words of a piece of text, in order, repeats kept. */
export function words(text: string): string[] {
  if (!text) return [];
  const folded = fold(text);
  return (NON_ASCII.test(folded) ? folded.match(WORD_PATTERN) : folded.match(ASCII_WORD)) ?? [];
}

/** The host of a URL in lower case ('' for URLs without one, such as data: or about:). */
export function hostOf(url: string): string {
  const match = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)/i.exec(url);
  return match ? match[1]!.toLowerCase() : '';
}

export interface UrlWords {
  host: string[];
  path: string[];
}

/** The words of a URL's host and of its path and query, without the scheme and the usual noise. */
export function urlWords(url: string): UrlWords {
  const host = hostOf(url);
  const schemeEnd = url.indexOf('://');
  const afterHost = schemeEnd >= 0 ? url.indexOf('/', schemeEnd + 3) : url.indexOf(':') + 1;
  const rest = afterHost > 0 ? url.slice(afterHost) : '';
  const keep = (w: string) => w.length <= MAX_TOKEN_LENGTH && !URL_NOISE.has(w);
  return {
    host: words(host).filter(keep),
    path: words(rest).filter(keep),
  };
}
