/**
 * Flattens a bookmarks.getTree() result into arrays the finders work on: folders and bookmarks in tree order, each
 * bookmark with its matching key (interned as a number), each folder with its path, depth, subtree counts and a
 * content signature (equal signatures = same content by matching key, order, separators and empty subfolders
 * ignored). Excluded folders and everything inside them are left out; so is the hidden tags root.
 */
import type { BookmarkNode } from '../../platform/browser';
import { ROOT_ID, rootTitle, TAGS_ROOT_ID } from '../../platform/browser';
import { descendants, kindOf } from '../../platform/tree';
import { baseFolderTitle } from './keep-rules';
import { matchKey } from '../../url-matching';
import type { Settings } from '../../settings';
import { PATH_SEPARATOR } from '../../platform/folder-path';

export interface FolderRec {
  id: string;
  /** Index of the parent in folders, -1 for a root. */
  parent: number;
  parentId: string;
  title: string;
  baseTitle: string;
  dateAdded: number;
  /** Position among its parent's children, and how many children it has itself. */
  index: number;
  childCount: number;
  /** True when an excluded folder lies somewhere inside (such a folder is never removed whole). */
  holdsExcluded: boolean;
  isRoot: boolean;
  depth: number;
  path: string;
  preferredRank: number;
  childFolders: number[];
  /** Indexes of its own bookmarks, in tree order (a view into one array shared by every folder). */
  childBookmarks: Int32Array;
  /** Subtree counts (the folder itself excluded). */
  bookmarkCount: number;
  folderCount: number;
  separatorCount: number;
  /**
   * Content signature (two 32-bit hashes): folders with equal signatures hold the same bookmarks by key, whatever
   * the order. A collision (odds about 1 in 2^64 per pair) could only ever pair two folders, never lose a bookmark:
   * merge-simulation.ts still refuses any merge that would remove the last copy of a key.
   */
  sigA: number;
  sigB: number;
  /**
   * A 64-bit summary of the subtree's keys (two 32-bit halves, one bit per key hashed, keyBit): when one folder's
   * mask has a bit another's lacks, the first holds a key the second lacks, so it is neither identical to it nor
   * contained in it (find-folders.ts skips such pairs without listing their keys).
   */
  maskLow: number;
  maskHigh: number;
}

/** Bookmarks in tree order, as columns (no object per bookmark: a scan of 100,000 stays light on the GC). */
export interface BookmarkTable {
  length: number;
  /** The getTree() node (id, title, url, dateAdded are read from it). */
  node: BookmarkNode[];
  /** Index of the parent in folders (typed arrays: off the GC heap, exactly `length` long). */
  parent: Int32Array;
  /** Interned matching key. */
  key: Int32Array;
}

export interface ScanTree {
  folders: FolderRec[];
  bookmarks: BookmarkTable;
  /** Interned matching keys: keys[bookmark.key] is the key string. */
  keys: string[];
  separators: number;
  excludedFolders: number;
}

/** The settings the walk reads (matching, exclusions, preferred folders): a scan passes its settings object as it is. */
export type FlattenSettings = Pick<Settings, 'matching' | 'exclusions' | 'keep'>;

const NO_BOOKMARKS = new Int32Array(0);

function countFolders(node: BookmarkNode): number {
  let n = 0;
  for (const current of descendants(node)) if (kindOf(current) === 'folder') n++;
  return n;
}

