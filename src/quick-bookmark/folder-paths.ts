/**
 * Where bookmarks live, in the words Firefox's Library uses: "Bookmarks Menu › Dev". Walks a bookmarks tree once
 * and lists every bookmark whose URL has a given matching key, with the path of its folder.
 */
import type { BookmarkNode } from '../platform/browser';
import { MENU_ID, MOBILE_ID, ROOT_ID, TOOLBAR_ID, UNFILED_ID } from '../platform/browser';

/** Firefox gives the roots these names in its UI, whatever title the API reports. */
export const ROOT_NAMES: Readonly<Record<string, string>> = {
  [MENU_ID]: 'Bookmarks Menu',
  [TOOLBAR_ID]: 'Bookmarks Toolbar',
  [UNFILED_ID]: 'Other Bookmarks',
  [MOBILE_ID]: 'Mobile Bookmarks',
};

export const PATH_SEPARATOR = ' › ';

export interface BookmarkCopy {
  id: string;
  url: string;
  title: string;
  parentId: string;
  /** Folder names from the root down to the bookmark's folder. */
  path: string[];
}

export function formatPath(path: readonly string[]): string {
  return path.join(PATH_SEPARATOR);
}

function folderName(node: BookmarkNode): string {
  return ROOT_NAMES[node.id] ?? (node.title || '(untitled folder)');
}

/**
 * Every bookmark in the tree whose `keyOf(url)` equals `key`, in tree order (depth first, by index).
 * `keyOf` may throw for a URL it cannot read; such a bookmark never matches.
 */
export function findCopies(roots: readonly BookmarkNode[], key: string, keyOf: (url: string) => string): BookmarkCopy[] {
  const copies: BookmarkCopy[] = [];
  const visit = (node: BookmarkNode, path: string[]) => {
    if (node.type === 'separator') return;
    if (node.url !== undefined && node.type !== 'folder') {
      let nodeKey: string | undefined;
      try {
        nodeKey = keyOf(node.url);
      } catch {
        nodeKey = undefined;
      }
      if (nodeKey === key) copies.push({ id: node.id, url: node.url, title: node.title, parentId: node.parentId ?? '', path });
      return;
    }
    const childPath = node.id === ROOT_ID ? path : [...path, folderName(node)];
    for (const child of node.children ?? []) visit(child, childPath);
  };
  for (const root of roots) visit(root, []);
  return copies;
}

/** The copy to name in a message: one with exactly this URL if any, else the first in tree order. */
export function pickCopyToShow(copies: readonly BookmarkCopy[], url: string): BookmarkCopy | undefined {
  return copies.find((c) => c.url === url) ?? copies[0];
}

/** The folder with this id and its path (root name first), or undefined when no such folder exists. */
export function findFolder(roots: readonly BookmarkNode[], folderId: string): { node: BookmarkNode; path: string[] } | undefined {
  const visit = (node: BookmarkNode, path: string[]): { node: BookmarkNode; path: string[] } | undefined => {
    if (node.type === 'separator' || (node.url !== undefined && node.type !== 'folder')) return undefined;
    const own = node.id === ROOT_ID ? path : [...path, folderName(node)];
    if (node.id === folderId) return node.id === ROOT_ID ? undefined : { node, path: own };
    for (const child of node.children ?? []) {
      const found = visit(child, own);
      if (found) return found;
    }
    return undefined;
  };
  for (const root of roots) {
    const found = visit(root, []);
    if (found) return found;
  }
  return undefined;
}
