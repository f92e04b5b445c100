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

/** The items of `target` that can stay where they are: a longest run of them already in `current`'s order. */
function keptInPlace(current: readonly string[], target: readonly string[]): Set<string> {
  const position = new Map(current.map((id, i) => [id, i]));
  const seq = target.filter((id) => position.has(id));
  // Longest increasing subsequence of current positions (patience sorting, n log n), with back links.
  const tails: number[] = [];
  const back = new Array<number>(seq.length).fill(-1);
  for (let k = 0; k < seq.length; k++) {
    const p = position.get(seq[k]!)!;
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (position.get(seq[tails[mid]!]!)! < p) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) back[k] = tails[lo - 1]!;
    tails[lo] = k;
  }
  const kept = new Set<string>();
  for (let k = tails.length ? tails[tails.length - 1]! : -1; k >= 0; k = back[k]!) kept.add(seq[k]!);
  return kept;
}

/**
 * The bookmarks.move calls that turn `current` (a folder's children) into `target` (its wanted children, possibly
 * with items from elsewhere): the longest run already in order stays, every other item is moved once, right after
 * the item that precedes it in `target`. Firefox's move index is the final position (contract case "move down
 * inside a folder: the index is the final position"), so an item moved down inside the folder lands one lower.
 */
export function movesToOrder(current: readonly string[], target: readonly string[]): { id: string; index: number }[] {
  const kept = keptInPlace(current, target);
  const list = [...current];
  const calls: { id: string; index: number }[] = [];
  for (let i = 0; i < target.length; i++) {
    const id = target[i]!;
    if (kept.has(id)) continue;
    const from = list.indexOf(id);
    if (from >= 0) list.splice(from, 1);
    const at = i === 0 ? 0 : list.indexOf(target[i - 1]!) + 1;
    list.splice(at, 0, id);
    calls.push({ id, index: at });
  }
  return calls;
}
