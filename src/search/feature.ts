/**
 * The search feature of the background: keeps the live index current from bookmark, history and tag events
 * (listeners registered, and the background's batched bookmark events subscribed, while the feature is built, as
 * the event page requires) and answers the popup's requests.
 *
 * Cold start: the index loads on the first request that needs it (from its snapshot first, see live-index.ts). The two requests the popup makes when it opens
 * do not wait for it: the newest bookmarks come from bookmarks.getRecent and the current page from a host search
 * (current-page.ts); both start the index load once they have their answer, so that it is ready by the time the
 * user types and the popup's first answers do not wait behind it.
 *
 * "Newest" is by date added as Tidymarks shows it: an imported bookmark counts from its file's date (src/bookmark-
 * dates), not from the import, on both paths.
 */
import type { BackgroundDeps } from '../feature-contract';
import { dateAddedOf, type BookmarkDates, type BookmarkDateSource } from '../bookmark-dates';
import { bookmarkEventsOf } from '../platform/bookmark-events';
import { folderPath } from '../platform/folder-path';
import type { HandlersOf } from '../messaging/define';
import { AppError, capQuoted } from '../messaging/errors';
import type { BookmarkNode, Browser } from '../platform/browser';
import { getExisting } from '../platform/bookmark-reads';
import type { TagStore } from '../tags';
import type { KeywordStore } from '../keywords';
import { kindOf } from '../platform/tree';
import { findCurrentPage, pickTab } from './current-page';
import { assertOpenable } from './openable-url';
import { LiveIndex } from './live-index';
import { isEmptyQuery, parseQuery } from './parse-query';
import type { searchProtocol } from './protocol';
import type { SearchHit } from './search-index';
import { openSnapshotStore, type SnapshotStore } from './snapshot-store';
import type { SearchResultItem } from './types';
import type { LinkMarker } from '../link-health';
import { t } from '../i18n';

const DEFAULT_LIMIT = 30;
/** How many recent folders the folder picker lists, and how many of the newest bookmarks name them. */
const RECENT_FOLDERS = 5;
const RECENT_BOOKMARKS_FOR_FOLDERS = 50;

function toItem(hit: SearchHit): SearchResultItem {
  return {
    kind: hit.kind,
    id: hit.id,
    url: hit.url,
    title: hit.title,
    folders: hit.folders,
    tags: hit.tags,
    visitCount: hit.visitCount,
  };
}

/** Above this many kept dates, the newest bookmarks wait for the index rather than read that many from Firefox. */
export const MAX_KEPT_DATES_FROM_FIREFOX = 2000;

/**
 * The `limit` newest bookmarks by date added as Tidymarks shows it (dateAddedOf), from Firefox's getRecent. Firefox
 * orders by its own date, which for an imported bookmark is the import time: with D dates kept, the newest limit + D
 * by Firefox's date hold the `limit` newest of those without a kept date, and the newest kept dates are read by id.
 * Null when D is above MAX_KEPT_DATES_FROM_FIREFOX (the index answers instead).
 */
export async function newestBookmarks(browser: Browser, dates: BookmarkDates, limit: number): Promise<BookmarkNode[] | null> {
  const isBookmark = (n: BookmarkNode) => kindOf(n) === 'bookmark' && !!n.url;
  if (!dates.size) return (await browser.bookmarks.getRecent(limit)).filter(isBookmark);
  if (dates.size > MAX_KEPT_DATES_FROM_FIREFOX) return null;
  const kept = (n: BookmarkNode) => dates.get(n.id)?.dateAdded !== undefined;
  const undated = (await browser.bookmarks.getRecent(limit + dates.size)).filter((n) => isBookmark(n) && !kept(n)).slice(0, limit);
  const newestKept = [...dates.values()]
    .filter((d) => d.dateAdded !== undefined)
    .sort((a, b) => b.dateAdded! - a.dateAdded!)
    .map((d) => d.id);
  // Folders have dates too: read until `limit` bookmarks are found or the kept dates run out.
  const dated: BookmarkNode[] = [];
  for (let at = 0; dated.length < limit && at < newestKept.length; at += limit) {
    const batch = newestKept.slice(at, at + limit);
    const found = await getExisting(browser, batch);
    for (const id of batch) {
      const node = found.get(id);
      if (node && isBookmark(node)) dated.push(node);
    }
  }
  return [...undated, ...dated.slice(0, limit)].sort((a, b) => dateAddedOf(b, dates) - dateAddedOf(a, dates)).slice(0, limit);
}

