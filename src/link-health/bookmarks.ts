/** The bookmarks a check looks at: every bookmark with a URL, with its folder path (the hidden tags root left out). */
import { rootTitle, TAGS_ROOT_ID, type BookmarkNode } from '../platform/browser';

export interface BookmarkRef {
  id: string;
  title: string;
  url: string;
  path: string[];
}

export function bookmarksOf(tree: readonly BookmarkNode[]): BookmarkRef[] {
  const out: BookmarkRef[] = [];
  const walk = (node: BookmarkNode, path: string[]) => {
    if (node.id === TAGS_ROOT_ID) return;
    if (node.url !== undefined) {
      if (node.type !== 'separator') out.push({ id: node.id, title: node.title, url: node.url, path });
      return;
    }
    const here = node.parentId === undefined ? path : [...path, rootTitle(node.id) ?? node.title];
    for (const child of node.children ?? []) walk(child, here);
  };
  for (const root of tree) walk(root, []);
  return out;
}
