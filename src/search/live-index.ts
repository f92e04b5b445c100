/**
 * The search index kept current in the background.
 *
 * Getting it back after the event page was unloaded (measured in bench/search.bench.ts with 10k bookmarks + 5k
 * history: reading Firefox with getTree + history.search took about ten times as long as reading a persisted copy
 * back from IndexedDB, and building the index is a small part of either): the index is PERSISTED as a snapshot of
 * its inputs (snapshot-store.ts, written by snapshot-writer.ts) and, when the background starts again, built from
 * that snapshot first (index-build.ts), so the first typed query is answered quickly. Because bookmarks and history
 * change while the event page sleeps (sync, the library window, browsing), the snapshot is never trusted for long:
 * right after it is loaded, the index is rebuilt from Firefox in the background and swapped in, and events that
 * arrive meanwhile are applied to both. Without a snapshot (first start, after a reset) the index is built from
 * Firefox directly. The snapshot is saved after a build from Firefox and a few seconds after changes.
 *
 * After the load, bookmark, history and tag events update the index one item at a time: a renamed or moved
 * folder re-indexes the bookmarks below it, nothing else. Events that arrive during a load are replayed after it.
 * A batch of bookmark events updates the tree mirror and the order at once and removes what went from the index,
 * but the bookmarks it creates or changes are indexed only once the burst is over (afterBurst, in slices), or before
 * anything reads the index (the `index` getter), whichever comes first (bookmark-event-applier.ts).
 *
 * Next to the tree, `order` keeps each node's position among its siblings (the package's SiblingOrder), so that
 * the Places facade's search() can answer from this index instead of getTree (the package's index-search.ts);
 * `positionsExact` says when it may, `resyncPositions()` reads Firefox again after an event the order could not follow.
 *
 * The tree keeps Firefox's own dateAdded (the Places facade answers from it, as Firefox would); the index's
 * bookmarks are dated as Tidymarks shows them, with the imported file's date where one was kept (index-build.ts), so
 * the newest bookmarks are not the ones an import just brought in. `onBookmarkDatesChanged` follows the date store.
 */
import type { BookmarkDate, BookmarkDateStore } from '../bookmark-dates';
import type { BookmarkEvent } from '../platform/bookmark-events';
import type { Browser, BookmarkNode, HistoryItem } from '../platform/browser';
import type { TagStore } from '../tags';
import type { KeywordStore } from '../keywords';
import { BookmarkEventApplier } from './bookmark-event-applier';
import type { BookmarkTree, MirrorNode } from './bookmark-tree';
import { buildFromFirefox, buildFromSnapshot, emptyBuild, indexBookmarkInto, type BuildSources, type Built, type LoadTimings } from './index-build';
import type { SearchIndex } from './search-index';
import type { MoveInfo, SiblingOrder } from '@tidymarks/places/tree-index';
import type { SnapshotStore } from './snapshot-store';
import { SNAPSHOT_DELAY_MS, SnapshotWriter } from './snapshot-writer';

export interface LoadStats {
  bookmarks: number;
  history: number;
  ms: number;
  source: 'firefox' | 'snapshot';
}

export class LiveIndex {
  /** Phases of the latest snapshot load and build from Firefox. */
  readonly timings: LoadTimings = {};
  private current: Built = emptyBuild();
  private loading: Promise<LoadStats> | null = null;
  private loaded = false;
  /** The index was built from Firefox itself (not only from a snapshot) and events have kept it current since. */
  private fresh = false;
  private pending: (() => void)[] = [];
  /** Changes seen while a rebuild from Firefox runs behind a snapshot: replayed on the rebuilt index. */
  private refreshQueue: (() => void)[] | null = null;
  /** A rebuild from Firefox runs (from before its first await): resyncPositions starts no second one. */
  private refreshing = false;
  private generation = 0;
  /** Moves on with every change applied to the current index and every swap of it (readers cache by it). */
  private changes = 0;
  private freshWaiters: (() => void)[] = [];
  /** Applies bookmark events; keeps the bookmarks they created or changed that are not indexed yet (see above). */
  private readonly bookmarkEvents = new BookmarkEventApplier();
  /** What a build reads (browser, tags, file dates), its clock, and where it notes its timings. */
  private readonly sources: BuildSources;
  private readonly writer: SnapshotWriter;

