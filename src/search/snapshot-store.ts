/**
 * A persisted copy of what the search index is built from (bookmark tree shape, indexed history, tags), so the
 * index comes back quickly after the event page was unloaded. One IndexedDB database ('tidymarks-search'), one
 * record of columnar arrays: reading it back is one structured clone of a few large arrays, measured at about a
 * tenth of getTree + history.search (bench/search.bench.ts: readPersistedMs vs fetchTreeHistoryMs).
 * A snapshot is only a head start: the live index always re-reads Firefox right after (see live-index.ts).
 */
import type { DBSchema } from 'idb';
import { lazyDb } from '../platform/lazy-db';

export const SNAPSHOT_VERSION = 1;

export interface IndexSnapshot {
  version: typeof SNAPSHOT_VERSION;
  savedAt: number;
  nodes: {
    ids: string[];
    parentIds: string[];
    titles: string[];
    /** '' for folders and separators. */
    urls: string[];
    /** One letter per node: f(older), b(ookmark), s(eparator). */
    kinds: string;
    dateAdded: number[];
  };
  history: { urls: string[]; titles: string[]; visits: number[]; lastVisits: number[] };
  tags: { urls: string[]; tags: string[][] };
}

interface SearchDB extends DBSchema {
  snapshot: { key: string; value: IndexSnapshot };
}

const KEY = 'index';

export interface SnapshotStore {
  load(): Promise<IndexSnapshot | undefined>;
  save(snapshot: IndexSnapshot): Promise<void>;
  clear(): Promise<void>;
}

function isSnapshot(value: unknown): value is IndexSnapshot {
  const s = value as IndexSnapshot | undefined;
  return (
    !!s &&
    s.version === SNAPSHOT_VERSION &&
    Array.isArray(s.nodes?.ids) &&
    s.nodes.ids.length === s.nodes.parentIds?.length &&
    s.nodes.ids.length === s.nodes.kinds?.length &&
    Array.isArray(s.history?.urls) &&
    Array.isArray(s.tags?.urls)
  );
}

export function openSnapshotStore(name = 'tidymarks-search'): SnapshotStore {
  const db = lazyDb<SearchDB>(name, 1, (database, oldVersion) => {
    if (oldVersion < 1) database.createObjectStore('snapshot');
  });
  return {
    async load() {
      const value = await (await db()).get('snapshot', KEY);
      // A snapshot of another shape (older version, damaged) is ignored: the index is rebuilt from Firefox.
      return isSnapshot(value) ? value : undefined;
    },
    async save(snapshot) {
      await (await db()).put('snapshot', snapshot, KEY);
    },
    async clear() {
      await (await db()).clear('snapshot');
    },
  };
}
