/**
 * The toolbar button says whether the page in the tab is bookmarked: its icon, a badge with the number of copies
 * and its tooltip (button-look.ts), set per tab with browser.action, updated when a tab becomes active, when the
 * active tab loads a page and when bookmarks change.
 *
 * Cheap on a tab switch: the page's candidates come from the search index's host map (the bookmarks on the page's
 * host) and are read back from Firefox by id, the lookup the popup's current-page status uses
 * (src/dedup/copies-of-url.ts, safe matching rules); no search over every bookmark. Until the index is fresh (the
 * event page just started), one bookmarks.search by host stands in and the index starts loading.
 *
 * Firefox drops a tab's own button values when the tab loads a page (ExtensionActions.sys.mjs, on a location change
 * that is a navigation) and shows the manifest's defaults: the update after every load puts them back. Listeners are
 * registered while the feature is built, so a tab switch wakes an unloaded event page and still reaches them.
 */
import type { BackgroundDeps } from '../app/feature';
import { findCopies } from '../dedup/copies-of-url';
import { createSafeMatchKeyer } from '../dedup/safe-matching';
import type { LiveIndex } from '../search/live-index';
import { checkBookmarkable } from '../quick-bookmark/bookmarkable';
import { BADGE_COLOR, buttonLook, type ButtonLook, type PageState } from './button-look';

/** Bookmark changes come in bursts (a cleanup, an import, sync): the active tabs are looked at once per burst. */
export const BOOKMARK_CHANGE_DELAY_MS = 100;

export interface ToolbarButtonDeps extends BackgroundDeps {
  /** The search feature's live index: once fresh, its tree names a page's candidates (bookmarkIdsOnHost). */
  live: Pick<LiveIndex, 'isFresh' | 'tree' | 'ready'>;
}

interface TabLike {
  id?: number;
  url?: string;
  active?: boolean;
}

export function createToolbarButtonFeature(deps: ToolbarButtonDeps) {
  const { browser, live } = deps;
  const keyOf = createSafeMatchKeyer();
  const report = (error: unknown) => console.error('Tidymarks toolbar button:', error);
  /** The newest update asked for each tab: an older one that finishes later must not overwrite it. */
  const latest = new Map<number, number>();
  let tickets = 0;
  let refreshTimer: ReturnType<typeof setTimeout> | null = null;
  /** Updates still running (whenIdle waits for them). */
  const running = new Set<Promise<void>>();

  async function pageState(url: string | undefined): Promise<PageState> {
    const check = checkBookmarkable(url);
    if (!check.ok) return { kind: 'unbookmarkable' };
    const mirror = live.isFresh ? live.tree : undefined;
    if (!mirror) live.ready().catch(report);
    const copies = await findCopies(browser, check.url, keyOf, mirror);
    return { kind: 'bookmarkable', copies: copies.length };
  }

  async function apply(tabId: number, look: ButtonLook): Promise<void> {
    try {
      await Promise.all([
        browser.action.setIcon({ tabId, path: look.icon }),
        browser.action.setBadgeText({ tabId, text: look.badge }),
        browser.action.setTitle({ tabId, title: look.title }),
      ]);
    } catch (error) {
      // The tab was closed meanwhile: nothing to show.
      if (!/Invalid tab ID/.test(String((error as Error)?.message ?? error))) throw error;
    }
  }

  /** Looks the tab's page up and shows the result on its button. Resolves once the button shows it. */
  function update(tab: TabLike): Promise<void> {
    const done = show(tab);
    running.add(done);
    const forget = () => void running.delete(done);
    done.then(forget, forget);
    return done;
  }

  async function show(tab: TabLike): Promise<void> {
    if (tab.id === undefined || tab.id === browser.tabs.TAB_ID_NONE) return;
    const tabId = tab.id;
    const ticket = ++tickets;
    latest.set(tabId, ticket);
    try {
      const look = buttonLook(await pageState(tab.url));
      if (latest.get(tabId) === ticket) await apply(tabId, look);
    } finally {
      if (latest.get(tabId) === ticket) latest.delete(tabId);
    }
  }

  /** Updates the active tab of every window. */
  async function updateActiveTabs(): Promise<void> {
    const tabs = await browser.tabs.query({ active: true });
    await Promise.all(tabs.map(update));
  }

  function updateActiveTabsSoon(): void {
    if (refreshTimer) return;
    refreshTimer = setTimeout(() => {
      refreshTimer = null;
      updateActiveTabs().catch(report);
    }, BOOKMARK_CHANGE_DELAY_MS);
  }

  browser.tabs.onActivated.addListener(({ tabId }) => {
    browser.tabs.get(tabId).then(update).catch(report);
  });
  // A new page in the tab (Firefox has dropped the tab's button values), or the same page reloaded.
  browser.tabs.onUpdated.addListener(
    (_tabId, change, tab) => {
      if (tab.active && (change.url !== undefined || change.status === 'complete')) update(tab).catch(report);
    },
    { properties: ['url', 'status'] },
  );
  browser.bookmarks.onCreated.addListener(updateActiveTabsSoon);
  browser.bookmarks.onRemoved.addListener(updateActiveTabsSoon);
  browser.bookmarks.onChanged.addListener((_id, change) => change.url !== undefined && updateActiveTabsSoon());

  // Firefox forgets per-tab values when it restarts; a started event page shows the state again.
  browser.action.setBadgeBackgroundColor({ color: BADGE_COLOR }).catch(report);
  updateActiveTabs().catch(report);

  /** Resolves once no update is running and none is scheduled (tests). */
  async function whenIdle(): Promise<void> {
    while (running.size || refreshTimer) {
      if (running.size) await Promise.allSettled([...running]);
      else await new Promise((r) => setTimeout(r, BOOKMARK_CHANGE_DELAY_MS));
    }
  }

  return { update, updateActiveTabs, whenIdle };
}