  constructor(
    browser: Browser,
    tags: Pick<TagStore, 'all'>,
    private readonly snapshots: SnapshotStore | null = null,
    private readonly now: () => number = () => performance.now(),
    /** The imported files' dates (src/bookmark-dates); none without it. */
    bookmarkDates: Pick<BookmarkDateStore, 'all'> | null = null,
    /**
     * Delivers bookmark events still waiting for their batch (src/platform/bookmark-events.ts). Every reader
     * below calls it first, so what they read is never behind an event Firefox already sent. Code of this class
     * itself reads `this.current` instead: a flush in the middle of replaying events would apply later ones first.
     */
    private readonly flushEvents: () => void = () => undefined,
    /** Tidymarks' keywords (src/keywords); none without it. */
    keywords: Pick<KeywordStore, 'all'> | null = null,
  ) {
    this.sources = { browser, tags, keywords, bookmarkDates, now, timings: this.timings };
    this.writer = new SnapshotWriter(
      snapshots,
      {
        generation: () => this.generation,
        changes: () => this.changes,
        loaded: () => this.loaded,
        current: () => this.current,
        compactIfDue: () => this.compactIfDue(),
      },
      now,
      this.timings,
    );
  }

  get index(): SearchIndex {
    this.flushEvents();
    this.bookmarkEvents.indexStale(this.current);
    return this.current.index;
  }

  /** How many bookmarks wait to be indexed (tests). */
  get staleCount(): number {
    return this.bookmarkEvents.staleCount;
  }

  get tree(): BookmarkTree {
    this.flushEvents();
    return this.current.tree;
  }

  /** Each node's position among its siblings, as Firefox numbers it (the Places facade's search reads it). */
  get order(): SiblingOrder {
    this.flushEvents();
    return this.current.order;
  }

  /** Changes whenever anything the current index or tree holds changed, or they were replaced. */
  get version(): number {
    this.flushEvents();
    return this.changes;
  }

  /**
   * Fresh, and every position event since the tree was read matched it: the tree with its order may stand in for
   * getTree (the Places facade's search answers from it then).
   */
  get positionsExact(): boolean {
    this.flushEvents();
    return this.fresh && this.current.order.exact;
  }

  /**
   * After an event the order could not follow, reads Firefox again behind the current index (as after a snapshot
   * load); nothing happens while a rebuild already runs or the order is exact.
   */
  resyncPositions(): void {
    if (!this.loaded || !this.fresh || this.refreshing || this.current.order.exact) return;
    void this.refreshFromFirefox(this.generation);
  }

  get isLoaded(): boolean {
    return this.loaded;
  }

  /** Loaded from Firefox and kept current by events: its tree may stand in for a search of Firefox. */
  get isFresh(): boolean {
    return this.fresh;
  }

  /**
   * Resolves once the index is fresh (built from Firefox, not only from a snapshot); starts the load if needed.
   * Never resolves if the rebuild from Firefox fails (the index then keeps answering from its snapshot).
   */
  whenFresh(): Promise<void> {
    if (this.fresh) return Promise.resolve();
    const waiting = new Promise<void>((resolve) => this.freshWaiters.push(resolve));
    this.ready().catch(() => undefined);
    return waiting;
  }

  private becameFresh(): void {
    this.fresh = true;
    const waiters = this.freshWaiters;
    this.freshWaiters = [];
    for (const resolve of waiters) resolve();
  }

  /** Loads once; later calls share the same load. */
  ready(): Promise<LoadStats> {
    if (this.loading) return this.loading;
    // Events from before the read are not replayed onto a tree that already has them (nothing is loading yet: they
    // are dropped). Delivered before `loading` is set, a subscriber that asks for the index meanwhile (the toolbar
    // button) starts the load itself, and this call takes that one: never two loads at once.
    this.flushEvents();
    this.loading ??= this.load().catch((error: unknown) => {
      this.loading = null;
      throw error;
    });
    return this.loading;
  }

  /** Forgets everything (test reset); the next request loads again. */
  forget(): void {
    this.generation++;
    this.current = emptyBuild();
    this.changes++;
    this.loading = null;
    this.loaded = false;
    this.fresh = false;
    this.pending = [];
    this.refreshQueue = null;
    this.refreshing = false;
    this.bookmarkEvents.clear();
    this.writer.cancel();
  }

