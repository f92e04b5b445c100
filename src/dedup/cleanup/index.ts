/**
 * Carrying a cleanup plan out, the face of dedup/cleanup: the check right before acting, the apply with its
 * progress and the watch on changes made meanwhile. The background builds it with createDedupApplyFeature
 * (feature.ts); the journal, undo and recovery are src/operations.
 */
export type { ApplyPhase, ApplyProblem, ApplyProgress, ApplyResult, CleanupDeps, ProblemReason, TagAccess } from './apply';
