/**
 * The operation journal, the face of src/operations: what a cleanup or an import does is written here before
 * anything is touched (journal.ts, IndexedDB tidymarks-journal); undo puts it back (undo.ts) and the next start rolls
 * an interrupted operation back (recovery.ts); the scan reads what earlier cleanups removed (removed-history.ts).
 */
export {
  JOURNAL_DB_NAME,
  ProgressLog,
  UNFINISHED_STATUSES,
  kindOf,
  loadRemovedHistory,
  openJournal,
  newSession,
  outcomeNumbersOf,
  removedEntryOf,
  type EditSummary,
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
  type RescuedEntry,
  type SessionProgress,
  type SessionRecord,
  type SessionStatus,
  type TagMergeEntry,
} from './journal';
export { restoreSession, type LeftAlone, type LeftAloneReason, type RestoreMode, type UndoPhase, type UndoProblem, type UndoProgress, type UndoResult } from './undo';
export { recoverInterruptedSessions, type RecoveryOutcome } from './recovery';
export { NO_REMOVED_HISTORY, removedHistoryFrom, type RemovalRecord, type RemovedHistory } from './removed-history';
