/**
 * Duplicated and empty folders.
 *
 * Duplicated folders share a title up to a copy suffix (" (1)") and are either identical (same content by matching
 * key, whatever the order) or contained (every bookmark of one is also somewhere in the other). Within one title,
 * every folder is paired with the copy that stays: the keeper of the largest folder that contains it. A folder
 * inside a folder already paired for removal is not paired again (it goes with its ancestor), and folders that are
 * ancestor and descendant of each other are never paired.
 *
 * Merging `other` into `keep` moves the children of `other` whose bookmarks `keep` lacks: a bookmark whose key is
 * not in `keep`, a subfolder holding such bookmarks (merged into `keep`'s subfolder of the same title when there is
 * one, else moved whole). Everything else goes when `other` is removed.
 *
 * Empty folders hold no bookmark at any depth (only separators or empty folders); roots are never empty folders.
 */
import type { PlannedMove } from './plan-types';
import { chooseFolderKeeper, type FolderKeepCandidate } from './keep-rules';
import type { KeepRuleName } from '../settings/settings';
import type { EmptyFolder, FolderPair, FolderSide } from './scan-types';
import type { FolderRec, ScanTree } from './scan-tree';
import { createMergeSimulation } from './merge-simulation';

export function findEmptyFolders(tree: ScanTree): EmptyFolder[] {
  const { folders } = tree;
  const empty: EmptyFolder[] = [];
  for (const f of folders) {
    if (f.isRoot || f.bookmarkCount > 0) continue;
    if (!folders[f.parent].isRoot && folders[f.parent].bookmarkCount === 0) continue; // inside a listed empty folder
    empty.push({ id: f.id, parentId: f.parentId, title: f.title, path: f.path, nestedFolders: f.folderCount, separators: f.separatorCount });
  }
  return empty;
}

interface Klass {
  members: number[];
  keys: Set<number>;
}

export function findFolderPairs(tree: ScanTree, keepRules: readonly KeepRuleName[]): FolderPair[] {
  const { folders, bookmarks } = tree;
  const keySets = new Map<number, Set<number>>();

  const keysOf = (index: number): Set<number> => {
    let set = keySets.get(index);
    if (set) return set;
    set = new Set<number>();
    const stack = [index];
    while (stack.length) {
      const f = folders[stack.pop()!];
      for (const b of f.childBookmarks) set.add(bookmarks.key[b]);
      stack.push(...f.childFolders);
    }
    keySets.set(index, set);
    return set;
  };

  // Buckets of same-titled folders holding at least one bookmark.
  const buckets = new Map<string, number[]>();
  for (let i = 0; i < folders.length; i++) {
    const f = folders[i];
    if (f.isRoot || f.bookmarkCount === 0) continue;
    const bucket = buckets.get(f.baseTitle);
    if (bucket) bucket.push(i);
    else buckets.set(f.baseTitle, [i]);
  }
  const ordered = [...buckets.values()]
    .filter((b) => b.length > 1)
    .map((members) => ({ members, depth: Math.min(...members.map((m) => folders[m].depth)) }))
    .sort((a, b) => a.depth - b.depth);

  const sim = createMergeSimulation(tree);

  const pairs: FolderPair[] = [];
  const candidate = (i: number): FolderKeepCandidate => {
    const f = folders[i];
    return { id: f.id, title: f.title, dateAdded: f.dateAdded, preferredRank: f.preferredRank, order: i };
  };

  for (const { members: all } of ordered) {
    const members = all.filter((m) => !sim.isRemoved(m));
    if (members.length < 2) continue;
    // Identical classes, largest content first (then tree order).
    const bySig = new Map<string, number[]>();
    for (const m of members) {
      const sig = `${folders[m].sigA}:${folders[m].sigB}`;
      const list = bySig.get(sig);
      if (list) list.push(m);
      else bySig.set(sig, [m]);
    }
    const classes: Klass[] = [...bySig.values()].map((ms) => ({ members: ms, keys: keysOf(ms[0]) }));
    classes.sort((a, b) => b.keys.size - a.keys.size || a.members[0] - b.members[0]);
    const tops: { klass: Klass; keeper: number; contained: Klass[] }[] = [];
    for (const klass of classes) {
      const top = tops.find((t) => t.klass.keys.size >= klass.keys.size && isSubset(klass.keys, t.klass.keys));
      if (top) top.contained.push(klass);
      else {
        const keeperId = chooseFolderKeeper(klass.members.map(candidate), keepRules);
        tops.push({ klass, keeper: klass.members.find((m) => folders[m].id === keeperId)!, contained: [] });
      }
    }
    for (const top of tops) {
      const keep = top.keeper;
      const others: [number, FolderPair['kind']][] = [
        ...top.klass.members.filter((m) => m !== keep).map((m) => [m, 'identical'] as [number, FolderPair['kind']]),
        ...top.contained.flatMap((k) => k.members.map((m) => [m, 'contained'] as [number, FolderPair['kind']])),
      ];
      for (const [other, kind] of others) {
        if (sim.related(keep, other) || sim.isRemoved(other) || sim.isRemoved(keep)) continue;
        const pair = describePair(tree, keysOf, keep, other, kind);
        if (sim.tryMerge(keep, other, pair.movesIntoKeep)) pairs.push(pair);
      }
    }
  }
  return pairs;
}

