/**
 * "Is the page I am on bookmarked, where, and how many times?" The copies come from the lookup the quick bookmark
 * uses too (src/url-matching/copies-of-url.ts: the duplicate engine's safe rules only), so `https://Example.org/a/` and
 * `https://example.org/a#` are the same page, as in the options page's duplicate view. The copies are always read
 * from Firefox, so they are exact: by id when the search index's tree is fresh and names the candidates on the
 * page's host, else with bookmarks.search by host (before the index has loaded, or while it runs from a snapshot).
 */
import { findCopies, type CandidateMirror } from '../url-matching';
import { folderPath } from '../platform/folder-path';
import { AppError } from '../messaging/errors';
import type { Browser } from '../platform/browser';
import type { TagStore } from '../tags';
import type { BookmarkTree } from './bookmark-tree';
import type { CurrentPageCopy, CurrentPageReply, PageTab } from './types';
import { t } from '../i18n';

const BOOKMARKABLE = /^(https?|ftp|file):/i;

type Tab = { id?: number; url?: string; title?: string; lastAccessed?: number };

/**
 * The tab the popup speaks about: the given one (tests open the popup as a tab and name it), else the active tab,
 * whatever it shows. The popup is about the page in front of the person, as the toolbar button's look and the quick
 * bookmark are: over one of Tidymarks' own pages (or about:...) it says that tab cannot be bookmarked, rather than
 * speak about a tab the person is not looking at (issue 29).
 */
export async function pickTab(browser: Browser, tabId?: number): Promise<Tab | null> {
  if (tabId !== undefined) {
    try {
      return await browser.tabs.get(tabId);
    } catch {
      throw new AppError('not-found', t('popupNoTab', String(tabId)));
    }
  }
  const [active] = await browser.tabs.query({ active: true, lastFocusedWindow: true });
  return active ?? null;
}

/**
 * Folder path of a parent id: from the mirror when loaded, else by walking up with bookmarks.get. Undefined when
 * the folder was removed meanwhile (its bookmarks went with it).
 */
async function pathOf(browser: Browser, parentId: string, tree: BookmarkTree | null, cache: Map<string, string[]>) {
  if (tree?.get(parentId)) return tree.folderPath(parentId);
  return folderPath(browser, parentId, cache);
}

/**
 * The current page's status: `which` is the tab itself (read by the toolbar popup), a tab's id, or undefined for the
 * active tab of the last focused window.
 */
export async function findCurrentPage(
  browser: Browser,
  tags: Pick<TagStore, 'getTagsForUrls'>,
  tree: BookmarkTree | null,
  which?: number | PageTab,
  mirror?: CandidateMirror,
): Promise<CurrentPageReply> {
  const tab = typeof which === 'object' ? which : await pickTab(browser, which);
  if (!tab || tab.id === undefined || !tab.url) return { tab: null, bookmarkable: false, copies: [] };
  const page = { id: tab.id, url: tab.url, title: tab.title ?? '' };
  const bookmarkable = BOOKMARKABLE.test(tab.url);
  if (!bookmarkable) return { tab: page, bookmarkable, copies: [] };

  const found = await findCopies(browser, tab.url, undefined, mirror);
  const tagMap = await tags.getTagsForUrls([...new Set(found.map((c) => c.url))]);
  const cache = new Map<string, string[]>();
  const copies: CurrentPageCopy[] = [];
  for (const copy of found) {
    const folders = await pathOf(browser, copy.parentId, tree, cache);
    if (!folders) continue; // Removed with its folder while we looked.
    copies.push({ ...copy, folders, tags: tagMap.get(copy.url) ?? [] });
  }
  return { tab: page, bookmarkable, copies };
}
