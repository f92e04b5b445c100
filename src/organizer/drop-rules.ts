/**
 * Where dragged (or pasted, or "moved to") items may go, and why not: the same rules Firefox's Library applies,
 * decided before anything is asked of Firefox so the view can show the reason while the pointer is still there.
 */
import { ROOT_ID, USER_ROOT_IDS } from '../platform/browser';
import type { OrganizerTree } from './tree-model';

/** Why a drop is refused: each has a message `organizerDropRefused_<reason>` in _locales. */
export type DropRefusal = 'intoItself' | 'intoRoot' | 'moveRoot' | 'notFolder' | 'gone' | 'nothing';

/** Where inside a folder the items land: before `beforeId`, or at the end (null). */
export interface DropTarget {
  parentId: string;
  beforeId: string | null;
}

export function dropRefusal(tree: OrganizerTree, ids: readonly string[], target: DropTarget): DropRefusal | null {
  if (ids.length === 0) return 'nothing';
  const parent = tree.get(target.parentId);
  if (!parent) return 'gone';
  if (target.parentId === ROOT_ID) return 'intoRoot';
  if (parent.kind !== 'folder') return 'notFolder';
  if (target.beforeId !== null && tree.get(target.beforeId)?.parentId !== target.parentId) return 'gone';
  for (const id of ids) {
    if (!tree.has(id)) return 'gone';
    if ((USER_ROOT_IDS as readonly string[]).includes(id) || id === ROOT_ID) return 'moveRoot';
    if (tree.isInside(target.parentId, id)) return 'intoItself';
  }
  return null;
}

/** Which part of a row the pointer is over: the upper or lower quarter of a folder row, or the upper/lower half. */
export type DropZone = 'before' | 'inside' | 'after';

export function dropZone(offsetY: number, rowHeight: number, isFolder: boolean): DropZone {
  const ratio = rowHeight > 0 ? offsetY / rowHeight : 0.5;
  if (isFolder) return ratio < 0.25 ? 'before' : ratio > 0.75 ? 'after' : 'inside';
  return ratio < 0.5 ? 'before' : 'after';
}

/** The drop target of a zone of a row (`nextId` is the row after it in the same folder, if any). */
export function targetOfZone(tree: OrganizerTree, rowId: string, zone: DropZone): DropTarget | null {
  const node = tree.get(rowId);
  if (!node) return null;
  if (zone === 'inside') return { parentId: rowId, beforeId: null };
  if (node.parentId === null) return null;
  if (zone === 'before') return { parentId: node.parentId, beforeId: rowId };
  const siblings = tree.children(node.parentId);
  const next = siblings[siblings.indexOf(rowId) + 1];
  return { parentId: node.parentId, beforeId: next ?? null };
}

/**
 * The order of a folder's children once `moving` land before `beforeId` (or last): the moved items keep their order,
 * every other child keeps its own.
 */
export function orderAfterDrop(siblings: readonly string[], moving: readonly string[], beforeId: string | null): string[] {
  const moved = new Set(moving);
  const rest = siblings.filter((id) => !moved.has(id));
  let at = beforeId === null ? rest.length : rest.indexOf(beforeId);
  if (at < 0) at = rest.length;
  return [...rest.slice(0, at), ...moving, ...rest.slice(at)];
}
