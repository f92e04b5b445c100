// SPDX-License-Identifier: MPL-2.0
/**
 * The one place the background hears bookmark changes from Firefox: ONE listener per bookmarks event (onCreated,
 * onRemoved, onChanged, onMoved), registered while the source is built (the event page's top level, so a change
 * wakes an unloaded event page), fanned out in JavaScript to the features.
 *
 * Why one: Firefox runs every registered listener as its own message from the parent process to the extension
 * process (ExtensionParent's recvAddListener wraps each listener in a queryRunListener with its own structured
 * clone of the arguments), so each listener costs every bookmark change made by anyone (Sync, the user, another
 * extension, our own cleanup), whatever it does with it. Measured in docs/ARCHITECTURE.md ("How features learn
 * about bookmark changes").
 *
 * Two kinds of subscribers:
 *  - `each`: called synchronously for every event in Firefox's order, as it arrives. For what correctness needs at
 *    once (the cleanup's change watch: "a change the cleanup did not make always wins") and for cheap flags (a
 *    stored scan dropped, a generation counter). Nothing slow belongs here.
 *  - `batched`: called with the events gathered since the last batch, oldest first, once no event has come for
 *    BATCH_WINDOW_MS (a burst is one batch), at most BATCH_MAX_DELAY_MS after the first of them (a burst that goes on
 *    is one batch per that time), or as soon as BATCH_MAX_EVENTS wait. While our own bulk work runs (`hold`: a
 *    cleanup, an undo, an import, a bulk organizer edit) they wait for its end and come as one batch (a long job: one
 *    batch per HELD_WINDOW_MS or HELD_MAX_EVENTS).
 *    A reader that must see every change so far (the search index answering a query, the Places clock checking a
 *    save) calls `flush()` first: the pending batch is delivered at once, so nothing read is ever behind Firefox's
 *    events.
 *  - `quiet`: called once a burst is over: no event for QUIET_MS and no hold running, after the batch with its last
 *    events. For work that a burst only makes due and that can wait until it is over (a sweep that reads the whole
 *    tree, compacting the search index): done during the burst it would slow whoever makes the changes (Firefox runs
 *    every extension's event pages in one process), and done once it is over it runs once instead of every batch.
 * Batched subscribers are called in the order they subscribed; a reader called while a batch is being delivered
 * gets no second delivery (subscribers later in the list get that batch right after).
 *
 * What an event costs here is kept small (it is paid for every change anyone makes): the event object, the
 * immediate subscribers, one clock read; no timer is set or cleared per event (the timers look at the time of the
 * last event when they fire and wait again if it was too recent).
 */
import type { BookmarkNode, Browser } from './browser';

export type BookmarkEvent =
  | { readonly kind: 'created'; readonly id: string; readonly parentId: string; readonly node: BookmarkNode }
  | { readonly kind: 'changed'; readonly id: string; readonly title?: string; readonly url?: string }
  | { readonly kind: 'moved'; readonly id: string; readonly parentId: string; readonly index: number; readonly oldParentId: string; readonly oldIndex: number }
  | { readonly kind: 'removed'; readonly id: string; readonly parentId: string; readonly index: number; readonly node: BookmarkNode };

/** A batch is delivered once no event has come for this long (one update per burst instead of per event)... */
export const BATCH_WINDOW_MS = 100;
/** ...at most this long after its first event (a burst that goes on: the toolbar button follows within this)... */
export const BATCH_MAX_DELAY_MS = 1_000;
/** ...or as soon as this many events wait. */
export const BATCH_MAX_EVENTS = 1_000;
/** A burst is over (quiet subscribers are called) once no event has come for this long outside a hold. */
export const QUIET_MS = 300;
/**
 * While our own bulk work runs, events wait for its end, at most this long (a paused cleanup must not leave the
 * toolbar button minutes behind someone else's change)...
 */
export const HELD_WINDOW_MS = 2_000;
/** ...or until this many wait. */
export const HELD_MAX_EVENTS = 5_000;

