/**
 * Keeps the file-date store (file-dates.ts) in step with the bookmarks: a removed bookmark's record goes with its
 * batch of events (one IndexedDB transaction per batch, none when the store holds none of them); a removed folder
 * reports no children, so its removal triggers a sweep once the burst is over (the events' quiet: one getTree, then
 * every record whose id is gone is dropped). It subscribes to the background's bookmark events while the feature is
 * built.
 */
import type { BackgroundDeps } from '../feature-contract';
import { bookmarkEventsOf } from '../platform/bookmark-events';
import type { BookmarkNode } from '../platform/browser';
import { createSerialQueue } from '../platform/serial-queue';
import { descendants, kindOf } from '../platform/tree';
import { openBookmarkDateStore, type BookmarkDateStore } from './date-store';

function treeIds(tree: readonly BookmarkNode[]): Set<string> {
  const ids = new Set<string>();
  for (const node of descendants(tree)) ids.add(node.id);
  return ids;
}

export interface BookmarkDatesFeatureDeps extends BackgroundDeps {
  /** The one store of imported files' dates; its own when absent. */
  bookmarkDates?: BookmarkDateStore;
}

export function createBookmarkDatesFeature(deps: BookmarkDatesFeatureDeps) {
  const { browser } = deps;
  const store = deps.bookmarkDates ?? openBookmarkDateStore();
  const events = bookmarkEventsOf(deps);
  /** A folder went: a sweep is due once the burst is over. */
  let sweepDue = false;
  /** Forgets and sweeps run one at a time; `sweeping` settles when the last one queued is done. */
  const sweeps = createSerialQueue();
  let sweeping: Promise<void> = Promise.resolve();

  /** Drops every record whose bookmark or folder is gone. */
  const sweep = async () => {
    const dates = await store.all();
    if (!dates.size) return;
    const present = treeIds(await browser.bookmarks.getTree());
    await store.forget([...dates.keys()].filter((id) => !present.has(id)));
  };
  const sweepNow = () => {
    sweepDue = false;
    sweeping = sweeps.run(sweep).catch((error: unknown) => console.error('Tidymarks: file-date cleanup failed', error));
  };
  events.quiet(() => {
    if (sweepDue) sweepNow();
  });

  // Batched (src/platform/bookmark-events.ts): one IndexedDB transaction per batch of removals, not one per removal.
  events.batched((batch) => {
    const gone: string[] = [];
    let folderGone = false;
    for (const event of batch) {
      if (event.kind !== 'removed') continue;
      gone.push(event.id);
      if (event.node && kindOf(event.node) === 'folder') folderGone = true;
    }
    if (gone.length) sweeping = sweeps.run(() => store.forget(gone)).catch((error: unknown) => console.error('Tidymarks: file-date cleanup failed', error));
    if (folderGone) sweepDue = true;
  });

  return {
    /** No requests of its own: the pages get the dates through the features that show them. */
    handlers: {},
    store,
    /** Runs the pending sweep now (tests). */
    async settle() {
      events.flush();
      if (sweepDue) sweepNow();
      await sweeping;
    },
    async reset() {
      sweepDue = false;
      await store.clear();
    },
  };
}