/** The newest bookmarks straight from Firefox, for a popup opened before the index is loaded (null: ask the index). */
async function recentFromFirefox(browser: Browser, tags: Pick<TagStore, 'getTagsForUrls'>, dates: BookmarkDates, limit: number): Promise<SearchResultItem[] | null> {
  const recent = await newestBookmarks(browser, dates, limit);
  if (!recent) return null;
  const paths = new Map<string, string[]>();
  const tagMap = await tags.getTagsForUrls([...new Set(recent.map((n) => n.url!))]);
  const items: SearchResultItem[] = [];
  for (const n of recent) {
    const folders = n.parentId === undefined ? [] : await folderPath(browser, n.parentId, paths);
    if (!folders) continue; // Removed with its folder while we looked.
    items.push({
      kind: 'bookmark',
      id: n.id,
      url: n.url!,
      title: n.title ?? '',
      folders,
      tags: tagMap.get(n.url!) ?? [],
      visitCount: 0,
    });
  }
  return items;
}

export interface SearchFeatureDeps extends BackgroundDeps {
  /** The imported files' dates (src/bookmark-dates): the newest bookmarks are newest by them. */
  bookmarkDates?: BookmarkDateSource;
  /** Link health's markers by URL (src/link-health), from what the background holds: no request per result. */
  linkMarkers?: () => Promise<MarkerLookup>;
  tags: TagStore;
  /** Tidymarks' keywords (src/keywords): a bookmark is found by its address's keyword; none without it. */
  keywords?: Pick<KeywordStore, 'all' | 'onChange'>;
  /** Where the index's snapshot is kept across event-page unloads; the default database when absent. */
  snapshots?: SnapshotStore;
}

type MarkerLookup = (url: string) => LinkMarker | null;
const NO_MARKERS: MarkerLookup = () => null;

/** The bookmarks among `items` with their link-health marker, where the check knows one. */
function withMarkers<T extends { url: string; kind?: 'bookmark' | 'history' }>(items: T[], markerOf: MarkerLookup): T[] {
  return items.map((item) => {
    const marker = item.kind === 'history' ? null : markerOf(item.url);
    return marker ? { ...item, marker } : item;
  });
}

