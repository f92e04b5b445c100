// SPDX-License-Identifier: MPL-2.0
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
import type { BookmarkNode } from '../support/browser';
import { fit, IdRows } from './id-rows';

export interface MoveInfo {
  parentId: string;
  index: number;
  oldParentId: string;
  oldIndex: number;
}

/** What applyAll takes: the background's bookmark events (support/bookmark-events.ts) or the same shape. */
export type OrderEvent =
  | { kind: 'created'; node: BookmarkNode }
  | { kind: 'changed' }
  | ({ kind: 'moved'; id: string } & MoveInfo)
  | { kind: 'removed'; id: string; parentId: string; index: number };

/** The order's bit in a shared IdRows. */
const HOLDER = 2;

/**
 * Kept as columns by row (id-rows.ts, shared with the tree mirror when the live index builds both): each node's
 * parent row and position in Int32Arrays, each folder's children as a list of rows.
 */
export class SiblingOrder {
  /** Parent row + 1 per row (0: not placed). */
  private parents = new Int32Array(0);
  private positions = new Int32Array(0);
  /** Where each placed row is in its folder's list of children. */
  private slots = new Int32Array(0);
  /** Per folder row: its children's rows (in no particular order: positions say it). */
  private readonly folders = new Map<number, number[]>();
  /** Folders whose positions may have gaps (only a move into another folder past its end leaves one). */
  private readonly gapped = new Set<number>();
  /** Children in position order, per parent row, computed when asked and dropped when the folder changes. */
  private readonly sorted = new Map<number, string[]>();
  private isExact: boolean;
  /** Changes every time a position or a parent changes. */
  version = 0;

