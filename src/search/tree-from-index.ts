/**
 * The bookmark tree as `bookmarks.getTree()` gives it, made from the live index's mirror (bookmark-tree.ts) and
 * sibling order (sibling-order.ts) while they stand in for Firefox (`positionsExact`: built from Firefox and kept
 * current by events since, every position event matching); null otherwise, and the caller reads Firefox.
 *
 * Why: reading the whole tree from Firefox is the largest part of a duplicate scan (getTree: 0.4-0.7 s for 5,000
 * bookmarks in a Firefox just started, several seconds at 100,000), and the background keeps this mirror anyway
 * for search as you type. The mirror holds each node's id, parent, title, URL, kind and date added; a node made here
 * has those, its `index` and its `children`, not `dateGroupModified`, `lastModified` or `unmodifiable`.
 *
 * Pending bookmark events are delivered first (the live index's getters flush them), so the tree is never behind the
 * events the background has received. Walked without recursion (a tree may be thousands of levels deep).
 */
import { ROOT_ID, type BookmarkNode } from '../platform/browser';
import type { LiveIndex } from './live-index';

type Node = BookmarkNode & { children?: BookmarkNode[] };

export function treeFromIndex(live: Pick<LiveIndex, 'positionsExact' | 'tree' | 'order'>): BookmarkNode[] | null {
  if (!live.positionsExact) return null;
  const { tree, order } = live;
  const made = (id: string): Node | null => {
    const node = tree.get(id);
    if (!node) return null;
    const out: Node = { id, title: node.title, index: order.positionOf(id) ?? 0, dateAdded: node.dateAdded, type: node.kind };
    if (node.parentId !== undefined) out.parentId = node.parentId;
    if (node.url !== undefined) out.url = node.url;
    if (node.kind === 'folder') out.children = [];
    return out;
  };
  const root = made(ROOT_ID);
  if (!root) return null;
  const stack: Node[] = [root];
  while (stack.length) {
    const folder = stack.pop()!;
    for (const childId of order.childrenOf(folder.id)) {
      const child = made(childId);
      if (!child) return null; // the order names a node the mirror lacks: not a tree to trust
      folder.children!.push(child);
      if (child.children) stack.push(child);
    }
  }
  return [root];
}
