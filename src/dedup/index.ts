/**
 * Duplicate bookmarks, the face other modules and the pages use: scanning (dedup/scan), the plan contract
 * (plan-types.ts), one set of numbers for a cleanup (cleanup-numbers.ts) and carrying it out (dedup/cleanup).
 * The requests are in protocol.ts; the background builds the features from scan/feature.ts and cleanup/feature.ts.
 */
export * from './scan';
export * from './cleanup';
export { CLEANUP_PHASES, NO_NUMBERS, type CleanupNumbers, type CleanupOutcomeNumbers, type CleanupPhase, type CleanupProgress } from '../operation-history';
export type { CleanupPlan, PlannedMove, PlannedRemoval, PlannedTagMerge } from './plan-types';
export { chooseReplacements, worthReplacing, type FolderOfRemovals } from './replace-choice';
