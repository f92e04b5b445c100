/**
 * The Places feature of the background: the Places package's engine (packages/places, `@tidymarks/places/background`)
 * built over Tidymarks' parts, like any extension builds it: the background's one source of bookmark events, the tag
 * store, the one history as its write hook (journal-hook.ts: every save an undoable edit), the imported files' dates,
 * the refusals in the UI's language, and (joined in src/app/background-app.ts) the search feature's live index. Its
 * requests go through Tidymarks' router (src/places/protocol.ts), not the package's own channel.
 */
import { createPlacesEngine, type Clock, type TreeMirror } from '@tidymarks/places/background';
import { encodeSearchReply as encodeSearchReplyOf } from '@tidymarks/places';
import type { BackgroundDeps } from '../feature-contract';
import type { BookmarkDateStore } from '../bookmark-dates';
import type { HandlersOf } from '../messaging/define';
import { bookmarkEventsOf } from '../platform/bookmark-events';
import { translatePlaces } from '../i18n/places-messages';
import type { LiveIndex } from '../search';
import type { TagStore } from '../tags';
import type { History, OperationSource } from '../operation-history';
import type { placesProtocol, placesTestProtocol } from '../places/protocol';
import { historyHook } from './journal-hook';

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
  const { browser, now, tags, history } = deps;
  const engine = createPlacesEngine({
    browser,
    now,
    tags,
    bookmarkEvents: bookmarkEventsOf(deps),
    hook: historyHook({ browser, tagStore: tags, history, now }),
    translate: translatePlaces,
    // Not the package's own index: search() answers from the search feature's live index, built over the package's
    // tree mirror and sibling order (src/search), joined in src/app/background-app.ts (one mirror in the background).
    searchIndex: false,
    ...(deps.clock ? { clock: deps.clock } : {}),
    ...(deps.bookmarkDates ? { bookmarkDates: deps.bookmarkDates } : {}),
  });
  const bootId = `${now()}-${Math.random().toString(36).slice(2)}`;

  const handlers: HandlersOf<typeof placesProtocol> = {
    'places.save': ({ ops }, { senderUrl }) => engine.save(ops, senderUrl && new URL(senderUrl).pathname.startsWith('/popup/') ? 'popup' : undefined),
    'places.search': async ({ queries, options }) => encodeSearchReplyOf(await engine.backend.search(queries, options)),
    'places.history.search': ({ queries, options }) => engine.backend.historySearch(queries, options),
  };
  const testHandlers: HandlersOf<ReturnType<typeof placesTestProtocol>> | undefined =
    __TIDYMARKS_TEST_BUILD__ && deps.testBuild
      ? {
          'test.places.bootId': () => ({ bootId }),
          'test.places.searchFirefox': async ({ queries, options }) => encodeSearchReplyOf(await engine.searchFirefox(queries, options)),
          'test.places.settle': async () => {
            await engine.clock.settled();
            await (engine.searchIndex() as LiveIndex | null)?.saveNow();
            return { ok: true as const };
          },
          'test.places.eventPages': () => ({ pages: engine.events.pageCount }),
        }
      : undefined;

  return {
    handlers,
    testHandlers,
    /** The Places API for other background features (same as a page's, without messaging). */
    places: engine.places,
    /** The same, its saves marked in the history as made from `source` (the quick bookmark's). */
    placesAs: (source: OperationSource) => engine.placesAs(source),
    /** The Places events hub: fans events out to pages; `batch` wraps our bulk jobs in history-start/end-batch. */
    events: engine.events,
    backend: engine.backend,
    clock: engine.clock,
    /** Lets search() answer from the search feature's live index (joined in src/app/background-app.ts). */
    useSearchIndex: (live: LiveIndex) => engine.useSearchIndex(live satisfies TreeMirror),
    /** The live index search() answers from, once fresh (tests). */
    searchIndex: () => engine.searchIndex() as LiveIndex | null,
    /** Save requests running or waiting for their turn (tests: proves a request is held back, not interleaved). */
    saveRequestsPending: () => engine.saveRequestsPending(),
    reset: () => engine.clock.clear(),
  };
}

export type PlacesFeature = ReturnType<typeof createPlacesFeature>;
