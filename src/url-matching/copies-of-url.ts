/**
 * "Where is this page bookmarked?" — the one lookup behind the popup's current-page status and the quick bookmark's
 * "already bookmarked" check. It reads Firefox with a few targeted bookmarks API calls instead of the whole tree (a
 * key press must answer fast also with tens of thousands of bookmarks) and compares URLs with the safe matching
 * rules only (src/url-matching/safe-matching.ts), never the user's opt-in rules.
 *
 * A copy's folder path: folderPath (src/platform/folder-path.ts).
 */
import type { BookmarkNode, Browser } from '../platform/browser';
import { kindOf } from '../platform/tree';
import { createSafeMatchKeyer } from './safe-matching';
import { splitUrl } from './url-key';

export interface BookmarkCopy {
  id: string;
  url: string;
  title: string;
  parentId: string;
  index: number;
}

function isBookmark(node: BookmarkNode): node is BookmarkNode & { url: string } {
  return node.url !== undefined && kindOf(node) === 'bookmark';
}

/**
 * The word to search for so that every bookmark that could share the URL's matching key is found: its host in
 * lower case without a leading "www." (so the search also suits keys with the opt-in www rule; the key decides).
 * Undefined for URLs the matching rules compare exactly (not http, https or ftp).
 */
export function candidateSearchWord(url: string): string | undefined {
  const parts = splitUrl(url);
  if (!parts) return undefined;
  const host = parts.host.toLowerCase().replace(/^www\./, '');
  return host && !/\s/.test(host) ? host : undefined;
}

/**
 * Every bookmark whose URL is `url` or has the same key, in the order Firefox returns them. Firefox's search
 * matches words anywhere in a bookmark's URL, so searching the host finds all candidates in one indexed query;
 * the key decides. The key is the safe matching key unless `keyOf` is given (tests, or a keyer the caller already
 * holds); `keyOf` may throw for a URL it cannot read: such a bookmark matches only by the exact URL. With a `mirror`
 * (the search index's tree, when it is fresh) the candidates are the bookmarks it knows on that host, read back from
 * Firefox by id. A mirror learns of a change from Firefox's event, a moment after the change: the quick bookmark,
 * which must never make a duplicate, does not pass one.
 */
export async function findCopies(
  browser: Browser,
  url: string,
  keyOf: (url: string) => string = createSafeMatchKeyer(),
  mirror?: CandidateMirror,
): Promise<BookmarkCopy[]> {
  const key = keyOrNull(keyOf, url) ?? url;
  const word = candidateSearchWord(url);
  let candidates = word && mirror ? await fromMirror(browser, mirror, word) : undefined;
  if (!candidates) {
    try {
      candidates = word ? await browser.bookmarks.search(word) : await browser.bookmarks.search({ url });
    } catch {
      candidates = []; // Firefox refuses to search for a URL it cannot parse: nothing can match it.
    }
  }
  return candidates
    .filter(isBookmark)
    .filter((node) => node.url === url || keyOrNull(keyOf, node.url) === key)
    .map((node) => ({ id: node.id, url: node.url, title: node.title ?? '', parentId: node.parentId ?? '', index: node.index ?? 0 }));
}

/**
 * A current copy of the tree that knows which bookmarks sit on a host (the search index's mirror): the ids of every
 * bookmark whose candidateSearchWord is `word`, or undefined when it cannot tell.
 */
export interface CandidateMirror {
  bookmarkIdsOnHost(word: string): string[] | undefined;
}

/**
 * The candidates a mirror names, read back from Firefox by id: exact nodes, and a lookup by id instead of a search
 * that reads every bookmark (bookmarks.search by host took 8-14 ms with 10,000 bookmarks, measured from an extension
 * page). Undefined when the mirror cannot tell or no longer matches Firefox (a named bookmark is gone): the caller
 * searches instead.
 */
async function fromMirror(browser: Browser, mirror: CandidateMirror, word: string): Promise<BookmarkNode[] | undefined> {
  const ids = mirror.bookmarkIdsOnHost(word);
  if (!ids) return undefined;
  if (!ids.length) return [];
  try {
    return await browser.bookmarks.get(ids);
  } catch {
    return undefined;
  }
}

function keyOrNull(keyOf: (url: string) => string, url: string): string | null {
  try {
    return keyOf(url);
  } catch {
    return null;
  }
}
