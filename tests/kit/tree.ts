/** Reading the fake's (or Firefox's) bookmarks the way tests compare them. */
import type { Browser } from '../../src/platform/browser';

/** The titles of a folder's children, in order. */
export const childTitles = async (browser: Pick<Browser, 'bookmarks'>, folderId: string) => (await browser.bookmarks.getChildren(folderId)).map((c) => c.title);
