// SPDX-License-Identifier: MPL-2.0
/**
 * The engine, joined: the change clock, fed by the batched bookmark events (subscribed synchronously, while the
 * engine is built: build it at the background's top level), saves, search (from the search index once it is
 * loaded, from Firefox before), history search, the events hub (its listeners and its port for pages, registered while it
 * is built), and the Places API object of the background itself.
 *
 * What it needs of the extension comes in through small interfaces, each with a default: the browser (Firefox's
 * `browser`), a tag store (IndexedDB, tag-store.ts), a search index (the package's own PlacesIndex,
 * tree-index/places-index.ts; `searchIndex: false` for none: search then reads Firefox), a write hook (none),
 * the words of its refusals (English).
 */
import { createPlacesApi, type PlacesApi } from './api';
import { createClock, type Clock } from './clock';
import { PlacesEventHub, type DateChanges } from './event-hub';
import { runHistorySearch } from './history-engine';
import { createIndexSearch, type IndexSearch, type TreeMirror } from './index-search';
import { PlacesIndex } from './tree-index/places-index';
import { runSave } from './save-engine';
import { runSearch } from './search-engine';
import { bookmarkEventsOf, type BookmarkEvents } from './support/bookmark-events';
import type { Browser } from './support/browser';
import { english, type Translate } from './support/messages';
import { createSerialQueue } from './support/serial-queue';
import { openTagStore, type TagStore } from './tag-store';
import type { SaveOp, SaveReply, PlacesBackend, SearchReply, WireQuery, WireSearchOptions } from './wire';
import type { WriteHook } from './write-hook';

export interface PlacesEngineOptions {
  /** The WebExtension API; Firefox's own `browser` by default. */
  browser?: Browser;
  /** The clock of `updated` and of history search's bounds (ms). */
  now?: () => number;
  /** Where tags live; an IndexedDB store ('tidymarks-tags') by default. */
  tags?: TagStore;
  /** Hears every save request and its steps (write-hook.ts); none by default. */
  hook?: WriteHook;
  /**
   * The search index search() answers from once it is loaded (index-search.ts: TreeMirror): the package's own
   * PlacesIndex by default (loaded on the first search, kept current by events); false for none (search reads
   * Firefox every time; or give one later with useSearchIndex()).
   */
  searchIndex?: TreeMirror | false;
  /** The background's one source of bookmark events, when the extension shares one; the engine's own otherwise. */
  bookmarkEvents?: BookmarkEvents;
  /** Dates the extension keeps for items: reported as changes of their dateAdded. */
  bookmarkDates?: DateChanges;
  /** The change clock (tests give their own); one in IndexedDB ('tidymarks-places') by default. */
  clock?: Clock;
  /** The words of the engine's refusals (English by default). */
  translate?: Translate;
}

export interface PlacesEngine {
  /** The Places API of the background (the same as a page's, without messaging). */
  places: PlacesApi;
  /** The same, its saves marked as made from `source` (the write hook hears it). */
  placesAs(source: string): PlacesApi;
  /** The engine as a PlacesBackend: what the requests of pages run. */
  backend: PlacesBackend;
  /** A save request, marked as made from `source` for the write hook. */
  save(ops: readonly SaveOp[], source?: string): Promise<SaveReply>;
  /** search() on the Firefox path, whatever the index (to compare both). */
  searchFirefox(queries: readonly WireQuery[], options: WireSearchOptions): Promise<SearchReply>;
  /** The events hub: fans events out to background listeners and pages; `batch` wraps bulk jobs in start/end-batch. */
  events: PlacesEventHub;
  clock: Clock;
  tags: TagStore;
  /** Lets search() answer from this index once it is fresh. */
  useSearchIndex(index: TreeMirror): void;
  /** The index search() answers from, once fresh. */
  searchIndex(): TreeMirror | null;
  /** Save requests running or waiting for their turn. */
  saveRequestsPending(): number;
}

export function createPlacesEngine(options: PlacesEngineOptions = {}): PlacesEngine {
  const browser = options.browser ?? (globalThis as unknown as { browser: Browser }).browser;
  const now = options.now ?? Date.now;
  const tagStore = options.tags ?? openTagStore();
  const translate = options.translate ?? english;
  const { hook } = options;
  const bookmarkEvents = bookmarkEventsOf({ browser, ...(options.bookmarkEvents ? { bookmarkEvents: options.bookmarkEvents } : {}) });
  // The clock reads events still waiting for their batch before it answers (a change is never read as older).
  const clock = options.clock ?? createClock({ browser, tagStore, now, flushEvents: () => bookmarkEvents.flush() });
  // Batched (support/bookmark-events.ts): one clock update per batch of events, in Firefox's order.
  bookmarkEvents.batched((batch) => {
    let removed: string[] = [];
    for (const event of batch) {
      if (event.kind === 'removed') {
        removed.push(event.id);
        continue;
      }
      if (removed.length) void clock.forget(removed);
      removed = [];
      clock.noteEvent(event.kind, event.id, event.kind === 'created' ? event.node : undefined);
    }
    if (removed.length) void clock.forget(removed);
    void clock.flush();
  });

  // One save request at a time, whoever sent it: a request's conflict check and its writes are never interleaved
  // with another page's (no lost update, no false conflict). Each runs in the hook's queue too (Tidymarks: one
  // journaled write at a time), and takes the save queue only once its turn comes there, so the events hub's reads
  // are not held up behind the extension's other writes.
  const saves = createSerialQueue();
  let savesPending = 0;
  const save = (ops: readonly SaveOp[], source?: string) => {
    savesPending++;
    const run = () => saves.run(() => runSave(ops, { browser, tagStore, clock, translate, ...(hook ? { hook } : {}), ...(source !== undefined ? { source } : {}) }));
    return (hook?.run ? hook.run(run) : run()).finally(() => savesPending--);
  };
  // search(): from the search index once it is loaded and exact (the package's own by default), from Firefox before.
  let indexSearch: IndexSearch | null = null;
  let mirror: TreeMirror | null = null;
  const searchDeps = { browser, tagStore, clock, translate };
  const backend: PlacesBackend = {
    save: (ops) => save(ops),
    search: async (queries, searchOptions) => {
      const fromIndex = indexSearch ? await indexSearch(queries, searchOptions) : null;
      return fromIndex ? { ...fromIndex, source: 'index' } : { ...(await runSearch(queries, searchOptions, searchDeps)), source: 'firefox' };
    },
    historySearch: (queries, searchOptions) => runHistorySearch(queries, searchOptions, { browser, now }),
  };
  const events = new PlacesEventHub({
    browser,
    bookmarkEvents,
    tagStore,
    clock,
    saves,
    extensionId: browser.runtime.id,
    extensionOrigin: browser.runtime.getURL(''),
    ...(options.bookmarkDates && { bookmarkDates: options.bookmarkDates }),
  });
  const useSearchIndex = (index: TreeMirror) => {
    mirror = index;
    indexSearch = createIndexSearch(index, searchDeps);
  };
  if (options.searchIndex !== false) useSearchIndex(options.searchIndex ?? new PlacesIndex({ browser, tagStore, bookmarkEvents }));

  return {
    places: createPlacesApi(backend, events),
    placesAs: (source) => createPlacesApi({ ...backend, save: (ops) => save(ops, source) }, events),
    backend,
    save,
    searchFirefox: async (queries, searchOptions) => ({ ...(await runSearch(queries, searchOptions, searchDeps)), source: 'firefox' }),
    events,
    clock,
    tags: tagStore,
    useSearchIndex,
    searchIndex: () => mirror,
    saveRequestsPending: () => savesPending,
  };
}
