/**
 * The search index kept current in the background.
 *
 * Getting it back after the event page was unloaded (measured in bench/search.bench.ts with 10k bookmarks + 5k
 * history: reading Firefox with getTree + history.search took about ten times as long as reading a persisted copy
 * back from IndexedDB, and building the index is a small part of either): the index is PERSISTED as a snapshot of
 * its inputs (snapshot-store.ts) and, when the background starts again, built from that snapshot first, so the
 * first typed query is answered quickly. Because bookmarks and history change while the event page sleeps (sync,
 * the library window, browsing), the snapshot is never trusted for long: right after it is loaded, the index is
 * rebuilt from Firefox in the background and swapped in, and events that arrive meanwhile are applied to both.
 * Without a snapshot (first start, after a reset) the index is built from Firefox directly. The snapshot is
 * saved after a build from Firefox and a few seconds after changes.
 *
 * After the load, bookmark, history and tag events update the index one item at a time: a renamed or moved
 * folder re-indexes the bookmarks below it, nothing else. Events that arrive during a load are replayed after it.
 * A batch of bookmark events updates the tree mirror and the order at once and removes what went from the index,
 * but the bookmarks it creates or changes are only marked stale: they are indexed (their words read) once the burst
 * is over (afterBurst, in slices), or before anything reads the index (the `index` getter), whichever comes first;
 * a bookmark edited many times in a burst is indexed once. So someone else's burst (Sync, another extension: Firefox
 * runs every extension's event pages in one process) is not slowed by our tokenizing, and a search right after a
 * change still finds it.
 *
 * Next to the tree, `order` keeps each node's position among its siblings (sibling-order.ts), so that the Places
 * facade's search() can answer from this index instead of getTree (src/places/index-search.ts); `positionsExact`
 * says when it may, `resyncPositions()` reads Firefox again after an event the order could not follow.
 *
 * The tree keeps Firefox's own dateAdded (the Places facade answers from it, as Firefox would); the index's
 * bookmarks are dated as Tidymarks shows them, with the imported file's date where one was kept (dateAddedOf), so
 * the newest bookmarks are not the ones an import just brought in. `onFileDatesChanged` follows the date store.
 */
import { dateAddedOf, type FileDate, type FileDateStore } from '../bookmark-dates';
import type { BookmarkEvent } from '../platform/bookmark-events';
import type { Browser, BookmarkNode, HistoryItem } from '../platform/browser';
import type { TagStore } from '../tags';
import { BookmarkTree, type MirrorNode } from './bookmark-tree';
import { SearchIndex } from './search-index';
import { SiblingOrder, type MoveInfo } from './sibling-order';
import type { HistoryColumns, IndexSnapshot, SnapshotPart, SnapshotStore } from './snapshot-store';

/** How many of the newest history pages are indexed. */
export const HISTORY_LIMIT = 50_000;
/** Quiet time after the last change before the snapshot is written again. */
export const SNAPSHOT_DELAY_MS = 3000;

export interface LoadStats {
  bookmarks: number;
  history: number;
  ms: number;
  source: 'firefox' | 'snapshot';
}

/** Nodes or history entries per snapshot part (one structured clone each, a few ms at most in Firefox). */
const SNAPSHOT_PART_ROWS = 4096;

/** A snapshot write found the index changed under it: given up, the change asks for a later write. */
class SnapshotOutdated extends Error {}

/** Longest stretch a background rebuild runs before it lets waiting messages and events in. */
const SLICE_MS = 8;

/**
 * One turn of the event loop without a timer: a message to ourselves is a task like any other (waiting extension
 * messages run before it) but, unlike setTimeout(0), it is never clamped or throttled (Firefox clamps nested
 * timers to 4 ms and throttles timers of pages in the background).
 */
