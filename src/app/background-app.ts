/**
 * The composition root of the background: builds every feature from its dependencies, joins their handlers
 * into one router and one job server. Everything here runs synchronously so that the entry point registers all
 * browser listeners at top level, as Firefox's event page requires.
 */
import type { HandlersOf, JobHandlersOf } from '../messaging/define';
import {
  jobs,
  productionJobs,
  productionProtocol,
  protocol,
  type Jobs,
  type ProductionJobs,
  type ProductionProtocol,
  type Protocol,
  type TestJobs,
  type TestProtocol,
} from '../app-protocol/protocol';
import { createJobServer, createRouter } from '../messaging/router';
import { createBookmarkEvents, holdDuring } from '../platform/bookmark-events';
import { trackOwnCreations } from '../platform/own-creations';
import { createCoreHandlers, createCoreTestHandlers } from './core-handlers';
import type { BackgroundDeps, Feature, ResettableFeature } from '../feature-contract';
import { createSettingsStore } from '../settings';
import { createSettingsFeature } from '../settings/feature';
import { openTagStore } from '../tags';
import { openKeywordStore } from '../keywords';
import { createTagsFeature } from '../tags/feature';
import { createSearchFeature } from '../search/feature';
import { treeFromIndex } from '../search';
import { createPlacesFeature } from '../places-engine/feature';
import { createDedupCleanupFeature } from '../dedup/cleanup/feature';
import { createHistory } from '../operation-history';
import { createDedupScanFeature } from '../dedup/scan/feature';
import { createQuickBookmarkFeature } from '../quick-bookmark/feature';
import { createPlacesSaver } from '../quick-bookmark';
import { createBookmarksHtmlFeature } from '../bookmarks-html/feature';
import { createFirefoxBackupsFeature } from '../firefox-backups/feature';
import { createBookmarkDatesFeature } from '../bookmark-dates/feature';
import { openBookmarkDateStore } from '../bookmark-dates';
import { createToolbarButtonFeature } from '../toolbar-button/feature';
import { createOrganizerFeature } from '../organizer/feature';
import { createLinkHealthFeature } from '../link-health/feature';
import { createCopyGuardFeature } from '../copy-guard/feature';

