/**
 * What a duplicate scan finds, as plain JSON: the 'dedup.scan' job's result, the input of buildPlan (plan.ts) and
 * what the cleanup page shows. Paths read like "Bookmarks Menu › Dev › JS".
 */
import type { PlannedMove } from './plan-types';
import type { MatchingOptions, MatchRule } from './url-key';
import type { Settings } from '../settings/settings';

/** When an earlier cleanup removed this copy (same id) or a copy of its URL added before it came back. */
export interface ComebackFlag {
  removedAt: number;
  sessionId: string;
}

export interface DuplicateCopy {
  id: string;
  parentId: string;
  /** Path of the folder holding the copy. */
  path: string;
  title: string;
  url: string;
  dateAdded: number;
  tags: string[];
  visits: number;
  /** Why this copy matches the group's representative (the suggested keeper): ["exact"], ["trailing-slash"], ... */
  rules: MatchRule[];
  /** Set when the copy sits inside a folder this scan suggests removing as a duplicate folder (that folder's id). */
  inRedundantFolderId?: string;
  /** Set when an earlier cleanup removed this copy and it came back (typically through sync). */
  cameBack?: ComebackFlag;
}

export interface DuplicateGroup {
  /** The matching key shared by every copy; identifies the group. */
  key: string;
  /** Every rule that joined copies into this group, e.g. ["exact", "http-https", "trailing-slash"]. */
  rules: MatchRule[];
  suggestedKeeperId: string;
  /** In tree order. */
  copies: DuplicateCopy[];
  /** The latest comeback among the copies, if any. */
  cameBack?: ComebackFlag;
}

export interface FolderSide {
  id: string;
  parentId: string;
  title: string;
  path: string;
  dateAdded: number;
  /** Bookmarks anywhere inside. */
  bookmarkCount: number;
}

/**
 * Two copies of a folder: identical (same content by matching key, titles equal up to a copy suffix) or
 * contained (every bookmark of `other` is also in `keep`). `keep` is the suggested survivor.
 */
export interface FolderPair {
  kind: 'identical' | 'contained';
  keep: FolderSide;
  other: FolderSide;
  /** Distinct matching keys found in both folders. */
  shared: number;
  uniqueToKeep: number;
  uniqueToOther: number;
  /** Moves that merge `other` into `keep` (its unique children) before `other` is removed. */
  movesIntoKeep: PlannedMove[];
  /** Moves that merge `keep` into `other`, for when the user keeps `other` instead. */
  movesIntoOther: PlannedMove[];
}

export interface EmptyFolder {
  id: string;
  parentId: string;
  title: string;
  path: string;
  /** Empty folders and separators inside (removed with it). */
  nestedFolders: number;
  separators: number;
}

export interface ScanTotals {
  bookmarks: number;
  folders: number;
  separators: number;
  /** Folders skipped because they or an ancestor are in settings.exclusions (their contents are not counted). */
  excludedFolders: number;
  duplicateGroups: number;
  /** Copies beyond one per group. */
  redundantCopies: number;
  folderPairs: number;
  emptyFolders: number;
  cameBack: number;
}

export interface ScanResult {
  scannedAt: number;
  /** The settings the scan used, so a plan built later chooses the same way. */
  options: { matching: MatchingOptions; keep: Settings['keep'] };
  totals: ScanTotals;
  groups: DuplicateGroup[];
  folderPairs: FolderPair[];
  /** Only the outermost empty folder of a nest is listed. */
  emptyFolders: EmptyFolder[];
  /** Parent of every scanned folder (roots map to ""), for the plan's ancestry checks. */
  folderParents: Record<string, string>;
}
