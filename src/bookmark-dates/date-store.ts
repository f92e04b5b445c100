/**
 * The dates a bookmarks.html gave each imported bookmark and folder (ADD_DATE, LAST_MODIFIED, Pocket's
 * time_added). Extensions cannot set `dateAdded` (bookmarks.create takes none), so Firefox shows the import time;
 * Tidymarks keeps the file's dates in its own IndexedDB database, keyed by bookmark id, and uses them wherever it
 * reads or shows "date added": the duplicate scan's oldest/newest keep rules and the dates the cleanup page shows,
 * the bookmarks.html export, the organizer (its Added column, details and "sort by date added") and the popup's
 * newest bookmarks. `dateAddedOf` is the one function for that. Records go when their bookmark goes (see
 * feature.ts). Kept in memory after one read, like the tags (single IndexedDB reads cost ~0.5 ms in Firefox).
 * `onChange` tells of dates written (an import keeps them after it created the bookmarks): the search index and the
 * Places events hub (which tells the pages) follow it.
 */
import type { DBSchema } from 'idb';
import type { BookmarkNode } from '../platform/browser';
import { lazyDb } from '../platform/lazy-db';
import { descendants } from '../platform/tree';

export const FILE_DATES_DB = 'tidymarks-file-dates';
const VERSION = 1;

export interface BookmarkDate {
  /** The bookmark's or folder's id in Firefox. */
  id: string;
  /** ms since the epoch */
  dateAdded?: number;
  lastModified?: number;
}

export type BookmarkDates = ReadonlyMap<string, BookmarkDate>;

interface BookmarkDatesDB extends DBSchema {
  dates: { key: string; value: BookmarkDate };
}

export interface BookmarkDateStore {
  /** Every record, by id (cached after the first read). */
  all(): Promise<BookmarkDates>;
  putMany(records: readonly BookmarkDate[]): Promise<void>;
  /** Drops the records of these ids (unknown ids cost nothing). */
  forget(ids: readonly string[]): Promise<void>;
  clear(): Promise<void>;
  /**
   * Calls `listener` with the records of each putMany once they are stored. Forgotten records need no word: their
   * bookmark is gone. Returns the function that stops listening.
   */
  onChange(listener: BookmarkDateListener): () => void;
}

export type BookmarkDateListener = (records: readonly BookmarkDate[]) => void;

/** What readers of the dates need: the records, and word of new ones. */
export type BookmarkDateSource = Pick<BookmarkDateStore, 'all' | 'onChange'>;

export function openBookmarkDateStore(name = FILE_DATES_DB): BookmarkDateStore {
  let cache: Map<string, BookmarkDate> | null = null;
  const listeners = new Set<BookmarkDateListener>();
  const db = lazyDb<BookmarkDatesDB>(name, VERSION, (d, oldVersion) => {
    if (oldVersion < 1) d.createObjectStore('dates', { keyPath: 'id' });
  });
  const load = async () => {
    if (cache) return cache;
    const records = await (await db()).getAll('dates');
    cache ??= new Map(records.map((r) => [r.id, r]));
    return cache;
  };
  return {
    all: load,
    async putMany(records) {
      if (!records.length) return;
      const map = await load();
      const tx = (await db()).transaction('dates', 'readwrite');
      for (const r of records) void tx.store.put(r);
      await tx.done;
      for (const r of records) map.set(r.id, r);
      for (const listener of [...listeners]) {
        try {
          listener(records);
        } catch (error) {
          console.error('Tidymarks: a file-date listener failed', error);
        }
      }
    },
    async forget(ids) {
      const map = await load();
      const held = ids.filter((id) => map.has(id));
      if (!held.length) return;
      const tx = (await db()).transaction('dates', 'readwrite');
      for (const id of held) void tx.store.delete(id);
      await tx.done;
      for (const id of held) map.delete(id);
    },
    async clear() {
      await (await db()).clear('dates');
      cache = new Map();
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The date a bookmark or folder was added, as Tidymarks uses and shows it: the imported file's date, else Firefox's. */
export function dateAddedOf(node: { id: string; dateAdded?: number }, dates: BookmarkDates): number {
  return dates.get(node.id)?.dateAdded ?? node.dateAdded ?? 0;
}

/** The last-modified date the imported file gave, if any (Firefox exposes none to extensions). */
export function lastModifiedOf(node: { id: string }, dates: BookmarkDates): number | undefined {
  return dates.get(node.id)?.lastModified;
}

/** Puts `dateAddedOf` into a getTree() result in place (for code that reads node.dateAdded), without recursion. */
export function withBookmarkDates<T extends readonly BookmarkNode[]>(tree: T, dates: BookmarkDates): T {
  if (!dates.size) return tree;
  for (const node of descendants(tree)) {
    const kept = dates.get(node.id)?.dateAdded;
    if (kept !== undefined) node.dateAdded = kept;
  }
  return tree;
}
