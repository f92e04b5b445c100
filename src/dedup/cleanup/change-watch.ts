/**
 * Bookmark events while an apply runs: what the user, sync or another extension changed after the plan was
 * checked, so apply can skip those items without reading every batch again. Registered once, synchronously, when
 * the background starts; trackers live only while one apply runs.
 */
import type { Browser } from '../../platform/browser';
import { getExisting } from '../../platform/bookmark-reads';

/** What changed (by bookmark events) while one apply runs. */
export interface ChangeTracker {
  /** The item was changed, moved, removed or created since tracking began (not counting our own moves). */
  isTouched(id: string): boolean;
  /** Something was added to, moved into or out of this folder since tracking began. */
  isParentTouched(id: string): boolean;
  /** The next move of this item is ours: do not count it. */
  expectMove(id: string): void;
  stop(): void;
}

export interface ChangeWatch {
  track(): ChangeTracker;
}

type BookmarkEvents = Pick<Browser['bookmarks'], 'onChanged' | 'onMoved' | 'onRemoved' | 'onCreated'>;

/**
 * Listens to bookmark events (registered when called: call it while the background starts) and feeds every
 * running tracker. Firefox fires events for our own changes too; trackers ignore the moves they were told about.
 */
export function createChangeWatch(events: BookmarkEvents): ChangeWatch {
  const active = new Set<{ touched: Set<string>; parents: Set<string>; ours: Set<string> }>();
  const touch = (id: string, parents: (string | undefined)[] = []) => {
    for (const t of active) {
      t.touched.add(id);
      for (const p of parents) if (p) t.parents.add(p);
    }
  };
  events.onChanged.addListener((id) => touch(id));
  events.onRemoved.addListener((id, info) => touch(id, [info?.parentId]));
  events.onCreated.addListener((id, node) => touch(id, [node?.parentId]));
  events.onMoved.addListener((id, info) => {
    for (const t of active) {
      if (t.ours.delete(id)) continue;
      t.touched.add(id);
      t.parents.add(info.parentId).add(info.oldParentId);
    }
  });
  return {
    track() {
      const state = { touched: new Set<string>(), parents: new Set<string>(), ours: new Set<string>() };
      active.add(state);
      return {
        isTouched: (id) => state.touched.has(id),
        isParentTouched: (id) => state.parents.has(id),
        expectMove: (id) => void state.ours.add(id),
        stop: () => void active.delete(state),
      };
    },
  };
}

/** Is each item still what the check saw? From events when a tracker runs, else by reading the items again. */
export async function stillSame(
  browser: Browser,
  tracker: ChangeTracker | null,
  items: { id: string; parentId: string; url: string | undefined; folderIds?: readonly string[]; ids?: readonly string[] }[],
): Promise<Map<string, 'ok' | 'changed' | 'missing'>> {
  const out = new Map<string, 'ok' | 'changed' | 'missing'>();
  if (tracker) {
    for (const item of items) {
      const touched =
        tracker.isTouched(item.id) ||
        (item.ids ?? []).some((id) => tracker.isTouched(id)) ||
        (item.folderIds ?? []).some((id) => tracker.isParentTouched(id));
      out.set(item.id, touched ? 'changed' : 'ok');
    }
    return out;
  }
  const current = await getExisting(browser, [...new Set(items.flatMap((i) => [i.id, ...(i.ids ?? [])]))]);
  for (const item of items) {
    const node = current.get(item.id);
    // Without events, `ids` (what must stay as it is for this item to go: a kept copy, a folder's content) must at
    // least still exist.
    const same = node && node.parentId === item.parentId && node.url === item.url && (item.ids ?? []).every((id) => current.has(id));
    out.set(item.id, !node ? 'missing' : same ? 'ok' : 'changed');
  }
  return out;
}

