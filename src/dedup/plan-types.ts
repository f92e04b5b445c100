import type { CleanupNumbers } from '../operation-history';

/**
 * The shape of a cleanup plan: the contract between finding/planning (scan.ts, plan.ts) and applying
 * (apply.ts, journal.ts, undo.ts). A plan is a dry run: nothing is touched until it is applied.
 */

/** A bookmark, folder or separator to remove, with what the plan saw so apply can check it is still the same. */
export interface PlannedRemoval {
  id: string;
  kind: 'bookmark' | 'folder' | 'separator';
  /** The URL the plan saw (bookmarks), null for folders and separators. */
  expectedUrl: string | null;
  expectedParentId: string;
  /**
   * Why it goes: a duplicate of keptId, a redundant copy of folder keptId, an empty folder, or a folder the plan's
   * other removals leave empty ('emptied-folder': removed after them, deepest first, src/dedup/scan/emptied.ts). The
   * apply also removes, as 'emptied-folder' separators, the separators such a folder holds.
   */
  reason: 'duplicate-bookmark' | 'duplicate-folder' | 'empty-folder' | 'emptied-folder';
  /** The item that stays in its place (bookmark or folder); null for empty folders. */
  keptId: string | null;
  /**
   * The kept bookmark's URL as the plan saw it (duplicate bookmarks). Apply refuses the removal when the kept copy
   * no longer has this URL: otherwise an edit between scan and apply could remove the last copy of a page.
   */
  keptUrl?: string | null;
}

/** A unique child of a redundant folder moved into the kept folder before the redundant one is removed. */
export interface PlannedMove {
  id: string;
  expectedParentId: string;
  toParentId: string;
}

/** Tags that end up on the survivor's URL (the union of all copies' tags). */
export interface PlannedTagMerge {
  url: string;
  tags: string[];
}

/**
 * A folder whose loose duplicates (removals whose expectedParentId is the folder) far outnumber what stays in it: the
 * apply makes a fresh folder with its title in its place, moves what stays into it in order and removes the old one
 * with one removeTree (docs/ARCHITECTURE.md "Cleanup speed"). The fresh folder has a new id and today's date added.
 * The apply checks again against the live tree and falls back to removing the copies one by one.
 */
export interface PlannedReplacement {
  id: string;
  expectedParentId: string;
  /** The folder's path as the scan showed it ("Other Bookmarks › Synced"). */
  path: string;
  /** The plan's loose removals in it. */
  removals: number;
  /** What stays in it (bookmarks, folders, separators), as the scan saw it. */
  survivors: number;
}

export interface CleanupPlan {
  id: string;
  createdAt: number;
  removals: PlannedRemoval[];
  moves: PlannedMove[];
  tagMerges: PlannedTagMerge[];
  /** Folders replaced by a fresh copy instead of removing their copies one by one; absent: none. */
  replacements?: PlannedReplacement[];
  /** What the plan does, in the units every page shows (cleanup-numbers.ts). */
  numbers: CleanupNumbers;
}
