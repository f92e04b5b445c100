// SPDX-License-Identifier: MPL-2.0
/**
 * A bookmark event applied to a tree mirror (bookmark-tree.ts); positions are the sibling order's (applyAll). Used
 * by the package's own index (places-index.ts) and by any index an extension keeps over the same tree (Tidymarks'
 * live index), so both follow events the same way.
 */
import type { BookmarkEvent } from '../support/bookmark-events';
import type { BookmarkTree } from './bookmark-tree';

/** What an event did to the tree's bookmarks: the ones it removed, and the ones it created or changed (or moved). */
export interface TreeChange {
  removed: readonly string[];
  changed: readonly string[];
}

const NONE: TreeChange = { removed: [], changed: [] };

/**
 * Applies one event to the tree. A removal takes everything below; a renamed or moved folder changes every
 * bookmark below it (their folder paths); a move within the same parent changes nothing the tree holds.
 */
export function applyEventToTree(tree: BookmarkTree, event: BookmarkEvent): TreeChange {
  if (event.kind === 'created') return { removed: [], changed: tree.putTree(event.node) };
  if (event.kind === 'removed') return { removed: tree.remove(event.id), changed: [] };
  const kind = tree.kindOf(event.id);
  if (kind === undefined) return NONE;
  if (event.kind === 'changed') {
    if (event.title !== undefined) tree.setTitle(event.id, event.title);
    if (event.url !== undefined) tree.setUrl(event.id, event.url);
  } else {
    if (tree.parentIdOf(event.id) === event.parentId) return NONE;
    tree.move(event.id, event.parentId);
  }
  if (kind === 'folder') return { removed: [], changed: tree.bookmarkIdsUnder(event.id) };
  return kind === 'bookmark' ? { removed: [], changed: [event.id] } : NONE;
}
