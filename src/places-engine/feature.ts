/**
 * The Places feature of the background: the change clock, fed by the background's batched bookmark events
 * (subscribed synchronously, while the feature is built), the engine as a direct PlacesBackend, the request handlers, the events hub (its
 * listeners and its port for pages, registered while it is built), and the same Places API pages get, for other
 * background features.
 */
import type { BackgroundDeps } from '../feature-contract';
import type { BookmarkDateStore } from '../bookmark-dates';
import type { HandlersOf } from '../messaging/define';
import { bookmarkEventsOf } from '../platform/bookmark-events';
import { createSerialQueue } from '../platform/serial-queue';
import type { LiveIndex } from '../search';
import type { TagStore } from '../tags';
import type { History, OperationSource } from '../operation-history';
import { createPlacesApi, encodeSearchReply, type PlacesBackend, type SaveOp } from '../places';
import { createClock, type Clock } from './clock';
import { PlacesEventHub } from './event-hub';
import { createIndexSearch, type IndexSearch } from './index-search';
import { runHistorySearch } from './history-engine';
import type { placesProtocol, placesTestProtocol } from '../places/protocol';
import { runSave } from './save-engine';
import { runSearch } from './search-engine';

export interface PlacesFeatureDeps extends BackgroundDeps {
  /** The imported files' dates: the events hub reports dates kept as changes of the items' date added. */
  bookmarkDates?: Pick<BookmarkDateStore, 'onChange'>;
  tags: TagStore;
  /** The one history: every save is one of its edits, in its queue. */
  history: History;
  /** The clock of changes (tests give their own); one over the tag store and Firefox's events by default. */
  clock?: Clock;
}

export function createPlacesFeature(deps: PlacesFeatureDeps) {
  const { browser, now, tags: tagStore, history, clock: ownClock } = deps;
  const bookmarkEvents = bookmarkEventsOf(deps);
  // The clock reads events still waiting for their batch before it answers (a change is never read as older).
  const clock = ownClock ?? createClock({ browser, tagStore, now, flushEvents: () => bookmarkEvents.flush() });
  // Batched (src/platform/bookmark-events.ts): one clock update per batch of events, in Firefox's order.
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
  // with another page's (no lost update, no false conflict). Each runs in the history's queue too (one journaled
  // write at a time: it is an edit of the history), and takes the save queue only once its turn comes there, so the
  // events hub's reads are not held up behind a cleanup.
  const saves = createSerialQueue();
  const edits = { journal: history.journal, now };
  let savesPending = 0;
  const save = (ops: readonly SaveOp[], source?: OperationSource) => {
    savesPending++;
    return history.serial(() => saves.run(() => runSave(ops, { browser, tagStore, clock, edits, ...(source ? { source } : {}) }))).finally(() => savesPending--);
  };
  // search(): from the in-memory search index once it is fresh (useSearchIndex), from Firefox before.
  let indexSearch: IndexSearch | null = null;
  let liveIndex: LiveIndex | null = null;
  const searchDeps = { browser, tagStore, clock };
  const backend: PlacesBackend = {
    save: (ops) => save(ops),
    search: async (queries, options) => {
      const fromIndex = indexSearch ? await indexSearch(queries, options) : null;
      return fromIndex ? { ...fromIndex, source: 'index' } : { ...(await runSearch(queries, options, searchDeps)), source: 'firefox' };
    },
    historySearch: (queries, options) => runHistorySearch(queries, options, { browser, now }),
  };
  const events = new PlacesEventHub({
    browser,
    bookmarkEvents,
    tagStore,
    clock,
    saves,
    extensionId: browser.runtime.id,
    extensionOrigin: browser.runtime.getURL(''),
    ...(deps.bookmarkDates && { bookmarkDates: deps.bookmarkDates }),
  });
  const bootId = `${now()}-${Math.random().toString(36).slice(2)}`;

  const handlers: HandlersOf<typeof placesProtocol> = {
    'places.save': ({ ops }, { senderUrl }) => save(ops, senderUrl && new URL(senderUrl).pathname.startsWith('/popup/') ? 'popup' : undefined),
    'places.search': async ({ queries, options }) => encodeSearchReply(await backend.search(queries, options)),
    'places.history.search': ({ queries, options }) => backend.historySearch(queries, options),
  };
  const testHandlers: HandlersOf<ReturnType<typeof placesTestProtocol>> | undefined =
    __TIDYMARKS_TEST_BUILD__ && deps.testBuild
      ? {
          'test.places.bootId': () => ({ bootId }),
          'test.places.searchFirefox': async ({ queries, options }) => encodeSearchReply({ ...(await runSearch(queries, options, searchDeps)), source: 'firefox' }),
          'test.places.settle': async () => {
            await clock.settled();
            await liveIndex?.saveNow();
            return { ok: true as const };
          },
          'test.places.eventPages': () => ({ pages: events.pageCount }),
        }
      : undefined;

  return {
    handlers,
    testHandlers,
    /** The Places API for other background features (same as a page's, without messaging). */
    places: createPlacesApi(backend, events),
    /** The same, its saves marked in the history as made from `source` (the quick bookmark's). */
    placesAs: (source: OperationSource) => createPlacesApi({ ...backend, save: (ops) => save(ops, source) }, events),
    /** The Places events hub: fans events out to pages; `inBatch` wraps our bulk jobs in history-start/end-batch. */
    events,
    backend,
    clock,
    /** Lets search() answer from the search feature's live index (joined in src/app/background-app.ts). */
    useSearchIndex(live: LiveIndex) {
      liveIndex = live;
      indexSearch = createIndexSearch(live, searchDeps);
    },
    /** The live index search() answers from, once fresh (tests). */
    searchIndex: () => liveIndex,
    /** Save requests running or waiting for their turn (tests: proves a request is held back, not interleaved). */
    saveRequestsPending: () => savesPending,
    reset: () => clock.clear(),
  };
}

export type PlacesFeature = ReturnType<typeof createPlacesFeature>;
