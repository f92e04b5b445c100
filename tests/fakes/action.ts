/**
 * browser.action (the toolbar button) in memory, as Firefox behaves (tests/contract: the action cases): title,
 * icon, badge text and badge colour are kept globally and per tab; a tab's own value wins for that tab, get* without
 * a tab (or for a tab with no own value) gives the global one; a tab's own values are dropped when it navigates
 * (Firefox clears them on a location change that loads a page, not on a same-document change); calls for a tab that
 * does not exist reject with "Invalid tab ID: N". getUserSettings reports the button on the toolbar (the manifest's
 * default_area is "navbar"). control.iconOf(tabId) reads the icon shown for a tab, which the real API cannot.
 */

type IconPath = string | Record<string, string>;

interface ActionValues {
  title?: string;
  icon?: IconPath;
  badgeText?: string;
  badgeBackgroundColor?: string | number[];
}

export function createFakeAction(options: { tabExists(tabId: number): boolean; defaults: { title: string; icon: IconPath } }) {
  const global: Required<Pick<ActionValues, 'title' | 'icon' | 'badgeText'>> & ActionValues = {
    title: options.defaults.title,
    icon: options.defaults.icon,
    badgeText: '',
    badgeBackgroundColor: [0xd9, 0, 0, 255],
  };
  const perTab = new Map<number, ActionValues>();

  const target = (details: { tabId?: number; windowId?: number } | undefined): ActionValues => {
    if (details?.tabId === undefined) return global;
    if (!options.tabExists(details.tabId)) throw new Error(`Invalid tab ID: ${details.tabId}`);
    let values = perTab.get(details.tabId);
    if (!values) perTab.set(details.tabId, (values = {}));
    return values;
  };
  const read = <K extends keyof ActionValues>(details: { tabId?: number } | undefined, key: K): ActionValues[K] => {
    if (details?.tabId !== undefined && !options.tabExists(details.tabId)) throw new Error(`Invalid tab ID: ${details.tabId}`);
    const own = details?.tabId === undefined ? undefined : perTab.get(details.tabId)?.[key];
    return own ?? global[key];
  };
  // Like Firefox, a null value removes a tab's own value (the global one shows again).
  const write = <K extends keyof ActionValues>(details: { tabId?: number }, key: K, value: ActionValues[K] | null) => {
    const values = target(details);
    if (value === null) delete values[key];
    else values[key] = value;
  };

  const api = {
    async setTitle(details: { title: string | null; tabId?: number }): Promise<void> {
      write(details, 'title', details.title);
    },
    async getTitle(details: { tabId?: number } = {}): Promise<string> {
      return read(details, 'title')!;
    },
    async setIcon(details: { path?: IconPath; imageData?: unknown; tabId?: number }): Promise<void> {
      if (details.path === undefined) throw new Error('The fake action supports setIcon with path only');
      write(details, 'icon', details.path);
    },
    async setBadgeText(details: { text: string | null; tabId?: number }): Promise<void> {
      write(details, 'badgeText', details.text);
    },
    async getBadgeText(details: { tabId?: number } = {}): Promise<string> {
      return read(details, 'badgeText')!;
    },
    async setBadgeBackgroundColor(details: { color: string | number[] | null; tabId?: number }): Promise<void> {
      write(details, 'badgeBackgroundColor', details.color);
    },
    async getUserSettings(): Promise<{ isOnToolbar: boolean }> {
      return { isOnToolbar: true };
    },
  };

  const control = {
    /** The icon the button shows for this tab (its own, else the global one). */
    iconOf: (tabId: number): IconPath => structuredClone(read({ tabId }, 'icon')!),
    /** Firefox drops a tab's own values when the tab loads another page (or reloads). */
    tabNavigated(tabId: number): void {
      perTab.delete(tabId);
    },
    tabClosed(tabId: number): void {
      perTab.delete(tabId);
    },
  };

  return { api, control };
}
