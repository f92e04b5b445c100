/**
 * How the options page learns that bookmarks changed, whoever changed them (the popup, the quick bookmark, Sync,
 * another page, this page): the Places events (src/places/events.ts), over the page's one events port, shared by every
 * view of the page that follows changes (the header's count, the history). A burst of events is one change: views
 * read again once no event has come for `QUIET_MS`, and at most `MAX_DELAY_MS` after the first of them, so a long Sync
 * burst refreshes them about once a second instead of once per event.
 */
import { useEffect, useState } from 'preact/hooks';
import type { Client } from '../app-protocol';
import type { PlacesEvent, PlacesEvents } from '@tidymarks/places';
import { createPagePlaces } from '../places';

export const QUIET_MS = 100;
export const MAX_DELAY_MS = 1000;

/** The events that change bookmarks or their tags (visits and history-only events do not). */
export function changesBookmarks(event: PlacesEvent): boolean {
  return event.type.startsWith('bookmark-item-') && event.type !== 'bookmark-item-visited';
}

type Timer = ReturnType<typeof setTimeout>;
export interface CoalesceOptions {
  quietMs?: number;
  maxMs?: number;
  now?: () => number;
  setTimer?: (f: () => void, ms: number) => Timer;
  clearTimer?: (timer: Timer) => void;
}

/**
 * Calls `onBurst` once per burst of calls to the returned `note` (after `quietMs` without one, at most `maxMs` after
 * the first). `stop` drops what is waiting. The clock and timer are injected for tests.
 */
export function coalesce(onBurst: () => void, options: CoalesceOptions = {}) {
  const { quietMs = QUIET_MS, maxMs = MAX_DELAY_MS, now = () => Date.now(), setTimer = (f, ms) => setTimeout(f, ms), clearTimer = (id) => clearTimeout(id) } = options;
  let first = 0;
  let last = 0;
  let timer: Timer | null = null;
  const fire = () => {
    timer = null;
    const at = now();
    const due = Math.min(last + quietMs, first + maxMs);
    if (at < due) {
      timer = setTimer(fire, due - at);
      return;
    }
    onBurst();
  };
  return {
    note() {
      last = now();
      if (timer) return;
      first = last;
      timer = setTimer(fire, quietMs);
    },
    stop() {
      if (timer) clearTimer(timer);
      timer = null;
    },
  };
}

/** One events emitter per client: the page's views share its one port. */
const shared = new WeakMap<Client, PlacesEvents>();
function eventsOf(client: Client): PlacesEvents {
  let events = shared.get(client);
  if (!events) shared.set(client, (events = createPagePlaces(client).events));
  return events;
}

/**
 * The Places events listener that tells `burst` of bookmark changes. Tidymarks' own bulk work (a cleanup, an undo, an
 * import: between history-start-batch and history-end-batch) is one change, told at its end: reading the tree or the
 * history while it runs would only compete with it (a 1,587-copy cleanup took minutes instead of seconds).
 */
export function changeListener(burst: Pick<ReturnType<typeof coalesce>, 'note' | 'stop'>): (event: PlacesEvent) => void {
  let batch = 0;
  let changedInBatch = false;
  return (event) => {
    if (event.type === 'history-start-batch') {
      batch++;
      burst.stop();
      changedInBatch = true; // what the burst held before the batch is told at its end
    } else if (event.type === 'history-end-batch') {
      batch = Math.max(0, batch - 1);
      if (!batch && changedInBatch) {
        changedInBatch = false;
        burst.note();
      }
    } else if (changesBookmarks(event)) {
      if (batch) changedInBatch = true;
      else burst.note();
    }
  };
}

/** Calls `onChange` once per burst of bookmark changes; returns the unsubscribe function. */
export function watchBookmarkChanges(client: Client, onChange: () => void): () => void {
  const burst = coalesce(onChange);
  const listener = changeListener(burst);
  const events = eventsOf(client);
  events.on('data', listener);
  return () => {
    events.off('data', listener);
    burst.stop();
  };
}

/** A number that grows once per burst of bookmark changes while the component is shown: a dependency for reads. */
export function useBookmarkChanges(client: Client): number {
  const [changes, setChanges] = useState(0);
  useEffect(() => watchBookmarkChanges(client, () => setChanges((n) => n + 1)), [client]);
  return changes;
}
