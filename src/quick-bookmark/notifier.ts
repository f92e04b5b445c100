/**
 * Tells the user what a quick-bookmark action did, unless notifications are turned off in settings. One
 * notification id is reused, so pressing the key again replaces the previous message instead of stacking them.
 * The icon is the extension's own, taken from the manifest.
 */
import type { Browser } from '../platform/browser';
import type { Settings } from '../settings';
import { describeOutcome, type QuickBookmarkOutcome } from './outcome';

export const NOTIFICATION_ID = 'tidymarks-quick-bookmark';

export interface QuickBookmarkNotifier {
  show(outcome: QuickBookmarkOutcome, settings: Settings): Promise<void>;
}

/** The largest icon the manifest declares, as an extension URL. */
export function manifestIconUrl(browser: Browser): string | undefined {
  const icons = (browser.runtime.getManifest().icons ?? {}) as Record<string, string>;
  const sizes = Object.keys(icons)
    .map(Number)
    .filter(Number.isFinite)
    .sort((a, b) => b - a);
  return sizes.length ? browser.runtime.getURL(icons[String(sizes[0])]) : undefined;
}

export function createNotifier(browser: Browser): QuickBookmarkNotifier {
  return {
    async show(outcome, settings) {
      if (!settings.notifications.enabled) return;
      const { title, message } = describeOutcome(outcome);
      const iconUrl = manifestIconUrl(browser);
      try {
        await browser.notifications.create(NOTIFICATION_ID, { type: 'basic', title, message, ...(iconUrl ? { iconUrl } : {}) });
      } catch (error) {
        // A notification that cannot be shown must not turn a saved bookmark into a failure.
        console.warn('Tidymarks: could not show a notification', error);
      }
    },
  };
}
