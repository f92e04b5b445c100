/**
 * What the check before a cleanup (plan-check.ts) finds: the planned items that can go ahead, as they are now, and the
 * problems, each with its reason. Apart from the check so that the modules it calls (emptied-folders.ts) can name
 * them without importing it back.
 */
import type { Ancestry } from '../../platform/bookmark-reads';
import type { BookmarkNode } from '../../platform/browser';
import type { Msg } from '../../i18n';
import type { PlannedMove, PlannedRemoval } from '../plan-types';

export type ProblemReason =
  | 'missing' // the item no longer exists
  | 'changed' // its URL, parent or type is not what the plan saw
  | 'contents-changed' // a folder to remove got new or moved contents after the plan was made
  | 'root' // a root folder: never removed or moved
  | 'kept-copy-missing' // the copy that should stay is gone or is being removed itself
  | 'unique-child-not-moved' // a unique child of the folder could not be moved out, so the folder stays
  | 'folder-kept' // a move out of a folder that is not removed after all
  | 'bad-target' // a move's destination is missing, not a folder, or being removed
  | 'duplicate-entry' // the plan lists the item twice
  | 'cancelled' // the job was cancelled before the item was touched
  | 'put-back' // someone changed it while it was being removed: it was put back with their change
  | 'kept-copy-gone' // the copy that should stay went (someone else removed or re-addressed it): this one was put back
  | 'rescued' // someone else's item went with a folder being removed: it was re-created (not a planned item)
  | 'error'; // the browser refused the change

export interface ApplyProblem {
  id: string;
  title: string | null;
  reason: ProblemReason;
  /** What happened, as data: the page words it in its locale (`say()` in src/i18n). */
  message: Msg;
}

export interface CheckedRemoval {
  planned: PlannedRemoval;
  node: BookmarkNode;
  /** Folders: the subtree as it is now (descendants only). */
  descendants: { node: BookmarkNode; parentChainFromFolder: string[] }[];
}

export interface PlanCheck {
  removals: Map<string, CheckedRemoval>;
  moves: Map<string, { planned: PlannedMove; node: BookmarkNode }>;
  problems: ApplyProblem[];
  /** Every id that goes with a removed folder (descendants), mapped to the removed folder's id. */
  insideRemoved: Map<string, string>;
  ancestry: Ancestry;
  /**
   * The nodes the check read: the whole tree when the plan removes folders or is big (so the apply can tell what
   * someone adds to a folder as it is removed, and re-create it), else the planned items and their folders.
   */
  snapshot: BookmarkNode[];
  /** Every node as the check read it, with its children, when it read the whole tree; null when it did not. */
  whole: ReadonlyMap<string, BookmarkNode> | null;
}
