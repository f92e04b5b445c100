/**
 * Carrying a cleanup plan out, the face of dedup/cleanup: the check right before acting, the apply with its
 * progress, the watch on changes made meanwhile and the choice of folders replaced by a fresh copy. The background builds it with createDedupCleanupFeature
 * (feature.ts); the journal, undo and recovery are src/operation-history.
 */
export { cleanupRecords, type CleanupRecord } from './cleanup-records';
export type { ApplyPhase, ApplyProblem, ApplyProgress, ApplyResult, ProblemReason } from './apply';
