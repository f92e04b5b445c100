/**
 * Builds a cleanup plan (a dry run) from a scan and the user's decisions:
 * - approved folder pairs: the unique children of the redundant folder move into the kept one (PlannedMove), then
 *   the redundant folder goes whole (reason 'duplicate-folder'); bookmarks inside it are not listed again;
 * - duplicate groups: every surviving copy but the keeper goes (reason 'duplicate-bookmark'); the tags of all
 *   copies end up on the keeper's URL (PlannedTagMerge) when that adds any;
 * - empty folders (unless turned off), except those that receive moved items.
 *
 * Invariants, checked here before anything is applied: a root is never removed; every duplicate group keeps
 * exactly one copy (a group the user leaves alone keeps all its surviving copies, at least one); a move never
 * targets a folder that is removed. Decisions that would break them are refused with a clear error.
 */
import { AppError } from '../messaging/errors';
import { isRootId } from '../platform/browser';
import { chooseKeeper, preferredRankOf, type KeepCandidate } from './keep-rules';
import type { CleanupPlan, PlannedMove, PlannedRemoval, PlannedTagMerge } from './plan-types';
import type { DuplicateGroup, FolderPair, ScanResult } from './scan-types';
import { removedWith, type TreeAfterPlan } from './survivors';

export interface FolderPairDecision {
  /** The folder that stays: either folder of a pair reported by the scan. */
  keepId: string;
  /** The other folder of that pair. */
  otherId: string;
  /** false leaves both folders as they are. */
  merge: boolean;
}

export interface PlanDecisions {
  /** Per-group keeper overrides: ids of the copies to keep (at most one per group). */
  keepers?: string[];
  /** Keys of groups to leave alone entirely. */
  leaveGroups?: string[];
  /** Per folder pair: merge or not, and which side stays. Pairs not listed merge as the scan suggests. */
  folderPairs?: FolderPairDecision[];
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
  throw new AppError('internal', `The cleanup plan would break an invariant: ${message}`);
}

interface ApprovedMerge {
  /** True when the user keeps the folder the scan suggested removing. */
  swapped: boolean;
  keepId: string;
  otherId: string;
  otherParentId: string;
  otherTitle: string;
  moves: PlannedMove[];
}