function nextTask(): Promise<void> {
  return new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Returns a function that yields to the event loop once SLICE_MS have passed since the last yield. */
function createBreather(now: () => number): () => Promise<void> {
  let since = now();
  return async () => {
    if (now() - since < SLICE_MS) return;
    await nextTask();
    since = now();
  };
}

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

interface Built {
  index: SearchIndex;
  tree: BookmarkTree;
  order: SiblingOrder;
  /** The imported files' dates the index was built with, and kept current since (by bookmark id). */
  dates: Map<string, FileDate>;
}

const emptyBuild = (): Built => ({ index: new SearchIndex(), tree: new BookmarkTree(), order: new SiblingOrder(), dates: new Map() });

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
  private saveTimer: ReturnType<typeof setTimeout> | null = null;
  /** The pending write is the one right after a build from Firefox. */
  private saveImmediately = false;
  /** Moves on with every change applied to the current index and every swap of it (readers cache by it). */
  private changes = 0;
  private freshWaiters: (() => void)[] = [];
  /** A snapshot write reads the index in parts: no compaction renumbers its documents meanwhile. */
  private writingSnapshot = false;
  /** Bookmarks a batch of events created or changed whose index entries are not written yet (ids; see above). */
  private stale = new Set<string>();
  /** afterBurst runs (one at a time). */
  private catchingUp = false;

  constructor(
    private readonly browser: Browser,
    private readonly tags: Pick<TagStore, 'all'>,
    private readonly snapshots: SnapshotStore | null = null,
    private readonly now: () => number = () => performance.now(),
    /** The imported files' dates (src/bookmark-dates); none without it. */
    private readonly fileDates: Pick<FileDateStore, 'all'> | null = null,
    /**
     * Delivers bookmark events still waiting for their batch (src/platform/bookmark-events.ts). Every reader
     * below calls it first, so what they read is never behind an event Firefox already sent. Code of this class
     * itself reads `this.current` instead: a flush in the middle of replaying events would apply later ones first.
     */
    private readonly flushEvents: () => void = () => undefined,
  ) {}

  get index(): SearchIndex {
    this.flushEvents();
    this.indexStale();
    return this.current.index;
  }

  /** How many bookmarks wait to be indexed (tests). */
  get staleCount(): number {
    return this.stale.size;
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
    this.stale.clear();
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = null;
  }

  private async load(): Promise<LoadStats> {
    const started = this.now();
    const generation = this.generation;
    const snapshot = await this.snapshots?.load().catch(() => undefined);
    this.timings.snapshotReadMs = this.now() - started;
    if (generation !== this.generation) return this.ready();
    if (snapshot) {
      const restored = await this.buildFromSnapshot(snapshot);
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
    const built = await this.buildFromFirefox();
    if (generation !== this.generation) return this.ready();
    this.current = built;
    this.changes++;
    this.becameFresh();
    this.finishLoad();
    this.saveSoon(0);
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

  /**
   * Reads Firefox and builds a new index, giving the event loop a turn every few milliseconds (SLICE_MS), so
   * requests that do not need the index (the popup's first two, a ping) are answered during the build instead of
   * after it: building 10,000 bookmarks and 5,000 history entries takes a few hundred ms in Firefox, 100,000
   * bookmarks several seconds.
   */
  private async buildFromFirefox(): Promise<Built> {
    const reading = this.now();
    const [roots, history, tagged, dates] = await Promise.all([
      this.browser.bookmarks.getTree(),
      this.browser.history.search({ text: '', startTime: 0, maxResults: HISTORY_LIMIT }),
      this.tags.all(),
      this.readFileDates(),
    ]);
    const building = this.now();
    this.timings.firefoxReadMs = building - reading;
    const breather = createBreather(this.now);
    const index = new SearchIndex();
    const tree = new BookmarkTree();
    for (const { url, tags } of tagged) index.setTags(url, tags);
    for (const root of roots) {
      const bookmarks = await tree.putTreeInSlices(root, breather);
      for (let i = 0; i < bookmarks.length; i++) {
        this.indexBookmarkInto({ index, tree, dates }, bookmarks[i]!);
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
    this.timings.firefoxBuildMs = this.now() - building;
    return { index, tree, order, dates };
  }

  /** A copy of the date store's records (the index follows changes through onFileDatesChanged). */
  private async readFileDates(): Promise<Map<string, FileDate>> {
    return new Map(this.fileDates ? await this.fileDates.all() : []);
  }

  /** The snapshot gave a quick start; now the truth from Firefox replaces it, with the changes seen meanwhile. */
  private async refreshFromFirefox(generation: number): Promise<void> {
    // Set before the events are delivered: a subscriber that asks for a resync meanwhile starts no second rebuild.
    this.refreshing = true;
    // Events from before the read go to the current index only, not to the rebuilt one that already has them.
    this.flushEvents();
    this.refreshQueue = [];
    try {
      const built = await this.buildFromFirefox();
      if (generation !== this.generation) return;
      // Events heard during the rebuild but still waiting for their batch are replayed on it too.
      this.flushEvents();
      const queued = this.refreshQueue ?? [];
      this.refreshQueue = null;
      this.current = built;
      this.changes++;
      for (const apply of queued) apply();
      this.becameFresh();
      this.saveSoon(0);
    } catch (error) {
      this.refreshQueue = null;
      console.error('Tidymarks: the search index could not be refreshed from Firefox', error);
    } finally {
      if (generation === this.generation) this.refreshing = false;
    }
  }

  /** Builds the index from a snapshot in slices, like a build from Firefox (requests are answered meanwhile). */
  private async buildFromSnapshot(s: IndexSnapshot): Promise<Built> {
    const dates = await this.readFileDates();
    const building = this.now();
    const breather = createBreather(this.now);
    const index = new SearchIndex();
    const tree = new BookmarkTree();
    for (let i = 0; i < s.tags.urls.length; i++) index.setTags(s.tags.urls[i]!, s.tags.tags[i] ?? []);
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
      if (node.kind === 'bookmark') this.indexBookmarkInto({ index, tree, dates }, node);
      if ((++done & 63) === 0) await breather();
    }
    const h = s.history;
    for (let i = 0; i < h.urls.length; i++) {
      index.upsertHistory({ url: h.urls[i]!, title: h.titles[i] ?? '', visitCount: h.visits[i] ?? 0, lastVisit: h.lastVisits[i] ?? 0 });
      if ((i & 63) === 63) await breather();
    }
    index.seal();
    this.timings.snapshotBuildMs = this.now() - building;
    // A snapshot keeps no positions: the order is not exact until the rebuild from Firefox replaces it.
    return { index, tree, order: new SiblingOrder(), dates };
  }

  /**
   * Writes the snapshot in parts (snapshot-store.ts), each read from the tree and the index only when the previous
   * one is written: the event page answers requests between them. Rejects with SnapshotOutdated when the index
   * changed or was swapped while it ran (nothing is written then: the change itself asks for a later write).
   */
  private writeSnapshot(): Promise<void> {
    const { tree, index } = this.current;
    const changes = this.changes;
    const generation = this.generation;
    const tagged = index.taggedUrls();
    const head = { savedAt: Date.now(), tags: { urls: tagged.map(([url]) => url), tags: tagged.map(([, tags]) => tags) } };
    const compactions = index.compactions;
    const unchanged = () => {
      if (this.changes !== changes || this.generation !== generation || index.compactions !== compactions) throw new SnapshotOutdated();
    };
    function* parts(): Generator<SnapshotPart> {
      for (let from = 0; from < tree.rowEnd; from += SNAPSHOT_PART_ROWS) {
        unchanged();
        yield { nodes: tree.columns(from, from + SNAPSHOT_PART_ROWS) };
      }
      let history: { history: HistoryColumns } = { history: { urls: [], titles: [], visits: [], lastVisits: [] } };
      for (const entry of index.eachHistory()) {
        const h = history.history;
        h.urls.push(entry.url);
        h.titles.push(entry.title);
        h.visits.push(entry.visitCount);
        h.lastVisits.push(entry.lastVisit);
        if (h.urls.length < SNAPSHOT_PART_ROWS) continue;
        unchanged();
        yield history;
        history = { history: { urls: [], titles: [], visits: [], lastVisits: [] } };
      }
      unchanged();
      if (history.history.urls.length) yield history;
      // The head is written after the last part: nothing may have changed since that part was read.
      unchanged();
    }
    const started = this.now();
    this.writingSnapshot = true;
    return this.snapshots!.write(head, parts())
      .then(() => void (this.timings.snapshotWriteMs = this.now() - started))
      .finally(() => (this.writingSnapshot = false));
  }

  /**
   * Drops the index's tombstones if enough gathered (search-index.ts: a batch of bookmark events leaves them for
   * later). Called once a burst of bookmark events is over (the search feature subscribes it to the events' quiet),
   * so whoever makes the burst (Sync, another extension, our own cleanup) is not slowed by a rebuild of the posting
   * lists halfway; and before a snapshot write. The results do not change: nothing else moves.
   */
  compactIfDue(): void {
    if (!this.loaded || this.writingSnapshot) return;
    this.current.index.compactIfDue();
  }

  /** Indexes every stale bookmark now (a reader needs the index as Firefox has it). */
  private indexStale(): void {
    if (!this.stale.size) return;
    const ids = this.stale;
    this.stale = new Set();
    const { index } = this.current;
    index.withoutCompaction(() => {
      for (const id of ids) this.indexStaleOne(id);
    });
  }

  private indexStaleOne(id: string): void {
    const node = this.current.tree.get(id);
    // Gone since (its removal took it out of the index), or not a bookmark any more: nothing to write.
    if (node?.kind === 'bookmark') this.indexBookmark(node);
  }

  /**
   * A burst of bookmark events is over (the search feature subscribes this to the events' quiet): the stale
   * bookmarks are indexed in slices (the event page answers requests between them; a reader meanwhile indexes the
   * rest at once), then the index compacts if the burst left enough tombstones.
   */
  async afterBurst(): Promise<void> {
    if (this.catchingUp) return;
    this.catchingUp = true;
    try {
      const breather = createBreather(this.now);
      const generation = this.generation;
      while (this.stale.size) {
        let n = 0;
        this.current.index.withoutCompaction(() => {
          for (const id of this.stale) {
            this.stale.delete(id);
            this.indexStaleOne(id);
            if (++n === 64) break;
          }
        });
        await breather();
        if (generation !== this.generation) return;
      }
      this.compactIfDue();
    } finally {
      this.catchingUp = false;
    }
  }

  /**
   * Writes the snapshot after `delayMs` of quiet (changes push it further out). After a build from Firefox it is
   * written at once: with a short idle timeout the event page is often unloaded a second after its last request,
   * and at 100,000 bookmarks the snapshot then never caught up with a rebuild that took seconds.
   */
  private saveSoon(delayMs = SNAPSHOT_DELAY_MS): void {
    if (!this.snapshots) return;
    // A write due at once is not pushed out by the changes that follow it (it reads the index when it runs).
    if (this.saveTimer && this.saveImmediately) return;
    if (this.saveTimer) clearTimeout(this.saveTimer);
    const generation = this.generation;
    this.saveImmediately = delayMs === 0;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null;
      this.saveImmediately = false;
      if (generation !== this.generation || !this.loaded) return;
      this.compactIfDue();
      this.writeSnapshot().catch((error: unknown) => {
        if (!(error instanceof SnapshotOutdated)) console.error('Tidymarks: could not save the search snapshot', error);
        // Written again as due (a change that cut it short has asked for that already; a compaction has not). The
        // write due at once is still due at once: the change that cut it short does not push it out.
        else if (generation === this.generation) this.saveSoon(delayMs);
      });
    }, delayMs);
  }

  /** Flushes a pending snapshot write now (tests). */
  async saveNow(): Promise<void> {
    this.flushEvents();
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = null;
    if (this.snapshots && this.loaded) await this.writeSnapshot();
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
      this.saveSoon();
    } else if (this.loading) this.pending.push(change);
  }

  private indexBookmarkInto({ index, tree, dates }: Pick<Built, 'index' | 'tree' | 'dates'>, node: MirrorNode): void {
    if (node.url === undefined) return;
    index.upsertBookmark({ id: node.id, url: node.url, title: node.title, folders: tree.folderPath(node.parentId), dateAdded: dateAddedOf(node, dates) });
  }

  private indexBookmark(node: MirrorNode): void {
    this.indexBookmarkInto(this.current, node);
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

  /**
   * A batch of bookmark events (src/platform/bookmark-events.ts), oldest first: the sibling order takes the whole
   * batch at once (a folder touched by many events is renumbered once), the tree and the index one event at a time;
   * the index compacts once the burst is over (compactIfDue), not in the middle of it.
   */
  onBookmarkEvents(events: readonly BookmarkEvent[]): void {
    if (!events.length) return;
    this.apply(() => {
      const { index, order } = this.current;
      index.withoutCompaction(() => {
        order.applyAll(events);
        for (const event of events) this.applyToTree(event);
      });
    });
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
    this.apply(() => {
      this.current.order.invalidate();
      this.applyToTree({ kind: 'moved', id, parentId, index: -1, oldParentId: '', oldIndex: -1 });
    });
  }

  /** `info` (the event's parent and index) keeps the sibling order; without it the order is no longer exact. */
  onBookmarkRemoved(id: string, info?: { parentId: string; index: number; node?: BookmarkNode }): void {
    const node = info?.node ?? { id, title: '' };
    if (info) return this.onBookmarkEvents([{ kind: 'removed', id, parentId: info.parentId, index: info.index, node }]);
    this.apply(() => {
      this.current.order.invalidate();
      this.applyToTree({ kind: 'removed', id, parentId: '', index: -1, node });
    });
  }

  /**
   * One event's change to the tree mirror (positions are the order's: applyAll) and the index: what went leaves the
   * index at once, what was created or changed is marked stale (indexed after the burst or before a read); a renamed
   * or moved folder makes every bookmark below it stale.
   */
  private applyToTree(event: BookmarkEvent): void {
    const { tree, index } = this.current;
    if (event.kind === 'created') {
      for (const id of tree.putTree(event.node)) this.stale.add(id);
      return;
    }
    if (event.kind === 'removed') {
      index.removeBookmarks(tree.remove(event.id));
      return;
    }
    const kind = tree.kindOf(event.id);
    if (kind === undefined) return;
    if (event.kind === 'changed') {
      if (event.title !== undefined) tree.setTitle(event.id, event.title);
      if (event.url !== undefined) tree.setUrl(event.id, event.url);
    } else {
      if (tree.parentIdOf(event.id) === event.parentId) return;
      tree.move(event.id, event.parentId);
    }
    if (kind === 'folder') for (const id of tree.bookmarkIdsUnder(event.id)) this.stale.add(id);
    else if (kind === 'bookmark') this.stale.add(event.id);
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
  onFileDatesChanged(records: readonly FileDate[]): void {
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
}
