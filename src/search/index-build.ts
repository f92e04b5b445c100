/**
 * Builds what the live index holds (live-index.ts): the search index, the tree mirror and the sibling order, read
 * from Firefox or from a snapshot (snapshot-store.ts), in slices (time-slices.ts) so that the event page answers
 * requests during a build. The index's bookmarks are dated as Tidymarks shows them (dateAddedOf: the imported file's
 * date where one was kept); the tree keeps Firefox's own dateAdded.
 */
import { dateAddedOf, type BookmarkDate, type BookmarkDateStore } from '../bookmark-dates';
import type { Browser } from '../platform/browser';
import type { TagStore } from '../tags';
import type { KeywordStore } from '../keywords';
import { BookmarkTree, type MirrorNode } from './bookmark-tree';
import { SearchIndex } from './search-index';
import { SiblingOrder } from '@tidymarks/places/tree-index';
import type { IndexSnapshot } from './snapshot-store';
import { createBreather } from '@tidymarks/places/tree-index';

/** How many of the newest history pages are indexed. */
export const HISTORY_LIMIT = 50_000;

const LETTER_KIND = { f: 'folder', b: 'bookmark', s: 'separator' } as const;

/** How long the last loads took, per phase (ms; test builds report them to benchmarks). */
export interface LoadTimings {
  snapshotReadMs?: number;
  snapshotBuildMs?: number;
  firefoxReadMs?: number;
  firefoxBuildMs?: number;
  /** The last snapshot write, from its start until its transaction was done (given-up writes not counted). */
  snapshotWriteMs?: number;
}

export interface Built {
  index: SearchIndex;
  tree: BookmarkTree;
  order: SiblingOrder;
  /** The imported files' dates the index was built with, and kept current since (by bookmark id). */
  dates: Map<string, BookmarkDate>;
}

export const emptyBuild = (): Built => ({ index: new SearchIndex(), tree: new BookmarkTree(), order: new SiblingOrder(), dates: new Map() });

/** Where a build reads from, its clock, and where it notes how long its phases took. */
export interface BuildSources {
  browser: Browser;
  tags: Pick<TagStore, 'all'>;
  /** Tidymarks' keywords (src/keywords); none without it. */
  keywords?: Pick<KeywordStore, 'all'> | null;
  /** The imported files' dates (src/bookmark-dates); none without it. */
  bookmarkDates: Pick<BookmarkDateStore, 'all'> | null;
  now: () => number;
  timings: LoadTimings;
}

/** Writes a bookmark of the tree into the index, folder path and shown date included. */
export function indexBookmarkInto({ index, tree, dates }: Pick<Built, 'index' | 'tree' | 'dates'>, node: MirrorNode): void {
  if (node.url === undefined) return;
  index.upsertBookmark({ id: node.id, url: node.url, title: node.title, folders: tree.folderPath(node.parentId), dateAdded: dateAddedOf(node, dates) });
}

/**
 * Reads Firefox and builds a new index, giving the event loop a turn every few milliseconds (time-slices.ts), so
 * requests that do not need the index (the popup's first two, a ping) are answered during the build instead of
 * after it: building 10,000 bookmarks and 5,000 history entries takes a few hundred ms in Firefox, 100,000
 * bookmarks several seconds.
 */
export async function buildFromFirefox(sources: BuildSources): Promise<Built> {
  const { now, timings } = sources;
  const reading = now();
  const [roots, history, tagged, keywords, dates] = await Promise.all([
    sources.browser.bookmarks.getTree(),
    sources.browser.history.search({ text: '', startTime: 0, maxResults: HISTORY_LIMIT }),
    sources.tags.all(),
    readKeywords(sources),
    readBookmarkDates(sources),
  ]);
  const building = now();
  timings.firefoxReadMs = building - reading;
  const breather = createBreather(now);
  const index = new SearchIndex();
  const tree = new BookmarkTree();
  for (const { url, tags } of tagged) index.setTags(url, tags);
  for (const { url, keyword } of keywords) index.setKeyword(url, keyword);
  for (const root of roots) {
    const bookmarks = await tree.putTreeInSlices(root, breather);
    for (let i = 0; i < bookmarks.length; i++) {
      indexBookmarkInto({ index, tree, dates }, bookmarks[i]!);
      if ((i & 63) === 63) await breather();
    }
  }
  for (let i = 0; i < history.length; i++) {
    const item = history[i]!;
    if (item.url) index.upsertHistory({ url: item.url, title: item.title ?? '', visitCount: item.visitCount ?? 0, lastVisit: item.lastVisitTime ?? 0 });
    if ((i & 63) === 63) await breather();
  }
  // One id -> row Map for the tree and its order (id-rows.ts).
  const order = await SiblingOrder.fromTreeInSlices(roots, breather, tree.rows);
  index.seal();
  timings.firefoxBuildMs = now() - building;
  return { index, tree, order, dates };
}

/** A copy of the date store's records (the index follows changes through onBookmarkDatesChanged). */
async function readBookmarkDates({ bookmarkDates }: Pick<BuildSources, 'bookmarkDates'>): Promise<Map<string, BookmarkDate>> {
  return new Map(bookmarkDates ? await bookmarkDates.all() : []);
}

/** The keywords to index (a snapshot keeps none: they are read from their store, a small one). */
async function readKeywords({ keywords }: Pick<BuildSources, 'keywords'>): Promise<{ url: string; keyword: string }[]> {
  return keywords ? keywords.all() : [];
}

/** Builds the index from a snapshot in slices, like a build from Firefox (requests are answered meanwhile). */
export async function buildFromSnapshot(s: IndexSnapshot, sources: BuildSources): Promise<Built> {
  const { now, timings } = sources;
  const [dates, keywords] = await Promise.all([readBookmarkDates(sources), readKeywords(sources)]);
  const building = now();
  const breather = createBreather(now);
  const index = new SearchIndex();
  const tree = new BookmarkTree();
  for (let i = 0; i < s.tags.urls.length; i++) index.setTags(s.tags.urls[i]!, s.tags.tags[i] ?? []);
  for (const { url, keyword } of keywords) index.setKeyword(url, keyword);
  const n = s.nodes;
  for (let i = 0; i < n.ids.length; i++) {
    if ((i & 255) === 255) await breather();
    tree.restore({
      id: n.ids[i]!,
      parentId: n.parentIds[i] || undefined,
      title: n.titles[i] ?? '',
      url: n.urls[i] || undefined,
      kind: LETTER_KIND[n.kinds[i] as keyof typeof LETTER_KIND] ?? 'folder',
      dateAdded: n.dateAdded[i] ?? 0,
    });
  }
  let done = 0;
  for (const node of tree.nodesList()) {
    if (node.kind === 'bookmark') indexBookmarkInto({ index, tree, dates }, node);
    if ((++done & 63) === 0) await breather();
  }
  const h = s.history;
  for (let i = 0; i < h.urls.length; i++) {
    index.upsertHistory({ url: h.urls[i]!, title: h.titles[i] ?? '', visitCount: h.visits[i] ?? 0, lastVisit: h.lastVisits[i] ?? 0 });
    if ((i & 63) === 63) await breather();
  }
  index.seal();
  timings.snapshotBuildMs = now() - building;
  // A snapshot keeps no positions: the order is not exact until the rebuild from Firefox replaces it.
  return { index, tree, order: new SiblingOrder(), dates };
}
