/**
 * The composition root of the background: builds every feature from its dependencies, joins their handlers
 * into one router and one job server. Everything here runs synchronously so that the entry point registers all
 * browser listeners at top level, as Firefox's event page requires.
 */
import type { JobHandlersOf } from '../messaging/define';
import { jobs, protocol } from '../messaging/protocol';
import { createJobServer, createRouter } from '../messaging/router';
import { createCoreHandlers } from './core-handlers';
import type { BackgroundDeps, ResettableFeature } from './feature';
import { AppError } from '../messaging/errors';
import { createSettingsStore } from '../settings/settings-store';
import { createSettingsHandlers } from '../settings/feature';
import { openTagStore } from '../tags/tag-store';
import { createTagsFeature } from '../tags/feature';
import { createSearchFeature } from '../search/feature';
import { createPlacesFeature } from '../places/feature';
import { createDedupApplyFeature } from '../dedup/cleanup/feature';
import { outcomeNumbersOf } from '../operations/journal';
import { createDedupScanFeature } from '../dedup/find/feature';
import { createQuickBookmarkFeature } from '../quick-bookmark/feature';
import { createPlacesSaver } from '../quick-bookmark/places-saver';
import { createBookmarksHtmlFeature } from '../bookmarks-html/feature';
import { createFileDatesFeature } from '../bookmark-dates/feature';
import { createToolbarButtonFeature } from '../toolbar-button/feature';

export function createBackgroundApp(deps: BackgroundDeps) {
  const { browser } = deps;
  const features: ResettableFeature[] = [];

  const extensionId = browser.runtime.id;
  const extensionOrigin = browser.runtime.getURL('');
  const settings = createSettingsStore(browser);
  const tagStore = openTagStore();
  const tagsFeature = createTagsFeature(deps, tagStore);
  const placesFeature = createPlacesFeature(deps, tagStore);
  features.push(placesFeature, tagsFeature);
  const fileDates = createFileDatesFeature(deps);
  features.push(fileDates);
  const searchFeature = createSearchFeature(deps, tagStore);
  features.push(searchFeature);
  placesFeature.useSearchIndex(searchFeature.live);
  const toolbarButton = createToolbarButtonFeature({ ...deps, live: searchFeature.live });
  // Starts crash recovery of an unfinished cleanup without awaiting it (listeners stay top-level).
  const dedupApply = createDedupApplyFeature({ ...deps, tags: tagStore });
  features.push(dedupApply);
  const dedupScan = createDedupScanFeature({
    ...deps,
    getTags: () => tagStore.all(),
    removedHistory: dedupApply.removedHistory,
    onTagsChanged: (listener) => void tagStore.onChange(listener),
    getFileDates: () => fileDates.store.all(),
  });
  features.push(dedupScan);
  const quickBookmark = createQuickBookmarkFeature({
    ...deps,
    getSettings: () => settings.get(),
    saveBookmark: createPlacesSaver(placesFeature.places.save),
  });

  const bookmarksHtml = createBookmarksHtmlFeature({
    ...deps,
    tags: tagStore,
    journal: dedupApply.journal,
    settings,
    fileDates: fileDates.store,
    cleanupHistory: async () =>
      (await dedupApply.journal.listSessions()).map((s) => ({
        id: s.id,
        createdAt: s.createdAt,
        finishedAt: s.finishedAt,
        status: s.status,
        undone: s.status === 'undone',
        counts: { ...outcomeNumbersOf(s.counts) },
        note: s.note,
      })),
  });

  const router = createRouter({
    protocol,
    extensionId,
    extensionOrigin,
    handlers: {
      ...createCoreHandlers(deps, features),
      ...createSettingsHandlers(browser, settings),
      ...tagsFeature.handlers,
      ...searchFeature.handlers,
      ...placesFeature.handlers,
      ...dedupApply.handlers,
      ...dedupScan.handlers,
      ...quickBookmark.handlers,
      ...toolbarButton.handlers,
      ...bookmarksHtml.handlers,
    },
  });

  const jobHandlers: JobHandlersOf<typeof jobs> = {
    'core.countTo': async ({ n, delayMs }, ctx) => {
      for (let i = 1; i <= n; i++) {
        await ctx.checkpoint();
        if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
        ctx.progress({ done: i, total: n });
      }
      if (ctx.signal.aborted) throw new AppError('cancelled', 'The job was cancelled.');
      return { counted: n };
    },
    // Our bulk jobs are batches for Places events listeners (history-start-batch ... history-end-batch).
    ...placesFeature.events.inBatch(dedupApply.jobs),
    ...dedupScan.jobs,
    ...placesFeature.events.inBatch(bookmarksHtml.jobs),
  };
  const jobServer = createJobServer({ jobs, handlers: jobHandlers, extensionId, extensionOrigin });

  return { router, jobServer, features, settings, tagStore, places: placesFeature.places, placesFeature, dedupApply, fileDates, toolbarButton, live: searchFeature.live };
}

export type BackgroundApp = ReturnType<typeof createBackgroundApp>;
