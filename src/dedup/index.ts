/**
 * Duplicate bookmarks, the face other modules and the pages use: finding (dedup/find), the plan contract
 * (plan-types.ts), one set of numbers for a cleanup (cleanup-numbers.ts) and carrying it out (dedup/cleanup).
 * The requests are in protocol.ts; the background builds the features from find/feature.ts and cleanup/feature.ts.
 */
export * from './find';
export * from './cleanup';
export { CLEANUP_PHASES, NO_NUMBERS, type CleanupNumbers, type CleanupOutcomeNumbers, type CleanupPhase, type CleanupProgress } from '../operations';
export type { CleanupPlan, PlannedMove, PlannedRemoval, PlannedTagMerge } from './plan-types';
export { chooseReplacements, worthReplacing, type FolderOfRemovals } from './replace-choice';
