/**
 * A folder's path as a person reads it: the popup, the quick bookmark, search and tags show where a bookmark sits.
 * Bookmarks change while the path is read: a folder removed meanwhile yields no path (undefined), never an error.
 */
import { t } from '../i18n';
import { ROOT_ID, rootTitle, type BookmarkNode, type Browser } from './browser';
import { kindOf } from './tree';

/** Between the folders of a path, as Firefox's Library shows it: "Bookmarks Menu › Dev". */
export const PATH_SEPARATOR = ' › ';

/** A path as one line of text: "Bookmarks Menu › Dev". */
export function formatPath(path: readonly string[]): string {
  return path.join(PATH_SEPARATOR);
}

/**
 * The folder's path (root name first, as Firefox shows it), or undefined when it is not an existing folder below
 * the root — also when it, or a folder above it, is removed while the path is read. `cache` (folder id → path)
 * spares the API calls for folders already walked in the same lookup.
 */
export async function folderPath(browser: Browser, folderId: string, cache?: Map<string, string[]>): Promise<string[] | undefined> {
  const known = cache?.get(folderId);
  if (known) return known;
  const path: string[] = [];
  let id: string | undefined = folderId;
  for (let depth = 0; id && id !== ROOT_ID; depth++) {
    if (depth > 1000) return undefined; // A cycle cannot happen in Places; never loop forever anyway.
    let node: BookmarkNode | undefined;
    try {
      [node] = await browser.bookmarks.get(id);
    } catch {
      return undefined; // Removed meanwhile (or never existed).
    }
    if (!node || (depth === 0 && kindOf(node) !== 'folder')) return undefined;
    path.unshift(rootTitle(node.id) ?? (node.title || t('untitledFolder')));
    id = node.parentId;
  }
  if (!path.length) return undefined;
  cache?.set(folderId, path);
  return path;
}
