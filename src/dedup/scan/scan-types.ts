/**
 * What a duplicate scan finds, as plain JSON-like data: the 'dedup.scan' job's result, the input of buildPlan (plan.ts)
 * and what the cleanup page shows. Paths read like "Bookmarks Menu › Dev › JS". It travels and is stored in the
 * compact form of src/dedup/scan-wire.
 */
import type { KeepReason } from './keep-rules';
import type { PlannedMove } from '../plan-types';
import type { MatchingOptions, MatchRule } from '../../url-matching';
import type { Settings } from '../../settings';

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
  /** Position in its folder (0-based, as Firefox counts: folders, separators and bookmarks). */
  index: number;
  /** How many items its folder holds (for "3rd of 12"). */
  siblings: number;
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
  /** Why the keep rules chose the suggested keeper (keep-rules.ts explainKeeper), for "kept because". */
  keptBecause: KeepReason[];
  /** In tree order. */
  copies: DuplicateCopy[];
  /** The latest comeback among the copies, if any. */
  cameBack?: ComebackFlag;
}

/** A move that merges a copied folder into the one that stays, with the bookmarks it carries out of the removed folder. */
export interface FolderMove extends PlannedMove {
  /** Bookmarks the move carries (1 for a bookmark, every bookmark inside for a folder). */
  bookmarks: number;
}

/** One copy of a folder in a FolderSet, with what tells it apart from the other copies. */
export interface FolderSetMember {
  id: string;
  parentId: string;
  title: string;
  path: string;
  /** Title of the folder it sits in ("3rd of 5 in Bookmarks Menu"). */
  parentTitle: string;
  dateAdded: number;
  /** Position among its parent's children (0-based) and how many children the parent has. */
  index: number;
  siblings: number;
  /** Bookmarks anywhere inside. */
  bookmarkCount: number;
  /** Same content as the set's fullest copy, or part of it (every bookmark it holds is also in the fullest copy). */
  kind: 'identical' | 'contained';
  /** Distinct pages (matching keys) that no other copy in the set holds. */
  unique: number;
  /**
   * What keeping this copy takes: the moves that bring in every page it lacks (out of the set's fullest copy, which
   * the suggestion keeps), before the other copies go. Empty when it holds everything.
   */
  movesIfKept: FolderMove[];
}

/**
 * N copies of one folder (titles equal up to a copy suffix such as " (1)"): one set, of which one copy stays and the
 * others go whole. Every member is either identical to the fullest copy or contained in it. The suggested keeper is
 * one of the fullest copies (so the suggestion moves nothing), chosen by the keep rules.
 */
export interface FolderSet {
  /** Identifies the set within its scan (the id of the first member in tree order). */
  id: string;
  /** The title without copy suffix. */
  title: string;
  suggestedKeepId: string;
  keptBecause: KeepReason[];
  /** Distinct pages across the set. */
  pages: number;
  /** In tree order; at least two. */
  members: FolderSetMember[];
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
  folderSets: number;
  emptyFolders: number;
  cameBack: number;
}

export interface ScanResult {
  scannedAt: number;
  /** The settings the scan used, so a plan built later chooses the same way. */
  options: { matching: MatchingOptions; keep: Settings['keep'] };
  totals: ScanTotals;
  groups: DuplicateGroup[];
  folderSets: FolderSet[];
  /** Only the outermost empty folder of a nest is listed. */
  emptyFolders: EmptyFolder[];
  /** Parent of every scanned folder (roots map to ""), for the plan's ancestry checks. */
  folderParents: Record<string, string>;
  /**
   * Bookmarks anywhere inside each scanned folder that is not a root; -1 for a folder holding an excluded folder
   * (never emptied). The plan finds the folders its removals leave empty with it (emptied.ts). Absent in scans
   * stored by an older version: the plan then removes no folder it empties.
   */
  folderBookmarks?: Record<string, number>;
  /** Paths of the preferred folders (settings.keep.preferredFolderIds, same order; "" when a folder is gone). */
  preferredFolderPaths: string[];
  /**
   * Folders never replaced by a fresh copy because something holds them by id (plan.ts, replace-choice.ts): the
   * quick-bookmark folder (or "Read later"), the excluded and preferred folders, and the folder of the newest bookmark
   * that is no duplicate (standing for Firefox's default bookmark location). Absent in scans stored by an older
   * version: none.
   */
  heldFolderIds?: string[];
}
