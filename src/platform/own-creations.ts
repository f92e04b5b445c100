/**
 * Which bookmarks Tidymarks itself created while its own bulk work held the bookmark events (a cleanup, an undo, an
 * import, a restore, the organizer's copy): the composition root gives every feature a `browser` whose
 * `bookmarks.create` goes through `track`, so a writer registers nothing by hand. The copy guard asks it, during a
 * hold, which created events were ours (src/copy-guard/README.md "Sync during our own work").
 *
 * Firefox sends a create's onCreated event before the create's promise resolves (both come over one channel, the
 * event first: packages/places/src/event-hub.ts relies on it too), so an event cannot be told ours when it arrives,
 * only once our creates under way have resolved: `pending` counts them, `settled` listeners are called each time it
 * drops to 0 (then every event of ours so far has arrived and its id is known). Ids are kept only for creates that
 * resolve during a hold, until the guard takes them; nothing is done per event, and outside a hold only a counter
 * moves per create of ours.
 */
import type { Browser } from './browser';

export interface OwnCreations {
  /** Our creates started and not yet resolved (or failed). */
  readonly pending: number;
  /** Whether `id` is one we created during a hold (and forgets it: each event comes once). */
  take(id: string): boolean;
  /** Calls `listener` each time `pending` drops to 0. */
  settled(listener: () => void): void;
}

/**
 * Tracks the creates made through the returned `browser` (its `bookmarks.create` wrapped; everything else is the
 * given browser's own). `holding` says whether our bulk work holds the events now (the one source's `holding`).
 */
export function trackOwnCreations(browser: Browser, holding: () => boolean): { browser: Browser; own: OwnCreations } {
  let pending = 0;
  const ids = new Set<string>();
  const listeners = new Set<() => void>();
  const settle = () => {
    if (--pending) return;
    for (const listener of listeners) {
      try {
        listener();
      } catch (error) {
        console.error('Tidymarks: a created bookmark could not be told ours', error);
      }
    }
    // Outside a hold nobody asks any more: what was not taken is forgotten (an event never heard, e.g. a failed write).
    if (!holding()) ids.clear();
  };
  const create: Browser['bookmarks']['create'] = async (details) => {
    pending++;
    const held = holding();
    try {
      const node = await browser.bookmarks.create(details);
      if (held || holding()) ids.add(node.id);
      return node;
    } finally {
      settle();
    }
  };
  const bookmarks = viewOf(browser.bookmarks, 'create', create);
  const wrapped = viewOf(browser, 'bookmarks', bookmarks);
  return {
    browser: wrapped,
    own: {
      get pending() {
        return pending;
      },
      take: (id) => ids.delete(id),
      settled: (listener) => void listeners.add(listener),
    },
  };
}

/**
 * `target` with `key` read as `value`: everything else is the target's own, its methods called on the target itself
 * (Firefox's API objects refuse another `this`), bound once per method.
 */
function viewOf<T extends object>(target: T, key: PropertyKey, value: unknown): T {
  const bound = new WeakMap<object, unknown>();
  return new Proxy(target, {
    get(object, name) {
      if (name === key) return value;
      const found: unknown = Reflect.get(object, name);
      if (typeof found !== 'function') return found;
      let method = bound.get(found);
      if (!method) bound.set(found, (method = (found as (...args: unknown[]) => unknown).bind(object)));
      return method;
    },
  });
}
