/**
 * Where each node sits among its siblings, as Firefox numbers it (the `index` of a BookmarkTreeNode), kept current
 * from bookmark events with Places' own rules (the same model tests/contract checks against Firefox):
 *  - a create puts the node at its index and shifts the positions at or after it up;
 *  - a move inside a folder shifts the positions between the old and the new slot;
 *  - a move out of a folder shifts the later positions down; a move into one shifts those at or after the slot up;
 *  - a removal renumbers the folder 0..n-1 (positions can have gaps before: Firefox does not clamp a move into
 *    another folder that asks for the old index).
 * Positions follow the events' own numbers, never a count of our own, so the mirror says what getTree would say.
 *
 * Every move and removal event names the position it starts from; when that is not what the mirror holds (an event
 * replayed onto a tree that already had it, or one that was missed), the order is no longer `exact` and must not be
 * used until it is rebuilt from getTree.
 */
import type { BookmarkNode } from '../platform/browser';

export interface MoveInfo {
  parentId: string;
  index: number;
  oldParentId: string;
  oldIndex: number;
}

/** What applyAll takes: the background's bookmark events (src/platform/bookmark-events.ts) or the same shape. */
export type OrderEvent =
  | { kind: 'created'; node: BookmarkNode }
  | { kind: 'changed' }
  | ({ kind: 'moved'; id: string } & MoveInfo)
  | { kind: 'removed'; id: string; parentId: string; index: number };

export class SiblingOrder {
  /** Per parent: child id -> position. */
  private readonly folders = new Map<string, Map<string, number>>();
  private readonly parentOf = new Map<string, string>();
  /** Each folder's id, the one string parentOf holds for it. */
  private readonly folderIds = new Map<string, string>();
  /** Folders whose positions may have gaps (only a move into another folder past its end leaves one). */
  private readonly gapped = new Set<string>();
  /** Children in position order, per parent, computed when asked and dropped when the folder changes. */
  private readonly sorted = new Map<string, string[]>();
  private isExact: boolean;
  /** Changes every time a position or a parent changes. */
  version = 0;

  /** An empty order is exact only if it comes from a tree (fromTree); a bare one knows nothing yet. */
  constructor(exact = false) {
    this.isExact = exact;
  }

  /** The order of a tree as getTree gives it. */
  static fromTree(roots: readonly BookmarkNode[]): SiblingOrder {
    const order = new SiblingOrder(true);
    for (const root of roots) order.addTree(root);
    return order;
  }

  get exact(): boolean {
    return this.isExact;
  }

  /** Stops trusting the positions (an event could not be applied, or carried no positions). */
  invalidate(): void {
    if (!this.isExact) return;
    this.isExact = false;
    this.version++;
  }

  positionOf(id: string): number | undefined {
    return this.parentOf.has(id) ? this.folders.get(this.parentOf.get(id)!)!.get(id) : undefined;
  }

  /** Child ids of a node in position order (empty for unknown nodes). */
  childrenOf(parentId: string): readonly string[] {
    let list = this.sorted.get(parentId);
    if (list) return list;
    const folder = this.folders.get(parentId);
    if (!folder) return [];
    list = [...folder].sort((a, b) => a[1] - b[1]).map(([id]) => id);
    this.sorted.set(parentId, list);
    return list;
  }

  /** onCreated: the node (and anything under it) at its index. */
  created(node: BookmarkNode): void {
    if (!this.isExact) return;
    if (node.parentId === undefined || node.index === undefined || this.parentOf.has(node.id)) return this.invalidate();
    const folder = this.folder(node.parentId);
    this.shift(node.parentId, folder, node.index, Infinity, +1);
    this.place(node.id, node.parentId, node.index);
    for (const child of node.children ?? []) this.addTree(child);
  }

  /** onMoved, with the positions the event reports. */
  moved(id: string, move: MoveInfo): void {
    if (!this.isExact) return;
    if (this.parentOf.get(id) !== move.oldParentId || this.positionOf(id) !== move.oldIndex) return this.invalidate();
    const from = this.folder(move.oldParentId);
    if (move.parentId === move.oldParentId) {
      const low = Math.min(move.oldIndex, move.index);
      const high = Math.max(move.oldIndex, move.index);
      this.shift(move.parentId, from, low, high, move.index < move.oldIndex ? +1 : -1);
      this.place(id, move.parentId, move.index);
      return;
    }
    from.delete(id);
    this.shift(move.oldParentId, from, move.oldIndex + 1, Infinity, -1);
    const to = this.folder(move.parentId);
    if (move.index > to.size) this.gapped.add(move.parentId);
    this.shift(move.parentId, to, move.index, Infinity, +1);
    this.place(id, move.parentId, move.index);
  }

  /** onRemoved: the node and everything under it go; the folder is renumbered. */
  removed(id: string, info: { parentId: string; index: number }): void {
    if (!this.isExact) return;
    if (this.parentOf.get(id) !== info.parentId || this.positionOf(id) !== info.index) return this.invalidate();
    const folder = this.folder(info.parentId);
    folder.delete(id);
    this.forget(id);
    if (this.gapped.delete(info.parentId)) {
      let position = 0;
      for (const [child] of [...folder].sort((a, b) => a[1] - b[1])) folder.set(child, position++);
      this.changed(info.parentId);
    } else {
      // Positions are 0..n-1 without gaps: renumbering is closing the one slot.
      this.shift(info.parentId, folder, info.index + 1, Infinity, -1);
    }
  }

