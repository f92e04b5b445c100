/**
 * Firefox's own bookmark backups, the face of src/firefox-backups: the daily `bookmarks-YYYY-MM-DD_<count>_<hash>.jsonlz4`
 * files of a profile's bookmarkbackups folder and Firefox's `.json` backups, opened off the page's thread
 * (startBackupDecoder: a module worker that decompresses with lz4js and parses into the flat BackupTree), and the
 * timeline of their bookmark counts. Pure decoding and parsing (mozlz4.ts, parse.ts, open-backup.ts) run in the
 * worker; a page loads only the decoder, the timeline, the restore plan (restore-plan.ts) and types from here; the
 * background restores chosen removed items, removes chosen added ones and puts chosen moves, titles and addresses
 * back, and brings Firefox's tags and keywords onto the bookmarks there are (bring-in.ts), each one operation of the
 * history (feature.ts, restore.ts, remove-added.ts, put-back.ts). README.md: the format and the choices.
 */
export { startBackupDecoder } from './decoder';
export type { BackupDecoder, WorkerLike } from './decoder';
export { buildTimeline } from './timeline';
export type { Timeline, TimelineJump, TimelinePoint } from './timeline';
export { MAX_BACKUP_BYTES } from './problems';
export type { BackupProblem, BackupProblemCode } from './problems';
export type { BackupAnnotations, BackupSummary, OpenedBackup } from './open-backup';
export type { BackupFormat } from './backup-text';
export type { BackupAnnotation, BackupCounts, BackupItem, BackupTree, FirefoxRootName } from './tree-types';
export { CHANGE_KINDS, ROOT_GUIDS } from './compare';
export type { BackupDiff, ChangedItem, ChangeKind, DiffFolder, LiveRow, LiveTree, RemovedDetail } from './compare';
export type { ComparedBackup } from './compare-backup';
export { addedToRemove, changesToPutBack, restorePlan } from './restore-plan';
export type { RestoreParent, RestorePlan, RestoreStep } from './restore-plan';
export type { RestoreProgress, RestoreReport } from './restore';
export type { AddedItem, RemoveAddedProgress, RemoveAddedReport } from './remove-added';
export type { PutBack, PutBackProgress, PutBackReport } from './put-back';
export type { BringInProgress, BringInReport } from './bring-in';
