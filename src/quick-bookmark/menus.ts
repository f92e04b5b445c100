/**
 * The two context-menu items: "Bookmark link" on links and "Bookmark this page" on pages. Firefox keeps an event
 * page's menu items across wake-ups, so they are (re)created once per install or update, in runtime.onInstalled,
 * after removing whatever an older version left behind.
 */
import type { Browser } from '../platform/browser';
import type { PageToBookmark } from './quick-bookmarker';

export const MENU_BOOKMARK_LINK = 'tidymarks-bookmark-link';
export const MENU_BOOKMARK_PAGE = 'tidymarks-bookmark-page';

export const MENU_ITEMS = [
  { id: MENU_BOOKMARK_LINK, title: 'Bookmark link', contexts: ['link'] },
  { id: MENU_BOOKMARK_PAGE, title: 'Bookmark this page', contexts: ['page'] },
] as const;

export async function createMenus(browser: Browser): Promise<void> {
  await browser.menus.removeAll();
  for (const item of MENU_ITEMS) {
    browser.menus.create({ id: item.id, title: item.title, contexts: [...item.contexts] });
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
