/**
 * A persisted copy of what the search index is built from (bookmark tree shape, indexed history, tags), so the
 * index comes back quickly after the event page was unloaded. One IndexedDB database ('tidymarks-search'): a head
 * record and parts of columnar arrays (a few thousand nodes or history entries each): reading it back is a few
 * structured clones of large arrays, measured at about a tenth of getTree + history.search
 * (bench/search.bench.ts: readPersistedMs vs fetchTreeHistoryMs). Written in parts, one transaction, so the
 * event page answers requests between them (one clone of 100,000 nodes held its thread while the popup opened).
 * A snapshot is only a head start: the live index always re-reads Firefox right after (see live-index.ts).
 */
import type { DBSchema } from 'idb';
import { lazyDb } from '../platform/lazy-db';
import type { NodeColumns } from '@tidymarks/places/tree-index';

export const SNAPSHOT_VERSION = 2;

/** The tree's nodes as columns: the Places package's tree mirror writes them (BookmarkTree.columns). */
export type { NodeColumns };

export interface HistoryColumns {
  urls: string[];
  titles: string[];
  visits: number[];
  lastVisits: number[];
}

export interface IndexSnapshot {
  version: typeof SNAPSHOT_VERSION;
  savedAt: number;
  nodes: NodeColumns;
  history: HistoryColumns;
  tags: { urls: string[]; tags: string[][] };
}

/** One record of a snapshot as written: some nodes or some history entries (a snapshot is their concatenation). */
export type SnapshotPart = { nodes: NodeColumns } | { history: HistoryColumns };

/** The record under KEY: what is not in parts, and how many parts there are. */
type SnapshotHead = Pick<IndexSnapshot, 'version' | 'savedAt' | 'tags'> & { parts: number };

interface SearchDB extends DBSchema {
  snapshot: { key: string | number; value: SnapshotHead | SnapshotPart };
}

const KEY = 'index';
/** Rows per part when a whole snapshot is saved at once (`save`). */
const PART_ROWS = 8192;

export interface SnapshotStore {
  load(): Promise<IndexSnapshot | undefined>;
  /**
   * Writes a snapshot part by part in one transaction: each part is asked for (and cloned) only once the previous
   * one is written, so other tasks run between them. A part that throws aborts the write (the old snapshot stays).
   */
  write(head: Pick<IndexSnapshot, 'savedAt' | 'tags'>, parts: Iterator<SnapshotPart>): Promise<void>;
  /** Writes a whole snapshot (tests). */
  save(snapshot: IndexSnapshot): Promise<void>;
  clear(): Promise<void>;
}

const emptyNodes = (): NodeColumns => ({ ids: [], parentIds: [], titles: [], urls: [], kinds: '', dateAdded: [] });
const emptyHistory = (): HistoryColumns => ({ urls: [], titles: [], visits: [], lastVisits: [] });

function isHead(value: unknown): value is SnapshotHead {
  const s = value as SnapshotHead | undefined;
  return !!s && s.version === SNAPSHOT_VERSION && Number.isInteger(s.parts) && Array.isArray(s.tags?.urls);
}

/** A snapshot from its head and parts, in order; undefined when a part does not fit (a damaged record). */
export function joinSnapshot(head: Pick<IndexSnapshot, 'savedAt' | 'tags'>, parts: readonly unknown[]): IndexSnapshot | undefined {
  const nodes = emptyNodes();
  const history = emptyHistory();
  const kinds: string[] = [];
  for (const part of parts as SnapshotPart[]) {
    if (part && 'nodes' in part && Array.isArray(part.nodes?.ids)) {
      const n = part.nodes;
      if (n.ids.length !== n.parentIds?.length || n.ids.length !== n.kinds?.length) return undefined;
      nodes.ids.push(...n.ids);
      nodes.parentIds.push(...n.parentIds);
      nodes.titles.push(...n.titles);
      nodes.urls.push(...n.urls);
      nodes.dateAdded.push(...n.dateAdded);
      kinds.push(n.kinds);
    } else if (part && 'history' in part && Array.isArray(part.history?.urls)) {
      const h = part.history;
      history.urls.push(...h.urls);
      history.titles.push(...h.titles);
      history.visits.push(...h.visits);
      history.lastVisits.push(...h.lastVisits);
    } else return undefined;
  }
  nodes.kinds = kinds.join('');
  return { version: SNAPSHOT_VERSION, savedAt: head.savedAt, nodes, history, tags: head.tags };
}

/** A whole snapshot cut in parts of PART_ROWS rows. */
function* partsOf(snapshot: IndexSnapshot): Iterator<SnapshotPart> {
  // A snapshot of another shape is written as it is (tests): load() will not take it.
  const n = snapshot.nodes ?? emptyNodes();
  for (let from = 0; from < n.ids.length; from += PART_ROWS) {
    const to = from + PART_ROWS;
    yield {
      nodes: {
        ids: n.ids.slice(from, to),
        parentIds: n.parentIds.slice(from, to),
        titles: n.titles.slice(from, to),
        urls: n.urls.slice(from, to),
        kinds: n.kinds.slice(from, to),
        dateAdded: n.dateAdded.slice(from, to),
      },
    };
  }
  const h = snapshot.history ?? emptyHistory();
  for (let from = 0; from < h.urls.length; from += PART_ROWS) {
    const to = from + PART_ROWS;
    yield { history: { urls: h.urls.slice(from, to), titles: h.titles.slice(from, to), visits: h.visits.slice(from, to), lastVisits: h.lastVisits.slice(from, to) } };
  }
}

export function openSnapshotStore(name = 'tidymarks-search'): SnapshotStore {
  const db = lazyDb<SearchDB>(name, 1, (database, oldVersion) => {
    if (oldVersion < 1) database.createObjectStore('snapshot');
  });
  const writeParts = async (head: Omit<SnapshotHead, 'parts'>, parts: Iterator<SnapshotPart>) => {
    const tx = (await db()).transaction('snapshot', 'readwrite');
    // The transaction stays open between parts: each next part is asked for right after the previous put is done.
    try {
      await tx.store.clear();
      let count = 0;
      for (let part = parts.next(); !part.done; part = parts.next()) await tx.store.put(part.value, count++);
      await tx.store.put({ ...head, parts: count }, KEY);
    } catch (error) {
      tx.abort();
      await tx.done.catch(() => undefined);
      throw error;
    }
    await tx.done;
  };
  return {
    async load() {
      const database = await db();
      const tx = database.transaction('snapshot');
      const head = await tx.store.get(KEY);
      // A snapshot of another shape (older version, damaged) is ignored: the index is rebuilt from Firefox.
      if (!isHead(head)) return undefined;
      const parts = head.parts ? await tx.store.getAll(IDBKeyRange.bound(0, head.parts - 1)) : [];
      return parts.length === head.parts ? joinSnapshot(head, parts) : undefined;
    },
    write: (head, parts) => writeParts({ version: SNAPSHOT_VERSION, savedAt: head.savedAt, tags: head.tags }, parts),
    save: (snapshot) => writeParts({ version: snapshot.version, savedAt: snapshot.savedAt, tags: snapshot.tags }, partsOf(snapshot)),
    async clear() {
      await (await db()).clear('snapshot');
    },
  };
}
