/**
 * Builds a cleanup plan (a dry run) from a scan and the user's decisions:
 * - copied folder sets: one member stays (the suggestion or the user's choice); when it lacks pages the fullest copy
 *   holds, those move into it first (PlannedMove); every other member goes whole (reason 'duplicate-folder');
 *   bookmarks inside them are not listed again;
 * - duplicate groups: every surviving copy but the keeper goes (reason 'duplicate-bookmark'); the tags of all
 *   copies end up on the keeper's URL (PlannedTagMerge) when that adds any;
 * - empty folders (unless turned off), except those that receive moved items, and with them the folders the plan's
 *   removals leave empty (emptied.ts, reason 'emptied-folder'; nested ones too).
 *
 * Invariants, checked here before anything is applied: a root is never removed; every duplicate group keeps
 * exactly one copy (a group the user leaves alone keeps all its surviving copies, at least one); a move never
 * targets a folder that is removed. Decisions that would break them are refused with a clear error.
 *
 * The plan carries its numbers (CleanupNumbers, counted here once): the page shows them before anything is sent, the
 * apply reports in the same units. buildPlan is pure and also runs in the page, on the scan it shows, so the summary's
 * figures are the plan's by construction.
 */
import { AppError } from '../../messaging/errors';
import { isRootId } from '../../platform/browser';
import { chooseKeeper, keepCandidates } from './keep-rules';
import type { CleanupNumbers } from '../../operation-history';
import type { CleanupPlan, PlannedMove, PlannedRemoval, PlannedTagMerge } from '../plan-types';
import type { DuplicateGroup, FolderMove, FolderSet, FolderSetMember, ScanResult } from './scan-types';
import { removedWith, type TreeAfterPlan } from './survivors';
import { foldersLeftEmpty } from './emptied';
import { chooseReplacements, type FolderOfRemovals } from '../replace-choice';
import { plural, t } from '../../i18n';

export interface FolderSetDecision {
  /** FolderSet.id of a set the scan found. */
  setId: string;
  /** The member that stays. */
  keepId: string;
  /** false leaves every copy as it is. */
  merge: boolean;
}

export interface PlanDecisions {
  /** Per-group keeper overrides: ids of the copies to keep (at most one per group). */
  keepers?: string[];
  /** Keys of groups to leave alone entirely. */
  leaveGroups?: string[];
  /** Per folder set: which copy stays, or none removed. Sets not listed merge as the scan suggests. */
  folderSets?: FolderSetDecision[];
  /** Remove the empty folders the scan found (default true). */
  includeEmptyFolders?: boolean;
}

export interface BuildPlanOptions {
  now?: number;
  newId?: () => string;
}

function refuse(message: string): never {
  throw new AppError('invalid-request', message);
}

function broken(message: string): never {
  throw new AppError('internal', t('planBroken', message));
}

interface ApprovedMerge {
  title: string;
  /** True when the user keeps another copy than the one the scan suggested. */
  swapped: boolean;
  keepId: string;
  /** The members that go. */
  removed: FolderSetMember[];
  /** What keeping keepId takes (moves out of the fullest copy, which goes). */
  moves: FolderMove[];
}

function approvedMerges(scan: ScanResult, decisions: FolderSetDecision[]): ApprovedMerge[] {
  const byId = new Map<string, FolderSet>(scan.folderSets.map((set) => [set.id, set]));
  const decided = new Map<FolderSet, FolderSetDecision>();
  for (const d of decisions) {
    const set = byId.get(d.setId);
    if (!set) refuse(t('planRefusedNoSet', d.setId));
    if (decided.has(set)) refuse(t('planRefusedSetTwice', set.title));
    if (!set.members.some((m) => m.id === d.keepId)) refuse(t('planRefusedNotACopy', d.keepId, set.title));
    decided.set(set, d);
  }
  const merges: ApprovedMerge[] = [];
  for (const set of scan.folderSets) {
    const d = decided.get(set);
    if (d && !d.merge) continue;
    const keepId = d?.keepId ?? set.suggestedKeepId;
    const keeper = set.members.find((m) => m.id === keepId)!;
    merges.push({
      title: set.title,
      swapped: keepId !== set.suggestedKeepId,
      keepId,
      removed: set.members.filter((m) => m !== keeper),
      moves: keeper.movesIfKept,
    });
  }
  return merges;
}

