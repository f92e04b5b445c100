/**
 * What can be wrong with a file someone opens as a Firefox backup, as data: the decoding runs in a worker, where no
 * message catalog is installed, and the page words each problem (messages.ts). A problem is never an exception
 * with a stack trace for the person: openBackup() turns every failure into one of these.
 */

/** Refused before it was read: more than any real backup (about a million bookmarks' JSON). */
export const MAX_BACKUP_BYTES = 512 * 1024 * 1024;

export type BackupProblem =
  /** Neither .jsonlz4 nor .json (by its name). */
  | { code: 'unsupported-name' }
  /** A .jsonlz4 file that does not start with Firefox's header `mozLz40\0`. */
  | { code: 'not-mozlz4' }
  /** The file, or the size its header declares, is over MAX_BACKUP_BYTES. */
  | { code: 'too-large'; bytes: number }
  /** The compressed data ends before the size its header declares (a file cut short). */
  | { code: 'truncated'; declared: number }
  /** The compressed data is not a valid LZ4 block (a damaged file). */
  | { code: 'corrupt' }
  /** The data decompresses to more than the header declares. */
  | { code: 'size-mismatch'; declared: number }
  /** The text is not UTF-8. */
  | { code: 'not-utf8' }
  /** The text is not JSON (or is empty). */
  | { code: 'not-json' }
  /** JSON, but not Firefox's bookmarks backup format (no root folder with children). */
  | { code: 'not-firefox' }
  /** The file could not be read at all (gone from disk, or the decoder failed). */
  | { code: 'unreadable' };

export type BackupProblemCode = BackupProblem['code'];

/** Thrown inside the decoding modules and caught by openBackup(); never reaches a page as an exception. */
export class BackupFileError extends Error {
  constructor(readonly problem: BackupProblem) {
    super(problem.code);
    this.name = 'BackupFileError';
  }
}