export interface BookmarkEvents {
  /** Calls `listener` synchronously for every event from now on. Returns the unsubscribe function. */
  each(listener: (event: BookmarkEvent) => void): () => void;
  /** Calls `listener` with each batch of events from now on. Returns the unsubscribe function. */
  batched(listener: (events: readonly BookmarkEvent[]) => void): () => void;
  /** Calls `listener` once after each burst of events (see QUIET_MS). Returns the unsubscribe function. */
  quiet(listener: () => void): () => void;
  /** Delivers the waiting events to the batched subscribers now. */
  flush(): void;
  /**
   * Runs our own bulk work with batched subscribers held until it ends (nested holds end with the outermost);
   * the events it caused are delivered right after it, before its result is returned.
   */
  hold<T>(work: () => Promise<T>): Promise<T>;
  /** Events waiting for the next batch (tests). */
  readonly pending: number;
  /**
   * Our own bulk work is running (a `hold`): an `each` subscriber that must tell our changes from everyone else's
   * (the copy guard) asks this as the event arrives.
   */
  readonly holding: boolean;
  /** Removes the listeners (a source made for one operation, outside the background's start). */
  close(): void;
}

type BookmarkEventApi = Pick<Browser['bookmarks'], 'onCreated' | 'onRemoved' | 'onChanged' | 'onMoved'>;

export interface BookmarkEventTiming {
  windowMs: number;
  maxDelayMs: number;
  maxEvents: number;
  quietMs: number;
  heldWindowMs: number;
  heldMaxEvents: number;
}

const report = (error: unknown) => console.error('Places: a bookmark change could not be handled', error);

/** Registers the four listeners now (call it while the background starts) and returns the source. */
export function createBookmarkEvents(api: BookmarkEventApi, timing: Partial<BookmarkEventTiming> = {}): BookmarkEvents {
  const {
    windowMs = BATCH_WINDOW_MS,
    maxDelayMs = BATCH_MAX_DELAY_MS,
    maxEvents = BATCH_MAX_EVENTS,
    heldWindowMs = HELD_WINDOW_MS,
    heldMaxEvents = HELD_MAX_EVENTS,
    quietMs = QUIET_MS,
  } = timing;
  const immediate = new Set<(event: BookmarkEvent) => void>();
  const batchedListeners = new Set<(events: readonly BookmarkEvent[]) => void>();
  const quietListeners = new Set<() => void>();
  let queue: BookmarkEvent[] = [];
  let holds = 0;
  let delivering = false;
  /** When the newest event came, and the oldest one waiting for its batch (Date.now()). */
  let lastAt = 0;
  let firstWaitingAt = 0;
  /** An event came since the quiet subscribers were last called. */
  let burst = false;

  /** One timer for the batch and one for the quiet subscribers: set when needed, never moved per event. */
  const batchTimer = createLazyTimer(() => {
    const wait = batchDueIn();
    if (wait > 0) return wait;
    deliver();
    return 0;
  });
  const quietTimer = createLazyTimer(() => {
    const wait = lastAt + quietMs - Date.now();
    if (wait > 0) return wait;
    // A hold's end calls them (our own bulk work is one burst, however long its pauses).
    if (holds) return 0;
    afterBurst();
    return 0;
  });

  /** How long until the waiting batch is due (0 or less: now). */
  function batchDueIn(): number {
    const now = Date.now();
    if (holds) return firstWaitingAt + heldWindowMs - now;
    return Math.min(lastAt + windowMs, firstWaitingAt + maxDelayMs) - now;
  }

  function deliver(): void {
    batchTimer.stop();
    if (delivering || !queue.length) return;
    const batch = queue;
    queue = [];
    delivering = true;
    try {
      for (const listener of [...batchedListeners]) {
        try {
          listener(batch);
        } catch (error) {
          report(error);
        }
      }
    } finally {
      delivering = false;
    }
  }

  function afterBurst(): void {
    quietTimer.stop();
    deliver();
    if (!burst) return;
    burst = false;
    for (const listener of [...quietListeners]) {
      try {
        listener();
      } catch (error) {
        report(error);
      }
    }
  }

  const receive = (event: BookmarkEvent) => {
    for (const listener of immediate) {
      try {
        listener(event);
      } catch (error) {
        report(error);
      }
    }
    if (!batchedListeners.size && !quietListeners.size) return;
    const now = Date.now();
    lastAt = now;
    if (quietListeners.size) {
      burst = true;
      quietTimer.atLeast(quietMs);
    }
    if (!batchedListeners.size) return;
    queue.push(event);
    if (queue.length >= (holds ? heldMaxEvents : maxEvents)) deliver();
    else if (queue.length === 1) {
      firstWaitingAt = now;
      batchTimer.atLeast(holds ? heldWindowMs : windowMs);
    }
  };

  const onCreated = (id: string, node: BookmarkNode) => receive({ kind: 'created', id, parentId: node?.parentId ?? '', node });
  const onRemoved = (id: string, info: { parentId: string; index: number; node: BookmarkNode }) =>
    receive({ kind: 'removed', id, parentId: info?.parentId, index: info?.index, node: info?.node });
  const onChanged = (id: string, info: { title?: string; url?: string }) =>
    receive({
      kind: 'changed',
      id,
      ...(info?.title !== undefined ? { title: info.title } : {}),
      ...(info?.url !== undefined ? { url: info.url } : {}),
    });
  const onMoved = (id: string, info: { parentId: string; index: number; oldParentId: string; oldIndex: number }) =>
    receive({ kind: 'moved', id, parentId: info.parentId, index: info.index, oldParentId: info.oldParentId, oldIndex: info.oldIndex });
  api.onCreated.addListener(onCreated);
  api.onRemoved.addListener(onRemoved as never);
  api.onChanged.addListener(onChanged as never);
  api.onMoved.addListener(onMoved as never);

  return {
    each(listener) {
      const own = (event: BookmarkEvent) => listener(event);
      immediate.add(own);
      return () => void immediate.delete(own);
    },
    batched(listener) {
      const own = (events: readonly BookmarkEvent[]) => listener(events);
      batchedListeners.add(own);
      return () => void batchedListeners.delete(own);
    },
    quiet(listener) {
      const own = () => listener();
      quietListeners.add(own);
      return () => void quietListeners.delete(own);
    },
    flush: deliver,
    async hold(work) {
      // Events already waiting wait for the end too (or the held window, from now).
      if (holds++ === 0 && queue.length) {
        firstWaitingAt = Date.now();
        batchTimer.stop();
        batchTimer.atLeast(heldWindowMs);
      }
      try {
        return await work();
      } finally {
        if (--holds === 0) {
          deliver();
          if (burst) quietTimer.atLeast(quietMs);
        }
      }
    },
    get pending() {
      return queue.length;
    },
    get holding() {
      return holds > 0;
    },
    close() {
      api.onCreated.removeListener(onCreated);
      api.onRemoved.removeListener(onRemoved as never);
      api.onChanged.removeListener(onChanged as never);
      api.onMoved.removeListener(onMoved as never);
      batchTimer.stop();
      quietTimer.stop();
      queue = [];
      immediate.clear();
      batchedListeners.clear();
      quietListeners.clear();
    },
  };
}

