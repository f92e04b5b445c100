/**
 * Duplicated and empty folders.
 *
 * Duplicated folders share a title up to a copy suffix (" (1)") and are either identical (same content by matching
 * key, whatever the order) or contained (every bookmark of one is also somewhere in the other). Within one title,
 * the folders whose content is the fullest and every folder contained in them form one set: N copies of a folder are
 * one set of N, of which the keep rules suggest one of the fullest (so the suggestion moves nothing). A folder
 * inside a folder already set to go is not taken again (it goes with its ancestor), folders that are ancestor and
 * descendant of each other are never in one set, and a folder holding an excluded folder is never in a set (removing
 * it would remove the excluded folder with it).
 *
 * Keeping another member than the fullest moves the children of the fullest copy whose bookmarks that member lacks
 * into it: a bookmark whose key it lacks, a subfolder holding such bookmarks (merged into its subfolder of the same
 * title when there is one, else moved whole). Everything else goes when the other members are removed.
 *
 * Empty folders hold no bookmark at any depth (only separators or empty folders); roots are never empty folders.
 */
import type { PlannedMove } from '../plan-types';
import { chooseFolderKeeper, explainFolderKeeper, type FolderKeepCandidate } from './keep-rules';
import type { KeepRuleName } from '../../settings';
import type { EmptyFolder, FolderMove, FolderSet, FolderSetMember } from './scan-types';
import { maskWithin, type ScanTree } from './scan-tree';
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
  keys: KeyList;
}

/** The distinct matching keys of a folder's subtree, ascending (a typed array: no Set per folder, no iterator). */
type KeyList = Int32Array;

/** Same-titled folders beyond which the key-mask check is not made pair by pair (see findFolderSets). */
const PAIRWISE_MASK_LIMIT = 512;

export function findFolderSets(tree: ScanTree, keepRules: readonly KeepRuleName[]): FolderSet[] {
  const { folders, bookmarks } = tree;
  const keyLists = new Map<number, KeyList>();

  const keysOf = (index: number): KeyList => {
    let list = keyLists.get(index);
    if (list) return list;
    // Every key of the subtree (bookmarkCount of them), sorted, then each kept once.
    const all = new Int32Array(folders[index].bookmarkCount);
    let filled = 0;
    const stack = [index];
    while (stack.length) {
      const f = folders[stack.pop()!];
      for (const b of f.childBookmarks) all[filled++] = bookmarks.key[b];
      for (const c of f.childFolders) stack.push(c);
    }
    all.sort();
    let distinct = 0;
    for (let i = 0; i < filled; i++) if (i === 0 || all[i] !== all[i - 1]) all[distinct++] = all[i];
    list = all.subarray(0, distinct);
    keyLists.set(index, list);
    return list;
  };

  // Buckets of same-titled folders holding at least one bookmark (and no excluded folder).
  const buckets = new Map<string, number[]>();
  for (let i = 0; i < folders.length; i++) {
    const f = folders[i];
    if (f.isRoot || f.bookmarkCount === 0 || f.holdsExcluded) continue;
    const bucket = buckets.get(f.baseTitle);
    if (bucket) bucket.push(i);
    else buckets.set(f.baseTitle, [i]);
  }
  const ordered = [...buckets.values()]
    .filter((b) => b.length > 1)
    .map((members) => ({ members, depth: Math.min(...members.map((m) => folders[m].depth)) }))
    .sort((a, b) => a.depth - b.depth);

  const sim = createMergeSimulation(tree);

  const sets: FolderSet[] = [];
  const candidate = (i: number): FolderKeepCandidate => {
    const f = folders[i];
    return { id: f.id, title: f.title, dateAdded: f.dateAdded, preferredRank: f.preferredRank, order: i };
  };

  for (const { members: all } of ordered) {
    // A folder whose keys are neither all in another member's nor hold all of another's (by their key masks) is in no
    // set: left out before its keys are listed (most same-titled folders hold different pages). Pairwise, so only
    // for buckets of up to PAIRWISE_MASK_LIMIT folders.
    const pairwise = all.length <= PAIRWISE_MASK_LIMIT;
    const members = all.filter(
      (m) => !sim.isRemoved(m) && (!pairwise || all.some((o) => o !== m && (maskWithin(folders[m], folders[o]) || maskWithin(folders[o], folders[m])))),
    );
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
    classes.sort((a, b) => b.keys.length - a.keys.length || a.members[0] - b.members[0]);
    const tops: { klass: Klass; keeper: number; contained: Klass[] }[] = [];
    for (const klass of classes) {
      const top = tops.find((t) => isSubset(klass.keys, t.klass.keys));
      if (top) top.contained.push(klass);
      else {
        const keeperId = chooseFolderKeeper(klass.members.map(candidate), keepRules);
        tops.push({ klass, keeper: klass.members.find((m) => folders[m].id === keeperId)!, contained: [] });
      }
    }
    for (const top of tops) {
      const keep = top.keeper;
      const others: [number, FolderSetMember['kind']][] = [
        ...top.klass.members.filter((m) => m !== keep).map((m) => [m, 'identical'] as [number, FolderSetMember['kind']]),
        ...top.contained.flatMap((k) => k.members.map((m) => [m, 'contained'] as [number, FolderSetMember['kind']])),
      ];
      const accepted: [number, FolderSetMember['kind']][] = [[keep, 'identical']];
      const movesIntoKeep: PlannedMove[] = [];
      for (const [other, kind] of others) {
        if (sim.related(keep, other) || sim.isRemoved(other) || sim.isRemoved(keep)) continue;
        // Every other member is contained in the keeper, so this is empty; computed all the same, so a merge the
        // simulation accepts is exactly the one the plan makes.
        const moves = kind === 'identical' ? [] : mergeMoves(tree, keysOf, other, keep);
        if (!sim.tryMerge(keep, other, moves)) continue;
        accepted.push([other, kind]);
        movesIntoKeep.push(...moves);
      }
      if (accepted.length < 2) continue;
      sets.push(describeSet(tree, keysOf, keep, accepted, movesIntoKeep, keepRules, candidate));
    }
  }
  return sets;
}

