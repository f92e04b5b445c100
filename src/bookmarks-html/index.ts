/**
 * Bookmarks files, the face of src/bookmarks-html: Netscape bookmarks.html import and export and the backup. A page
 * reads a chosen file with decodeBookmarksFile (decode-file.ts) and sends its text; parsing, importing and writing
 * happen in the background (feature.ts), whose requests and reports are in protocol.ts and the types below.
 * ImportOperation (import-journal.ts) is the one "create many, journaled, all or nothing, undoable" operation: a
 * restore from a Firefox backup (src/firefox-backups) runs as one too, its steps journaled ahead as an import's
 * (StepsAhead, steps-ahead.ts).
 */
export { decodeBookmarksFile } from './decode-file';
export type { DocumentCounts } from './document';
export type { ImportProgress, ImportReport, ImportTarget } from './import';
export type { TagsImportReport } from './import-tags';
export type { ParseProblem } from './parse';
export { ImportOperation } from './import-journal';
export { StepsAhead, type StepParent } from './steps-ahead';
