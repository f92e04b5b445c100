/**
 * The toolbar button says whether the page in the tab is bookmarked: its icon, a badge with the number of copies
 * and its tooltip (button-look.ts), set per tab with browser.action.
 *
 * Every tab's button is kept current, not only the active one's: a page loaded in any tab, and every burst of
 * bookmark changes, updates the tabs it concerns. Firefox shows a tab's own values the moment the tab is selected,
 * so a tab switch normally has nothing left to do (measured: action.state.firefox.10k.tabSwitchMs). Looking a tab up
 * right after the switch was slow because Firefox is busy switching: tabs.get alone took 7-19 ms there, against 1.5
 * ms when idle.
 *
 * Cheap: once the search index is fresh, a page's copies are counted in its tree among the bookmarks its host map
 * names for the page's host, with the safe matching rules (src/url-matching/safe-matching.ts), without a call to Firefox;
 * values are sent to Firefox only when they change. Until the index is fresh (the event page just started), only the
 * active tabs are looked up, with the quick bookmark's lookup (src/url-matching/copies-of-url.ts: one bookmarks.search by
 * host), the index starts loading and every tab follows once it is fresh.
 *
 * Firefox drops a tab's own button values when the tab loads a page (ExtensionActions.sys.mjs, on a location change
 * that is a navigation) and shows the manifest's defaults: the update after every load puts them back. The values
 * outlive an unloaded event page but not a Firefox restart: runtime.onStartup (and onInstalled) looks at every tab.
 * Listeners are registered while the feature is built, so tab and bookmark events wake an unloaded event page.
 */
import type { BackgroundDeps } from '../feature-contract';
import { bookmarkEventsOf, type BookmarkEvent } from '../platform/bookmark-events';
import { createIdleTracker } from '../platform/idle';
import { kindOf } from '../platform/tree';
import { candidateSearchWord, findCopies } from '../url-matching';
import { createSafeMatchKeyer } from '../url-matching';
import type { LiveIndex } from '../search';
import { checkBookmarkable } from '../quick-bookmark';
import type { HandlersOf } from '../messaging/define';
import { BADGE_COLOR, buttonLook, type ButtonLook, type PageState } from './button-look';
import type { ButtonTimings, toolbarButtonProtocol, toolbarButtonTestProtocol } from './protocol';

/** How many tab selections and button updates the test-only timings keep (bench/toolbar-button.bench.ts). */
const TIMINGS_KEPT = 20;

export interface ToolbarButtonDeps extends BackgroundDeps {
  /** The search feature's live index: once fresh, its tree names a page's candidates (bookmarkIdsOnHost). */
  live: Pick<LiveIndex, 'isFresh' | 'tree' | 'ready' | 'whenFresh'>;
  /**
   * Whether copies that arrived wait for the person's choice (the copy guard, built after this feature: called once
   * a button is first shown, then `arrivalsChanged` tells). Absent: never.
   */
  arrivalsWaiting?: () => Promise<boolean>;
}

interface TabLike {
  id?: number;
  url?: string;
  active?: boolean;
}

/** What a tab's button shows, as far as this event page has set it. */
interface Shown {
  url: string;
  look: ButtonLook;
  /** The bookmark generation it was computed at: bookmark changes since make it stale. */
  generation: number;
}

