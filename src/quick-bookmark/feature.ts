/**
 * The quick-bookmark feature in the background: the `quick-bookmark` keyboard command and the two context-menu
 * items, all running one action (quick-bookmarker.ts). Its listeners are registered synchronously while the
 * feature is built, so a key press or a menu click wakes an unloaded event page and still reaches them.
 */
import type { BackgroundDeps } from '../feature-contract';
import type { HandlersOf } from '../messaging/define';
import { createIdleTracker } from '../platform/idle';
import { createSafeMatchKeyer } from '../url-matching';
import type { Settings } from '../settings';
import { createMenus, pageFromMenuClick, type MenuClick, type TabLike } from './menus';
import { createNotifier } from './notifier';
import type { QuickBookmarkOutcome } from './outcome';
import type { quickBookmarkProtocol, quickBookmarkTestProtocol } from './protocol';
import { createQuickBookmarker, type QuickBookmarkerDeps } from './quick-bookmarker';

export const QUICK_BOOKMARK_COMMAND = 'quick-bookmark';

export interface QuickBookmarkFeatureDeps extends BackgroundDeps {
  getSettings(): Promise<Settings>;
  saveBookmark: QuickBookmarkerDeps['saveBookmark'];
}

export function createQuickBookmarkFeature(deps: QuickBookmarkFeatureDeps) {
  const { browser } = deps;
  const bookmarker = createQuickBookmarker({
    browser,
    getSettings: deps.getSettings,
    urlKey: createSafeMatchKeyer(),
    saveBookmark: deps.saveBookmark,
    notifier: createNotifier(browser),
  });

  /** What a key press does; `tab` is the tab Firefox passes with the event (Firefox 126+). */
  async function handleCommand(name: string, tab: TabLike | undefined): Promise<QuickBookmarkOutcome | null> {
    if (name !== QUICK_BOOKMARK_COMMAND) return null;
    const target = tab ?? (await browser.tabs.query({ active: true, lastFocusedWindow: true }))[0];
    return bookmarker.bookmarkPage({ url: target?.url, title: target?.title });
  }

  /** What a click on one of our menu items does. */
  async function handleMenuClick(info: MenuClick, tab: TabLike | undefined): Promise<QuickBookmarkOutcome | null> {
    const page = pageFromMenuClick(info, tab);
    return page ? bookmarker.bookmarkPage(page) : null;
  }

  const report = (error: unknown) => console.error('Tidymarks quick bookmark:', error);
  /** What the listeners started (whenIdle waits for it). */
  const work = createIdleTracker();
  browser.commands.onCommand.addListener((name, tab) => void work.track(handleCommand(name, tab)).catch(report));
  browser.menus.onClicked.addListener((info, tab) => void work.track(handleMenuClick(info, tab)).catch(report));
  browser.runtime.onInstalled.addListener(() => void work.track(createMenus(browser)).catch(report));

  const handlers: HandlersOf<typeof quickBookmarkProtocol> = {};
  const testHandlers: HandlersOf<ReturnType<typeof quickBookmarkTestProtocol>> | undefined =
    __TIDYMARKS_TEST_BUILD__ && deps.testBuild
      ? {
          'test.quickBookmark.trigger': async (input) => {
            const tab = input.tabId === undefined ? undefined : await browser.tabs.get(input.tabId);
            if (input.source === 'command') return handleCommand(input.command, tab);
            const info: MenuClick = { menuItemId: input.menuItemId };
            if (input.linkUrl !== undefined) info.linkUrl = input.linkUrl;
            if (input.linkText !== undefined) info.linkText = input.linkText;
            if (input.pageUrl !== undefined) info.pageUrl = input.pageUrl;
            return handleMenuClick(info, tab);
          },
        }
      : undefined;

  return { handlers, testHandlers, handleCommand, handleMenuClick, whenIdle: work.whenIdle };
}