function isInside(id: string, ancestor: string, folderParents: Readonly<Record<string, string>>): boolean {
  for (let current: string | undefined = id, guard = 0; current && guard < 10_000; current = folderParents[current], guard++) {
    if (current === ancestor) return true;
  }
  return false;
}

/**
 * The scan checked its suggested merges together (merge-simulation.ts); declining some of them only keeps more.
 * A set kept through another copy is accepted only when it does not touch any other merge: none of its folders is
 * inside, or holds, a folder of another merge.
 */
function checkSwappedMergesStandAlone(merges: ApprovedMerge[], folderParents: Readonly<Record<string, string>>): void {
  const foldersOf = (m: ApprovedMerge) => [m.keepId, ...m.removed.map((r) => r.id)];
  for (const swapped of merges.filter((m) => m.swapped)) {
    for (const other of merges) {
      if (other === swapped) continue;
      for (const a of foldersOf(swapped)) {
        for (const b of foldersOf(other)) {
          if (isInside(a, b, folderParents) || isInside(b, a, folderParents)) {
            refuse(t('planRefusedSwapConflict', swapped.title, other.title));
          }
        }
      }
    }
  }
}

function checkMerges(merges: ApprovedMerge[], tree: TreeAfterPlan): void {
  checkSwappedMergesStandAlone(merges, tree.folderParents);
  const moved = new Set<string>();
  for (const merge of merges) {
    for (const move of merge.moves) {
      if (moved.has(move.id)) refuse(t('planRefusedSameItem', move.id));
      moved.add(move.id);
    }
  }
  for (const merge of merges) {
    if (tree.removedFolders.has(merge.keepId) || removedWith(merge.keepId, tree.folderParents[merge.keepId] ?? '', tree)) {
      refuse(t('planRefusedKeptRemoved', merge.title));
    }
    for (const removed of merge.removed) {
      if (removedWith(removed.id, removed.parentId, tree)) {
        refuse(t('planRefusedNested', removed.path));
      }
    }
    for (const move of merge.moves) {
      if (removedWith(move.toParentId, tree.folderParents[move.toParentId] ?? '', tree) || tree.removedFolders.has(move.toParentId)) {
        refuse(t('planRefusedIntoRemoved', merge.title));
      }
    }
  }
}

function tagKey(tag: string): string {
  return tag.toLowerCase();
}

/** The tags of every copy, the keeper's first, one spelling per tag (the first seen). */
export function unionTags(keeperTags: readonly string[], all: readonly (readonly string[])[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const list of [keeperTags, ...all]) {
    for (const tag of list) {
      const k = tagKey(tag);
      if (seen.has(k)) continue;
      seen.add(k);
      out.push(tag);
    }
  }
  return out;
}

