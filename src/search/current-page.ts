/**
 * "Is the page I am on bookmarked, where, and how many times?" Matching uses the duplicate engine's safe rules
 * (src/dedup/url-key.ts with every opt-in rule off), so `https://Example.org/a/` and `https://example.org/a#`
 * are the same page, as in the options page's duplicate view. Reads Firefox directly (bookmarks.search by host),
 * so it is exact and fast even before the search index has loaded.
 */
import { matchKey, type MatchingOptions } from '../dedup/url-key';
import { AppError } from '../messaging/errors';
import type { Browser, BookmarkNode } from '../platform/browser';
import { ROOT_ID } from '../platform/browser';
import type { TagStore } from '../tags/tag-store';
import { kindOf, type BookmarkTree } from './bookmark-tree';
import { hostOf } from './tokenize';
import type { CurrentPageCopy, CurrentPageReply } from './types';

export const SAFE_MATCHING: MatchingOptions = {
  httpEqualsHttps: false,
  ignoreWww: false,
  ignoreFragment: false,
  ignoreQuery: false,
  sortQueryParams: false,
};

const BOOKMARKABLE = /^(https?|ftp|file):/i;

type Tab = { id?: number; url?: string; title?: string; lastAccessed?: number };

/** The tab the popup speaks about: the given one, else the active tab, skipping Tidymarks' own pages. */
export async function pickTab(browser: Browser, extensionOrigin: string, tabId?: number): Promise<Tab | null> {
  if (tabId !== undefined) {
    try {
      return await browser.tabs.get(tabId);
    } catch {
      throw new AppError('not-found', `There is no tab ${tabId}.`);
    }
  }
  const [active] = await browser.tabs.query({ active: true, lastFocusedWindow: true });
  if (active && !active.url?.startsWith(extensionOrigin)) return active;
  // The popup opened as a tab (or the options page is active): speak about the tab the user was on before.
  const others = (await browser.tabs.query({})).filter((t) => t.url && !t.url.startsWith(extensionOrigin));
  others.sort((a, b) => (b.lastAccessed ?? 0) - (a.lastAccessed ?? 0));
  return others[0] ?? active ?? null;
}

async function candidates(browser: Browser, url: string): Promise<BookmarkNode[]> {
  const host = hostOf(url);
  try {
    // A host search finds every spelling of the page (case, port, fragment...); the safe key then decides.
    return host ? await browser.bookmarks.search(host) : await browser.bookmarks.search({ url });
  } catch {
    return [];
  }
}

/** Folder path of a parent id: from the mirror when loaded, else by walking up with bookmarks.get. */
async function pathOf(browser: Browser, parentId: string | undefined, tree: BookmarkTree | null, cache: Map<string, string[]>) {
  if (parentId === undefined) return [];
  if (tree?.get(parentId)) return tree.folderPath(parentId);
  const known = cache.get(parentId);
  if (known) return known;
  const chain: string[] = [];
  let id: string | undefined = parentId;
  while (id !== undefined && id !== ROOT_ID) {
    const [node]: BookmarkNode[] = await browser.bookmarks.get(id);
    if (!node) break;
    chain.unshift(node.title ?? '');
    id = node.parentId;
  }
  cache.set(parentId, chain);
  return chain;
}

export async function findCurrentPage(
  browser: Browser,
  tags: Pick<TagStore, 'getTagsForUrls'>,
  tree: BookmarkTree | null,
  extensionOrigin: string,
  tabId?: number,
): Promise<CurrentPageReply> {
  const tab = await pickTab(browser, extensionOrigin, tabId);
  if (!tab || tab.id === undefined || !tab.url) return { tab: null, bookmarkable: false, copies: [] };
  const page = { id: tab.id, url: tab.url, title: tab.title ?? '' };
  const bookmarkable = BOOKMARKABLE.test(tab.url);
  if (!bookmarkable) return { tab: page, bookmarkable, copies: [] };

  const key = matchKey(tab.url, SAFE_MATCHING);
  const found = (await candidates(browser, tab.url)).filter(
    (n) => kindOf(n) === 'bookmark' && n.url !== undefined && (n.url === tab.url || matchKey(n.url, SAFE_MATCHING) === key),
  );
  const tagMap = await tags.getTagsForUrls([...new Set(found.map((n) => n.url!))]);
  const cache = new Map<string, string[]>();
  const copies: CurrentPageCopy[] = [];
  for (const n of found) {
    copies.push({
      id: n.id,
      url: n.url!,
      title: n.title ?? '',
      parentId: n.parentId ?? '',
      folders: await pathOf(browser, n.parentId, tree, cache),
      index: n.index ?? 0,
      tags: tagMap.get(n.url!) ?? [],
    });
  }
  return { tab: page, bookmarkable, copies };
}
