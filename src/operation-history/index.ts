/**
 * The operation journal and the one history, the face of src/operations: what a cleanup, an import or an edit does is
 * written here before anything is touched (journal.ts, IndexedDB tidymarks-journal; edits through edit.ts); the history
 * (history.ts) runs every journaled write in one queue and undoes and redoes operations (undo.ts), the next start rolls
 * an interrupted one back (recovery.ts); the scan reads what earlier cleanups removed (removed-history.ts).
 */
export {
  JOURNAL_DB_NAME,
  MAX_CALLS_IN_FLIGHT,
  ProgressLog,
  UNFINISHED_STATUSES,
  operationKindOf,
  loadRemovedHistory,
  openJournal,
  newSession,
  numberEntries,
  outcomeNumbersOf,
  removedEntryOf,
  type EditSummary,
  type ImportedNumbers,
  type RemovedEntryData,
  type ReorderedEntry,
  type CreatedEntry,
  type IdMapRecord,
  type ItemType,
  type Journal,
  type JournalEntry,
  type MovedEntry,
  type NewJournalEntry,
  type NewProgress,
  type OperationKind,
  type ProgressRecord,
  type RemovedEntry,
  type ReplacedFolderEntry,
  type RescuedEntry,
  type SessionProgress,
  type SessionRecord,
  type SessionStatus,
  type TagMergeEntry,
  type TagsEntry,
  type UpdatedEntry,
  type OperationSource,
} from './journal';
export { editOperation, journaledEdit, JournaledOperation, type EditDeps, type EditSteps } from './edit';
export { removalEntries } from './removals';
export { createHistory, type History } from './history';
export type { HistoryResult, OperationSummary } from './protocol';
export {
  restoreSession,
  revertTags,
  type LeftAlone,
  type LeftAloneReason,
  type RestoreMode,
  type UndoPhase,
  type UndoProblem,
  type UndoProgress,
  type UndoResult,
} from './undo';
export { recoverInterruptedSessions, type RecoveryOutcome } from './recovery';
export type { RestoredUnits } from './restored-units';
export { NO_REMOVED_HISTORY, removedHistoryFrom, type RemovalRecord, type RemovedHistory } from './removed-history';
export type { TagAccess, UrlTags, WriteDeps } from './ports';
export { createChangeWatch, type BookmarkEvent, type ChangeTracker, type ChangeWatch } from './change-watch';
export { CLEANUP_PHASES, NO_NUMBERS, type CleanupNumbers, type CleanupOutcomeNumbers, type CleanupPhase, type CleanupProgress } from './cleanup-numbers';
