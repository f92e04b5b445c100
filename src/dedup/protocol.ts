import * as v from 'valibot';
import { job, request, type JobDef, type RequestDef } from '../messaging/define';
import type { ApplyProgress, ApplyResult } from './apply';
import type { SessionSummary } from './apply-feature';
import type { UndoProgress, UndoResult } from './undo';

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
        reason: v.picklist(['duplicate-bookmark', 'duplicate-folder', 'empty-folder']),
        keptId: v.nullable(itemId),
      }),
    ),
    v.maxLength(MAX_PLAN_ITEMS),
  ),
  moves: v.pipe(v.array(v.strictObject({ id: itemId, expectedParentId: itemId, toParentId: itemId })), v.maxLength(MAX_PLAN_ITEMS)),
  tagMerges: v.pipe(
    v.array(v.strictObject({ url: planUrl, tags: v.pipe(v.array(v.pipe(v.string(), v.maxLength(1000))), v.maxLength(1000)) })),
    v.maxLength(MAX_PLAN_ITEMS),
  ),
  summary: v.strictObject({ duplicateBookmarks: count, duplicateFolders: count, emptyFolders: count, movedItems: count }),
});

/** This feature's part of the protocol table (see src/messaging/protocol.ts). */
export const dedupProtocol = {
  /** dedup-apply: the last cleanup sessions (newest first) for the options page: date, counts, undone or not. */
  'dedup.sessions': request<SessionSummary[]>()(v.strictObject({})),
} satisfies Record<string, RequestDef>;

/** This feature's long jobs, run over a port with progress, pause and cancel. */
export const dedupJobs = {
  /** dedup-apply: journals, then applies a cleanup plan (progress: phase, done/total, rate; pause and cancel). */
  'dedup.apply': job<ApplyProgress, ApplyResult>()(cleanupPlanSchema),
  /** dedup-apply: undoes one of the last 20 cleanup sessions. */
  'dedup.undo': job<UndoProgress, UndoResult>()(v.strictObject({ sessionId: itemId })),
} satisfies Record<string, JobDef>;
