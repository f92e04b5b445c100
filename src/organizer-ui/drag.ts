/**
 * Dragging with the pointer (mouse, pen, touch) between the list and the tree: a press on a row that moves more
 * than a few pixels starts a drag of the selection; the row under the pointer (elements with data-drop-id) and the
 * part of it (dropZone) give the target, checked with dropRefusal while the pointer moves, so the view shows the
 * indicator or the reason. A collapsed folder held under the pointer opens; near a scrolling edge the view scrolls.
 * Escape cancels; Ctrl (Cmd on macOS) at the drop copies instead of moving.
 *
 * Pointer events rather than HTML drag and drop: the same code for every input, and the drop indicator and refusal
 * are ours to draw while the pointer moves.
 */
import { dropRefusal, dropZone, targetOfZone, type DropRefusal, type DropTarget, type DropZone } from '../organizer';
import type { OrganizerTree } from '../organizer';

export interface DropOver {
  rowId: string;
  area: 'list' | 'tree' | 'list-end';
  zone: DropZone;
  target: DropTarget | null;
  refusal: DropRefusal | null;
}

export interface DragState {
  ids: string[];
  x: number;
  y: number;
  over: DropOver | null;
}

export const DRAG_THRESHOLD_PX = 5;
export const AUTO_EXPAND_MS = 700;
const EDGE_PX = 28;

/** What is under a point during a drag. */
export function dropOverAt(tree: OrganizerTree, ids: readonly string[], x: number, y: number, doc: Document = document): DropOver | null {
  const element = doc.elementFromPoint(x, y)?.closest<HTMLElement>('[data-drop-id]');
  if (!element) return null;
  const rowId = element.dataset.dropId!;
  const area = (element.dataset.dropArea ?? 'list') as DropOver['area'];
  if (area === 'list-end') {
    const target = { parentId: rowId, beforeId: null };
    return { rowId, area, zone: 'inside', target, refusal: dropRefusal(tree, ids, target) };
  }
  const rect = element.getBoundingClientRect();
  const node = tree.get(rowId);
  const isFolder = node?.kind === 'folder';
  // A root folder in the tree only takes items inside (nothing goes beside a root).
  const zone: DropZone = area === 'tree' && node?.parentId && tree.get(node.parentId)?.parentId === null ? 'inside' : dropZone(y - rect.top, rect.height, isFolder);
  const target = targetOfZone(tree, rowId, zone);
  return { rowId, area, zone, target, refusal: target ? dropRefusal(tree, ids, target) : 'intoRoot' };
}

/** How far to scroll a container per frame when the pointer is near its top or bottom edge during a drag. */
export function edgeScroll(container: Element, y: number): number {
  const rect = container.getBoundingClientRect();
  if (y < rect.top || y > rect.bottom) return 0;
  if (y < rect.top + EDGE_PX) return -Math.ceil((rect.top + EDGE_PX - y) / 2);
  if (y > rect.bottom - EDGE_PX) return Math.ceil((y - (rect.bottom - EDGE_PX)) / 2);
  return 0;
}
