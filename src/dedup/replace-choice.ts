/**
 * When a folder is replaced instead of having its loose duplicates removed one by one (docs/ARCHITECTURE.md "Cleanup
 * speed", "A folder replaced by a fresh copy"): a fresh folder with its title takes its place, what stays in it is
 * moved there in order, and the old folder goes with one removeTree. Pure: the plan (find/plan.ts, also run in the
 * page) proposes with the scan's numbers, the apply decides again with the live tree's.
 */
import { isRootId, ROOT_ID } from '../platform/browser';
import { WHOLE_TREE_ABOVE } from '../platform/bookmark-reads';
import type { CleanupPlan, PlannedReplacement } from './plan-types';

/**
 * Costs in Firefox ESR 153 on the 2-core machine: a loose removal with two calls in flight about 2 ms per copy
 * (docs/ARCHITECTURE.md "Cleanup speed"); a replacement about 75 ms for the folder (create, progress and id-map
 * writes, the re-read before removeTree, the removeTree) plus about 0.15 ms per copy it takes (a removeTree's own
 * cost per item, as in a copied folder's) and one move per item that stays, about 4 ms.
 * `dedup.cleanup.firefox.sync154.speedup` (bench/dedup-cleanup-sync.bench.ts) measured about 100 ms per folder of
 * 164 copies and one item that stays (its removing phase: 3.2 s for 31 folders); the fixed part is that less the
 * per-copy and per-move parts. One layout measured: the crossover is estimated from it, not measured across sizes.
 * The shape probe (bench/lib/cleanup-jobs.ts, docs/ARCHITECTURE.md "Loose copies: the ceiling") measured the ratio
 * in the same runs: a move to the end of a fresh folder, one at a time, 1.3-2.3x a remove two in flight, last child
 * first; the removeTree of 100 copies 11-17 ms. The costs here stay within that.
 */
export const REPLACE_COST_MS = { removePerCopy: 2, fixed: 75, perCopyInTree: 0.15, movePerSurvivor: 4 } as const;
/** Below this many removals a folder is never replaced: the saving would be a few milliseconds for a new id. */
export const MIN_REPLACED_REMOVALS = 10;

/** What replacing a folder saves over removing its `removals` copies one by one, `survivors` staying (ms, estimated). */
function savingMs(removals: number, survivors: number): number {
  const { removePerCopy, fixed, perCopyInTree, movePerSurvivor } = REPLACE_COST_MS;
  return removals * (removePerCopy - perCopyInTree) - fixed - survivors * movePerSurvivor;
}

/** Whether replacing a folder costs less than removing its `removals` copies one by one, `survivors` staying. */
export function worthReplacing(removals: number, survivors: number): boolean {
  if (removals < MIN_REPLACED_REMOVALS || survivors < 0) return false;
  return savingMs(removals, survivors) > 0;
}

/**
 * A replaced folder goes with one removeTree, so the apply's check reads the whole tree (plan-check.ts: what someone
 * moves into the folder as it goes must be known to be re-created), about 0.035 ms per node in Firefox. A plan that
 * reads it anyway (it removes folders, or checks more than WHOLE_TREE_ABOVE ids) pays nothing more.
 */
export const TREE_READ_MS_PER_NODE = 0.035;

/** Whether the apply's check of this plan reads the whole tree without replacements (plan-check.ts, same rule). */
function readsWholeTree(plan: Pick<CleanupPlan, 'removals' | 'moves'>): boolean {
  const ids = new Set<string>();
  for (const r of plan.removals) {
    if (r.kind === 'folder') return true;
    ids.add(r.id);
    if (r.keptId) ids.add(r.keptId);
  }
  for (const m of plan.moves) ids.add(m.id).add(m.toParentId);
  let checked = 0;
  for (const id of ids) if (!isRootId(id)) checked++;
  return checked > WHOLE_TREE_ABOVE;
}

/** A folder the plan's loose removals sit in, as the scan saw it. */
export interface FolderOfRemovals {
  id: string;
  parentId: string;
  path: string;
  /** Items directly in it (bookmarks, folders, separators). */
  size: number;
}

/**
 * Every folder of a plan worth replacing, in the order its first removal comes. Never a root or a folder directly in
 * the root, never one in `barred` (folders Tidymarks or Firefox holds by id, folders of copied-folder sets), never
 * one in or above a copied folder the plan removes, a folder it keeps, a move, or an empty folder it removes. None
 * when the whole-tree read they call for (`treeNodes` in the tree) costs more than they save.
 */
export function chooseReplacements(
  plan: Pick<CleanupPlan, 'removals' | 'moves'>,
  folders: ReadonlyMap<string, FolderOfRemovals>,
  folderParents: Readonly<Record<string, string>>,
  barred: ReadonlySet<string>,
  treeNodes = 0,
): PlannedReplacement[] {
  const busy = new Set<string>();
  const markUp = (id: string | null | undefined) => {
    for (let at = id ?? undefined, depth = 0; at && depth < 10_000 && !busy.has(at); at = folderParents[at] || undefined, depth++) busy.add(at);
  };
  for (const r of plan.removals) {
    if (r.kind !== 'folder') continue;
    markUp(r.id);
    markUp(r.keptId);
  }
  for (const m of plan.moves) {
    markUp(m.expectedParentId);
    markUp(m.toParentId);
  }
  const counts = new Map<string, number>();
  for (const r of plan.removals) if (r.kind === 'bookmark') counts.set(r.expectedParentId, (counts.get(r.expectedParentId) ?? 0) + 1);
  const out: PlannedReplacement[] = [];
  for (const [id, removals] of counts) {
    const folder = folders.get(id);
    if (!folder || isRootId(id) || folder.parentId === ROOT_ID || folder.parentId === '' || barred.has(id) || busy.has(id)) continue;
    const survivors = folder.size - removals;
    if (!worthReplacing(removals, survivors)) continue;
    out.push({ id, expectedParentId: folder.parentId, path: folder.path, removals, survivors });
  }
  // The whole-tree read they would add must be paid for by what they save together.
  if (out.length && !readsWholeTree(plan)) {
    const saved = out.reduce((sum, r) => sum + savingMs(r.removals, r.survivors), 0);
    if (saved <= treeNodes * TREE_READ_MS_PER_NODE) return [];
  }
  return out;
}
