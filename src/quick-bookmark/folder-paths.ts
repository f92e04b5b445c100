/**
 * Where bookmarks live, in the words Firefox's Library uses: "Bookmarks Menu › Dev". Finds the copies of a page
 * and the path of a folder with a few targeted bookmarks API calls instead of reading the whole tree: a key press
 * must answer fast also with tens of thousands of bookmarks.
 */
import { splitUrl } from '../dedup/url-key';
import type { BookmarkNode, Browser } from '../platform/browser';
import { MENU_ID, MOBILE_ID, ROOT_ID, TOOLBAR_ID, UNFILED_ID } from '../platform/browser';

/** Firefox gives the roots these names in its UI, whatever title the API reports. */
export const ROOT_NAMES: Readonly<Record<string, string>> = {
  [MENU_ID]: 'Bookmarks Menu',
  [TOOLBAR_ID]: 'Bookmarks Toolbar',
  [UNFILED_ID]: 'Other Bookmarks',
  [MOBILE_ID]: 'Mobile Bookmarks',
};

export const PATH_SEPARATOR = ' › ';

export interface BookmarkCopy {
  id: string;
  url: string;
  title: string;
  parentId: string;
}

export function formatPath(path: readonly string[]): string {
  return path.join(PATH_SEPARATOR);
}

function isBookmark(node: BookmarkNode): node is BookmarkNode & { url: string } {
  return node.url !== undefined && node.type !== 'folder' && node.type !== 'separator';
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
 * Every bookmark whose `keyOf(url)` equals the key of `url`. Firefox's search matches words anywhere in a
 * bookmark's URL, so searching the host finds all candidates in one indexed query; the key decides. `keyOf` may
 * throw for a URL it cannot read; such a bookmark never matches.
 */
export async function findCopies(browser: Browser, url: string, keyOf: (url: string) => string): Promise<BookmarkCopy[]> {
  const key = safeKey(keyOf, url);
  const word = candidateSearchWord(url);
  let candidates: BookmarkNode[];
  try {
    candidates = word ? await browser.bookmarks.search(word) : await browser.bookmarks.search({ url });
  } catch {
    candidates = []; // Firefox refuses to search for a URL it cannot parse: nothing can match it.
  }
  return candidates
    .filter(isBookmark)
    .filter((node) => safeKey(keyOf, node.url, null) === key)
    .map((node) => ({ id: node.id, url: node.url, title: node.title, parentId: node.parentId ?? '' }));
}

function safeKey(keyOf: (url: string) => string, url: string, fallback: string | null = url): string | null {
  try {
    return keyOf(url);
  } catch {
    return fallback;
  }
}

/** The copy to name in a message: one with exactly this URL if any, else the first Firefox returned. */
export function pickCopyToShow(copies: readonly BookmarkCopy[], url: string): BookmarkCopy | undefined {
  return copies.find((c) => c.url === url) ?? copies[0];
}

/** The folder's path (root name first), or undefined when it is not an existing folder below the root. */
export async function folderPath(browser: Browser, folderId: string): Promise<string[] | undefined> {
  const path: string[] = [];
  let id: string | undefined = folderId;
  for (let depth = 0; id && id !== ROOT_ID; depth++) {
    if (depth > 1000) return undefined; // A cycle cannot happen in Places; never loop forever anyway.
    let node: BookmarkNode | undefined;
    try {
      [node] = await browser.bookmarks.get(id);
    } catch {
      return undefined;
    }
    if (!node || (depth === 0 && (node.type === 'separator' || node.url !== undefined))) return undefined;
    path.unshift(ROOT_NAMES[node.id] ?? (node.title || '(untitled folder)'));
    id = node.parentId;
  }
  return path.length ? path : undefined;
}
