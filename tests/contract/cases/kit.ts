/** What the contract cases share: the case shape, a few constants and small tree helpers. */
import type { BookmarkNode, Browser } from '../../../src/platform/browser';
import { UNFILED_ID } from '../../../src/platform/browser';

export interface ContractCase {
  name: string;
  run(b: Browser): Promise<void>;
}

export const U = UNFILED_ID;
export const DAY = 24 * 60 * 60 * 1000;
export const GUID = /^[A-Za-z0-9_-]{12}$/;
export const BOOKMARK_KEYS = ['id', 'parentId', 'index', 'title', 'dateAdded', 'type', 'url'];
/** Firefox gives folders an own `url` key whose value is undefined (so `'url' in node` is true for folders too). */
export const FOLDER_KEYS = ['id', 'parentId', 'index', 'title', 'dateAdded', 'type', 'dateGroupModified', 'url'];

export function mk(b: Browser, title: string, parentId: string = U, extra: { index?: number } = {}): Promise<BookmarkNode> {
  return b.bookmarks.create({ parentId, title, url: `https://${title}.example/`, ...extra });
}

export function folder(b: Browser, title: string, parentId: string = U): Promise<BookmarkNode> {
  return b.bookmarks.create({ parentId, title });
}

export async function titles(b: Browser, parentId: string = U): Promise<string[]> {
  return (await b.bookmarks.getChildren(parentId)).map((n) => n.title);
}

export async function indices(b: Browser, parentId: string = U): Promise<number[]> {
  return (await b.bookmarks.getChildren(parentId)).map((n) => n.index!);
}

export async function exists(b: Browser, id: string): Promise<boolean> {
  try {
    await b.bookmarks.get(id);
    return true;
  } catch {
    return false;
  }
}
