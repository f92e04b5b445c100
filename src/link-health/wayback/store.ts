/**
 * What lookups found, in IndexedDB (`tidymarks-wayback`): one record per address and moment asked about (the
 * bookmark's original date added), with the snapshot the archive named or null (it has none). A lookup started
 * again skips every question with a record; a failed question gets none, so it is asked again. The current lookup's
 * run (lookup-run.ts) is kept here too, so that it resumes after the event page or Firefox went away.
 */
import type { DBSchema } from 'idb';
import { lazyDb } from '../../platform/lazy-db';
import type { RunRecordBase } from '../background-run';
import type { Snapshot } from './availability';
import type { LookupLimits } from './lookup';

export interface SnapshotRecord {
  /** `${asked} ${url}`. */
  key: string;
  url: string;
  /** The moment asked about, YYYYMMDDhhmmss. */
  asked: string;
  snapshot: Snapshot | null;
  lookedUpAt: number;
}

/** One question: an address and the moment asked about. */
export interface Question {
  url: string;
  asked: string;
}

export interface LookupRunRecord extends RunRecordBase {
  /** Always 'current': one run is kept. */
  key: 'current';
  startedAt: number;
  /** The questions this run set out to ask, in order (those without a stored answer when it started). */
  questions: Question[];
  /** The keys of this run's questions that got no answer: a later run asks them again, this one does not. */
  failed: string[];
  /** Where it asks and how politely: kept with the run, so that a resumed run asks as it started. */
  endpoint: string;
  limits: LookupLimits;
}

interface WaybackSchema extends DBSchema {
  snapshots: { key: string; value: SnapshotRecord };
  runs: { key: string; value: LookupRunRecord };
}

export const WAYBACK_DB = 'tidymarks-wayback';
const VERSION = 2;

export const recordKey = (url: string, asked: string) => `${asked} ${url}`;

export interface WaybackStore {
  all(): Promise<ReadonlyMap<string, SnapshotRecord>>;
  put(record: SnapshotRecord): Promise<void>;
  run(): Promise<LookupRunRecord | null>;
  putRun(run: LookupRunRecord): Promise<void>;
  clear(): Promise<void>;
}

export function openWaybackStore(name = WAYBACK_DB): WaybackStore {
  const db = lazyDb<WaybackSchema>(name, VERSION, (database, oldVersion) => {
    if (oldVersion < 1) database.createObjectStore('snapshots', { keyPath: 'key' });
    if (oldVersion < 2) database.createObjectStore('runs', { keyPath: 'key' });
  });
  return {
    async all() {
      const records = await (await db()).getAll('snapshots');
      return new Map(records.map((r) => [r.key, r]));
    },
    async put(record) {
      await (await db()).put('snapshots', record);
    },
    async run() {
      return (await (await db()).get('runs', 'current')) ?? null;
    },
    async putRun(run) {
      await (await db()).put('runs', run);
    },
    async clear() {
      const tx = (await db()).transaction(['snapshots', 'runs'], 'readwrite');
      await Promise.all([tx.objectStore('snapshots').clear(), tx.objectStore('runs').clear(), tx.done]);
    },
  };
}
