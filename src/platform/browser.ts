/**
 * The one type every module uses for the WebExtension API. Modules receive it as a parameter
 * (dependency injection): the background passes the real `browser`, unit tests pass the fake in
 * tests/fakes. Only entry points import webextension-polyfill itself.
 */
import type { Browser } from 'webextension-polyfill';
import { t, type MessageId } from '../i18n';
import { MENU_ID, MOBILE_ID, TOOLBAR_ID, UNFILED_ID } from '@tidymarks/places/support';

export type { Browser };
export type Bookmarks = Browser['bookmarks'];
export type BookmarkNode = import('webextension-polyfill').Bookmarks.BookmarkTreeNode;
export type HistoryItem = import('webextension-polyfill').History.HistoryItem;

/** Firefox's fixed root folder ids, and their English names: the Places package's (packages/places). */
export { ROOT_ID, MENU_ID, TOOLBAR_ID, UNFILED_ID, MOBILE_ID, TAGS_ROOT_ID, USER_ROOT_IDS, ALL_ROOT_IDS, ROOT_TITLES, isRootId } from '@tidymarks/places/support';

/**
 * The folder under Other Bookmarks a quick bookmark goes into when settings name none (src/quick-bookmark); the scan
 * and the cleanup know it by this title too. Its title is not translated: a folder keeps the name it was made with.
 */
export const READ_LATER_TITLE = 'Read later';

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