/** Takes the settings object as it is, not an options object made per call (see "Shapes that outlive a scan" in find-duplicates.ts). */
export function flattenTree(tree: readonly BookmarkNode[], settings: FlattenSettings): ScanTree {
  const matching = settings.matching;
  const excluded = new Set(settings.exclusions.folderIds);
  const preferred = new Map(settings.keep.preferredFolderIds.map((id, rank) => [id, rank] as const));
  const folders: FolderRec[] = [];
  const nodes: BookmarkNode[] = [];
  // Parent and key columns grow by doubling; trimmed to the bookmark count at the end.
  let parents = new Int32Array(1024);
  let keyColumn = new Int32Array(1024);
  let count = 0;
  const keyIds = new Map<string, number>();
  const keys: string[] = [];
  let separators = 0;
  let excludedFolders = 0;

  // The user roots: children of root________ (or whatever roots the caller passed).
  const tops: BookmarkNode[] = [];
  for (const node of tree) {
    if (node.id === ROOT_ID || node.parentId === undefined) tops.push(...(node.children ?? []));
    else tops.push(node);
  }

  // Tree order without a stack entry per bookmark: one cursor per open folder; bookmarks and separators are
  // handled where they are met, only folders open a new cursor. Its own loop, not descendants(): it skips whole
  // subtrees (the tags root, excluded folders) and keeps each level's folder record at hand for its bookmarks.
  const openChildren: BookmarkNode[][] = [tops];
  const openPosition: number[] = [0];
  const openFolder: number[] = [-1];
  while (openChildren.length) {
    const depth = openChildren.length - 1;
    const children = openChildren[depth];
    const position = openPosition[depth];
    if (position >= children.length) {
      openChildren.pop();
      openPosition.pop();
      openFolder.pop();
      continue;
    }
    openPosition[depth] = position + 1;
    const node = children[position];
    const parent = openFolder[depth];
    const kind = kindOf(node);
    if (kind === 'bookmark') {
      if (parent < 0) continue;
      const url = node.url ?? '';
      const key = matchKey(url, matching);
      let keyId = keyIds.get(key);
      if (keyId === undefined) {
        keyId = keys.length;
        keys.push(key);
        keyIds.set(key, keyId);
      }
      if (count === parents.length) {
        const grownParents = new Int32Array(count * 2);
        grownParents.set(parents);
        parents = grownParents;
        const grownKeys = new Int32Array(count * 2);
        grownKeys.set(keyColumn);
        keyColumn = grownKeys;
      }
      const index = count++;
      nodes.push(node);
      parents[index] = parent;
      keyColumn[index] = keyId;
      continue;
    }
    if (kind === 'separator') {
      if (parent >= 0) folders[parent].separatorCount++;
      separators++;
      continue;
    }
    if (node.id === TAGS_ROOT_ID) continue;
    if (excluded.has(node.id)) {
      excludedFolders += countFolders(node);
      if (parent >= 0) folders[parent].holdsExcluded = true;
      continue;
    }
    const isRoot = parent < 0;
    const parentRec = isRoot ? undefined : folders[parent];
    // The roots by the names Firefox shows in the UI's language, whatever title the API reports.
    const title = (isRoot ? rootTitle(node.id) : undefined) ?? node.title ?? '';
    const ownRank = preferred.get(node.id) ?? Infinity;
    const index = folders.length;
    folders.push({
      id: node.id,
      parent,
      parentId: parentRec ? parentRec.id : '',
      title,
      baseTitle: baseFolderTitle(title),
      dateAdded: node.dateAdded ?? 0,
      index: node.index ?? 0,
      childCount: node.children?.length ?? 0,
      holdsExcluded: false,
      isRoot,
      depth: parentRec ? parentRec.depth + 1 : 0,
      path: parentRec ? parentRec.path + PATH_SEPARATOR + title : title,
      preferredRank: parentRec ? Math.min(parentRec.preferredRank, ownRank) : ownRank,
      childFolders: [],
      childBookmarks: NO_BOOKMARKS,
      bookmarkCount: 0,
      folderCount: 0,
      separatorCount: 0,
      sigA: 0,
      sigB: 0,
      maskLow: 0,
      maskHigh: 0,
    });
    if (parentRec) parentRec.childFolders.push(index);
    openChildren.push(node.children ?? []);
    openPosition.push(0);
    openFolder.push(index);
  }

  const bookmarks: BookmarkTable = { length: count, node: nodes, parent: parents.subarray(0, count), key: keyColumn.subarray(0, count) };

  // Each folder's own bookmarks, grouped by parent in one array (a counting sort of the parent column): no array
  // per folder grown one push per bookmark. Bookmark indexes ascend, so each folder's list is in tree order.
  const starts = new Int32Array(folders.length + 1);
  for (let i = 0; i < count; i++) starts[parents[i] + 1]++;
  for (let f = 0; f < folders.length; f++) starts[f + 1] += starts[f];
  const byParent = new Int32Array(count);
  const fill = starts.slice(0, folders.length);
  for (let i = 0; i < count; i++) byParent[fill[parents[i]]++] = i;
  for (let f = 0; f < folders.length; f++) if (starts[f + 1] > starts[f]) folders[f].childBookmarks = byParent.subarray(starts[f], starts[f + 1]);

  // Children come after their parent in tree order, so a reverse pass sees every child before its parent.
  // The content signature is a pair of order-independent 32-bit hashes over the children: bookmarks by key,
  // non-empty subfolders by base title and their own signature (separators and empty subfolders are ignored).
  const titleIds = new Map<string, number>();
  for (let i = folders.length - 1; i >= 0; i--) {
    const f = folders[i];
    f.bookmarkCount += f.childBookmarks.length;
    let a = f.childBookmarks.length;
    let b = 0;
    let low = 0;
    let high = 0;
    for (const bi of f.childBookmarks) {
      const k = bookmarks.key[bi];
      a = (a + mix(k, 0x9e3779b9)) | 0;
      b = (b + mix(k, 0x85ebca6b)) | 0;
      const bit = keyBit(k);
      if (bit < 32) low |= 1 << bit;
      else high |= 1 << (bit - 32);
    }
    for (const c of f.childFolders) {
      const child = folders[c];
      if (child.holdsExcluded) f.holdsExcluded = true;
      f.bookmarkCount += child.bookmarkCount;
      f.folderCount += child.folderCount + 1;
      f.separatorCount += child.separatorCount;
      low |= child.maskLow;
      high |= child.maskHigh;
      if (child.bookmarkCount === 0) continue;
      let titleId = titleIds.get(child.baseTitle);
      if (titleId === undefined) titleIds.set(child.baseTitle, (titleId = titleIds.size));
      a = (a + mix(titleId ^ mix(child.sigA, 0x27d4eb2f), 0xc2b2ae35)) | 0;
      b = (b + mix(titleId ^ mix(child.sigB, 0x165667b1), 0x27d4eb2d)) | 0;
    }
    f.sigA = a;
    f.sigB = b;
    f.maskLow = low;
    f.maskHigh = high;
  }

  return { folders, bookmarks, keys, separators, excludedFolders };
}

/** The bit (0-63) standing for a key in the folders' key masks. */
function keyBit(k: number): number {
  return Math.imul(k, 0x9e3779b1) >>> 26;
}

/** Whether every key in a's subtree may be in b's: no bit of a's key mask outside b's (false: surely not). */
export function maskWithin(a: FolderRec, b: FolderRec): boolean {
  return (a.maskLow & ~b.maskLow) === 0 && (a.maskHigh & ~b.maskHigh) === 0;
}

/** A 32-bit integer mixer (murmur3's finalizer over k xor seed). */
function mix(k: number, seed: number): number {
  let h = (k ^ seed) | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h;
}
