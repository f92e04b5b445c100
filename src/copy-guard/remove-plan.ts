/**
 * "Remove the new copies" as a cleanup plan (src/dedup's plan contract), carried out by the cleanup's own apply
 * (README "Removing what arrived"): each copy that arrived is a duplicate bookmark that keeps a bookmark of the same
 * address under the safe rules that did not arrive as a copy (the oldest); each folder that arrived and holds nothing else once its copies
 * go is an emptied folder (the apply removes one that holds only copies with one removeTree). Everything is expected
 * where and as it arrived: the apply's check refuses whatever someone moved or re-addressed since, and its guard
 * whatever anyone changes while it runs.
 */
import type { CleanupNumbers, CleanupPlan, PlannedRemoval } from '../dedup';
import type { BookmarkNode } from '../platform/browser';
import { descendants, kindOf } from '../platform/tree';
import { createCopyKeyer } from './matching';
import type { BurstRecord } from './store';

export interface RemovalPlanOptions {
  id: string;
  now: number;
  /** An address's key: a copy keeps a bookmark whose address has its key (the safe rules, as the tally matched it). */
  keyOf?: (url: string) => string;
}

/** The plan that removes what the burst brought, against the tree as it is now (`roots`: getTree's). */
export function removalPlan(burst: Pick<BurstRecord, 'copies' | 'folders'>, roots: readonly BookmarkNode[], options: RemovalPlanOptions): CleanupPlan {
  const keyOf = options.keyOf ?? createCopyKeyer();
  const byId = new Map<string, BookmarkNode>();
  const byKey = new Map<string, BookmarkNode[]>();
  for (const node of descendants(roots)) {
    byId.set(node.id, node);
    if (kindOf(node) !== 'bookmark' || node.url === undefined) continue;
    const key = keyOf(node.url);
    const list = byKey.get(key);
    if (list) list.push(node);
    else byKey.set(key, [node]);
  }
  const copyIds = new Set(burst.copies.map((copy) => copy.id));
  const removals: PlannedRemoval[] = [];
  const going = new Set<string>();
  for (const copy of burst.copies) {
    // Gone already: nothing to remove. The rest is checked by the apply against where and how it arrived.
    if (!byId.has(copy.id)) continue;
    const kept = (byKey.get(keyOf(copy.url)) ?? []).filter((node) => !copyIds.has(node.id)).sort((a, b) => (a.dateAdded ?? 0) - (b.dateAdded ?? 0))[0];
    // No other bookmark has the address (under the safe rules) now: this copy is its last, and stays.
    if (!kept) continue;
    removals.push({
      id: copy.id,
      kind: 'bookmark',
      expectedUrl: copy.url,
      expectedParentId: copy.parentId,
      reason: 'duplicate-bookmark',
      keptId: kept.id,
      keptUrl: kept.url,
    });
    going.add(copy.id);
  }
  const loose = removals.length;

  // The folders that arrived and hold nothing that stays, deepest first (a folder counts once its folders are known).
  const arrived = new Map(burst.folders.map((folder) => [folder.id, folder]));
  const emptied = new Map<string, boolean>();
  const goesWhole = (id: string): boolean => {
    const known = emptied.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id);
    const goes =
      !!node &&
      arrived.has(id) &&
      (node.children ?? []).every((child) => {
        const kind = kindOf(child);
        if (kind === 'separator') return true;
        if (kind === 'folder') return goesWhole(child.id);
        return going.has(child.id);
      });
    emptied.set(id, goes);
    return goes;
  };
  let emptyFolders = 0;
  for (const folder of burst.folders) {
    if (!goesWhole(folder.id)) continue;
    removals.push({ id: folder.id, kind: 'folder', expectedUrl: null, expectedParentId: folder.parentId, reason: 'emptied-folder', keptId: null });
    emptyFolders++;
  }
  const numbers: CleanupNumbers = { copies: loose, loose, insideFolders: 0, copiedFolders: 0, emptyFolders, moved: 0, tagMerges: 0 };
  return { id: options.id, createdAt: options.now, removals, moves: [], tagMerges: [], numbers };
}