export function buildPlan(scan: ScanResult, decisions: PlanDecisions = {}, options: BuildPlanOptions = {}): CleanupPlan {
  const groupOfCopy = new Map<string, DuplicateGroup>();
  for (const group of scan.groups) for (const copy of group.copies) groupOfCopy.set(copy.id, group);

  const keeperOverride = new Map<DuplicateGroup, string>();
  for (const id of decisions.keepers ?? []) {
    const group = groupOfCopy.get(id);
    if (!group) refuse(t('planRefusedNoCopy', id));
    if (keeperOverride.has(group)) refuse(t('planRefusedTwoKeepers', group.copies[0].url));
    keeperOverride.set(group, id);
  }
  const groupKeys = new Set(scan.groups.map((g) => g.key));
  for (const key of decisions.leaveGroups ?? []) if (!groupKeys.has(key)) refuse(t('planRefusedNoGroup', key));
  const leave = new Set(decisions.leaveGroups ?? []);

  const merges = approvedMerges(scan, decisions.folderSets ?? []);
  const movedTo = new Map<string, string>();
  for (const merge of merges) for (const move of merge.moves) movedTo.set(move.id, move.toParentId);
  const removedFolders = new Set(merges.flatMap((m) => m.removed.map((r) => r.id)));
  const tree: TreeAfterPlan = { removedFolders, movedTo, folderParents: scan.folderParents };
  checkMerges(merges, tree);

  const removals: PlannedRemoval[] = [];
  const tagMerges: PlannedTagMerge[] = [];
  const droppedMoves = new Set<string>();
  const rules = scan.options.keep.rules;
  const preferred = scan.options.keep.preferredFolderIds;
  const parentOf = (id: string) => scan.folderParents[id] || undefined;

  for (const group of scan.groups) {
    const surviving = group.copies.filter((c) => !removedWith(c.id, c.parentId, tree));
    if (surviving.length === 0) broken(t('planBrokenAllRemoved', group.copies[0].url));
    const override = keeperOverride.get(group);
    if (override && !surviving.some((c) => c.id === override)) {
      const copy = group.copies.find((c) => c.id === override)!;
      refuse(t('planRefusedKeeperInRemoved', copy.url, copy.path));
    }
    if (leave.has(group.key)) continue;
    let keeperId = override;
    if (!keeperId && surviving.some((c) => c.id === group.suggestedKeeperId)) keeperId = group.suggestedKeeperId;
    if (!keeperId) {
      const candidates = keepCandidates(surviving, movedTo, parentOf, preferred);
      keeperId = chooseKeeper(candidates, rules);
    }
    const keeper = group.copies.find((c) => c.id === keeperId)!;
    for (const copy of surviving) {
      if (copy === keeper) continue;
      if (movedTo.has(copy.id)) {
        // A unique child of a redundant folder that lost to a copy elsewhere: not moved, it goes with its folder.
        droppedMoves.add(copy.id);
        continue;
      }
      removals.push({
        id: copy.id,
        kind: 'bookmark',
        expectedUrl: copy.url,
        expectedParentId: copy.parentId,
        reason: 'duplicate-bookmark',
        keptId: keeper.id,
        keptUrl: keeper.url,
      });
    }
    if (group.copies.some((c) => c !== keeper && c.tags.length > 0)) {
      const tags = unionTags(
        keeper.tags,
        group.copies.map((c) => c.tags),
      );
      if (tags.length !== new Set(keeper.tags.map(tagKey)).size) tagMerges.push({ url: keeper.url, tags });
    }
  }

  const moves: PlannedMove[] = [];
  let insideFolders = 0;
  for (const merge of merges) {
    for (const move of merge.moves) {
      if (droppedMoves.has(move.id)) continue; // a bookmark that is not moved goes with its folder
      moves.push({ id: move.id, expectedParentId: move.expectedParentId, toParentId: move.toParentId });
      insideFolders -= move.bookmarks;
    }
    for (const removed of merge.removed) {
      insideFolders += removed.bookmarkCount;
      removals.push({
        id: removed.id,
        kind: 'folder',
        expectedUrl: null,
        expectedParentId: removed.parentId,
        reason: 'duplicate-folder',
        keptId: merge.keepId,
      });
    }
  }

  let emptyFolders = 0;
  if (decisions.includeEmptyFolders !== false) {
    const receiving = new Set<string>();
    for (const move of moves) {
      for (let id: string | undefined = move.toParentId; id; id = parentOf(id)) receiving.add(id);
    }
    for (const empty of scan.emptyFolders) {
      if (receiving.has(empty.id) || removedWith(empty.id, empty.parentId, tree)) continue;
      removals.push({ id: empty.id, kind: 'folder', expectedUrl: null, expectedParentId: empty.parentId, reason: 'empty-folder', keptId: null });
      emptyFolders++;
    }
    // The folders the removals leave empty go in the same run (emptied.ts).
    const emptied = foldersLeftEmpty({
      scan,
      loose: removals.filter((r) => r.reason === 'duplicate-bookmark'),
      copiedFolders: merges.flatMap((m) => m.removed.map((r) => ({ id: r.id, parentId: r.parentId, bookmarkCount: r.bookmarkCount }))),
      moves: merges.flatMap((m) => m.moves.filter((move) => !droppedMoves.has(move.id))),
      tree,
    });
    removals.push(...emptied);
    emptyFolders += emptied.length;
  }

  for (const removal of removals) {
    if (isRootId(removal.id) || scan.folderParents[removal.id] === '') broken(t('planBrokenRoot', removal.id));
  }
  checkOneCopyPerGroup(scan, removals, tree, droppedMoves, leave);

  const loose = removals.filter((r) => r.reason === 'duplicate-bookmark').length;
  const numbers: CleanupNumbers = {
    copies: loose + insideFolders,
    loose,
    insideFolders,
    copiedFolders: removedFolders.size,
    emptyFolders,
    moved: moves.length,
    tagMerges: tagMerges.length,
  };
  const { bookmarks, folders, separators } = scan.totals;
  // A folder the plan empties goes itself: never replaced by a fresh copy.
  const barred = barredFromReplacing(scan);
  for (const r of removals) if (r.reason === 'emptied-folder') barred.add(r.id);
  const replacements = chooseReplacements({ removals, moves }, foldersOfCopies(scan), scan.folderParents, barred, bookmarks + folders + separators);
  return {
    id: options.newId?.() ?? crypto.randomUUID(),
    createdAt: options.now ?? Date.now(),
    removals,
    moves,
    tagMerges,
    ...(replacements.length ? { replacements } : {}),
    numbers,
  };
}

