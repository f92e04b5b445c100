import * as v from 'valibot';
import { job, request, type JobDef, type RequestDef, noInput } from '../messaging/define';
import type { HistoryResult, OperationSummary } from './history';
import type { UndoProgress } from './undo';

const sessionId = v.pipe(v.string(), v.minLength(1), v.maxLength(100));
const which = v.strictObject({
  /** The operation; without it, the newest that can be undone (or redone). */
  sessionId: v.optional(sessionId),
  /** Only operations made there (the popup undoes its own edits and the quick bookmark's). */
  sources: v.optional(v.pipe(v.array(v.picklist(['popup', 'quick-bookmark'])), v.maxLength(2))),
});

/** This feature's part of the protocol table (see src/messaging/protocol.ts). */
export const historyProtocol = {
  /** The last operations (newest first): cleanups, imports and edits, each with what it did and whether it is undone. */
  'history.list': request<OperationSummary[]>()(noInput),
} satisfies Record<string, RequestDef>;

/** This feature's long jobs, run over a port with progress, pause and cancel. */
export const historyJobs = {
  /** Undoes an operation (the newest when none is named); what someone changed since stays, and the result says so. */
  'history.undo': job<UndoProgress, HistoryResult>()(which),
  /** Does an undone operation again (the most recently undone when none is named), by undoing its undo. */
  'history.redo': job<UndoProgress, HistoryResult>()(which),
} satisfies Record<string, JobDef>;
