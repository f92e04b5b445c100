/**
 * Bookmark events while an operation runs (a cleanup, an undo): everything the user, sync or another extension
 * changes, in the order Firefox delivers it, so the operation can decide each call against what it has seen so far
 * and find out afterwards what a call took with it. Subscribed once, synchronously, when the background starts;
 * trackers live only while one operation runs.
 *
 * What Firefox delivers (tests/contract "concurrent calls", tests/fakes/README.md): a call's own events arrive before
 * the call resolves; another writer's change that raced one of ours may arrive up to ~10 ms after our call resolved,
 * and the node of our own onRemoved is what Firefox read before it deleted, not necessarily what it deleted.
 */
import type { BookmarkEvent, BookmarkEvents } from '../platform/bookmark-events';

export type { BookmarkEvent };

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

/**
 * Feeds every running tracker from the background's bookmark events, synchronously as each arrives (an `each`
 * subscriber of src/platform/bookmark-events.ts: never batched, the rule above depends on it). Firefox fires events
 * for our own changes too: trackers record them like any other; the operation tells its own from the others'
 * (cleanup-guard.ts).
 */
export function createChangeWatch(events: Pick<BookmarkEvents, 'each'>): ChangeWatch {
  const active = new Set<{ events: BookmarkEvent[]; listeners: ((event: BookmarkEvent) => void)[] }>();
  const unsubscribe = events.each((event) => {
    for (const t of active) {
      t.events.push(event);
      for (const listener of t.listeners) listener(event);
    }
  });
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
      unsubscribe();
      active.clear();
    },
  };
}
