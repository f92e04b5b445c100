/**
 * A picked file's bytes as the JSON text of a Firefox backup: `.jsonlz4` decompressed (mozlz4.ts), `.json` as it is,
 * both read as UTF-8 the way Firefox writes them (IOUtils.writeUTF8). Anything else is refused by its name: Firefox's
 * bookmarks.html exports are opened on the Import page.
 */
import { decodeMozLz4 } from './mozlz4';
import { BackupFileError } from './problems';

export type BackupFormat = 'jsonlz4' | 'json';

/** The format a file name says, or null for a name that is neither. */
export function formatFromName(name: string): BackupFormat | null {
  const lower = name.toLowerCase();
  if (lower.endsWith('.jsonlz4')) return 'jsonlz4';
  if (lower.endsWith('.json')) return 'json';
  return null;
}

export function backupText(format: BackupFormat, bytes: Uint8Array): string {
  const raw = format === 'jsonlz4' ? decodeMozLz4(bytes) : bytes;
  try {
    // A byte order mark is skipped, as JSON.parse would refuse it (TextDecoder drops it by default).
    return new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    throw new BackupFileError({ code: 'not-utf8' });
  }
}
