/**
 * Bookmark events applied to what the live index holds (live-index.ts): the tree mirror and the sibling order take
 * them at once, and so does the index for what went; but the bookmarks an event creates or changes are only marked
 * stale: they are indexed (their words read) once the burst is over (catchUp, in slices), or before anything reads
 * the index (indexStale), whichever comes first; a bookmark edited many times in a burst is indexed once. So someone
 * else's burst (Sync, another extension: Firefox runs every extension's event pages in one process) is not slowed by
 * our tokenizing, and a search right after a change still finds it.
 */
import type { BookmarkEvent } from '../platform/bookmark-events';
import { indexBookmarkInto, type Built } from './index-build';
import { applyEventToTree, createBreather } from '@tidymarks/places/tree-index';

export class BookmarkEventApplier {
  /** Bookmarks a batch of events created or changed whose index entries are not written yet (ids). */
  private stale = new Set<string>();
  /** catchUp runs (one at a time). */
  private catchingUp = false;

  /** How many bookmarks wait to be indexed. */
  get staleCount(): number {
    return this.stale.size;
  }

  /** Forgets the stale bookmarks (the live index was reset). */
  clear(): void {
    this.stale.clear();
  }

  /**
   * A batch of bookmark events (src/platform/bookmark-events.ts), oldest first: the sibling order takes the whole
   * batch at once (a folder touched by many events is renumbered once), the tree and the index one event at a time;
   * the index compacts once the burst is over (compactIfDue), not in the middle of it.
   */
  applyBatch(built: Built, events: readonly BookmarkEvent[]): void {
    const { index, order } = built;
    index.withoutCompaction(() => {
      order.applyAll(events);
      for (const event of events) this.applyToTree(built, event);
    });
  }

  /** An event without the positions the sibling order needs: the order is no longer exact. */
  applyUnplaced(built: Built, event: BookmarkEvent): void {
    built.order.invalidate();
    this.applyToTree(built, event);
  }

  /**
   * One event's change to the tree mirror (the Places package's applyEventToTree, as its own index follows events;
   * positions are the order's: applyAll) and the index: what went leaves the index at once, what was created or
   * changed is marked stale (indexed after the burst or before a read); a renamed or moved folder makes every
   * bookmark below it stale.
   */
  private applyToTree({ tree, index }: Built, event: BookmarkEvent): void {
    const { removed, changed } = applyEventToTree(tree, event);
    if (removed.length) index.removeBookmarks(removed);
    for (const id of changed) this.stale.add(id);
  }

  /** Indexes every stale bookmark now (a reader needs the index as Firefox has it). */
  indexStale(built: Built): void {
    if (!this.stale.size) return;
    const ids = this.stale;
    this.stale = new Set();
    built.index.withoutCompaction(() => {
      for (const id of ids) this.indexStaleOne(built, id);
    });
  }

  private indexStaleOne(built: Built, id: string): void {
    const node = built.tree.get(id);
    // Gone since (its removal took it out of the index), or not a bookmark any more: nothing to write.
    if (node?.kind === 'bookmark') indexBookmarkInto(built, node);
  }

  /**
   * Indexes the stale bookmarks in slices (the event page answers requests between them; a reader meanwhile indexes
   * the rest at once) into the build `current()` gives. Resolves true once none is left, false when another catchUp
   * runs or `stillCurrent` says the live index was reset meanwhile.
   */
  async catchUp(current: () => Built, now: () => number, stillCurrent: () => boolean): Promise<boolean> {
    if (this.catchingUp) return false;
    this.catchingUp = true;
    try {
      const breather = createBreather(now);
      while (this.stale.size) {
        let n = 0;
        const built = current();
        built.index.withoutCompaction(() => {
          for (const id of this.stale) {
            this.stale.delete(id);
            this.indexStaleOne(built, id);
            if (++n === 64) break;
          }
        });
        await breather();
        if (!stillCurrent()) return false;
      }
      return true;
    } finally {
      this.catchingUp = false;
    }
  }
}
