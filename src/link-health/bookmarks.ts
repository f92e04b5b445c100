/** The bookmarks a check looks at: every bookmark with a URL, with its folder path (the hidden tags root left out). */
import { rootTitle, TAGS_ROOT_ID, type BookmarkNode } from '../platform/browser';
import { descendants, kindOf } from '../platform/tree';

export interface BookmarkRef {
  id: string;
  title: string;
  url: string;
  parentId: string;
  path: string[];
}

export function bookmarksOf(tree: readonly BookmarkNode[]): BookmarkRef[] {
  const out: BookmarkRef[] = [];
  const tops = new Set(tree);
  /** Each folder's path (the invisible root's is empty); nothing for the tags root, so nothing below it is listed. */
  const paths = new Map<string, string[]>();
  for (const node of descendants(tree)) {
    if (node.id === TAGS_ROOT_ID) continue;
    const path = (node.parentId === undefined ? undefined : paths.get(node.parentId)) ?? (tops.has(node) ? [] : undefined);
    if (!path) continue;
    const kind = kindOf(node);
    if (kind === 'folder') paths.set(node.id, node.parentId === undefined ? path : [...path, rootTitle(node.id) ?? node.title]);
    else if (kind === 'bookmark' && node.url !== undefined) out.push({ id: node.id, title: node.title, url: node.url, parentId: node.parentId!, path });
  }
  return out;
}
