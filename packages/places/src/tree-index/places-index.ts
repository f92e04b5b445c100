// SPDX-License-Identifier: MPL-2.0
/**
 * The package's own search index (what search() answers from by default, index-search.ts): a mirror of the tree
 * (bookmark-tree.ts), each node's position among its siblings (sibling-order.ts) and the tags of every URL, kept
 * current from the batched bookmark events and the tag store's changes. No Firefox call per search.
 *
 * Loaded on first use (the first search starts the load and is answered by Firefox; the next ones by the index):
 * getTree and the tag store read once, the tree and its order built in slices (time-slices.ts) so the background
 * answers requests meanwhile. Events heard during the load are replayed on it; when one could not be placed (an
 * event for a change the read already held, or one without positions), the order is no longer exact and the tree is
 * read again behind the index (resyncPositions). Memory: a few typed arrays and strings per node (about 70 bytes per
 * bookmark besides its title and URL, see the package README).
 */
import type { BookmarkEvent, BookmarkEvents } from '../support/bookmark-events';
import type { Browser } from '../support/browser';
import type { TagStore } from '../tag-store';
import { BookmarkTree, type BookmarkTreeOptions } from './bookmark-tree';
import { SiblingOrder } from './sibling-order';
import { applyEventToTree } from './tree-events';
import { createBreather } from './time-slices';

export interface PlacesIndexOptions {
  browser: Pick<Browser, 'bookmarks'>;
  /** Where the tags come from (the engine's tag store). */
  tagStore: Pick<TagStore, 'all' | 'onChange'>;
  /** The background's bookmark events, batched (support/bookmark-events.ts). */
  bookmarkEvents: BookmarkEvents;
  /** The clock of the build's slices (ms). */
  now?: () => number;
  /** How the tree names roots and keeps hosts (bookmark-tree.ts). */
  tree?: BookmarkTreeOptions;
}

interface Built {
  tree: BookmarkTree;
  order: SiblingOrder;
  tags: Map<string, readonly string[]>;
}

const empty = (options?: BookmarkTreeOptions): Built => ({ tree: new BookmarkTree(undefined, options), order: new SiblingOrder(), tags: new Map() });

/** A change heard while a read runs: replayed on what the read built. */
type Change = (built: Built) => void;

export class PlacesIndex {
  private current: Built;
  private loading: Promise<void> | null = null;
  private loaded = false;
  /** Changes heard while a read from Firefox runs (null: none runs). */
  private queue: Change[] | null = null;
  private changes = 0;
  private generation = 0;
  private readonly now: () => number;
  private readonly unsubscribe: (() => void)[];

  /** Subscribes to the events now: build it while the background starts (the engine does). */
  constructor(private readonly options: PlacesIndexOptions) {
    this.now = options.now ?? (() => performance.now());
    this.current = empty(options.tree);
    this.unsubscribe = [
      options.bookmarkEvents.batched((events) => this.onBookmarkEvents(events)),
      options.tagStore.onChange((changes) =>
        this.apply((built) => {
          for (const { url, tags } of changes) {
            if (tags.length) built.tags.set(url, tags);
            else built.tags.delete(url);
          }
        }),
      ),
    ];
  }

  get isLoaded(): boolean {
    return this.loaded;
  }

  /** Loaded, and every position event since the read matched the order: the index may stand in for getTree. */
  get positionsExact(): boolean {
    this.options.bookmarkEvents.flush();
    return this.loaded && this.current.order.exact;
  }

  /** Changes whenever the tree, the order or the tags change, or are replaced. */
  get version(): number {
    this.options.bookmarkEvents.flush();
    return this.changes;
  }

  get tree(): BookmarkTree {
    this.options.bookmarkEvents.flush();
    return this.current.tree;
  }

  get order(): SiblingOrder {
    this.options.bookmarkEvents.flush();
    return this.current.order;
  }

  readonly index = { tagsOf: (url: string): readonly string[] => this.current.tags.get(url) ?? [] };

  /** Loads once (later calls share the load). */
  ready(): Promise<void> {
    this.loading ??= this.read().then(
      () => undefined,
      (error: unknown) => {
        this.loading = null;
        throw error;
      },
    );
    return this.loading;
  }

  /** After an event the order could not follow: reads Firefox again behind the index (none while one runs). */
  resyncPositions(): void {
    if (!this.loaded || this.queue || this.current.order.exact) return;
    this.read().catch((error: unknown) => console.error('Places: the search index could not be read again', error));
  }

  /** Forgets everything; the next search loads again. */
  forget(): void {
    this.generation++;
    this.current = empty(this.options.tree);
    this.changes++;
    this.loading = null;
    this.loaded = false;
    this.queue = null;
  }

  /** Stops following events (an engine built for one job). */
  close(): void {
    for (const off of this.unsubscribe) off();
    this.forget();
  }

  private async read(): Promise<void> {
    const generation = this.generation;
    const { browser, tagStore } = this.options;
    // Whatever was heard before the read is in it: not replayed.
    this.options.bookmarkEvents.flush();
    this.queue = [];
    try {
      const [roots, tagged] = await Promise.all([browser.bookmarks.getTree(), tagStore.all()]);
      const breather = createBreather(this.now);
      const built = empty(this.options.tree);
      for (const { url, tags } of tagged) if (tags.length) built.tags.set(url, tags);
      for (const root of roots) await built.tree.putTreeInSlices(root, breather);
      built.order = await SiblingOrder.fromTreeInSlices(roots, breather, built.tree.rows);
      if (generation !== this.generation) return;
      // Events heard during the read but still waiting for their batch are replayed with the others.
      this.options.bookmarkEvents.flush();
      const replay = this.queue;
      this.queue = null;
      for (const change of replay) change(built);
      this.current = built;
      this.changes++;
      this.loaded = true;
    } catch (error) {
      if (generation === this.generation) this.queue = null;
      throw error;
    }
    // A replayed event for a change the read already held leaves the order unsure: read once more behind it.
    this.resyncPositions();
  }

  /** Applies a change to what the index holds (when loaded), and again to what a running read builds. */
  private apply(change: Change): void {
    if (!this.loaded && !this.queue) return;
    if (this.loaded) {
      change(this.current);
      this.changes++;
    }
    this.queue?.push(change);
  }

  private onBookmarkEvents(events: readonly BookmarkEvent[]): void {
    if (!events.length) return;
    this.apply(({ tree, order }) => {
      order.applyAll(events);
      for (const event of events) applyEventToTree(tree, event);
    });
  }
}
