/**
 * Finding duplicates, the face of dedup/scan: the scan (exact and rule-joined copies, copied folder sets, empty
 * folders, copies that came back), the keep rules, remembered decisions and building a cleanup plan from the scan a
 * person reviewed. The background builds it with createDedupScanFeature (feature.ts).
 */
export { buildPlan, unionTags, type BuildPlanOptions, type FolderSetDecision, type PlanDecisions } from './plan';
export { removedWith, survives, type TreeAfterPlan } from './survivors';
export { folderSetKey, isFolderSetKey, type DecisionInScan, type FolderSetDecisionInScan, type RememberedDecision } from './decisions';
export { chooseKeeper, explainKeeper, keepCandidates, type KeepCandidate, type KeepReason } from './keep-rules';
export { comebackOf } from './comeback';
export type * from './scan-types';