export function createBackgroundApp(givenDeps: BackgroundDeps) {
  // The background's one listener per bookmarks event, fanned out to every feature (src/platform/bookmark-events.ts).
  const bookmarkEvents = givenDeps.bookmarkEvents ?? createBookmarkEvents(givenDeps.browser.bookmarks);
  // Every feature writes through this browser: what it creates while our bulk work holds the events is known as ours
  // (the copy guard still hears Sync's creations then: src/platform/own-creations.ts).
  const { browser, own: ownCreations } = trackOwnCreations(givenDeps.browser, () => bookmarkEvents.holding);
  const deps: BackgroundDeps = { ...givenDeps, browser, bookmarkEvents };
  // A test reset: the features hear the events of what came before it (the wipe's removals) before they reset.
  const features: ResettableFeature[] = [{ reset: async () => bookmarkEvents.flush() }];

  const extensionId = browser.runtime.id;
  const extensionOrigin = browser.runtime.getURL('');
  const settings = createSettingsStore(browser);
  const tagStore = openTagStore();
  const keywordStore = openKeywordStore();
  // The whole tree: the search index's mirror while it may stand in for getTree (one read of Firefox, not two),
  // else Firefox. Bound to the index once the search feature is built below.
  let readTree = () => browser.bookmarks.getTree();
  // The one history: every journaled write runs in its queue, after start-up recovery (queued now, not awaited).
  const history = createHistory({ ...deps, tags: tagStore, keywords: keywordStore, readTree: () => readTree() });
  const settingsFeature = createSettingsFeature({ browser, settings });
  const tagsFeature = createTagsFeature({ ...deps, tags: tagStore, history });
  // The one store of imported files' dates: every feature that reads or shows "date added" gets it.
  const bookmarkDateStore = openBookmarkDateStore();
  const placesFeature = createPlacesFeature({ ...deps, bookmarkDates: bookmarkDateStore, tags: tagStore, history });
  features.push(placesFeature, tagsFeature, history, { reset: () => keywordStore.clear() });
  const bookmarkDates = createBookmarkDatesFeature({ ...deps, bookmarkDates: bookmarkDateStore });
  features.push(bookmarkDates);
  const linkHealth = createLinkHealthFeature({ ...deps, tags: tagStore, history, bookmarkDates: bookmarkDateStore });
  features.push(linkHealth);
  // The popup's results and current page carry link health's markers, looked up in what the background holds.
  const searchFeature = createSearchFeature({ ...deps, bookmarkDates: bookmarkDateStore, linkMarkers: linkHealth.markers, tags: tagStore, keywords: keywordStore });
  features.push(searchFeature);
  placesFeature.useSearchIndex(searchFeature.live);
  readTree = async () => treeFromIndex(searchFeature.live) ?? browser.bookmarks.getTree();
  // Its badge also shows that copies the copy guard told wait for a choice (the guard is built below).
  const toolbarButton = createToolbarButtonFeature({ ...deps, live: searchFeature.live, arrivalsWaiting: () => Promise.resolve().then(() => copyGuard.waiting()) });
  const dedupApply = createDedupCleanupFeature({ ...deps, tags: tagStore, history, getSettings: () => settings.get() });
  const dedupScan = createDedupScanFeature({
    ...deps,
    readTree: () => readTree(),
    getSettings: () => settings.get(),
    getTags: () => tagStore.all(),
    removedHistory: dedupApply.removedHistory,
    onTagsChanged: (listener) => void tagStore.onChange(listener),
    getBookmarkDates: () => bookmarkDateStore.all(),
  });
  features.push(dedupScan);
  dedupScan.warm();
  const quickBookmark = createQuickBookmarkFeature({
    ...deps,
    getSettings: () => settings.get(),
    saveBookmark: createPlacesSaver(placesFeature.placesAs('quick-bookmark').save),
  });

  const bookmarksHtml = createBookmarksHtmlFeature({
    ...deps,
    tags: tagStore,
    history,
    settings,
    bookmarkDates: bookmarkDateStore,
    cleanupHistory: dedupApply.cleanupRecords,
  });

  const firefoxBackups = createFirefoxBackupsFeature({
    ...deps,
    tags: tagStore,
    history,
    bookmarkDates: bookmarkDateStore,
    getTagsForUrls: (urls) => tagStore.getTagsForUrls(urls),
    keywords: keywordStore,
    readTree: () => readTree(),
  });

  // Bursts of copies made by someone else (Sync, another extension): told once (src/copy-guard/README.md).
  // "Remove the new copies" is a cleanup of the one history, run by the cleanup's own job (history.alone, recovery).
  const copyGuard = createCopyGuardFeature({
    ...deps,
    live: searchFeature.live,
    getSettings: () => settings.get(),
    cleanup: dedupApply.jobs['dedup.cleanup'],
    resolveIds: (ids) => history.journal.resolveIds(ids),
    removedHistory: dedupApply.removedHistory,
    ownCreations,
  });
  features.push(copyGuard);
  copyGuard.onWaitingChanged((waiting) => void toolbarButton.arrivalsChanged(waiting).catch((error: unknown) => console.error('Tidymarks toolbar button:', error)));
  const organizer = createOrganizerFeature({ ...deps, live: searchFeature.live, tags: tagStore, keywords: keywordStore, history, bookmarkDates: bookmarkDateStore });
  // Every feature has the one shape the root joins (src/feature-contract/index.ts).
  void ({
    settingsFeature,
    tagsFeature,
    placesFeature,
    bookmarkDates,
    linkHealth,
    searchFeature,
    toolbarButton,
    dedupApply,
    dedupScan,
    quickBookmark,
    bookmarksHtml,
    firefoxBackups,
    organizer,
    history,
    copyGuard,
  } satisfies Record<string, Feature>);

  const productionHandlers: HandlersOf<ProductionProtocol> = {
    ...createCoreHandlers(deps),
    ...settingsFeature.handlers,
    ...tagsFeature.handlers,
    ...searchFeature.handlers,
    ...placesFeature.handlers,
    ...history.handlers,
    ...dedupScan.handlers,
    ...quickBookmark.handlers,
    ...toolbarButton.handlers,
    ...copyGuard.handlers,
    ...firefoxBackups.handlers,
    ...bookmarksHtml.handlers,
    ...organizer.handlers,
    // The organizer's edits are the person's work: the copy guard stays quiet while they go on (its README), and the
    // bulk ones' bookmark events reach the batched subscribers as one batch at the end.
    ...copyGuard.personEditsThrough({
      ...holdDuring(bookmarkEvents, {
        'organizer.move': organizer.handlers['organizer.move'],
        'organizer.copy': organizer.handlers['organizer.copy'],
        'organizer.sortFolder': organizer.handlers['organizer.sortFolder'],
        'organizer.remove': organizer.handlers['organizer.remove'],
      }),
      'organizer.update': organizer.handlers['organizer.update'],
      'organizer.create': organizer.handlers['organizer.create'],
    }),
    ...linkHealth.handlers,
  };
  const productionJobHandlers: JobHandlersOf<ProductionJobs> = {
    // Our bulk jobs are batches for Places events listeners (history-start-batch ... history-end-batch) and for the
    // background's batched bookmark-event subscribers.
    ...placesFeature.events.inBatch(dedupApply.jobs),
    ...placesFeature.events.inBatch(history.jobs),
    ...dedupScan.jobs,
    ...placesFeature.events.inBatch(bookmarksHtml.jobs),
    ...placesFeature.events.inBatch(firefoxBackups.jobs),
    ...linkHealth.jobs,
    ...placesFeature.events.inBatch(linkHealth.writeJobs),
    ...placesFeature.events.inBatch(copyGuard.jobs),
  };
  /** Resolves once the work features start on their own is over: tag sweeps, quick bookmarks, toolbar updates (tests). */
  const whenIdle = async () => {
    await Promise.all([tagsFeature.whenIdle(), quickBookmark.whenIdle(), toolbarButton.whenIdle()]);
  };

  // The test build's `test.*` requests (src/app-protocol/test-protocol.ts): known to the router only there, and only
  // when the background is started as a test build; the production build leaves this branch out.
  let requests: { protocol: Protocol; handlers: HandlersOf<Protocol>; jobs: Jobs; jobHandlers: JobHandlersOf<Jobs> } = {
    protocol: productionProtocol as Protocol,
    handlers: productionHandlers as HandlersOf<Protocol>,
    jobs: productionJobs as Jobs,
    jobHandlers: productionJobHandlers as JobHandlersOf<Jobs>,
  };
  if (__TIDYMARKS_TEST_BUILD__ && deps.testBuild) {
    const core = createCoreTestHandlers(deps, features, whenIdle);
    const testHandlers: HandlersOf<TestProtocol> = {
      ...core.handlers,
      ...placesFeature.testHandlers!,
      ...quickBookmark.testHandlers!,
      ...toolbarButton.testHandlers!,
      ...linkHealth.testHandlers!,
      ...dedupScan.testHandlers!,
      ...copyGuard.testHandlers!,
    };
    const testJobHandlers: JobHandlersOf<TestJobs> = { ...core.jobs };
    requests = { protocol, handlers: { ...productionHandlers, ...testHandlers }, jobs, jobHandlers: { ...productionJobHandlers, ...testJobHandlers } };
  }

  const router = createRouter({ protocol: requests.protocol, extensionId, extensionOrigin, handlers: requests.handlers });
  const jobServer = createJobServer({ jobs: requests.jobs, handlers: requests.jobHandlers, extensionId, extensionOrigin });

  return {
    router,
    jobServer,
    features,
    settings,
    tagStore,
    keywordStore,
    places: placesFeature.places,
    placesFeature,
    dedupApply,
    history,
    bookmarkDates,
    toolbarButton,
    live: searchFeature.live,
    linkHealth,
    copyGuard,
    whenIdle,
    bookmarkEvents,
    /** The browser every feature writes through (tests: Tidymarks' own writes, told apart from everyone else's). */
    browser,
  };
}

export type BackgroundApp = ReturnType<typeof createBackgroundApp>;
