/**
 * Carrying a cleanup plan out, the face of dedup/cleanup: the check right before acting, the apply with its
 * progress, the watch on changes made meanwhile and the choice of folders replaced by a fresh copy. The background builds it with createDedupApplyFeature
 * (feature.ts); the journal, undo and recovery are src/operations.
 */
export type { CleanupRecord } from './feature';
export type { ApplyPhase, ApplyProblem, ApplyProgress, ApplyResult, CleanupDeps, ProblemReason, TagAccess } from './apply';
export { chooseReplacements, worthReplacing, type FolderOfRemovals } from './replace-choice';
