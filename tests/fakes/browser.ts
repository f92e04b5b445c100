/**
 * The in-memory browser.* every unit test runs against. `browser` is typed as the real `Browser`; `control` drives
 * what the user or Firefox would do (messages from pages, commands, menu clicks, installs, event-page unloads).
 *
 *   const { browser, control } = createFakeBrowser({ now: () => clock });
 *
 * Bookmarks and history behave as in Firefox ESR; tests/contract keeps them honest against the real thing.
 */
import type { Browser } from '../../src/platform/browser';
import type { Transport } from '../../src/app-protocol/client';
import type { PortLike } from '../../src/messaging/router';
import { createFakeAction } from './action';
import { createFakeBookmarks } from './bookmarks';
import { createFakeCommands } from './commands';
import { EventHub } from './events';
import { createFakeHistory } from './history';
import { createGuidGenerator } from './ids';
import { createFakeMenus, type MenuClickInfo } from './menus';
import { createFakeNotifications } from './notifications';
import { createFakeAlarms } from './alarms';
import { createFakeRuntime, type FakePort, type FakeSender } from './runtime';
import { localizedManifest } from './manifest';
import { createFakeStorage } from './storage';
import { createFakeTabs, type FakeTab } from './tabs';

export interface FakeBrowserOptions {
  /** Wall clock in ms (defaults to Date.now). */
  now?: () => number;
  extensionId?: string;
  /** moz-extension://<uuid>/ (with the trailing slash). */
  extensionOrigin?: string;
  /** Seed of the GUID generator (ids are deterministic per seed). */
  seed?: number;
}

export const FAKE_EXTENSION_ID = 'tidymarks@tidymarks.dev';
export const FAKE_EXTENSION_ORIGIN = 'moz-extension://00000000-0000-4000-8000-000000000000/';

export function createFakeBrowser(options: FakeBrowserOptions = {}) {
  const now = options.now ?? (() => Date.now());
  const extensionId = options.extensionId ?? FAKE_EXTENSION_ID;
  const extensionOrigin = options.extensionOrigin ?? FAKE_EXTENSION_ORIGIN;
  const hub = new EventHub();
  const newGuid = createGuidGenerator(options.seed);

  const bookmarks = createFakeBookmarks({ hub, now, newGuid });
  const history = createFakeHistory({ hub, now, newGuid });
  const runtime = createFakeRuntime({ hub, extensionId, extensionOrigin });
  const storage = createFakeStorage(hub);
  // The action fake learns of navigations before the tab events reach the extension, as in Firefox.
  let action: ReturnType<typeof createFakeAction> | undefined;
  const tabs = createFakeTabs(hub, {
    navigated: (tabId) => action?.control.tabNavigated(tabId),
    closed: (tabId) => action?.control.tabClosed(tabId),
  });
  const manifestAction = (localizedManifest() as { action?: { default_title?: string; default_icon?: Record<string, string> } }).action;
  action = createFakeAction({
    tabExists: (tabId) => tabs.control.tabs().some((t) => t.id === tabId),
    defaults: { title: manifestAction?.default_title ?? '', icon: manifestAction?.default_icon ?? {} },
  });
  const commands = createFakeCommands(hub, tabs.control.activeTab);
  const notifications = createFakeNotifications(hub);
  const menus = createFakeMenus(hub, runtime.control);
  const alarms = createFakeAlarms(hub, now);

  const fake = {
    bookmarks: bookmarks.api,
    history: history.api,
    runtime: runtime.api,
    storage: storage.api,
    tabs: tabs.api,
    action: action.api,
    commands: commands.api,
    notifications: notifications.api,
    menus: menus.api,
    contextMenus: menus.api,
    alarms: alarms.api,
  };
  const browser = fake as unknown as Browser;

  const transport: Transport = {
    sendMessage: (message) => runtime.control.sendMessage(message),
    connect: (name) => runtime.control.connect(name) as unknown as PortLike,
  };

  const control = {
    extensionId,
    extensionOrigin,
    /** A page sends a message to the background's runtime.onMessage (default sender: our popup page). */
    sendMessage: (message: unknown, sender?: FakeSender) => runtime.control.sendMessage(message, sender),
    /** A page opens a port to the background; returns the page-side port. */
    connect: (name: string, sender?: FakeSender): FakePort => runtime.control.connect(name, sender),
    /** For createClient(transport): page-side code talking to the background through the real router. */
    transport,
    /** Fires runtime.onInstalled. */
    install: runtime.control.install,
    /** Fires runtime.onStartup. */
    startup: runtime.control.startup,
    /**
     * An extension page's own runtime (popup, options): its sendMessage and connect reach the background, its onMessage
     * listeners get what the background sends with runtime.sendMessage, and may answer.
     */
    pageRuntime: {
      id: extensionId,
      sendMessage: (message: unknown) => runtime.control.sendMessage(message),
      connect: ({ name }: { name: string }): FakePort => runtime.control.connect(name),
      onMessage: runtime.control.pageOnMessage,
    },
    /** Pages the background opened (runtime.openOptionsPage). */
    openedPages: runtime.control.openedPages,
    /** Makes this page the active tab (the one commands and tabs.query({active: true}) see). */
    setActiveTab: (page: { url: string; title?: string }): FakeTab => tabs.control.setActiveTab(page),
    /** Opens another tab. */
    openTab: tabs.control.openTab,
    /** All open tabs. */
    tabs: tabs.control.tabs,
    /** Loads another page in a tab; reloads a tab. */
    navigate: tabs.control.navigate,
    reload: tabs.control.reload,
    /** The icon the toolbar button shows for a tab (the API has no getIcon). */
    actionIconOf: (tabId: number) => action!.control.iconOf(tabId),
    /** The user presses a command's shortcut: fires commands.onCommand(name, activeTab). */
    triggerCommand: commands.control.triggerCommand,
    /** The user clicks a context-menu item: fires menus.onClicked(info, tab). */
    clickMenu: (info: MenuClickInfo, tab?: FakeTab) => menus.control.clickMenu(info, tab),
    /** Menu items created so far. */
    get menuItems() {
      return menus.control.menuItems;
    },
    /** Notifications on screen now. */
    get notifications() {
      return notifications.control.notifications;
    },
    clickNotification: notifications.control.clickNotification,
    closeNotification: notifications.control.closeNotification,
    /** The alarms set now; `fireAlarm(name)` fires one as its timer would; `dropAlarms()`: Firefox quit (alarms are not kept). */
    get alarms() {
      return alarms.control.alarms;
    },
    fireAlarm: alarms.control.fire,
    dropAlarms: alarms.control.dropAll,
    /** Errors thrown by listeners (Firefox would log them). */
    listenerErrors: hub.listenerErrors,
    /** The event page unloads: all background listeners are dropped and its ports close; stored state stays. */
    unload(): void {
      runtime.control.closeBackgroundPorts();
      hub.clearAll();
    },
    /**
     * Sees every browser.bookmarks call as it is made (see tests/fakes/bookmarks.ts): tests interleave another
     * writer's changes (the user, sync) with the calls of the code under test. Returns a function that stops it.
     */
    observeBookmarkCalls: bookmarks.observeCalls,
    /** Firefox Sync applies an incoming bookmark with its own GUID (onCreated fires); extensions cannot do this. */
    syncInsert: bookmarks.insertWithId,
    /** Raw storage.local contents (no clone), for assertions. */
    storageLocal: storage.local.data,
  };

  return { browser, control };
}

export type FakeBrowser = ReturnType<typeof createFakeBrowser>;
export type FakeControl = FakeBrowser['control'];
