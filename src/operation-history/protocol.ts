import * as v from 'valibot';
import { job, request, type JobDef, type RequestDef, noInput } from '../messaging/define';
import type { CleanupOutcomeNumbers } from './cleanup-numbers';
import type { EditSummary, ImportedNumbers, SessionStatus } from './journal-records';
import type { UndoProgress, UndoResult } from './undo';

const sessionId = v.pipe(v.string(), v.minLength(1), v.maxLength(100));
const which = v.strictObject({
  /** The operation; without it, the newest that can be undone (or redone). */
  sessionId: v.optional(sessionId),
  /** Only operations made there (the popup undoes its own edits and the quick bookmark's). */
  sources: v.optional(v.pipe(v.array(v.picklist(['popup', 'quick-bookmark'])), v.maxLength(2))),
});

/** One operation of the history as the pages list it. */
export interface OperationSummary {
  id: string;
  kind: 'cleanup' | 'import' | 'edit';
  createdAt: number;
  finishedAt: number | null;
  /** The operation's status; 'undone' while it is undone, 'applied' once redone, 'undoing' while either runs. */
  status: SessionStatus;
  cancelled: boolean;
  /** 'done': as the operation left it; 'undone'; 'redone': undone, then done again. */
  state: 'done' | 'undone' | 'redone';
  undone: boolean;
  undoneAt: number | null;
  canUndo: boolean;
  /** Undone, and no new operation since: it can be done again. */
  canRedo: boolean;
  /** When it was last done, undone or redone, as a place in the history: Undo and Redo take the highest that can. */
  order: number;
  /** What Undo or Redo without a named operation takes now (Ctrl+Z and Ctrl+Shift+Z in the organizer): this one. */
  next: 'undo' | 'redo' | null;
  counts: CleanupOutcomeNumbers;
  /** An import: what it created. */
  imported: ImportedNumbers | null;
  /** An edit: what it did. */
  edit: EditSummary | null;
  note: string | null;
}

/** What an undo or a redo did, and to which operation (as it is now). */
export interface HistoryResult extends UndoResult {
  operation: OperationSummary;
}

/** This feature's part of the protocol table (see src/app-protocol/protocol.ts). */
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