function approvedMerges(scan: ScanResult, decisions: FolderPairDecision[]): ApprovedMerge[] {
  const byPair = new Map<string, FolderPair>();
  for (const pair of scan.folderPairs) {
    byPair.set(`${pair.keep.id}\n${pair.other.id}`, pair);
    byPair.set(`${pair.other.id}\n${pair.keep.id}`, pair);
  }
  const decided = new Map<FolderPair, FolderPairDecision>();
  for (const d of decisions) {
    const pair = byPair.get(`${d.keepId}\n${d.otherId}`);
    if (!pair) refuse(`The scan found no duplicate folder pair of ${d.keepId} and ${d.otherId}. Scan again.`);
    if (decided.has(pair)) refuse(`The folder pair "${pair.keep.path}" / "${pair.other.path}" has two decisions.`);
    decided.set(pair, d);
  }
  const merges: ApprovedMerge[] = [];
  for (const pair of scan.folderPairs) {
    const d = decided.get(pair);
    if (d && !d.merge) continue;
    const swapped = d !== undefined && d.keepId === pair.other.id;
    const [keep, other] = swapped ? [pair.other, pair.keep] : [pair.keep, pair.other];
    merges.push({
      swapped,
      keepId: keep.id,
      otherId: other.id,
      otherParentId: other.parentId,
      otherTitle: other.path,
      moves: swapped ? pair.movesIntoOther : pair.movesIntoKeep,
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
 * A merge kept the other way round is accepted only when it does not touch any other merge: neither of its folders
 * is inside, or holds, a folder of another merge.
 */
function checkSwappedMergesStandAlone(merges: ApprovedMerge[], folderParents: Readonly<Record<string, string>>): void {
  for (const swapped of merges.filter((m) => m.swapped)) {
    for (const other of merges) {
      if (other === swapped) continue;
      for (const a of [swapped.keepId, swapped.otherId]) {
        for (const b of [other.keepId, other.otherId]) {
          if (isInside(a, b, folderParents) || isInside(b, a, folderParents)) {
            refuse(`Keeping the other copy of "${swapped.otherTitle}" conflicts with the merge of "${other.otherTitle}". Keep the suggested folder for one of them, or leave one pair unmerged.`);
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
      if (moved.has(move.id)) refuse(`Two folder merges would move the same item (${move.id}). Merge fewer folder pairs at once.`);
      moved.add(move.id);
    }
  }
  for (const merge of merges) {
    if (tree.removedFolders.has(merge.keepId) || removedWith(merge.keepId, tree.folderParents[merge.keepId] ?? '', tree)) {
      refuse(`The folder kept in place of "${merge.otherTitle}" would itself be removed with another duplicate folder. Keep that folder too, or merge only one of the pairs.`);
    }
    const outer = removedWith(merge.otherId, merge.otherParentId, tree);
    if (outer) refuse(`The duplicate folder "${merge.otherTitle}" lies inside another folder that is also removed. Merge only one of the two pairs.`);
    for (const move of merge.moves) {
      if (removedWith(move.toParentId, tree.folderParents[move.toParentId] ?? '', tree) || tree.removedFolders.has(move.toParentId)) {
        refuse(`Items of "${merge.otherTitle}" would move into a folder that is removed. Merge fewer folder pairs at once.`);
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
    if (!group) refuse(`The scan has no duplicate copy with id ${id}. Scan again.`);
    if (keeperOverride.has(group)) refuse(`Two copies of ${group.copies[0].url} were chosen to keep; choose one.`);
    keeperOverride.set(group, id);
  }
  const groupKeys = new Set(scan.groups.map((g) => g.key));
  for (const key of decisions.leaveGroups ?? []) if (!groupKeys.has(key)) refuse(`The scan has no duplicate group ${key}. Scan again.`);
  const leave = new Set(decisions.leaveGroups ?? []);

  const merges = approvedMerges(scan, decisions.folderPairs ?? []);
  const movedTo = new Map<string, string>();
  for (const merge of merges) for (const move of merge.moves) movedTo.set(move.id, move.toParentId);
  const tree: TreeAfterPlan = { removedFolders: new Set(merges.map((m) => m.otherId)), movedTo, folderParents: scan.folderParents };
  checkMerges(merges, tree);

  const removals: PlannedRemoval[] = [];
  const tagMerges: PlannedTagMerge[] = [];
  const droppedMoves = new Set<string>();
  const rules = scan.options.keep.rules;
  const preferred = scan.options.keep.preferredFolderIds;
  const parentOf = (id: string) => scan.folderParents[id] || undefined;

  for (const group of scan.groups) {
    const surviving = group.copies.filter((c) => !removedWith(c.id, c.parentId, tree));
    if (surviving.length === 0) broken(`every copy of ${group.copies[0].url} would be removed.`);
    const override = keeperOverride.get(group);
    if (override && !surviving.some((c) => c.id === override)) {
      const copy = group.copies.find((c) => c.id === override)!;
      refuse(`The copy of ${copy.url} you chose to keep is inside a duplicate folder that the plan removes ("${copy.path}"). Keep that folder, or choose another copy.`);
    }
    if (leave.has(group.key)) continue;
    let keeperId = override;
    if (!keeperId && surviving.some((c) => c.id === group.suggestedKeeperId)) keeperId = group.suggestedKeeperId;
    if (!keeperId) {
      const candidates: KeepCandidate[] = surviving.map((c, order) => ({
        id: c.id,
        title: c.title,
        url: c.url,
        dateAdded: c.dateAdded,
        tagCount: c.tags.length,
        visits: c.visits,
        preferredRank: preferredRankOf(movedTo.get(c.id) ?? c.parentId, parentOf, preferred),
        order,
      }));
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
    const tags = unionTags(keeper.tags, group.copies.map((c) => c.tags));
    if (tags.length !== new Set(keeper.tags.map(tagKey)).size) tagMerges.push({ url: keeper.url, tags });
  }

  const moves: PlannedMove[] = [];
  for (const merge of merges) {
    for (const move of merge.moves) if (!droppedMoves.has(move.id)) moves.push({ ...move });
    removals.push({
      id: merge.otherId,
      kind: 'folder',
      expectedUrl: null,
      expectedParentId: merge.otherParentId,
      reason: 'duplicate-folder',
      keptId: merge.keepId,
    });
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
  }

  for (const removal of removals) {
    if (isRootId(removal.id) || scan.folderParents[removal.id] === '') broken(`the root folder ${removal.id} would be removed.`);
  }
  checkOneCopyPerGroup(scan, removals, tree, droppedMoves, leave);

  return {
    id: options.newId?.() ?? crypto.randomUUID(),
    createdAt: options.now ?? Date.now(),
    removals,
    moves,
    tagMerges,
    summary: {
      duplicateBookmarks: removals.filter((r) => r.reason === 'duplicate-bookmark').length,
      duplicateFolders: merges.length,
      emptyFolders,
      movedItems: moves.length,
    },
  };
}

/** Recomputes what stays after the whole plan and checks each group keeps exactly one copy (left groups: >= 1). */
function checkOneCopyPerGroup(
  scan: ScanResult,
  removals: PlannedRemoval[],
  tree: TreeAfterPlan,
  droppedMoves: ReadonlySet<string>,
  leave: ReadonlySet<string>,
): void {
  const removedIds = new Set(removals.map((r) => r.id));
  const movedTo = new Map([...tree.movedTo].filter(([id]) => !droppedMoves.has(id)));
  const removedFolders = new Set(removals.filter((r) => r.kind === 'folder').map((r) => r.id));
  const after: TreeAfterPlan = { removedFolders, movedTo, folderParents: tree.folderParents };
  for (const group of scan.groups) {
    let kept = 0;
    for (const copy of group.copies) if (!removedIds.has(copy.id) && !removedWith(copy.id, copy.parentId, after)) kept++;
    if (kept === 0) broken(`no copy of ${group.copies[0].url} would be left.`);
    if (kept > 1 && !leave.has(group.key)) broken(`${kept} copies of ${group.copies[0].url} would be left.`);
  }
}
