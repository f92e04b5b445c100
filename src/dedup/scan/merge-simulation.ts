/**
 * Keeps folder merges safe while the scan pairs folders: a running picture of the tree after the merges accepted
 * so far (moved items, removed folders, surviving copies per matching key). A merge is accepted only when removing
 * its redundant folder, after its moves, leaves at least one copy of every key, when neither folder lies inside a
 * removed folder, when the redundant folder holds no folder already removed or kept by another merge, and when
 * no move lands inside a removed folder. Merges that each look fine alone can otherwise remove the last copy together (A relies on a copy
 * inside B, B on a copy inside A).
 */
import type { PlannedMove } from '../plan-types';
import type { ScanTree } from './scan-tree';

export interface MergeSimulation {
  /** The folder's parent after accepted moves (-1 for roots). */
  parentOf(folder: number): number;
  /** True when the folder or one of its ancestors has been removed. */
  isRemoved(folder: number): boolean;
  /** True when one folder is inside the other (or they are the same), after accepted moves. */
  related(a: number, b: number): boolean;
  /** Accepts the merge of `other` into `keep` when it is safe; returns whether it was accepted. */
  tryMerge(keep: number, other: number, moves: readonly PlannedMove[]): boolean;
}

export function createMergeSimulation(tree: ScanTree): MergeSimulation {
  const { folders, bookmarks, keys } = tree;
  const alive = new Int32Array(keys.length);
  for (const key of bookmarks.key) alive[key]++;
  const removedFolders = new Set<number>();
  const keptFolders = new Set<number>();
  const movedFolderParent = new Map<number, number>();
  const movedBookmarks = new Set<number>();
  const movedInto = new Map<number, { bookmarks: number[]; folders: number[] }>();
  // Id lookups are only needed for merges with moves (rare): built on first use.
  let folderIds: Map<string, number> | undefined;
  let bookmarkIds: Map<string, number> | undefined;
  const folderIndex = { get: (id: string) => (folderIds ??= new Map(folders.map((f, i) => [f.id, i]))).get(id) };
  const bookmarkIndex = { get: (id: string) => (bookmarkIds ??= new Map(bookmarks.node.map((b, i) => [b.id, i]))).get(id) };
  const deadBookmarks = new Uint8Array(bookmarks.length);

  const parentOf = (folder: number) => movedFolderParent.get(folder) ?? folders[folder].parent;
  const isWithin = (inner: number, outer: number) => {
    for (let current = inner; current >= 0; current = parentOf(current)) if (current === outer) return true;
    return false;
  };
  const isRemoved = (folder: number) => {
    for (let current = folder; current >= 0; current = parentOf(current)) if (removedFolders.has(current)) return true;
    return false;
  };

  /** Bookmarks that go when `folder` is removed now, minus those leaving with `leaving`. */
  const casualties = (folder: number, leavingFolders: Set<number>, leavingBookmarks: Set<number>): number[] => {
    const out: number[] = [];
    const stack = [folder];
    while (stack.length) {
      const f = stack.pop()!;
      const extra = movedInto.get(f);
      for (const b of [...folders[f].childBookmarks, ...(extra?.bookmarks ?? [])]) {
        if (deadBookmarks[b] || leavingBookmarks.has(b)) continue;
        if (movedBookmarks.has(b) && !extra?.bookmarks.includes(b)) continue; // moved out earlier
        out.push(b);
      }
      for (const c of [...folders[f].childFolders, ...(extra?.folders ?? [])]) {
        if (leavingFolders.has(c) || removedFolders.has(c)) continue;
        if (parentOf(c) !== f) continue; // moved out earlier
        stack.push(c);
      }
    }
    return out;
  };

  return {
    parentOf,
    isRemoved,
    related: (a, b) => isWithin(a, b) || isWithin(b, a),
    tryMerge(keep, other, moves) {
      if (isRemoved(keep) || isRemoved(other) || isWithin(keep, other) || isWithin(other, keep)) return false;
      for (const r of removedFolders) if (isWithin(r, other)) return false;
      for (const k of keptFolders) if (isWithin(k, other)) return false;
      const leavingFolders = new Set<number>();
      const leavingBookmarks = new Set<number>();
      const targets: number[] = [];
      for (const move of moves) {
        const target = folderIndex.get(move.toParentId);
        if (target === undefined || isRemoved(target) || isWithin(target, other)) return false;
        targets.push(target);
        const f = folderIndex.get(move.id);
        if (f !== undefined) leavingFolders.add(f);
        else leavingBookmarks.add(bookmarkIndex.get(move.id)!);
      }
      const dying = casualties(other, leavingFolders, leavingBookmarks);
      const loss = new Map<number, number>();
      for (const b of dying) loss.set(bookmarks.key[b], (loss.get(bookmarks.key[b]) ?? 0) + 1);
      for (const [key, n] of loss) if (alive[key] - n < 1) return false;
      // Accept: record the moves, then the removal.
      moves.forEach((move, i) => {
        const into = movedInto.get(targets[i]) ?? { bookmarks: [], folders: [] };
        movedInto.set(targets[i], into);
        const f = folderIndex.get(move.id);
        if (f !== undefined) {
          movedFolderParent.set(f, targets[i]);
          into.folders.push(f);
        } else {
          const b = bookmarkIndex.get(move.id)!;
          movedBookmarks.add(b);
          into.bookmarks.push(b);
        }
      });
      for (const b of dying) deadBookmarks[b] = 1;
      for (const [key, n] of loss) alive[key] -= n;
      removedFolders.add(other);
      keptFolders.add(keep);
      return true;
    },
  };
}
