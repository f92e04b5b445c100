/**
 * What the undo of a cleanup put back, in the cleanup's own units (src/operation-history/cleanup-numbers.ts): copies (bookmarks),
 * copied folders and empty folders, so its report reads "180 copies and 7 empty folders restored" rather than a count
 * of items that mixes bookmarks with the folders and separators around them (issue 29).
 */
import type { JournalEntry } from './journal-entries';

export interface RestoredUnits {
  /** Bookmarks re-created: loose copies and those inside copied folders. */
  copies: number;
  /** Copied folders re-created (their subfolders are not counted: the folder is the unit a person decided on). */
  copiedFolders: number;
  /** Empty folders re-created, and folders the cleanup had emptied. */
  emptyFolders: number;
}

/** Counts re-created entries of a cleanup in its units. */
export function restoredUnitsCounter() {
  const units: RestoredUnits = { copies: 0, copiedFolders: 0, emptyFolders: 0 };
  return {
    units,
    /** One journaled item was put back (re-created or adopted). */
    count(e: JournalEntry): void {
      if (e.role !== 'removed') return;
      if (e.type === 'bookmark') units.copies++;
      else if (e.type === 'folder' && e.reason === 'duplicate-folder') units.copiedFolders++;
      else if (e.type === 'folder' && (e.reason === 'empty-folder' || e.reason === 'emptied-folder')) units.emptyFolders++;
    },
  };
}
