/**
 * Bookmark events while an operation runs (a cleanup, an undo): everything the user, sync or another extension
 * changes, in the order Firefox delivers it, so the operation can decide each call against what it has seen so far
 * and find out afterwards what a call took with it. Registered once, synchronously, when the background starts;
 * trackers live only while one operation runs.
 *
 * What Firefox delivers (tests/contract "concurrent calls", tests/fakes/README.md): a call's own events arrive before
 * the call resolves; another writer's change that raced one of ours may arrive up to ~10 ms after our call resolved,
 * and the node of our own onRemoved is what Firefox read before it deleted, not necessarily what it deleted.
 */
import type { BookmarkNode, Browser } from '../../platform/browser';

export type BookmarkEvent =
  | { kind: 'created'; id: string; parentId: string; node: BookmarkNode }
  | { kind: 'changed'; id: string; title?: string; url?: string }
  | { kind: 'moved'; id: string; parentId: string; oldParentId: string; index: number }
  | { kind: 'removed'; id: string; parentId: string; node: BookmarkNode };

/** Every bookmark event while one operation runs. */
export interface ChangeTracker {
  /** The events since tracking began, oldest first. */
  readonly events: readonly BookmarkEvent[];
  /** Calls `listener` for every event from now on, synchronously as it arrives. */
  subscribe(listener: (event: BookmarkEvent) => void): void;
  stop(): void;
}

export interface ChangeWatch {
  track(): ChangeTracker;
  /** Removes the watch's listeners (a watch made for one operation, outside the background's start). */
  close(): void;
}

type BookmarkEvents = Pick<Browser['bookmarks'], 'onChanged' | 'onMoved' | 'onRemoved' | 'onCreated'>;

/**
 * Listens to bookmark events (registered when called: call it while the background starts) and feeds every
 * running tracker. Firefox fires events for our own changes too: trackers record them like any other; the operation
 * tells its own from the others' (cleanup-guard.ts).
 */
export function createChangeWatch(events: BookmarkEvents): ChangeWatch {
  const active = new Set<{ events: BookmarkEvent[]; listeners: ((event: BookmarkEvent) => void)[] }>();
  const feed = (event: BookmarkEvent) => {
    for (const t of active) {
      t.events.push(event);
      for (const listener of t.listeners) listener(event);
    }
  };
  const onChanged = (id: string, info: { title?: string; url?: string }) => {
    const event: BookmarkEvent = { kind: 'changed', id };
    if (info?.title !== undefined) event.title = info.title;
    if (info?.url !== undefined) event.url = info.url;
    feed(event);
  };
  const onRemoved = (id: string, info: { parentId: string; node: BookmarkNode }) => feed({ kind: 'removed', id, parentId: info?.parentId, node: info?.node });
  const onCreated = (id: string, node: BookmarkNode) => feed({ kind: 'created', id, parentId: node?.parentId ?? '', node });
  const onMoved = (id: string, info: { parentId: string; oldParentId: string; index: number }) =>
    feed({ kind: 'moved', id, parentId: info.parentId, oldParentId: info.oldParentId, index: info.index });
  events.onChanged.addListener(onChanged);
  events.onRemoved.addListener(onRemoved as never);
  events.onCreated.addListener(onCreated);
  events.onMoved.addListener(onMoved as never);
  return {
    track() {
      const state = { events: [] as BookmarkEvent[], listeners: [] as ((event: BookmarkEvent) => void)[] };
      active.add(state);
      return {
        events: state.events,
        subscribe: (listener) => void state.listeners.push(listener),
        stop: () => void active.delete(state),
      };
    },
    close() {
      events.onChanged.removeListener(onChanged);
      events.onRemoved.removeListener(onRemoved as never);
      events.onCreated.removeListener(onCreated);
      events.onMoved.removeListener(onMoved as never);
      active.clear();
    },
  };
}
