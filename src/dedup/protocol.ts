import * as v from 'valibot';
import { job, request, type JobDef, type RequestDef, noInput } from '../messaging/define';
import type { ApplyProgress, ApplyResult } from './cleanup';
import type { DecisionInScan, FolderSetDecisionInScan, RememberedDecision, ScanResult } from './scan';
import type { CleanupPlan } from './plan-types';

// --- dedup-find: scan progress and the decisions a plan is built from. ---
export interface ScanProgress {
  phase: 'reading-tree' | 'reading-history' | 'reading-tags' | 'matching';
  step: number;
  steps: number;
}
/**
 * A scan as the 'dedup.scan' job returns it: with the id 'dedup.plan' needs to build a plan from this scan, and the
 * person's remembered decisions on its groups (decisions.ts), so the page shows them without another request.
 */
export type ReviewedScan = ScanResult & {
  scanId: string;
  remembered: DecisionInScan[];
  /** Remembered decisions on copied folders (absent in scans stored before they were remembered). */
  rememberedSets?: FolderSetDecisionInScan[];
};
const MAX_DECISIONS = 200_000;
const decisionId = v.pipe(v.string(), v.minLength(1), v.maxLength(100));
export const planDecisionsSchema = v.strictObject({
  /** The id of the scan the user reviewed ('dedup.scan' result); refused with 'conflict' when it is not the last one. */
  scanId: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  /** Per-group keeper overrides: the ids of the copies to keep. */
  keepers: v.optional(v.pipe(v.array(decisionId), v.maxLength(MAX_DECISIONS))),
  /** Keys (DuplicateGroup.key) of groups to leave alone. */
  leaveGroups: v.optional(v.pipe(v.array(v.pipe(v.string(), v.minLength(1), v.maxLength(70_000))), v.maxLength(MAX_DECISIONS))),
  /** Per folder set: which copy stays, or leave every copy (merge false). Sets not listed merge as the scan suggests. */
  folderSets: v.optional(v.pipe(v.array(v.strictObject({ setId: decisionId, keepId: decisionId, merge: v.boolean() })), v.maxLength(MAX_DECISIONS))),
  /** Remove the empty folders the scan found (default true). */
  includeEmptyFolders: v.optional(v.boolean()),
});

// --- dedup-find: remembered decisions per group key (decisions.ts). ---
const groupKey = v.pipe(v.string(), v.minLength(1), v.maxLength(70_000));
const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
export const rememberDecisionSchema = v.strictObject({
  key: groupKey,
  leave: v.boolean(),
  /** The copy to keep, or null for the keep rules' choice. leave false and keeper null forget the group. */
  keeper: v.nullable(v.strictObject({ id: decisionId, url: text(65_536), path: text(10_000), title: text(10_000) })),
  /** Every copy of the group as the person sees it (for "this group changed since you decided"). */
  copyIds: v.pipe(v.array(decisionId), v.minLength(1), v.maxLength(MAX_DECISIONS)),
  url: text(65_536),
  title: text(10_000),
});

// --- dedup-apply: the cleanup plan as a page sends it, validated strictly, every array bounded. ---
const MAX_PLAN_ITEMS = 200_000;
const itemId = v.pipe(v.string(), v.minLength(1), v.maxLength(100));
const planUrl = v.pipe(v.string(), v.minLength(1), v.maxLength(65_536));
const count = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10_000_000));
export const cleanupPlanSchema = v.strictObject({
  id: itemId,
  createdAt: v.pipe(v.number(), v.finite(), v.minValue(0)),
  removals: v.pipe(
    v.array(
      v.strictObject({
        id: itemId,
        kind: v.picklist(['bookmark', 'folder', 'separator']),
        expectedUrl: v.nullable(planUrl),
        expectedParentId: itemId,
        reason: v.picklist(['duplicate-bookmark', 'duplicate-folder', 'empty-folder', 'emptied-folder']),
        keptId: v.nullable(itemId),
        keptUrl: v.optional(v.nullable(planUrl)),
      }),
    ),
    v.maxLength(MAX_PLAN_ITEMS),
  ),
  moves: v.pipe(v.array(v.strictObject({ id: itemId, expectedParentId: itemId, toParentId: itemId })), v.maxLength(MAX_PLAN_ITEMS)),
  tagMerges: v.pipe(
    v.array(v.strictObject({ url: planUrl, tags: v.pipe(v.array(v.pipe(v.string(), v.maxLength(1000))), v.maxLength(1000)) })),
    v.maxLength(MAX_PLAN_ITEMS),
  ),
  replacements: v.optional(
    v.pipe(
      v.array(v.strictObject({ id: itemId, expectedParentId: itemId, path: v.pipe(v.string(), v.maxLength(100_000)), removals: count, survivors: count })),
      v.maxLength(MAX_PLAN_ITEMS),
    ),
  ),
  numbers: v.strictObject({ copies: count, loose: count, insideFolders: count, copiedFolders: count, emptyFolders: count, moved: count, tagMerges: count }),
});

/** The last scan, shown while the page scans again; `current` while no bookmark or tag changed since it. */
export interface LastScan {
  scan: ReviewedScan;
  current: boolean;
}

/** This feature's part of the protocol table (see src/app-protocol/protocol.ts). */
export const dedupProtocol = {
  /**
   * dedup-find: the last scan (kept when bookmarks change), or null: the page shows it at once while its own scan
   * runs, and acts only on that new scan.
   */
  'dedup.lastScan': request<LastScan | null>()(noInput),
  /** dedup-find: a cleanup plan (dry run) from the scan the user reviewed (by scan id) and the user's decisions. */
  'dedup.plan': request<CleanupPlan>()(planDecisionsSchema),
  /** dedup-find: remembers "leave alone" or a chosen copy for a group key (or forgets it: leave false, no keeper). */
  'dedup.decisions.remember': request<{ remembered: boolean }>()(rememberDecisionSchema),
  /** dedup-find: every remembered decision, newest first (Settings lists them). */
  'dedup.decisions.list': request<RememberedDecision[]>()(noInput),
  /** dedup-find: forgets the decisions on these group keys. */
  'dedup.decisions.forget': request<{ forgotten: number }>()(v.strictObject({ keys: v.pipe(v.array(groupKey), v.minLength(1), v.maxLength(MAX_DECISIONS)) })),
} satisfies Record<string, RequestDef>;

/** Test builds only (merged by src/app-protocol/test-protocol.ts); a function, so the production build leaves it out. */
export function dedupTestProtocol() {
  return {
    /** While held, every 'dedup.scan' waits before it reads the bookmarks (e2e: what the page shows meanwhile). */
    'test.dedup.holdScans': request<null>()(v.strictObject({ hold: v.boolean() })),
  } satisfies Record<string, RequestDef>;
}

/** This feature's long jobs, run over a port with progress, pause and cancel. */
export const dedupJobs = {
  /** dedup-find: finds duplicate bookmarks, duplicated folders and empty folders (progress: phases). */
  'dedup.scan': job<ScanProgress, ReviewedScan>()(
    v.optional(
      v.strictObject({
        /** Take the last scan the background made when nothing changed since (the page opening), else scan. */
        reuseCurrent: v.optional(v.boolean()),
      }),
    ),
  ),
  /** dedup-apply: journals, then applies a cleanup plan (progress: phase, done/total, rate; pause and cancel). */
  'dedup.cleanup': job<ApplyProgress, ApplyResult>()(cleanupPlanSchema),
} satisfies Record<string, JobDef>;