export function createSearchFeature(deps: SearchFeatureDeps) {
  const { browser, bookmarkDates, tags: tagStore } = deps;
  const snapshots = deps.snapshots ?? openSnapshotStore();
  const bookmarkEvents = bookmarkEventsOf(deps);
  // Every read of the index delivers the events still waiting first: results are never behind Firefox.
  const live = new LiveIndex(browser, tagStore, snapshots, undefined, bookmarkDates ?? null, () => bookmarkEvents.flush(), deps.keywords ?? null);
  const extensionOrigin = browser.runtime.getURL('');

  // Batched (src/platform/bookmark-events.ts): one index update per batch (a burst, at most a second of one, or our
  // own job's end).
  bookmarkEvents.batched((events) => live.onBookmarkEvents(events));
  // Once a burst is over: the bookmarks it created or changed are indexed, its tombstones compacted (live-index.ts).
  bookmarkEvents.quiet(() => void live.afterBurst().catch((error: unknown) => console.error('Tidymarks: the search index could not catch up', error)));
  browser.history.onVisited.addListener((item) => live.onVisited(item));
  browser.history.onVisitRemoved.addListener((removed) => live.onVisitRemoved(removed));
  browser.history.onTitleChanged?.addListener((changed) => live.onTitleChanged(changed.url, changed.title));
  tagStore.onChange((changes) => live.onTagsChanged(changes));
  deps.keywords?.onChange((changes) => live.onKeywordsChanged(changes));
  bookmarkDates?.onChange((records) => live.onBookmarkDatesChanged(records));

  /** The lookup, read alongside the request's own work; a failure to read it leaves the results without markers. */
  const markers = (): Promise<MarkerLookup> =>
    (deps.linkMarkers?.() ?? Promise.resolve(NO_MARKERS)).catch((error: unknown) => {
      console.error('Tidymarks: link health markers could not be read', error);
      return NO_MARKERS;
    });

  const warmUp = () => {
    live.ready().catch((error: unknown) => console.error('Tidymarks: the search index could not load', error));
  };

  const handlers: HandlersOf<typeof searchProtocol> = {
    'search.query': async ({ text, limit = DEFAULT_LIMIT }) => {
      const marked = markers();
      const query = parseQuery(text);
      if (isEmptyQuery(query) && !live.isLoaded) {
        // The index starts loading once the popup has its answer: reading its snapshot back holds the event page's
        // thread for a while at 100,000 bookmarks, and the popup's first requests must not wait behind it.
        const items = await recentFromFirefox(browser, tagStore, bookmarkDates ? await bookmarkDates.all() : new Map(), limit).finally(warmUp);
        if (items) return { items: withMarkers(items, await marked), words: [] };
      }
      await live.ready();
      return { items: withMarkers(live.index.query(query, limit).map(toItem), await marked), words: query.words };
    },
    'search.currentPage': async ({ tabId, tab }) => {
      const marked = markers();
      const page = await findCurrentPage(browser, tagStore, live.isLoaded ? live.tree : null, tab ?? tabId, live.isFresh ? live.tree : undefined).finally(warmUp);
      return { ...page, copies: withMarkers(page.copies, await marked) };
    },
    'search.open': async ({ url, newTab, tabId }) => {
      assertOpenable(url, extensionOrigin);
      try {
        if (!newTab) {
          const target = tabId ?? (await pickTab(browser))?.id;
          if (target !== undefined) {
            await browser.tabs.update(target, { url });
            return { tabId: target };
          }
        }
        const tab = await browser.tabs.create({ url, active: true });
        return { tabId: tab.id ?? -1 };
      } catch (error) {
        throw new AppError('invalid-input', t('searchOpenFailed', capQuoted(url), String((error as Error)?.message ?? error)));
      }
    },
    'search.folders': async () => {
      await live.ready();
      return live.tree.folders();
    },
    'search.bookmark': async ({ id }) => {
      let node;
      try {
        [node] = await browser.bookmarks.get(id);
      } catch {
        node = undefined;
      }
      if (!node || kindOf(node) !== 'bookmark' || !node.url || node.parentId === undefined) {
        throw new AppError('not-found', t('searchBookmarkGone'));
      }
      const folders = await folderPath(browser, node.parentId);
      if (!folders) throw new AppError('not-found', t('searchBookmarkFolderGone'));
      const tags = (await tagStore.getTagsForUrls([node.url])).get(node.url) ?? [];
      return { id: node.id, url: node.url, title: node.title ?? '', parentId: node.parentId, folders, index: node.index ?? 0, tags };
    },
    'search.test.state': () => {
      if (!deps.testBuild) throw new AppError('forbidden', t('testBuildOnly', 'search.test.state'));
      return { loaded: live.isLoaded, fresh: live.isFresh, ...live.index.size, timings: { ...live.timings } };
    },
    'search.recentFolders': async () => {
      const ids: string[] = [];
      for (const node of await browser.bookmarks.getRecent(RECENT_BOOKMARKS_FOR_FOLDERS)) {
        if (node.parentId !== undefined && kindOf(node) === 'bookmark' && !ids.includes(node.parentId)) ids.push(node.parentId);
        if (ids.length === RECENT_FOLDERS) break;
      }
      return ids;
    },
  };

  return {
    handlers,
    live,
    reset: async () => {
      live.forget();
      await snapshots.clear();
    },
  };
}
