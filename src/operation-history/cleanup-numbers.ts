/**
 * One set of numbers for a cleanup, defined once: the Duplicates page's summary, the preview, the confirm dialog,
 * the apply's progress, its result and the cleanup history all speak in these units, so a person reads the same
 * figure everywhere ("1,587 copies to remove: 787 loose, 800 inside 2 copied folders; and 2 empty folders").
 *
 * - A plan's numbers are what it would do (`plan.numbers`); an apply's result and a history entry carry what was
 *   done, in the same fields; `skipped` exists only after the fact.
 * - "Copies" are bookmarks (type bookmark). Subfolders and separators inside a copied folder go with it and are
 *   not counted separately: the folder is the unit a person decided on.
 */
export interface CleanupNumbers {
  /** Bookmarks removed in all: `loose + insideFolders`. The headline figure. */
  copies: number;
  /** Duplicate bookmarks removed one by one. */
  loose: number;
  /** Bookmarks inside copied folders, removed with their folder. */
  insideFolders: number;
  /** Copied (redundant) folders removed whole. */
  copiedFolders: number;
  /** Empty folders removed. */
  emptyFolders: number;
  /** Unique items moved out of a copied folder into the folder that stays. */
  moved: number;
  /** URLs whose tags were merged onto the copy that stays. */
  tagMerges: number;
}

/** What an apply did, in the units of the plan, plus what it left alone. */
export interface CleanupOutcomeNumbers extends CleanupNumbers {
  /** Planned items not carried out (changed by someone else, cancelled, refused by Firefox). */
  skipped: number;
}

export const NO_NUMBERS: Readonly<CleanupNumbers> = Object.freeze({
  copies: 0,
  loose: 0,
  insideFolders: 0,
  copiedFolders: 0,
  emptyFolders: 0,
  moved: 0,
  tagMerges: 0,
});

/**
 * The phases of an apply, always reported in this order (a phase with nothing to do is passed through, never
 * skipped back to). Progress `done`/`total` count copies, the headline figure: `total` is the copies the plan
 * removes (`copies`, the same number as the summary's when the pre-check refuses nothing), fixed when the journal is
 * written and never changed afterwards. Copied and empty folders go while collapsing, with no units of their own.
 */
export const CLEANUP_PHASES = ['checking', 'journaling', 'merging-tags', 'moving', 'collapsing', 'removing', 'done'] as const;
export type CleanupPhase = (typeof CLEANUP_PHASES)[number];

export interface CleanupProgress {
  phase: CleanupPhase;
  /** Copies removed so far (a copied folder counts the bookmarks in it; empty folders and moves count 0). */
  done: number;
  /** Fixed once journaling is done; 0 while checking. */
  total: number;
  /** Copies per second over the last few seconds (a moving window, not an average since the start). */
  rate: number;
  /** An honest estimate of the time left in ms (by the cost of what is left in each phase), null when unknown. */
  etaMs: number | null;
}
