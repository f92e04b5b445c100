/** Reading the fake's (or Firefox's) bookmarks the way tests compare them. */
import type { BookmarkNode, Browser } from '../../src/platform/browser';

/** The titles of a folder's children, in order. */
export const childTitles = async (browser: Pick<Browser, 'bookmarks'>, folderId: string) => (await browser.bookmarks.getChildren(folderId)).map((c) => c.title);

/** The whole tree as [title, url or null, children] (ids and dates left out: they change when undo re-creates). */
export async function treeShape(browser: Pick<Browser, 'bookmarks'>): Promise<unknown> {
  const strip = (n: BookmarkNode): unknown => [n.title, n.url ?? null, (n.children ?? []).map(strip)];
  return strip((await browser.bookmarks.getTree())[0]!);
}