function isSubset(small: Set<number>, big: Set<number>): boolean {
  if (small.size > big.size) return false;
  for (const k of small) if (!big.has(k)) return false;
  return true;
}

function side(f: FolderRec): FolderSide {
  return { id: f.id, parentId: f.parentId, title: f.title, path: f.path, dateAdded: f.dateAdded, bookmarkCount: f.bookmarkCount };
}

function describePair(
  tree: ScanTree,
  keysOf: (i: number) => Set<number>,
  keep: number,
  other: number,
  kind: FolderPair['kind'],
): FolderPair {
  const keepKeys = keysOf(keep);
  const otherKeys = keysOf(other);
  let shared = 0;
  for (const k of otherKeys) if (keepKeys.has(k)) shared++;
  return {
    kind,
    keep: side(tree.folders[keep]),
    other: side(tree.folders[other]),
    shared,
    uniqueToKeep: keepKeys.size - shared,
    uniqueToOther: otherKeys.size - shared,
    movesIntoKeep: kind === 'identical' ? [] : mergeMoves(tree, keysOf, other, keep),
    movesIntoOther: kind === 'identical' ? [] : mergeMoves(tree, keysOf, keep, other),
  };
}

/** The moves that bring every bookmark of `from` whose key `into` lacks into `into`. */
export function mergeMoves(tree: ScanTree, keysOf: (i: number) => Set<number>, from: number, into: number): PlannedMove[] {
  const { folders, bookmarks } = tree;
  const present = new Set(keysOf(into));
  const moves: PlannedMove[] = [];
  const hasNewKeys = (folder: number) => {
    for (const k of keysOf(folder)) if (!present.has(k)) return true;
    return false;
  };
  const merge = (source: number, target: number) => {
    const s = folders[source];
    for (const b of s.childBookmarks) {
      const key = bookmarks.key[b];
      if (present.has(key)) continue;
      present.add(key);
      moves.push({ id: bookmarks.node[b].id, expectedParentId: s.id, toParentId: folders[target].id });
    }
    for (const c of s.childFolders) {
      if (!hasNewKeys(c)) continue;
      const twin = folders[target].childFolders.find((t) => folders[t].baseTitle === folders[c].baseTitle);
      if (twin !== undefined) merge(c, twin);
      else {
        for (const k of keysOf(c)) present.add(k);
        moves.push({ id: folders[c].id, expectedParentId: s.id, toParentId: folders[target].id });
      }
    }
  };
  merge(from, into);
  return moves;
}
