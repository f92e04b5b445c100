/**
 * What lookups found, in IndexedDB (`tidymarks-wayback`): one record per address and moment asked about (the
 * bookmark's original date added), with the snapshot the archive named or null (it has none). A lookup started
 * again skips every question with a record; a failed question gets none, so it is asked again.
 */
import type { DBSchema } from 'idb';
import { lazyDb } from '../../platform/lazy-db';
import type { Snapshot } from './availability';

export interface SnapshotRecord {
  /** `${asked} ${url}`. */
  key: string;
  url: string;
  /** The moment asked about, YYYYMMDDhhmmss. */
  asked: string;
  snapshot: Snapshot | null;
  lookedUpAt: number;
}

interface WaybackSchema extends DBSchema {
  snapshots: { key: string; value: SnapshotRecord };
}

export const WAYBACK_DB = 'tidymarks-wayback';

export const recordKey = (url: string, asked: string) => `${asked} ${url}`;

export interface WaybackStore {
  all(): Promise<ReadonlyMap<string, SnapshotRecord>>;
  put(record: SnapshotRecord): Promise<void>;
  clear(): Promise<void>;
}

export function openWaybackStore(name = WAYBACK_DB): WaybackStore {
  const db = lazyDb<WaybackSchema>(name, 1, (database) => {
    database.createObjectStore('snapshots', { keyPath: 'key' });
  });
  return {
    async all() {
      const records = await (await db()).getAll('snapshots');
      return new Map(records.map((r) => [r.key, r]));
    },
    async put(record) {
      await (await db()).put('snapshots', record);
    },
    async clear() {
      await (await db()).clear('snapshots');
    },
  };
}
