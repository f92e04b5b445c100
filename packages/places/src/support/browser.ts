// SPDX-License-Identifier: MPL-2.0
/**
 * The WebExtension API as the package sees it (the types of @types/webextension-polyfill; Firefox's own `browser`
 * at run time, never the polyfill's code), and Firefox's fixed root folder ids.
 */
import type { Browser } from 'webextension-polyfill';

export type { Browser };
export type BookmarkNode = import('webextension-polyfill').Bookmarks.BookmarkTreeNode;

/** Firefox's fixed root folder ids. */
export const ROOT_ID = 'root________';
export const MENU_ID = 'menu________';
export const TOOLBAR_ID = 'toolbar_____';
export const UNFILED_ID = 'unfiled_____';
export const MOBILE_ID = 'mobile______';
export const TAGS_ROOT_ID = 'tags________';
export const USER_ROOT_IDS = [MENU_ID, TOOLBAR_ID, UNFILED_ID, MOBILE_ID] as const;
export const ALL_ROOT_IDS: readonly string[] = [ROOT_ID, ...USER_ROOT_IDS, TAGS_ROOT_ID];

/**
 * Firefox's English names of the roots: the titles of the Places API's frozen root groups (items.ts, made when the
 * module loads, before any locale is known).
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

/** The port surface the package uses (browser.runtime.Port). */
export interface PortLike {
  name: string;
  sender?: { id?: string; url?: string };
  postMessage(message: unknown): void;
  disconnect(): void;
  onMessage: { addListener(cb: (message: unknown) => void): void };
  onDisconnect: { addListener(cb: () => void): void };
}

/** Whether a message or port comes from this extension's own pages (not a content script, not another extension). */
export function isOwnSender(sender: { id?: string; url?: string } | undefined, extensionId: string, extensionOrigin: string): boolean {
  if (!sender || sender.id !== extensionId) return false;
  // Only the extension's own pages may talk to it; never a content script in a web page.
  return typeof sender.url === 'string' && sender.url.startsWith(extensionOrigin);
}
