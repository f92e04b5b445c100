/**
 * Cleanup plans for tests, written as what they do: `cleanupPlan({removals: [removeCopy(node, keeper)], moves: [...]})`.
 * The numbers (src/operation-history/cleanup-numbers.ts) are counted from the parts, so a hand-written plan cannot say one thing
 * and do another; the expected ids, parents and URLs come from the nodes as Firefox returned them.
 */
import type { CleanupPlan, PlannedMove, PlannedRemoval, PlannedTagMerge } from '../../src/dedup/plan-types';
import type { BookmarkNode } from '../../src/platform/browser';

/** What a planned item needs of a node: its id and, as the plan saw them, its parent and URL. */
type Seen = Pick<BookmarkNode, 'id' | 'parentId' | 'url'>;

export interface PlanParts {
  removals?: PlannedRemoval[];
  moves?: PlannedMove[];
  tagMerges?: PlannedTagMerge[];
  /** Bookmarks inside the copied folders the plan removes (a plan without the tree cannot count them). */
  insideFolders?: number;
  createdAt?: number;
  id?: string;
}

export function cleanupPlan(parts: PlanParts): CleanupPlan {
  const { removals = [], moves = [], tagMerges = [], insideFolders = 0, createdAt = 0 } = parts;
  const count = (reason: PlannedRemoval['reason']) => removals.filter((r) => r.reason === reason).length;
  const loose = count('duplicate-bookmark');
  return {
    id: parts.id ?? `plan-${createdAt}`,
    createdAt,
    removals,
    moves,
    tagMerges,
    numbers: {
      copies: loose + insideFolders,
      loose,
      insideFolders,
      copiedFolders: count('duplicate-folder'),
      emptyFolders: count('empty-folder'),
      moved: moves.length,
      tagMerges: tagMerges.length,
    },
  };
}

/** A duplicate bookmark to remove; `keeper` stays (its URL is checked again when `keptUrl` is given). */
export function removeCopy(node: Seen, keeper: Seen | string, options: { keptUrl?: string | null } = {}): PlannedRemoval {
  const removal: PlannedRemoval = {
    id: node.id,
    kind: 'bookmark',
    expectedUrl: node.url ?? null,
    expectedParentId: node.parentId!,
    reason: 'duplicate-bookmark',
    keptId: typeof keeper === 'string' ? keeper : keeper.id,
  };
  if (options.keptUrl !== undefined) removal.keptUrl = options.keptUrl;
  return removal;
}

/** A copied folder to remove whole; `keeper` is the copy that stays. */
export function removeCopiedFolder(node: Seen, keeper: Seen | string): PlannedRemoval {
  return {
    id: node.id,
    kind: 'folder',
    expectedUrl: null,
    expectedParentId: node.parentId!,
    reason: 'duplicate-folder',
    keptId: typeof keeper === 'string' ? keeper : keeper.id,
  };
}

/** An empty folder to remove. */
export function removeEmptyFolder(node: Seen): PlannedRemoval {
  return { id: node.id, kind: 'folder', expectedUrl: null, expectedParentId: node.parentId!, reason: 'empty-folder', keptId: null };
}

/** A unique child of a copied folder, moved into the folder that stays. */
export function moveInto(node: Seen, toParentId: string): PlannedMove {
  return { id: node.id, expectedParentId: node.parentId!, toParentId };
}
