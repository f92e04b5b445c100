/**
 * A Firefox backup's bookmarks, normalized: what parse.ts makes of Firefox's JSON and what a comparison with the
 * live tree reads. Flat, in document order (a folder before its contents), each item naming its parent by position
 * in the list: nothing that reads it needs recursion, however deep the file (a 10,000-deep folder chain is a list
 * of 10,000 items), and it crosses from the worker to the page by structured clone as it is.
 */

/** Firefox's names for its root folders (the `root` property of its JSON). */
export type FirefoxRootName = 'placesRoot' | 'bookmarksMenuFolder' | 'toolbarFolder' | 'unfiledBookmarksFolder' | 'mobileFolder' | 'tagsFolder';

export interface BackupItem {
  kind: 'bookmark' | 'folder' | 'separator';
  /** Firefox's GUID (a WebExtension bookmark's id), or null when the file has none usable. */
  guid: string | null;
  /** The parent's position in BackupTree.items; -1 for the root. */
  parent: number;
  /** Position among the parent's items, as Firefox orders them (its `index`). */
  position: number;
  /** 0 for the root, 1 for Firefox's menu, toolbar, other and mobile folders. */
  depth: number;
  title: string;
  /** The address of a bookmark; null for folders and separators. */
  url: string | null;
  /** Milliseconds since 1970 (Firefox writes microseconds); null when the file has none. */
  dateAdded: number | null;
  lastModified: number | null;
  /** Firefox's tags of this bookmark (its JSON's comma-separated `tags`). */
  tags: string[];
  keyword: string | null;
  root: FirefoxRootName | null;
}

export interface BackupCounts {
  /** Every item, the root and its folders included: the count Firefox writes into a backup's file name. */
  items: number;
  /** Bookmarks outside the legacy tags folder (older Firefox wrote tag folders into backups). */
  bookmarks: number;
  folders: number;
  separators: number;
}

export interface BackupTree {
  items: BackupItem[];
  counts: BackupCounts;
  /** Entries left out: not an object, an unknown type, a bookmark without a usable address. */
  skipped: number;
  /** The latest date added or modified of any item (ms), or null: a backup's date when its name has none. */
  latest: number | null;
}

/** One bookmark of a backup with what it brings: Firefox's tags or keyword (src/firefox-backups/bring-in.ts). */
export interface BackupAnnotation {
  guid: string | null;
  url: string;
  tags: string[];
  keyword: string | null;
}
