/**
 * The search index kept current in the background.
 *
 * Getting it back after the event page was unloaded: it is REBUILT from Firefox (one bookmarks.getTree, one
 * history.search of the newest HISTORY_LIMIT pages, one read of the tag store), not persisted. Measured in
 * bench/search.bench.ts (search.firefox.15k.rebuildMs): a persisted copy would have to be read back from
 * IndexedDB and structured-cloned, which costs the same order of time as getTree itself, and it could be stale
 * (bookmarks change while the event page sleeps: sync, other add-ons, the library window). Requests that must be
 * fast on a cold start (the newest bookmarks, the current page) do not wait for the index (see background.ts).
 *
 * After the load, bookmark, history and tag events update the index one item at a time: a renamed or moved
 * folder re-indexes the bookmarks below it, nothing else. Events that arrive during the load are replayed after it.
 */
import type { Browser, BookmarkNode, HistoryItem } from '../platform/browser';
import type { TagStore } from '../tags/tag-store';
import { BookmarkTree, type MirrorNode } from './bookmark-tree';
import { SearchIndex } from './search-index';

/** How many of the newest history pages are indexed. */
export const HISTORY_LIMIT = 50_000;

export interface LoadStats {
  bookmarks: number;
  history: number;
  ms: number;
}

export class LiveIndex {
  readonly index = new SearchIndex();
  readonly tree = new BookmarkTree();
  private loading: Promise<LoadStats> | null = null;
  private loaded = false;
  private pending: (() => void)[] = [];
  private generation = 0;

  constructor(
    private readonly browser: Browser,
    private readonly tags: Pick<TagStore, 'all'>,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get isLoaded(): boolean {
    return this.loaded;
  }

  /** Loads once; later calls share the same load. */
  ready(): Promise<LoadStats> {
    this.loading ??= this.load().catch((error: unknown) => {
      this.loading = null;
      throw error;
    });
    return this.loading;
  }

  /** Forgets everything (test reset); the next request loads again. */
  forget(): void {
    this.generation++;
    this.index.clear();
    this.tree.clear();
    this.loading = null;
    this.loaded = false;
    this.pending = [];
  }

  private async load(): Promise<LoadStats> {
    const started = this.now();
    const generation = this.generation;
    const [tree, history, tagged] = await Promise.all([
      this.browser.bookmarks.getTree(),
      this.browser.history.search({ text: '', startTime: 0, maxResults: HISTORY_LIMIT }),
      this.tags.all(),
    ]);
    if (generation !== this.generation) return this.ready();
    this.index.clear();
    this.tree.clear();
    for (const { url, tags } of tagged) this.index.setTags(url, tags);
    for (const root of tree) for (const bookmark of this.tree.putTree(root)) this.indexBookmark(bookmark);
    for (const item of history) this.indexHistory(item);
    this.loaded = true;
    const replay = this.pending;
    this.pending = [];
    for (const apply of replay) apply();
    const size = this.index.size;
    return { bookmarks: size.bookmarks, history: size.history, ms: this.now() - started };
  }

  /** Applies a change now if loaded, after the load if loading, and not at all if nothing is loaded yet. */
  private apply(change: () => void): void {
    if (this.loaded) change();
    else if (this.loading) this.pending.push(change);
  }

  private indexBookmark(node: MirrorNode): void {
    if (node.url === undefined) return;
    this.index.upsertBookmark({
      id: node.id,
      url: node.url,
      title: node.title,
      folders: this.tree.folderPath(node.parentId),
      dateAdded: node.dateAdded,
    });
  }

  private indexHistory(item: HistoryItem): void {
    if (!item.url) return;
    this.index.upsertHistory({
      url: item.url,
      title: item.title ?? '',
      visitCount: item.visitCount ?? 0,
      lastVisit: item.lastVisitTime ?? 0,
    });
  }

  private reindexUnder(folderId: string): void {
    for (const bookmark of this.tree.bookmarksUnder(folderId)) this.indexBookmark(bookmark);
  }

  // ---- events ----

  onBookmarkCreated(node: BookmarkNode): void {
    this.apply(() => {
      for (const bookmark of this.tree.putTree(node)) this.indexBookmark(bookmark);
    });
  }

  onBookmarkChanged(id: string, change: { title?: string; url?: string }): void {
    this.apply(() => {
      const node = this.tree.get(id);
      if (!node) return;
      if (change.title !== undefined) this.tree.setTitle(id, change.title);
      if (change.url !== undefined) this.tree.setUrl(id, change.url);
      if (node.kind === 'folder') this.reindexUnder(id);
      else this.indexBookmark(node);
    });
  }

  onBookmarkMoved(id: string, parentId: string): void {
    this.apply(() => {
      const node = this.tree.get(id);
      if (!node) return;
      if (node.parentId === parentId) return;
      this.tree.move(id, parentId);
      if (node.kind === 'folder') this.reindexUnder(id);
      else this.indexBookmark(node);
    });
  }

  onBookmarkRemoved(id: string): void {
    this.apply(() => {
      for (const bookmark of this.tree.remove(id)) this.index.removeBookmark(bookmark.id);
    });
  }

  onVisited(item: HistoryItem): void {
    this.apply(() => this.indexHistory(item));
  }

  onTitleChanged(url: string, title: string): void {
    this.apply(() => {
      this.index.retitleHistory(url, title);
    });
  }

  onVisitRemoved(removed: { allHistory: boolean; urls?: string[] }): void {
    this.apply(() => {
      if (removed.allHistory) this.index.clearHistory();
      else for (const url of removed.urls ?? []) this.index.removeHistory(url);
    });
  }

  onTagsChanged(changes: readonly { url: string; tags: string[] }[]): void {
    this.apply(() => {
      for (const { url, tags } of changes) this.index.setTags(url, tags);
    });
  }
}