/** The source the composition root built, or (a feature built alone, in unit tests) one of the feature's own. */
export function bookmarkEventsOf(deps: { browser: Pick<Browser, 'bookmarks'>; bookmarkEvents?: BookmarkEvents }): BookmarkEvents {
  return deps.bookmarkEvents ?? createBookmarkEvents(deps.browser.bookmarks);
}

/** Wraps every handler of a record in `events.hold` (our own bulk requests: their events come as one batch). */
export function holdDuring<H extends Record<string, (...args: never[]) => unknown>>(events: BookmarkEvents, handlers: H): H {
  const wrapped: Record<string, (...args: never[]) => Promise<unknown>> = {};
  for (const [name, handler] of Object.entries(handlers)) wrapped[name] = (...args) => events.hold(async () => handler(...args));
  return wrapped as unknown as H;
}

/**
 * A timer that is set once and, when it fires, asks `check` whether it is due: `check` returns how much longer to
 * wait (then it is set again for that long) or 0. `atLeast(ms)` sets it unless it is set already (it fires no later
 * than it would have; `check` decides whether that is too early).
 */
export function createLazyTimer(check: () => number) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const fire = () => {
    timer = null;
    const wait = check();
    if (wait > 0 && timer === null) timer = setTimeout(fire, wait);
  };
  return {
    atLeast(ms: number) {
      if (timer === null) timer = setTimeout(fire, ms);
    },
    stop() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
