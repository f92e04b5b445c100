/**
 * Keeps the file-date store (file-dates.ts) in step with the bookmarks: a removed bookmark's record goes at once; a
 * removed folder reports no children, so its removal triggers a sweep (one getTree after the burst, then every
 * record whose id is gone is dropped). The onRemoved listener is registered while the feature is built.
 */
import type { BackgroundDeps } from '../app/feature';
import type { BookmarkNode } from '../platform/browser';
import { createSerialQueue } from '../platform/serial-queue';
import { descendants } from '../platform/tree';
import { openFileDateStore, type FileDateStore } from './file-dates';

function treeIds(tree: readonly BookmarkNode[]): Set<string> {
  const ids = new Set<string>();
  for (const node of descendants(tree)) ids.add(node.id);
  return ids;
}

export function createFileDatesFeature(deps: BackgroundDeps, store: FileDateStore = openFileDateStore()) {
  const { browser } = deps;
  let sweepTimer: ReturnType<typeof setTimeout> | null = null;
  /** Sweeps run one at a time; `sweeping` settles when the last one queued is done. */
  const sweeps = createSerialQueue();
  let sweeping: Promise<void> = Promise.resolve();

  /** Drops every record whose bookmark or folder is gone. */
  const sweep = async () => {
    const dates = await store.all();
    if (!dates.size) return;
    const present = treeIds(await browser.bookmarks.getTree());
    await store.forget([...dates.keys()].filter((id) => !present.has(id)));
  };
  const sweepSoon = () => {
    if (sweepTimer) return;
    sweepTimer = setTimeout(() => {
      sweepTimer = null;
      sweeping = sweeps.run(sweep).catch((error: unknown) => console.error('Tidymarks: file-date cleanup failed', error));
    }, 300);
  };

  browser.bookmarks.onRemoved.addListener((id, info) => {
    void store.forget([id]).catch((error: unknown) => console.error('Tidymarks: file-date cleanup failed', error));
    const node = info?.node;
    if (node && (node.type === 'folder' || (node.type === undefined && node.url === undefined))) sweepSoon();
  });

  return {
    store,
    /** Runs the pending sweep now (tests). */
    async settle() {
      if (sweepTimer) {
        clearTimeout(sweepTimer);
        sweepTimer = null;
        sweeping = sweeps.run(sweep);
      }
      await sweeping;
    },
    async reset() {
      if (sweepTimer) clearTimeout(sweepTimer);
      sweepTimer = null;
      await store.clear();
    },
  };
}
