// SPDX-License-Identifier: MPL-2.0
/**
 * The background half of history.search(): from/to, url (the four forms), query words in url or title; one
 * result per page {url, title, visitCount, time}; sorted by title, url, date or visitCount, optionally descending,
 * default oldest first; cut to `count`.
 */
import type { Browser } from './support/browser';
import { compareText, splitWords, urlMatcher } from './search-engine';
import type { HistoryEntry, WireHistoryQuery, WireSearchOptions } from './caller';

const HISTORY_SORTS = ['title', 'url', 'date', 'visitCount'] as const;

export async function runHistorySearch(
  queries: readonly WireHistoryQuery[],
  options: WireSearchOptions,
  { browser, now }: { browser: Browser; now: () => number },
): Promise<HistoryEntry[]> {
  const compiled = queries.map((q) => {
    const words = q.query !== undefined ? splitWords(q.query) : [];
    const matchUrl = q.url !== undefined ? urlMatcher(q.url) : null;
    const from = q.from ?? 0;
    const to = q.to ?? Number.POSITIVE_INFINITY;
    return (e: HistoryEntry) => e.time >= from && e.time <= to && (!matchUrl || matchUrl(e.url)) && words.every((w) => `${e.url}\n${e.title}`.toLowerCase().includes(w));
  });
  const startTime = Math.max(0, Math.min(...queries.map((q) => q.from ?? 0)));
  const endTime = Math.max(...queries.map((q) => q.to ?? now()), now());
  const pages = await browser.history.search({ text: '', startTime, endTime, maxResults: 1_000_000 });

  const seen = new Set<string>();
  let found: HistoryEntry[] = [];
  for (const page of pages) {
    if (!page.url || seen.has(page.url)) continue;
    const entry: HistoryEntry = { url: page.url, title: page.title ?? '', visitCount: page.visitCount ?? 0, time: page.lastVisitTime ?? 0 };
    if (!compiled.some((test) => test(entry))) continue;
    seen.add(page.url);
    found.push(entry);
  }

  const sort = (HISTORY_SORTS as readonly string[]).includes(options.sort ?? '') ? options.sort : undefined;
  const direction = sort && options.descending ? -1 : 1;
  const compare: (a: HistoryEntry, b: HistoryEntry) => number =
    sort === 'title'
      ? (a, b) => compareText(a.title, b.title)
      : sort === 'url'
        ? (a, b) => compareText(a.url, b.url)
        : sort === 'visitCount'
          ? (a, b) => a.visitCount - b.visitCount
          : (a, b) => a.time - b.time;
  found = found
    .map((e, i) => ({ e, i }))
    .sort((a, b) => compare(a.e, b.e) * direction || a.i - b.i)
    .map(({ e }) => e);
  if (options.count) found = found.slice(0, options.count);
  return found;
}