  /** An empty order is exact only if it comes from a tree (fromTree); a bare one knows nothing yet. */
  constructor(
    exact = false,
    /** May be shared with the tree mirror of the same tree (one id -> row Map for both). */
    private readonly rows: IdRows = new IdRows(),
  ) {
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

  /** The row of a placed node. */
  private placedRow(id: string): number | undefined {
    const row = this.rows.row(id);
    return row !== undefined && row < this.parents.length && this.parents[row] !== 0 ? row : undefined;
  }

  /** The parent id of a placed node. */
  private parentOf(id: string): string | undefined {
    const row = this.placedRow(id);
    return row === undefined ? undefined : this.rows.id(this.parents[row]! - 1);
  }

  positionOf(id: string): number | undefined {
    const row = this.placedRow(id);
    return row === undefined ? undefined : this.positions[row];
  }

  /** Child ids of a node in position order (empty for unknown nodes). */
  childrenOf(parentId: string): readonly string[] {
    const parent = this.rows.row(parentId);
    if (parent === undefined) return [];
    let list = this.sorted.get(parent);
    if (list) return list;
    if (!this.folders.has(parent)) return [];
    list = this.rowsInOrder(parent).map((row) => this.rows.id(row));
    this.sorted.set(parent, list);
    return list;
  }

  /**
   * A folder's children's rows in position order. Without gaps the positions are 0..n-1: each row goes straight to
   * its slot (no sort); a folder with gaps is sorted.
   */
  private rowsInOrder(folder: number): number[] {
    const children = this.folders.get(folder);
    if (!children) return [];
    const list = new Array<number>(children.length).fill(-1);
    for (const row of children) {
      const position = this.positions[row]!;
      if (!(position >= 0 && position < list.length) || list[position] !== -1) return [...children].sort((a, b) => this.positions[a]! - this.positions[b]!);
      list[position] = row;
    }
    return list;
  }

  /** onCreated: the node (and anything under it) at its index. */
  created(node: BookmarkNode): void {
    if (!this.isExact) return;
    if (node.parentId === undefined || node.index === undefined || this.placedRow(node.id) !== undefined) return this.invalidate();
    const parent = this.folder(node.parentId);
    this.shift(parent, node.index, Infinity, +1);
    this.place(node.id, node.parentId, node.index);
    for (const child of node.children ?? []) this.addTree(child);
  }

  /** onMoved, with the positions the event reports. */
  moved(id: string, move: MoveInfo): void {
    if (!this.isExact) return;
    if (this.parentOf(id) !== move.oldParentId || this.positionOf(id) !== move.oldIndex) return this.invalidate();
    const from = this.folder(move.oldParentId);
    if (move.parentId === move.oldParentId) {
      const low = Math.min(move.oldIndex, move.index);
      const high = Math.max(move.oldIndex, move.index);
      this.shift(from, low, high, move.index < move.oldIndex ? +1 : -1);
      this.place(id, move.parentId, move.index);
      return;
    }
    this.detach(this.placedRow(id)!);
    this.shift(from, move.oldIndex + 1, Infinity, -1);
    const to = this.folder(move.parentId);
    if (move.index > this.folders.get(to)!.length) this.gapped.add(to);
    this.shift(to, move.index, Infinity, +1);
    this.place(id, move.parentId, move.index);
  }

  /** onRemoved: the node and everything under it go; the folder is renumbered. */
  removed(id: string, info: { parentId: string; index: number }): void {
    if (!this.isExact) return;
    if (this.parentOf(id) !== info.parentId || this.positionOf(id) !== info.index) return this.invalidate();
    const parent = this.folder(info.parentId);
    this.forget(this.placedRow(id)!);
    if (this.gapped.delete(parent)) {
      let position = 0;
      for (const child of [...this.folders.get(parent)!].sort((a, b) => this.positions[a]! - this.positions[b]!)) this.positions[child] = position++;
      this.changed(parent);
    } else {
      // Positions are 0..n-1 without gaps: renumbering is closing the one slot.
      this.shift(parent, info.index + 1, Infinity, -1);
    }
  }

  /**
   * A batch of events, oldest first, with the same result as calling created/moved/removed for each (the unit
   * tests compare both on random batches). A folder touched by the batch is held as a list of its children's rows
   * while the batch runs (each event a splice, checked against the position it names) and renumbered once at the end: one
   * event per call walked every sibling, so a burst in a large folder (Sync filling Other Bookmarks, a cleanup of a
   * 5,000-item folder) was quadratic. Gapped folders, folders removed with their contents and created subtrees go
   * the per-event way.
   */
  applyAll(events: readonly OrderEvent[]): void {
    // Per folder row the batch touches: its children's rows in position order while the batch runs.
    const lists = new Map<number, number[]>();
    const listOf = (folder: number) => {
      let list = lists.get(folder);
      if (!list) lists.set(folder, (list = this.rowsInOrder(folder)));
      return list;
    };
    const writeBack = (folder: number | undefined) => {
      const list = folder === undefined ? undefined : lists.get(folder);
      if (!list) return;
      lists.delete(folder!);
      for (let i = 0; i < list.length; i++) this.positions[list[i]!] = i;
      this.changed(folder!);
    };
    const writeBackAll = () => {
      for (const folder of [...lists.keys()]) writeBack(folder);
    };
    for (const event of events) {
      if (!this.isExact) return;
      if (event.kind === 'changed') continue;
      if (event.kind === 'created') {
        const { node } = event;
        if (node.parentId === undefined || node.index === undefined || this.placedRow(node.id) !== undefined) return this.invalidate();
        if (this.isGapped(node.parentId) || node.children?.length) {
          writeBack(this.rows.row(node.parentId));
          this.created(node);
          continue;
        }
        const parent = this.folder(node.parentId);
        const list = listOf(parent);
        if (node.index > list.length) return this.invalidate();
        const row = this.claim(node.id);
        if (node.index === list.length) list.push(row);
        else list.splice(node.index, 0, row);
        this.attach(row, parent, node.index);
      } else if (event.kind === 'moved') {
        const gapped = this.isGapped(event.oldParentId) || this.isGapped(event.parentId);
        const into = !gapped && event.parentId !== event.oldParentId ? listOf(this.folder(event.parentId)) : null;
        if (gapped || (into && event.index > into.length)) {
          writeBack(this.rows.row(event.oldParentId));
          writeBack(this.rows.row(event.parentId));
          this.moved(event.id, event);
          continue;
        }
        const row = this.placedRow(event.id);
        const fromFolder = this.rows.row(event.oldParentId);
        if (row === undefined || fromFolder === undefined || this.parents[row] !== fromFolder + 1) return this.invalidate();
        const from = listOf(fromFolder);
        if (from[event.oldIndex] !== row) return this.invalidate();
        from.splice(event.oldIndex, 1);
        const to = into ?? from;
        if (event.index > to.length) return this.invalidate();
        to.splice(event.index, 0, row);
        if (into) {
          this.detach(row);
          this.attach(row, this.rows.row(event.parentId)!, event.index);
        }
      } else {
        const row = this.rows.row(event.id);
        if (this.isGapped(event.parentId) || (row !== undefined && this.folders.has(row))) {
          // A folder goes with everything under it: the lists of those folders must be in the maps first.
          writeBackAll();
          this.removed(event.id, event);
          continue;
        }
        const parent = this.rows.row(event.parentId);
        if (row === undefined || parent === undefined || this.parents[row] !== parent + 1) return this.invalidate();
        const list = listOf(parent);
        if (list[event.index] !== row) return this.invalidate();
        if (event.index === list.length - 1) list.pop();
        else list.splice(event.index, 1);
        this.forget(row);
      }
    }
    writeBackAll();
  }

  private isGapped(id: string): boolean {
    const row = this.rows.row(id);
    return row !== undefined && this.gapped.has(row);
  }

  private addTree(root: BookmarkNode): void {
    const stack = [root];
    const folders: number[] = [];
    while (stack.length) this.addNext(stack, folders);
    this.noteGaps(folders);
  }

  /**
   * fromTree for a whole tree read from Firefox: awaits `breathe` every 256 nodes (the event loop gets turns).
   * `rows` may be the tree mirror's (one id -> row Map for both).
   */
  static async fromTreeInSlices(roots: readonly BookmarkNode[], breathe: () => Promise<void>, rows?: IdRows): Promise<SiblingOrder> {
    const order = new SiblingOrder(true, rows);
    for (const root of roots) {
      const stack = [root];
      const folders: number[] = [];
      for (let n = 1; stack.length; n++) {
        order.addNext(stack, folders);
        if ((n & 255) === 0) await breathe();
      }
      order.noteGaps(folders);
    }
    return order;
  }

  /** One step of addTree: places the next node off the stack, pushes its children. */
  private addNext(stack: BookmarkNode[], folders: number[]): void {
    const node = stack.pop()!;
    if (node.parentId !== undefined) this.place(node.id, node.parentId, node.index ?? this.folders.get(this.folder(node.parentId))!.length);
    if (node.children) {
      folders.push(this.folder(node.id));
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
    }
  }

  private noteGaps(folders: readonly number[]): void {
    // A tree read from Firefox can already have gaps (left by such a move before we looked).
    for (const row of folders) {
      const children = this.folders.get(row)!;
      let max = -1;
      for (const child of children) if (this.positions[child]! > max) max = this.positions[child]!;
      if (max !== children.length - 1) this.gapped.add(row);
    }
  }

  /** The id's row, claimed by the order, with room in its columns. */
  private claim(id: string): number {
    const row = this.rows.claim(id, HOLDER);
    this.parents = fit(this.parents, row + 1);
    this.positions = fit(this.positions, row + 1);
    this.slots = fit(this.slots, row + 1);
    return row;
  }

  /** The folder's row, with a list of children (empty at first). */
  private folder(id: string): number {
    const row = this.claim(id);
    if (!this.folders.has(row)) this.folders.set(row, []);
    return row;
  }

  /** Puts a node that is in no folder into one. */
  private attach(row: number, parent: number, position: number): void {
    const children = this.folders.get(parent)!;
    this.slots[row] = children.length;
    children.push(row);
    this.parents[row] = parent + 1;
    this.positions[row] = position;
  }

  /** Takes a placed node out of its folder (it keeps its row). */
  private detach(row: number): void {
    // The last child takes its slot: one step, however large the folder.
    const children = this.folders.get(this.parents[row]! - 1)!;
    const last = children.pop()!;
    if (last !== row) {
      children[this.slots[row]!] = last;
      this.slots[last] = this.slots[row]!;
    }
    this.parents[row] = 0;
  }

  private place(id: string, parentId: string, position: number): void {
    const parent = this.folder(parentId);
    const row = this.claim(id);
    if (this.parents[row] === parent + 1) this.positions[row] = position;
    else {
      if (this.parents[row] !== 0) this.detach(row);
      this.attach(row, parent, position);
    }
    this.changed(parent);
  }

  private shift(parent: number, low: number, high: number, delta: number): void {
    for (const child of this.folders.get(parent)!) {
      const position = this.positions[child]!;
      if (position >= low && position <= high) this.positions[child] = position + delta;
    }
    this.changed(parent);
  }

  /** Takes a placed node out of its folder and forgets it with everything under it. */
  private forget(row: number): void {
    this.detach(row);
    const stack = [row];
    while (stack.length) {
      const current = stack.pop()!;
      this.parents[current] = 0;
      this.gapped.delete(current);
      const children = this.folders.get(current);
      if (children) stack.push(...children);
      this.folders.delete(current);
      this.sorted.delete(current);
      this.rows.release(current, HOLDER);
    }
  }

  private changed(parent: number): void {
    this.sorted.delete(parent);
    this.version++;
  }
}