export function createToolbarButtonFeature(deps: ToolbarButtonDeps) {
  const { browser, live } = deps;
  const keyOf = createSafeMatchKeyer();
  const report = (error: unknown) => console.error('Tidymarks toolbar button:', error);
  /** The newest update asked for each tab: an older one that finishes later must not overwrite it. */
  const latest = new Map<number, number>();
  let tickets = 0;
  /** Tab id -> the URL it shows, from tab events (spares a tabs.get right after a switch). */
  const urls = new Map<number, string>();
  /** `urls` holds every tab: all tabs were looked at once, and tab events have kept it current since. */
  let allTabsKnown = false;
  const shown = new Map<number, Shown>();
  /** Counts bookmark changes. */
  let generation = 0;
  let allTabsWhenFresh = false;
  /** Updates running or scheduled (whenIdle waits for them). */
  const updates = createIdleTracker();
  const timings: ButtonTimings = { selected: [], shown: [] };
  /** Whether copies that arrived wait for a choice: read once, then told by arrivalsChanged. */
  let arrivalsWaiting: Promise<boolean> | null = null;
  const waitingNow = () => (arrivalsWaiting ??= (deps.arrivalsWaiting?.() ?? Promise.resolve(false)).catch((error: unknown) => (report(error), false)));
  /** Test builds: while held, no button is touched (the action contract cases in Firefox read Firefox's own values). */
  let held = false;
  const note = (list: { tabId: number; at: number }[], tabId: number) => {
    list.push({ tabId, at: performance.timeOrigin + performance.now() });
    if (list.length > TIMINGS_KEPT) list.shift();
  };

  const keyOrNull = (url: string) => {
    try {
      return keyOf(url);
    } catch {
      return null;
    }
  };

  /**
   * The copies the fresh index's tree knows, counted without asking Firefox, or undefined when it cannot tell
   * (not fresh, or a URL the rules compare exactly). The tree learns of a change from Firefox's event a moment
   * after it; the same event makes this feature look at the tabs again, so a count is never left behind.
   */
  function copiesInIndex(url: string): number | undefined {
    const word = candidateSearchWord(url);
    if (!live.isFresh || word === undefined) return undefined;
    const key = keyOrNull(url) ?? url;
    let copies = 0;
    for (const id of live.tree.bookmarkIdsOnHost(word)) {
      const node = live.tree.get(id);
      if (node?.url !== undefined && (node.url === url || keyOrNull(node.url) === key)) copies++;
    }
    return copies;
  }

  async function pageState(url: string | undefined): Promise<PageState> {
    const check = checkBookmarkable(url);
    if (!check.ok) return { kind: 'unbookmarkable' };
    const known = copiesInIndex(check.url);
    if (known !== undefined) return { kind: 'bookmarkable', copies: known };
    if (!live.isFresh) live.ready().catch(report);
    const copies = await findCopies(browser, check.url, keyOf);
    return { kind: 'bookmarkable', copies: copies.length };
  }

  /** Sends Firefox the values that differ from `before` (all of them when Firefox may have dropped the tab's). */
  async function apply(tabId: number, look: ButtonLook, before: ButtonLook | undefined): Promise<boolean> {
    const calls: Promise<void>[] = [];
    if (!before || JSON.stringify(before.icon) !== JSON.stringify(look.icon)) calls.push(browser.action.setIcon({ tabId, path: look.icon }));
    if (!before || before.badge !== look.badge) calls.push(browser.action.setBadgeText({ tabId, text: look.badge }));
    if (!before || before.badgeColor !== look.badgeColor) calls.push(browser.action.setBadgeBackgroundColor({ tabId, color: look.badgeColor }));
    if (!before || before.title !== look.title) calls.push(browser.action.setTitle({ tabId, title: look.title }));
    try {
      await Promise.all(calls);
      return true;
    } catch (error) {
      // The tab was closed meanwhile: nothing to show.
      if (/Invalid tab ID/.test(String((error as Error)?.message ?? error))) return false;
      throw error;
    }
  }

  /** Looks the tab's page up and shows the result on its button (if it changed). Resolves once it shows it. */
  function update(tab: TabLike): Promise<void> {
    return updates.track(show(tab));
  }

  async function show(tab: TabLike): Promise<void> {
    if (held || tab.id === undefined || tab.id === browser.tabs.TAB_ID_NONE || tab.url === undefined) return;
    const tabId = tab.id;
    const url = tab.url;
    const ticket = ++tickets;
    const seen = generation;
    latest.set(tabId, ticket);
    try {
      const [page, waiting] = await Promise.all([pageState(url), waitingNow()]);
      const look = buttonLook(page, waiting);
      if (latest.get(tabId) !== ticket || held) return;
      const before = shown.get(tabId);
      const same = before?.url === url;
      if (same && JSON.stringify(before.look) === JSON.stringify(look)) {
        shown.set(tabId, { ...before, generation: seen });
        return;
      }
      if (await apply(tabId, look, same ? before.look : undefined)) {
        shown.set(tabId, { url, look, generation: seen });
        note(timings.shown, tabId);
      }
    } finally {
      if (latest.get(tabId) === ticket) latest.delete(tabId);
    }
  }

  /** Updates every tab (or only the active ones while the index is not fresh: a Firefox search each). */
  function updateTabs(scope: 'all' | 'active'): Promise<void> {
    return updates.track(lookAtTabs(scope));
  }

  async function lookAtTabs(scope: 'all' | 'active'): Promise<void> {
    const onlyActive = scope === 'active' || !live.isFresh;
    if (scope === 'all' && onlyActive && !allTabsWhenFresh) {
      allTabsWhenFresh = true;
      // Not tracked by whenIdle: it waits for the index's rebuild, which may never come (a failed rebuild).
      live
        .whenFresh()
        .then(() => {
          allTabsWhenFresh = false;
          return updateTabs('all');
        })
        .catch(report);
    }
    const tabs = await browser.tabs.query(onlyActive ? { active: true } : {});
    for (const tab of tabs) if (tab.id !== undefined && tab.url !== undefined) urls.set(tab.id, tab.url);
    if (!onlyActive) allTabsKnown = true;
    await Promise.all(tabs.map(update));
  }

  /** A change that can alter what a button shows (not a move or a rename). */
  const concernsButtons = (event: BookmarkEvent) => event.kind === 'created' || event.kind === 'removed' || (event.kind === 'changed' && event.url !== undefined);

  /**
   * Whether a batch can change some tab's button: a bookmark made or removed on the host of a page a tab shows (its
   * copies are counted among the bookmarks on that host), a removed folder (its contents are not in the event), an
   * address changed (the old one is not in the event). A burst elsewhere (Sync, another extension, a cleanup of other
   * pages) costs no look at the tabs. While not every tab is known, every batch that concerns buttons counts.
   */
  function concernsTabs(batch: readonly BookmarkEvent[]): boolean {
    if (!batch.some(concernsButtons)) return false;
    if (!allTabsKnown) return true;
    const hosts = new Set<string | undefined>();
    for (const url of urls.values()) hosts.add(candidateSearchWord(url));
    return batch.some((event) => {
      if (event.kind === 'changed') return event.url !== undefined;
      if (event.kind === 'moved') return false;
      const node = event.node;
      if (!node) return true;
      const kind = kindOf(node);
      if (kind === 'separator') return false;
      if (kind === 'folder') return event.kind === 'removed' || !!node.children?.length;
      const word = node.url === undefined ? undefined : candidateSearchWord(node.url);
      return word === undefined || hosts.has(word);
    });
  }

  /** A tab was selected: its button is normally current already; look it up when this page cannot tell. */
  function onSelected(tabId: number): void {
    note(timings.selected, tabId);
    const url = urls.get(tabId);
    const current = shown.get(tabId);
    if (url !== undefined && current?.url === url && current.generation === generation) return;
    (url === undefined ? browser.tabs.get(tabId) : Promise.resolve({ id: tabId, url })).then(update).catch(report);
  }

  browser.tabs.onActivated.addListener(({ tabId }) => onSelected(tabId));
  browser.tabs.onCreated.addListener((tab) => {
    if (tab.id === undefined || tab.url === undefined) return;
    urls.set(tab.id, tab.url);
    if (tab.active || live.isFresh) update(tab).catch(report);
  });
  // A new page in the tab (Firefox has dropped the tab's button values), or the same page reloaded.
  browser.tabs.onUpdated.addListener(
    (tabId, change, tab) => {
      if (change.url === undefined && change.status !== 'complete') return;
      if (tab.url !== undefined) urls.set(tabId, tab.url);
      shown.delete(tabId);
      if (tab.active || live.isFresh) update(tab).catch(report);
    },
    { properties: ['url', 'status'] },
  );
  browser.tabs.onRemoved.addListener((tabId) => {
    urls.delete(tabId);
    shown.delete(tabId);
  });
  // Bookmark changes come in bursts (a cleanup, an import, Sync): every change makes the shown states stale at once
  // (a tab switch then looks its page up), and the tabs are looked at once per batch of events
  // (src/platform/bookmark-events.ts: 100 ms after the last change of a burst, at most 1 s after its first, or at
  // the end of our own bulk work).
  const events = bookmarkEventsOf(deps);
  events.each((event) => {
    if (concernsButtons(event)) generation++;
  });
  events.batched((batch) => {
    if (concernsTabs(batch)) updateTabs('all').catch(report);
  });
  // Firefox forgets per-tab values when it restarts (an unloaded event page keeps them).
  const everyTab = () => void updateTabs('all').catch(report);
  browser.runtime.onStartup.addListener(everyTab);
  browser.runtime.onInstalled.addListener(everyTab);
  browser.action.setBadgeBackgroundColor({ color: BADGE_COLOR }).catch(report);

  const handlers: HandlersOf<typeof toolbarButtonProtocol> = {};
  const testHandlers: HandlersOf<ReturnType<typeof toolbarButtonTestProtocol>> | undefined =
    __TIDYMARKS_TEST_BUILD__ && deps.testBuild
      ? {
          'test.toolbarButton.timings': async () => structuredClone(timings),
          'test.toolbarButton.hold': async ({ held: hold }) => {
            held = hold;
            if (!held) await updateTabs('all');
          },
        }
      : undefined;

  return {
    update,
    updateTabs,
    /** Copies that arrived now wait for a choice, or no longer do: every tab's badge says so. */
    arrivalsChanged: (waiting: boolean): Promise<void> => {
      arrivalsWaiting = Promise.resolve(waiting);
      return updateTabs('all');
    },
    /** Resolves once no update is running and none is scheduled (tests): the waiting bookmark events first. */
    whenIdle: async () => {
      events.flush();
      await updates.whenIdle();
    },
    handlers,
    testHandlers,
  };
}
