/**
 * The two context-menu items: "Tidymarks: bookmark link" on links and "Tidymarks: bookmark this page" on pages,
 * named and iconed as Tidymarks' own so that nobody takes them for Firefox's "Bookmark Link…" / "Bookmark Page…"
 * right next to them (those open Firefox's dialog; ours file the page at once, never twice). Firefox keeps an event
 * page's menu items across wake-ups, so they are (re)created once per install or update, in runtime.onInstalled,
 * after removing whatever an older version left behind.
 */
import type { Browser } from '../platform/browser';
import { t } from '../i18n';
import type { PageToBookmark } from './quick-bookmarker';

export const MENU_BOOKMARK_LINK = 'tidymarks-bookmark-link';
export const MENU_BOOKMARK_PAGE = 'tidymarks-bookmark-page';

export const MENU_ITEMS = [
  { id: MENU_BOOKMARK_LINK, title: () => t('menuBookmarkLink'), contexts: ['link'] },
  { id: MENU_BOOKMARK_PAGE, title: () => t('menuBookmarkPage'), contexts: ['page'] },
] as const;

/** The extension's own icon (two ribbons on a blue tile), not Firefox's star. */
export const MENU_ICONS = { '16': 'icons/tidymarks.svg', '32': 'icons/tidymarks.svg' } as const;

export async function createMenus(browser: Browser): Promise<void> {
  await browser.menus.removeAll();
  for (const item of MENU_ITEMS) {
    browser.menus.create({ id: item.id, title: item.title(), contexts: [...item.contexts], icons: { ...MENU_ICONS } });
  }
}

/** What the menus pass to a click listener (the fields we read). */
export interface MenuClick {
  menuItemId: string | number;
  linkUrl?: string;
  linkText?: string;
  pageUrl?: string;
}

export interface TabLike {
  url?: string;
  title?: string;
}

/** The page a click asks to bookmark, or undefined for a menu item that is not ours. */
export function pageFromMenuClick(info: MenuClick, tab: TabLike | undefined): PageToBookmark | undefined {
  if (info.menuItemId === MENU_BOOKMARK_LINK) {
    return { url: info.linkUrl, title: info.linkText?.trim() || undefined };
  }
  if (info.menuItemId === MENU_BOOKMARK_PAGE) {
    return { url: tab?.url ?? info.pageUrl, title: tab?.title };
  }
  return undefined;
}