/** The folders the scan's copies sit in, with how many items each holds. */
function foldersOfCopies(scan: ScanResult): Map<string, FolderOfRemovals> {
  const out = new Map<string, FolderOfRemovals>();
  for (const group of scan.groups) {
    for (const c of group.copies) {
      if (!out.has(c.parentId)) out.set(c.parentId, { id: c.parentId, parentId: scan.folderParents[c.parentId] ?? '', path: c.path, size: c.siblings });
    }
  }
  return out;
}

/** Never replaced by a fresh copy: folders Tidymarks holds by id, and every copy of a copied folder (decisions find them by id). */
function barredFromReplacing(scan: ScanResult): Set<string> {
  return new Set([...(scan.heldFolderIds ?? []), ...scan.folderSets.flatMap((set) => set.members.map((m) => m.id))]);
}

/** Recomputes what stays after the whole plan and checks each group keeps exactly one copy (left groups: >= 1). */
function checkOneCopyPerGroup(scan: ScanResult, removals: PlannedRemoval[], tree: TreeAfterPlan, droppedMoves: ReadonlySet<string>, leave: ReadonlySet<string>): void {
  const removedIds = new Set(removals.map((r) => r.id));
  const movedTo = new Map([...tree.movedTo].filter(([id]) => !droppedMoves.has(id)));
  const removedFolders = new Set(removals.filter((r) => r.kind === 'folder').map((r) => r.id));
  const after: TreeAfterPlan = { removedFolders, movedTo, folderParents: tree.folderParents };
  for (const group of scan.groups) {
    let kept = 0;
    for (const copy of group.copies) if (!removedIds.has(copy.id) && !removedWith(copy.id, copy.parentId, after)) kept++;
    if (kept === 0) broken(t('planBrokenNoneLeft', group.copies[0].url));
    if (kept > 1 && !leave.has(group.key)) broken(plural('planBrokenLeft', kept, group.copies[0].url));
  }
}