function describeSet(
  tree: ScanTree,
  keysOf: (i: number) => KeyList,
  keep: number,
  accepted: [number, FolderSetMember['kind']][],
  movesIntoKeep: PlannedMove[],
  keepRules: readonly KeepRuleName[],
  candidate: (i: number) => FolderKeepCandidate,
): FolderSet {
  const { folders } = tree;
  const inTreeOrder = [...accepted].sort((a, b) => a[0] - b[0]);
  // How many members hold each key: a key held by one member only is unique to it.
  const holders = new Map<number, number>();
  for (const [m] of inTreeOrder) for (const k of keysOf(m)) holders.set(k, (holders.get(k) ?? 0) + 1);
  const withCounts = (moves: PlannedMove[]): FolderMove[] => moves.map((m) => ({ ...m, bookmarks: bookmarksIn(tree, m.id) }));
  const members = inTreeOrder.map(([m, kind]): FolderSetMember => {
    const f = folders[m];
    let unique = 0;
    for (const k of keysOf(m)) if (holders.get(k) === 1) unique++;
    const parent = folders[f.parent];
    return {
      id: f.id,
      parentId: f.parentId,
      title: f.title,
      path: f.path,
      parentTitle: parent?.title ?? '',
      dateAdded: f.dateAdded,
      index: f.index,
      siblings: parent?.childCount ?? 0,
      bookmarkCount: f.bookmarkCount,
      kind,
      unique,
      movesIfKept: withCounts(m === keep ? movesIntoKeep : kind === 'identical' ? [] : mergeMoves(tree, keysOf, keep, m)),
    };
  });
  return {
    id: members[0].id,
    title: folders[keep].baseTitle,
    suggestedKeepId: folders[keep].id,
    keptBecause: [
      // The keep rules chose among the fullest copies; the others hold only part of what they hold.
      ...(inTreeOrder.some(([, kind]) => kind === 'contained') ? [{ rule: 'holdsMost' as const }] : []),
      ...explainFolderKeeper(
        inTreeOrder.filter(([, kind]) => kind === 'identical').map(([m]) => candidate(m)),
        folders[keep].id,
        keepRules,
      ),
    ],
    pages: holders.size,
    members,
  };
}

const folderIndexes = new WeakMap<ScanTree, Map<string, number>>();

/** Bookmarks a moved item carries: 1 for a bookmark, every bookmark inside for a folder. */
function bookmarksIn(tree: ScanTree, id: string): number {
  let index = folderIndexes.get(tree);
  if (!index) folderIndexes.set(tree, (index = new Map(tree.folders.map((f, i) => [f.id, i]))));
  const folder = index.get(id);
  return folder === undefined ? 1 : tree.folders[folder].bookmarkCount;
}

/** Whether every key of `small` is in `big` (both ascending): one merge walk, after the cheap checks of size and range. */
function isSubset(small: KeyList, big: KeyList): boolean {
  const n = small.length;
  const m = big.length;
  if (n > m) return false;
  if (n === 0) return true;
  if (small[0] < big[0] || small[n - 1] > big[m - 1]) return false;
  let j = 0;
  for (let i = 0; i < n; i++) {
    const k = small[i];
    while (j < m && big[j] < k) j++;
    if (j === m || big[j] !== k) return false;
    j++;
  }
  return true;
}

/** The moves that bring every bookmark of `from` whose key `into` lacks into `into`. */
export function mergeMoves(tree: ScanTree, keysOf: (i: number) => KeyList, from: number, into: number): PlannedMove[] {
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
