/**
 * The operation journal and the one history, the face of src/operation-history: what a cleanup, an import or an
 * edit does is written here before anything is touched (journal.ts, IndexedDB tidymarks-journal, its records in
 * journal-records.ts and journal-entries.ts; edits through edit.ts); the history (history.ts) runs every journaled
 * write in one queue and undoes and redoes operations (undo.ts and its undo-*.ts steps), the next start rolls an
 * interrupted one back (recovery.ts); the scan reads what earlier cleanups removed (removed-history.ts).
 */
export { JOURNAL_DB_NAME, loadRemovedHistory, openJournal, type IdMapRecord, type Journal } from './journal';
export {
  UNFINISHED_STATUSES,
  operationKindOf,
  newSession,
  outcomeNumbersOf,
  type EditSummary,
  type ImportedNumbers,
  type NewProgress,
  type OperationKind,
  type OperationSource,
  type ProgressRecord,
  type SessionProgress,
  type SessionRecord,
  type SessionStatus,
} from './journal-records';
export {
  numberEntries,
  removedEntryOf,
  type CreatedEntry,
  type ItemType,
  type JournalEntry,
  type MovedEntry,
  type NewJournalEntry,
  type RemovedEntry,
  type RemovedEntryData,
  type ReorderedEntry,
  type ReplacedFolderEntry,
  type RescuedEntry,
  type TagMergeEntry,
  type TagsEntry,
  type UpdatedEntry,
} from './journal-entries';
export { MAX_CALLS_IN_FLIGHT, ProgressLog } from './progress-log';
export { editOperation, journaledEdit, JournaledOperation, type EditDeps, type EditSteps } from './edit';
export { removalEntries } from './removals';
export { createHistory, type History } from './history';
export type { HistoryResult, OperationSummary } from './protocol';
export { restoreSession, type LeftAlone, type LeftAloneReason, type RestoreMode, type UndoPhase, type UndoProblem, type UndoProgress, type UndoResult } from './undo';
export { revertTags } from './undo-tags';
export { recoverInterruptedSessions, type RecoveryOutcome } from './recovery';
export type { RestoredUnits } from './restored-units';
export { NO_REMOVED_HISTORY, removedHistoryFrom, type RemovalRecord, type RemovedHistory } from './removed-history';
export type { TagAccess, UrlTags, WriteDeps } from './ports';
export { createChangeWatch, type BookmarkEvent, type ChangeTracker, type ChangeWatch } from './change-watch';
export { CLEANUP_PHASES, NO_NUMBERS, type CleanupNumbers, type CleanupOutcomeNumbers, type CleanupPhase, type CleanupProgress } from './cleanup-numbers';