  private async load(): Promise<LoadStats> {
    const started = this.now();
    const generation = this.generation;
    const snapshot = await this.snapshots?.load().catch(() => undefined);
    this.timings.snapshotReadMs = this.now() - started;
    if (generation !== this.generation) return this.ready();
    if (snapshot) {
      const restored = await buildFromSnapshot(snapshot, this.sources);
      if (generation !== this.generation) return this.ready();
      this.current = restored;
      this.changes++;
      this.finishLoad();
      void this.refreshFromFirefox(generation);
      return this.stats(started, 'snapshot');
    }
    // Whatever was heard before the read is in it: not replayed.
    this.flushEvents();
    this.pending = [];
    const built = await buildFromFirefox(this.sources);
    if (generation !== this.generation) return this.ready();
    this.current = built;
    this.changes++;
    this.becameFresh();
    this.finishLoad();
    this.writer.saveSoon(0);
    return this.stats(started, 'firefox');
  }

  private finishLoad(): void {
    // Events heard during the load but still waiting for their batch are replayed with the others.
    this.flushEvents();
    this.loaded = true;
    const replay = this.pending;
    this.pending = [];
    for (const apply of replay) apply();
    // An event Firefox sent for a change the tree read already held cannot be told from a later one: replayed, it
    // leaves the order unsure; the tree is read once more behind the index (the build takes slices, so events
    // often arrive while it runs).
    if (replay.length) this.resyncPositions();
  }

  private stats(started: number, source: LoadStats['source']): LoadStats {
    const size = this.current.index.size;
    return { bookmarks: size.bookmarks, history: size.history, ms: this.now() - started, source };
  }

  /** The snapshot gave a quick start; now the truth from Firefox replaces it, with the changes seen meanwhile. */
  private async refreshFromFirefox(generation: number): Promise<void> {
    // Set before the events are delivered: a subscriber that asks for a resync meanwhile starts no second rebuild.
    this.refreshing = true;
    // Events from before the read go to the current index only, not to the rebuilt one that already has them.
    this.flushEvents();
    this.refreshQueue = [];
    try {
      const built = await buildFromFirefox(this.sources);
      if (generation !== this.generation) return;
      // Events heard during the rebuild but still waiting for their batch are replayed on it too.
      this.flushEvents();
      const queued = this.refreshQueue ?? [];
      this.refreshQueue = null;
      const before = this.current.index.size;
      this.current = built;
      this.changes++;
      for (const apply of queued) apply();
      this.becameFresh();
      // The snapshot it ran behind is rewritten at once when it was off (other counts: changes while the event page
      // slept, or an empty snapshot of a new profile), else after the usual quiet: the refresh is most often started
      // by the popup, and a write of 100,000 rows at once held the event page's thread while the person opened it
      // again (src/search/README.md, "After a refresh, the snapshot waits when it was right").
      const after = built.index.size;
      this.writer.saveSoon(before.bookmarks === after.bookmarks && before.history === after.history ? SNAPSHOT_DELAY_MS : 0);
    } catch (error) {
      this.refreshQueue = null;
      console.error('Tidymarks: the search index could not be refreshed from Firefox', error);
    } finally {
      if (generation === this.generation) this.refreshing = false;
    }
  }

  /**
   * Drops the index's tombstones if enough gathered (search-index.ts: a batch of bookmark events leaves them for
   * later). Called once a burst of bookmark events is over (the search feature subscribes it to the events' quiet),
   * so whoever makes the burst (Sync, another extension, our own cleanup) is not slowed by a rebuild of the posting
   * lists halfway; and before a snapshot write. The results do not change: nothing else moves.
   */
  compactIfDue(): void {
    if (!this.loaded || this.writer.writing) return;
    this.current.index.compactIfDue();
  }

  /**
   * A burst of bookmark events is over (the search feature subscribes this to the events' quiet): the stale
   * bookmarks are indexed in slices (bookmark-event-applier.ts), then the index compacts if the burst left enough
   * tombstones.
   */
  async afterBurst(): Promise<void> {
    const generation = this.generation;
    const done = await this.bookmarkEvents.catchUp(
      () => this.current,
      this.now,
      () => generation === this.generation,
    );
    if (done) this.compactIfDue();
  }

