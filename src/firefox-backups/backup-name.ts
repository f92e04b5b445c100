/**
 * What Firefox writes into a backup's file name (PlacesBackups.sys.mjs): `bookmarks-YYYY-MM-DD_<count>_<hash>.jsonlz4`,
 * the date in the profile's local time, the count of every item (the root and its folders included), the hash of
 * the JSON. Older backups and manual ones have only the date (`bookmarks-YYYY-MM-DD.json`).
 */

export interface BackupName {
  /** YYYY-MM-DD */
  date: string;
  /** The item count Firefox wrote into the name, or null when it wrote none. */
  count: number | null;
}

// Firefox's own pattern (PlacesBackups' filenamesRegex), with the date held to a real YYYY-MM-DD.
const FIREFOX_NAME = /^bookmarks-(\d{4}-\d{2}-\d{2})(?:_(\d{1,9}))?(?:_[a-z0-9=_+-]{24,})?\.json(?:lz4)?$/i;

/** A calendar date YYYY-MM-DD that exists (no 2026-02-30). */
export function isCalendarDate(date: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

export function parseBackupName(fileName: string): BackupName | null {
  const m = FIREFOX_NAME.exec(fileName);
  if (!m || !isCalendarDate(m[1]!)) return null;
  return { date: m[1]!, count: m[2] === undefined ? null : Number(m[2]) };
}

/** The local calendar date (YYYY-MM-DD) of a moment, as Firefox dates its backups. */
export function localDate(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(d.getFullYear()).padStart(4, '0')}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
