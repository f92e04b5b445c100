/**
 * browser.tabs in memory: one normal window (id 1) with tabs; query by active/currentWindow/lastFocusedWindow/
 * windowId/url (match patterns)/title/status; get, create, update, remove with onCreated/onUpdated/onActivated/
 * onRemoved. Tests set the page the user is on with control.setActiveTab, load another page in a tab with
 * control.navigate and reload one with control.reload. `hooks` let other fakes see what Firefox handles before the
 * events reach the extension (the action fake drops a tab's own button values on navigation).
 */
import type { EventHub } from './events';

export interface FakeTab {
  id: number;
  index: number;
  windowId: number;
  active: boolean;
  highlighted: boolean;
  pinned: boolean;
  incognito: boolean;
  discarded: boolean;
  status: 'loading' | 'complete';
  url: string;
  title: string;
  favIconUrl?: string;
}

export interface TabQuery {
  active?: boolean;
  currentWindow?: boolean;
  lastFocusedWindow?: boolean;
  windowId?: number;
  url?: string | string[];
  title?: string;
  status?: 'loading' | 'complete';
  pinned?: boolean;
}

const WINDOW_ID = 1;

/** Matches a WebExtension match pattern such as "*://*.example.com/*" or "<all_urls>". */
export function matchesPattern(pattern: string, url: string): boolean {
  if (pattern === '<all_urls>') return /^(https?|wss?|ftp|file|data|moz-extension):/.test(url);
  const m = /^(\*|[a-z][a-z0-9+.-]*):\/\/(\*|\*\.[^/*]+|[^/*]*)(\/.*)$/.exec(pattern);
  if (!m) throw new Error(`Invalid url pattern: ${pattern}`);
  const [, scheme, host, path] = m;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const urlScheme = parsed.protocol.slice(0, -1);
  if (scheme === '*' ? !['http', 'https', 'ws', 'wss'].includes(urlScheme) : scheme !== urlScheme) return false;
  if (host !== '*') {
    if (host.startsWith('*.')) {
      const base = host.slice(2);
      if (parsed.hostname !== base && !parsed.hostname.endsWith(`.${base}`)) return false;
    } else if (parsed.hostname !== host) return false;
  }
  const pathRegex = new RegExp(
    `^${path
      .split('*')
      .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
  return pathRegex.test(parsed.pathname + parsed.search);
}

function titleMatches(pattern: string, title: string): boolean {
  const regex = new RegExp(
    `^${pattern
      .split('*')
      .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
  return regex.test(title);
}

export interface TabHooks {
  /** A page load starts in the tab (navigation or reload), before onUpdated fires. */
  navigated?(tabId: number): void;
  closed?(tabId: number): void;
}

export function createFakeTabs(hub: EventHub, hooks: TabHooks = {}) {
  const tabs: FakeTab[] = [];
  let nextId = 1;
  const events = {
    onCreated: hub.event<(tab: FakeTab) => void>(),
    onUpdated: hub.event<(tabId: number, changeInfo: Partial<FakeTab>, tab: FakeTab) => void>(),
    onActivated: hub.event<(info: { tabId: number; previousTabId?: number; windowId: number }) => void>(),
    onRemoved: hub.event<(tabId: number, info: { windowId: number; isWindowClosing: boolean }) => void>(),
  };

  const reindex = () => tabs.forEach((t, i) => (t.index = i));
  const navigateTab = (tab: FakeTab, page: { url: string; title?: string }) => {
    const change: Partial<FakeTab> = {};
    if (tab.url !== page.url) {
      hooks.navigated?.(tab.id);
      tab.url = change.url = page.url;
    }
    const title = page.title ?? page.url;
    if (tab.title !== title) tab.title = change.title = title;
    if (Object.keys(change).length > 0) events.onUpdated.emit(tab.id, change, tab);
  };
  const mustFind = (tabId: number): FakeTab => {
    const tab = tabs.find((t) => t.id === tabId);
    if (!tab) throw new Error(`Invalid tab ID: ${tabId}`);
    return tab;
  };
  const activate = (tab: FakeTab) => {
    const previous = tabs.find((t) => t.active);
    if (previous === tab) return;
    for (const t of tabs) t.active = t.highlighted = t === tab;
    const info: { tabId: number; previousTabId?: number; windowId: number } = { tabId: tab.id, windowId: WINDOW_ID };
    if (previous) info.previousTabId = previous.id;
    events.onActivated.emit(info);
  };

  function open(props: { url?: string; title?: string; active?: boolean; index?: number; pinned?: boolean }): FakeTab {
    const tab: FakeTab = {
      id: nextId++,
      index: 0,
      windowId: WINDOW_ID,
      active: false,
      highlighted: false,
      pinned: props.pinned ?? false,
      incognito: false,
      discarded: false,
      status: 'complete',
      url: props.url ?? 'about:newtab',
      title: props.title ?? props.url ?? 'New Tab',
    };
    tabs.splice(props.index === undefined ? tabs.length : Math.min(props.index, tabs.length), 0, tab);
    reindex();
    events.onCreated.emit(tab);
    if (props.active ?? true) activate(tab);
    return tab;
  }

  const api = {
    ...events,
    TAB_ID_NONE: -1,
    async query(query: TabQuery = {}): Promise<FakeTab[]> {
      const patterns = query.url === undefined ? undefined : typeof query.url === 'string' ? [query.url] : query.url;
      return structuredClone(
        tabs.filter(
          (t) =>
            (query.active === undefined || t.active === query.active) &&
            (query.windowId === undefined || t.windowId === query.windowId) &&
            (query.status === undefined || t.status === query.status) &&
            (query.pinned === undefined || t.pinned === query.pinned) &&
            (query.title === undefined || titleMatches(query.title, t.title)) &&
            (patterns === undefined || patterns.some((p) => matchesPattern(p, t.url))),
        ),
      );
    },
    async get(tabId: number): Promise<FakeTab> {
      return structuredClone(mustFind(tabId));
    },
    async create(props: { url?: string; active?: boolean; index?: number; pinned?: boolean } = {}): Promise<FakeTab> {
      return structuredClone(open(props));
    },
    async update(
      tabIdOrProps?: number | { url?: string; active?: boolean; pinned?: boolean },
      maybeProps?: { url?: string; active?: boolean; pinned?: boolean },
    ): Promise<FakeTab> {
      const [tab, props] =
        typeof tabIdOrProps === 'number' ? [mustFind(tabIdOrProps), maybeProps ?? {}] : [tabs.find((t) => t.active) ?? fail('No active tab'), tabIdOrProps ?? {}];
      const change: Partial<FakeTab> = {};
      if (props.url !== undefined && props.url !== tab.url) {
        hooks.navigated?.(tab.id);
        tab.url = change.url = props.url;
      }
      if (props.pinned !== undefined && props.pinned !== tab.pinned) tab.pinned = change.pinned = props.pinned;
      if (Object.keys(change).length > 0) events.onUpdated.emit(tab.id, change, tab);
      if (props.active) activate(tab);
      return structuredClone(tab);
    },
    async remove(tabIds: number | number[]): Promise<void> {
      for (const id of typeof tabIds === 'number' ? [tabIds] : tabIds) {
        const tab = mustFind(id);
        tabs.splice(tabs.indexOf(tab), 1);
        reindex();
        hooks.closed?.(id);
        events.onRemoved.emit(id, { windowId: WINDOW_ID, isWindowClosing: false });
        if (tab.active && tabs.length > 0) activate(tabs[Math.min(tab.index, tabs.length - 1)]);
      }
    },
  };

  const control = {
    /** Makes a tab with this page the active one (re-using the active tab: it navigates). */
    setActiveTab(page: { url: string; title?: string }): FakeTab {
      const active = tabs.find((t) => t.active);
      if (!active) return structuredClone(open({ ...page, active: true }));
      navigateTab(active, page);
      return structuredClone(active);
    },
    /** Loads another page in a tab (a link followed, an address typed): onUpdated with the new url and title. */
    navigate(tabId: number, page: { url: string; title?: string }): FakeTab {
      const tab = mustFind(tabId);
      navigateTab(tab, page);
      return structuredClone(tab);
    },
    /** Reloads a tab: onUpdated {status: 'loading'}, then {status: 'complete'}; the url stays. */
    reload(tabId: number): void {
      const tab = mustFind(tabId);
      hooks.navigated?.(tab.id);
      tab.status = 'loading';
      events.onUpdated.emit(tab.id, { status: 'loading' }, tab);
      tab.status = 'complete';
      events.onUpdated.emit(tab.id, { status: 'complete' }, tab);
    },
    activeTab(): FakeTab | undefined {
      const tab = tabs.find((t) => t.active);
      return tab && structuredClone(tab);
    },
    openTab: (props: { url: string; title?: string; active?: boolean }) => structuredClone(open(props)),
    tabs: (): FakeTab[] => structuredClone(tabs),
  };

  return { api, control };
}

function fail(message: string): never {
  throw new Error(message);
}
