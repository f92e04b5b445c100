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
import { createSettingsHandlers } from '../settings/settings-handlers';
import { openTagStore } from '../tags/tag-store';
import { createTagsFeature } from '../tags/background';
import { createSearchFeature } from '../search/background';
import { createPlacesFeature } from '../places/background';
import { createDedupApplyFeature } from '../dedup/apply-feature';
import { createQuickBookmarkFeature } from '../quick-bookmark/feature';
import { createPlacesSaver } from '../quick-bookmark/places-saver';

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
  const searchFeature = createSearchFeature(deps, tagStore);
  features.push(searchFeature);
  // Starts crash recovery of an unfinished cleanup without awaiting it (listeners stay top-level).
  const dedupApply = createDedupApplyFeature({ ...deps, tags: tagStore });
  features.push(dedupApply);
  const quickBookmark = createQuickBookmarkFeature({
    ...deps,
    getSettings: () => settings.get(),
    saveBookmark: createPlacesSaver(placesFeature.places.save),
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
      ...quickBookmark.handlers,
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
    ...dedupApply.jobs,
  };
  const jobServer = createJobServer({ jobs, handlers: jobHandlers, extensionId, extensionOrigin });

  return { router, jobServer, features, settings, tagStore, places: placesFeature.places, dedupApply };
}

export type BackgroundApp = ReturnType<typeof createBackgroundApp>;
