/**
 * The one type every module uses for the WebExtension API. Modules receive it as a parameter
 * (dependency injection): the background passes the real `browser`, unit tests pass the fake in
 * tests/fakes. Only entry points import webextension-polyfill itself.
 */
import type { Browser } from 'webextension-polyfill';
import { t, type MessageId } from '../i18n';

export type { Browser };
export type Bookmarks = Browser['bookmarks'];
export type BookmarkNode = import('webextension-polyfill').Bookmarks.BookmarkTreeNode;
export type HistoryItem = import('webextension-polyfill').History.HistoryItem;

/** Firefox's fixed root folder ids. */
export const ROOT_ID = 'root________';
export const MENU_ID = 'menu________';
export const TOOLBAR_ID = 'toolbar_____';
export const UNFILED_ID = 'unfiled_____';
/**
 * The folder under Other Bookmarks a quick bookmark goes into when settings name none (src/quick-bookmark); the scan
 * and the cleanup know it by this title too. Its title is not translated: a folder keeps the name it was made with.
 */
export const READ_LATER_TITLE = 'Read later';
export const MOBILE_ID = 'mobile______';
export const TAGS_ROOT_ID = 'tags________';
export const USER_ROOT_IDS = [MENU_ID, TOOLBAR_ID, UNFILED_ID, MOBILE_ID] as const;
export const ALL_ROOT_IDS: readonly string[] = [ROOT_ID, ...USER_ROOT_IDS, TAGS_ROOT_ID];

/**
 * The names Firefox shows for the user-visible roots (Library, sidebar) in the UI's language, whatever title the
 * bookmarks API reports for them (English Firefox releases have reported 'menu', 'unfiled'...). Every place that
 * shows a folder path to the user names the roots with this; undefined for any other id.
 */
export function rootTitle(id: string): string | undefined {
  const message = ROOT_TITLE_IDS[id];
  return message ? t(message) : undefined;
}

const ROOT_TITLE_IDS: Readonly<Record<string, MessageId>> = {
  [MENU_ID]: 'rootMenu',
  [TOOLBAR_ID]: 'rootToolbar',
  [UNFILED_ID]: 'rootUnfiled',
  [MOBILE_ID]: 'rootMobile',
};

/**
 * Firefox's English names of the roots: the titles of the Places API's frozen root groups (src/places/items.ts,
 * made when the module loads, before any locale is known) and what unit tests see. People read `rootTitle()`.
 */
export const ROOT_TITLES: Readonly<Record<string, string>> = {
  [MENU_ID]: 'Bookmarks Menu',
  [TOOLBAR_ID]: 'Bookmarks Toolbar',
  [UNFILED_ID]: 'Other Bookmarks',
  [MOBILE_ID]: 'Mobile Bookmarks',
};

export function isRootId(id: string): boolean {
  return ALL_ROOT_IDS.includes(id);
}
