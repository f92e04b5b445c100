/**
 * The duplicate scan: a pure function over a bookmarks.getTree() result, the tags of each URL, visit counts and
 * the settings. It finds duplicate bookmark groups, duplicated folders and empty folders (see find-*.ts) and
 * returns them as plain JSON (ScanResult), ready for the cleanup page and for buildPlan.
 */
import { UNFILED_ID, type BookmarkNode } from '../../platform/browser';
import { READ_LATER_TITLE } from '../../platform/browser';
import type { Settings } from '../../settings';
import { flagComebacks } from './comeback';
import { findDuplicateGroups } from './find-duplicates';
import { findEmptyFolders, findFolderSets } from './find-folders';
import { NO_REMOVED_HISTORY, type RemovedHistory } from '../../operation-history';
import type { DuplicateGroup, ScanResult } from './scan-types';
import { flattenTree, type ScanTree } from './scan-tree';

export interface ScanInput {
  /** The result of bookmarks.getTree(). */
  tree: readonly BookmarkNode[];
  settings: Settings;
  /** Tags per exact URL. */
  tagsByUrl?: ReadonlyMap<string, readonly string[]>;
  /** Visit counts per exact URL. */
  visitsByUrl?: ReadonlyMap<string, number>;
  removedHistory?: RemovedHistory;
  now?: number;
}

const NO_TAGS: ReadonlyMap<string, readonly string[]> = new Map();
const NO_VISITS: ReadonlyMap<string, number> = new Map();

/** The scan's first step: the tree flattened, every bookmark with its matching key (see scan-tree.ts). */
export function flattenForScan(input: ScanInput): ScanTree {
  return flattenTree(input.tree, input.settings);
}

/**
 * The scan's grouping step: bookmarks grouped by key into duplicate groups with their rule explanations and
 * suggested keepers; `redundantFolderIds` are the folders the suggested folder merges remove (their copies are
 * never suggested keepers).
 */
export function groupDuplicates(tree: ScanTree, input: ScanInput, redundantFolderIds: ReadonlySet<string>): DuplicateGroup[] {
  return findDuplicateGroups(tree, input.settings, input.tagsByUrl ?? NO_TAGS, input.visitsByUrl ?? NO_VISITS, redundantFolderIds);
}

/**
 * The folders never replaced by a fresh copy (a new id) because something holds them by id: Tidymarks' settings (the
 * quick-bookmark folder, the one chosen or else Other Bookmarks' first "Read later"; the excluded and the preferred
 * folders) and Firefox's default bookmark location. Firefox does not tell extensions that one (the pref
 * browser.bookmarks.defaultLocation); the star panel saves where the person last chose, so the folder of the newest
 * bookmark that is no duplicate stands for it.
 */
function heldFolders(settings: ScanInput['settings'], tree: ScanTree): string[] {
  const quick = settings.quickBookmark.folderId ?? tree.folders.find((f) => f.parentId === UNFILED_ID && f.title === READ_LATER_TITLE)?.id;
  // A bookmark is a duplicate when another one shares its key (the groups are exactly those keys): counted per key,
  // with no set of ids.
  const { key, node } = tree.bookmarks;
  const copiesOfKey = new Int32Array(tree.keys.length);
  for (let i = 0; i < key.length; i++) copiesOfKey[key[i]]++;
  let newest = -1;
  let newestDate = 0;
  for (let i = 0; i < key.length; i++) {
    if (copiesOfKey[key[i]] > 1) continue;
    const date = node[i].dateAdded ?? 0;
    if (newest < 0 || date > newestDate) {
      newest = i;
      newestDate = date;
    }
  }
  const defaultLocation = newest >= 0 ? tree.folders[tree.bookmarks.parent[newest]]?.id : undefined;
  return [...new Set([...(quick ? [quick] : []), ...settings.exclusions.folderIds, ...settings.keep.preferredFolderIds, ...(defaultLocation ? [defaultLocation] : [])])];
}

export function scanBookmarks(input: ScanInput): ScanResult {
  const { settings } = input;
  const tree = flattenForScan(input);
  const folderParents: Record<string, string> = {};
  const folderBookmarks: Record<string, number> = {};
  for (const f of tree.folders) {
    folderParents[f.id] = f.parentId;
    if (!f.isRoot) folderBookmarks[f.id] = f.holdsExcluded ? -1 : f.bookmarkCount;
  }

  const folderSets = findFolderSets(tree, settings.keep.rules);
  const redundantFolderIds = new Set<string>();
  for (const set of folderSets) for (const m of set.members) if (m.id !== set.suggestedKeepId) redundantFolderIds.add(m.id);
  const groups = groupDuplicates(tree, input, redundantFolderIds);
  const history = input.removedHistory ?? NO_REMOVED_HISTORY;
  // Fresh groups carry no flags to clear: with nothing ever removed (a first cleanup's journal), nothing to flag.
  const cameBack = history.empty ? 0 : flagComebacks(groups, history);
  const emptyFolders = findEmptyFolders(tree);

  let redundantCopies = 0;
  for (const g of groups) redundantCopies += g.copies.length - 1;
  return {
    scannedAt: input.now ?? Date.now(),
    options: { matching: { ...settings.matching }, keep: structuredClone(settings.keep) },
    totals: {
      bookmarks: tree.bookmarks.length,
      folders: tree.folders.filter((f) => !f.isRoot).length,
      separators: tree.separators,
      excludedFolders: tree.excludedFolders,
      duplicateGroups: groups.length,
      redundantCopies,
      folderSets: folderSets.length,
      emptyFolders: emptyFolders.length,
      cameBack,
    },
    groups,
    folderSets,
    emptyFolders,
    folderParents,
    folderBookmarks,
    preferredFolderPaths: settings.keep.preferredFolderIds.map((id) => tree.folders.find((f) => f.id === id)?.path ?? ''),
    heldFolderIds: heldFolders(settings, tree),
  };
}
