/**
 * browser.menus (alias contextMenus) in memory, as Firefox behaves (measured): create returns the id at once and
 * reports a duplicate id or a missing parent through runtime.lastError in its callback (without a callback the
 * error is only logged: here it lands in control.listenerErrors); an event page must give ids. remove/update of
 * an unknown id reject. control.clickMenu fires onClicked(info, tab) for an existing item.
 */
import type { EventHub } from './events';
import type { FakeTab } from './tabs';

export interface MenuItem {
  id: string;
  title?: string;
  contexts?: string[];
  parentId?: string | number;
  type?: 'normal' | 'checkbox' | 'radio' | 'separator';
  enabled?: boolean;
  visible?: boolean;
  documentUrlPatterns?: string[];
  targetUrlPatterns?: string[];
  checked?: boolean;
  icons?: Record<string, string>;
  command?: string;
}

export interface MenuClickInfo {
  menuItemId: string | number;
  parentMenuItemId?: string | number;
  pageUrl?: string;
  linkUrl?: string;
  linkText?: string;
  selectionText?: string;
  srcUrl?: string;
  frameUrl?: string;
  bookmarkId?: string;
  editable?: boolean;
  modifiers?: string[];
  button?: number;
  viewType?: string;
}

export interface LastErrorSlot {
  /** Runs the callback with runtime.lastError set to this message, as Firefox does for callback-style errors. */
  withLastError(message: string, callback: () => void): void;
}

export function createFakeMenus(hub: EventHub, lastError: LastErrorSlot) {
  const items = new Map<string, MenuItem>();
  const events = {
    onClicked: hub.event<(info: MenuClickInfo, tab?: FakeTab) => void>(),
    onShown: hub.event<(info: unknown, tab?: FakeTab) => void>(),
    onHidden: hub.event<() => void>(),
  };

  const descendants = (id: string): string[] => [...items.values()].filter((i) => i.parentId === id).flatMap((i) => [i.id, ...descendants(i.id)]);

  const api = {
    ...events,
    ACTION_MENU_TOP_LEVEL_LIMIT: 6,
    create(props: MenuItem, callback?: () => void): string {
      if (typeof props.id !== 'string' || props.id === '') throw new Error('menus.create requires an id for non-persistent background scripts.');
      const problem = items.has(props.id)
        ? `The menu id ${props.id} already exists in menus.create.`
        : props.parentId !== undefined && !items.has(String(props.parentId))
          ? `Cannot find menu item with id ${props.parentId}`
          : null;
      if (problem === null) items.set(props.id, structuredClone(props));
      void Promise.resolve().then(() => {
        if (problem === null) callback?.();
        else if (callback) lastError.withLastError(problem, callback);
        else hub.report(new Error(`Unchecked lastError value: Error: ${problem}`));
      });
      return props.id;
    },
    async update(id: string, changes: Partial<MenuItem>): Promise<void> {
      const item = items.get(id);
      if (!item) throw new Error(`Cannot find menu item with id ${id}`);
      Object.assign(item, structuredClone(changes), { id });
    },
    async remove(id: string): Promise<void> {
      if (!items.has(id)) throw new Error(`Cannot find menu item with id ${id}`);
      for (const d of [id, ...descendants(id)]) items.delete(d);
    },
    async removeAll(): Promise<void> {
      items.clear();
    },
    async refresh(): Promise<void> {},
  };

  const control = {
    /** The menu items created so far, in creation order. */
    get menuItems(): MenuItem[] {
      return structuredClone([...items.values()]);
    },
    clickMenu(info: MenuClickInfo, tab?: FakeTab): void {
      if (!items.has(String(info.menuItemId))) throw new Error(`No menu item "${info.menuItemId}" exists`);
      const full: MenuClickInfo = { editable: false, modifiers: [], button: 0, ...info };
      if (tab) events.onClicked.emit(full, tab);
      else events.onClicked.emit(full);
    },
  };

  return { api, control };
}