  /** Flushes a pending snapshot write now (tests). */
  async saveNow(): Promise<void> {
    this.flushEvents();
    await this.writer.saveNow();
  }

  /**
   * Applies a change now if loaded (and again on the rebuilt index if a rebuild runs behind a snapshot), after the
   * load if loading, and not at all if nothing is loaded yet (the load will read the fresh state).
   */
  private apply(change: () => void): void {
    if (this.loaded) {
      change();
      this.changes++;
      this.refreshQueue?.push(change);
      this.writer.saveSoon();
    } else if (this.loading) this.pending.push(change);
  }

  private indexBookmark(node: MirrorNode): void {
    indexBookmarkInto(this.current, node);
  }

  private indexHistory(item: HistoryItem): void {
    if (!item.url) return;
    this.current.index.upsertHistory({
      url: item.url,
      title: item.title ?? '',
      visitCount: item.visitCount ?? 0,
      lastVisit: item.lastVisitTime ?? 0,
    });
  }

  // ---- events ----

  /** A batch of bookmark events (src/platform/bookmark-events.ts), oldest first (bookmark-event-applier.ts). */
  onBookmarkEvents(events: readonly BookmarkEvent[]): void {
    if (!events.length) return;
    this.apply(() => this.bookmarkEvents.applyBatch(this.current, events));
  }

  onBookmarkCreated(node: BookmarkNode): void {
    this.onBookmarkEvents([{ kind: 'created', id: node.id, parentId: node.parentId ?? '', node }]);
  }

  onBookmarkChanged(id: string, change: { title?: string; url?: string }): void {
    this.onBookmarkEvents([{ kind: 'changed', id, ...change }]);
  }

  /** `move` (the event's positions) keeps the sibling order; without it the order is no longer exact. */
  onBookmarkMoved(id: string, parentId: string, move?: MoveInfo): void {
    if (move) return this.onBookmarkEvents([{ kind: 'moved', id, ...move }]);
    this.apply(() => this.bookmarkEvents.applyUnplaced(this.current, { kind: 'moved', id, parentId, index: -1, oldParentId: '', oldIndex: -1 }));
  }

  /** `info` (the event's parent and index) keeps the sibling order; without it the order is no longer exact. */
  onBookmarkRemoved(id: string, info?: { parentId: string; index: number; node?: BookmarkNode }): void {
    const node = info?.node ?? { id, title: '' };
    if (info) return this.onBookmarkEvents([{ kind: 'removed', id, parentId: info.parentId, index: info.index, node }]);
    this.apply(() => this.bookmarkEvents.applyUnplaced(this.current, { kind: 'removed', id, parentId: '', index: -1, node }));
  }

  onVisited(item: HistoryItem): void {
    this.apply(() => this.indexHistory(item));
  }

  onTitleChanged(url: string, title: string): void {
    this.apply(() => {
      this.current.index.retitleHistory(url, title);
    });
  }

  onVisitRemoved(removed: { allHistory: boolean; urls?: string[] }): void {
    this.apply(() => {
      if (removed.allHistory) this.current.index.clearHistory();
      else for (const url of removed.urls ?? []) this.current.index.removeHistory(url);
    });
  }

  /** Dates an import kept for bookmarks it created (after their onCreated): those bookmarks are dated again. */
  onBookmarkDatesChanged(records: readonly BookmarkDate[]): void {
    this.apply(() => {
      const { dates } = this.current;
      for (const record of records) {
        dates.set(record.id, record);
        const node = this.current.tree.get(record.id);
        if (node?.kind === 'bookmark') this.indexBookmark(node);
      }
    });
  }

  onTagsChanged(changes: readonly { url: string; tags: string[] }[]): void {
    this.apply(() => {
      for (const { url, tags } of changes) this.current.index.setTags(url, tags);
    });
  }

  onKeywordsChanged(changes: readonly { url: string; keyword: string | null }[]): void {
    this.apply(() => {
      for (const { url, keyword } of changes) this.current.index.setKeyword(url, keyword);
    });
  }
}