  /**
   * A batch of events, oldest first, with the same result as calling created/moved/removed for each (the unit
   * tests compare both on random batches). A folder touched by the batch is held as a list of its children while the
   * batch runs (each event a splice, checked against the position it names) and renumbered once at the end: one
   * event per call walked every sibling, so a burst in a large folder (Sync filling Other Bookmarks, a cleanup of a
   * 5,000-item folder) was quadratic. Gapped folders, folders removed with their contents and created subtrees go
   * the per-event way.
   */
  applyAll(events: readonly OrderEvent[]): void {
    const lists = new Map<string, string[]>();
    const listOf = (parentId: string) => {
      let list = lists.get(parentId);
      if (!list) lists.set(parentId, (list = [...this.childrenOf(parentId)]));
      return list;
    };
    const writeBack = (parentId: string) => {
      const list = lists.get(parentId);
      if (!list) return;
      lists.delete(parentId);
      const folder = this.folder(parentId);
      for (let i = 0; i < list.length; i++) folder.set(list[i]!, i);
      this.changed(parentId);
    };
    const writeBackAll = () => {
      for (const parentId of [...lists.keys()]) writeBack(parentId);
    };
    for (const event of events) {
      if (!this.isExact) return;
      if (event.kind === 'changed') continue;
      if (event.kind === 'created') {
        const { node } = event;
        if (node.parentId === undefined || node.index === undefined || this.parentOf.has(node.id)) return this.invalidate();
        if (this.gapped.has(node.parentId) || node.children?.length) {
          writeBack(node.parentId);
          this.created(node);
          continue;
        }
        const list = listOf(node.parentId);
        if (node.index > list.length) return this.invalidate();
        list.splice(node.index, 0, node.id);
        this.parentOf.set(node.id, node.parentId);
        this.folder(node.parentId).set(node.id, node.index);
      } else if (event.kind === 'moved') {
        const gapped = this.gapped.has(event.oldParentId) || this.gapped.has(event.parentId);
        const into = !gapped && event.parentId !== event.oldParentId ? listOf(event.parentId) : null;
        if (gapped || (into && event.index > into.length)) {
          writeBack(event.oldParentId);
          writeBack(event.parentId);
          this.moved(event.id, event);
          continue;
        }
        const from = listOf(event.oldParentId);
        if (this.parentOf.get(event.id) !== event.oldParentId || from[event.oldIndex] !== event.id) return this.invalidate();
        from.splice(event.oldIndex, 1);
        const to = into ?? from;
        if (event.index > to.length) return this.invalidate();
        to.splice(event.index, 0, event.id);
        if (into) {
          this.folder(event.oldParentId).delete(event.id);
          this.parentOf.set(event.id, event.parentId);
          this.folder(event.parentId).set(event.id, event.index);
        }
      } else {
        if (this.gapped.has(event.parentId) || this.folders.has(event.id)) {
          // A folder goes with everything under it: the lists of those folders must be in the maps first.
          writeBackAll();
          this.removed(event.id, event);
          continue;
        }
        const list = listOf(event.parentId);
        if (this.parentOf.get(event.id) !== event.parentId || list[event.index] !== event.id) return this.invalidate();
        list.splice(event.index, 1);
        this.folder(event.parentId).delete(event.id);
        this.parentOf.delete(event.id);
      }
    }
    writeBackAll();
  }

  private addTree(root: BookmarkNode): void {
    const stack = [root];
    const folders: string[] = [];
    while (stack.length) this.addNext(stack, folders);
    this.noteGaps(folders);
  }

  /** fromTree for a whole tree read from Firefox: awaits `breathe` every 256 nodes (the event loop gets turns). */
  static async fromTreeInSlices(roots: readonly BookmarkNode[], breathe: () => Promise<void>): Promise<SiblingOrder> {
    const order = new SiblingOrder(true);
    for (const root of roots) {
      const stack = [root];
      const folders: string[] = [];
      for (let n = 1; stack.length; n++) {
        order.addNext(stack, folders);
        if ((n & 255) === 0) await breathe();
      }
      order.noteGaps(folders);
    }
    return order;
  }

  /** One step of addTree: places the next node off the stack, pushes its children. */
  private addNext(stack: BookmarkNode[], folders: string[]): void {
    const node = stack.pop()!;
    if (node.parentId !== undefined) this.place(node.id, node.parentId, node.index ?? this.folder(node.parentId).size);
    if (node.children) {
      this.folder(node.id);
      folders.push(node.id);
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
    }
  }

  private noteGaps(folders: readonly string[]): void {
    // A tree read from Firefox can already have gaps (left by such a move before we looked).
    for (const id of folders) {
      const folder = this.folders.get(id)!;
      let max = -1;
      for (const position of folder.values()) if (position > max) max = position;
      if (max !== folder.size - 1) this.gapped.add(id);
    }
  }

  private folder(id: string): Map<string, number> {
    let folder = this.folders.get(id);
    if (!folder) {
      this.folders.set(id, (folder = new Map()));
      this.folderIds.set(id, id);
    }
    return folder;
  }

  private place(id: string, parentId: string, position: number): void {
    this.folder(parentId).set(id, position);
    // One string per folder id: getTree gives every child its own copy of its parent's id.
    this.parentOf.set(id, this.folderIds.get(parentId) ?? parentId);
    this.changed(parentId);
  }

  private shift(parentId: string, folder: Map<string, number>, low: number, high: number, delta: number): void {
    for (const [child, position] of folder) if (position >= low && position <= high) folder.set(child, position + delta);
    this.changed(parentId);
  }

  private forget(id: string): void {
    const stack = [id];
    while (stack.length) {
      const current = stack.pop()!;
      this.parentOf.delete(current);
      this.gapped.delete(current);
      const folder = this.folders.get(current);
      if (folder) stack.push(...folder.keys());
      this.folders.delete(current);
      this.folderIds.delete(current);
      this.sorted.delete(current);
    }
  }

  private changed(parentId: string): void {
    this.sorted.delete(parentId);
    this.version++;
  }
}
