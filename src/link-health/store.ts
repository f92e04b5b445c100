/**
 * Link health results in IndexedDB (`tidymarks-link-health`): one verdict per URL with the time it was checked and
 * the run that checked it, and the current run (which URLs it set out to check, whether it finished). A run that
 * did not finish (the page closed, the event page unloaded, Firefox restarted) is resumed from here: its URLs that
 * have no verdict of this run are what is left. Verdicts are cached in memory after one read, like the tags; the
 * marked ones (moved for good, dead: marker.ts) are read on their own through an index by class, so the popup's and
 * the Duplicates page's markers cost a read of those few, not of every verdict.
 */
import type { DBSchema } from 'idb';
import { lazyDb } from '../platform/lazy-db';
import { isMarked, MARKED_CLASSES } from './marker';
import type { LinkClass, LinkVerdict } from './types';

export const LINK_HEALTH_DB = 'tidymarks-link-health';
const VERSION = 2;

export type StoredVerdict = LinkVerdict & { runId: string };

export interface RunRecord {
  /** Always 'current': one run is kept. */
  key: 'current';
  id: string;
  mode: 'stale' | 'all';
  startedAt: number;
  finishedAt: number | null;
  /** The URLs this run checks, in the order they were queued. */
  urls: string[];
  /**
   * Unfinished: 'running' is resumed by the background by itself (after the event page slept, after a restart);
   * 'paused' waits for the person; 'stopped' (cancelled or failed) is resumed by hand. A record without it: stopped.
   */
  state?: 'running' | 'paused' | 'stopped';
  /** Why it stopped, when it failed. */
  error?: { code: string; message: string } | null;
}

interface LinkHealthDB extends DBSchema {
  verdicts: { key: string; value: StoredVerdict; indexes: { byClass: LinkClass } };
  runs: { key: string; value: RunRecord };
}

export interface LinkHealthStore {
  verdicts(): Promise<ReadonlyMap<string, StoredVerdict>>;
  /** The verdicts that call for a marker (marker.ts), by URL. */
  marked(): Promise<ReadonlyMap<string, StoredVerdict>>;
  putVerdicts(records: readonly StoredVerdict[]): Promise<void>;
  run(): Promise<RunRecord | null>;
  putRun(run: RunRecord): Promise<void>;
  clear(): Promise<void>;
}

export function openLinkHealthStore(name = LINK_HEALTH_DB): LinkHealthStore {
  let cache: Map<string, StoredVerdict> | null = null;
  let markedCache: Map<string, StoredVerdict> | null = null;
  const db = lazyDb<LinkHealthDB>(name, VERSION, (d, oldVersion, _newVersion, tx) => {
    if (oldVersion < 1) {
      d.createObjectStore('verdicts', { keyPath: 'url' });
      d.createObjectStore('runs', { keyPath: 'key' });
    }
    if (oldVersion < 2) tx.objectStore('verdicts').createIndex('byClass', 'class');
  });
  const load = async () => {
    if (cache) return cache;
    const records = await (await db()).getAll('verdicts');
    cache ??= new Map(records.map((r) => [r.url, r]));
    return cache;
  };
  // A read of the marked verdicts and a write are ordered by IndexedDB (a read begun before a write sees the state
  // before it and is in memory before the write commits; the write then updates it), so neither is lost.
  const loadMarked = async (): Promise<Map<string, StoredVerdict>> => {
    if (markedCache) return markedCache;
    let records: StoredVerdict[];
    if (cache) records = [...cache.values()].filter((r) => isMarked(r.class));
    else {
      const index = (await db()).transaction('verdicts').store.index('byClass');
      records = (await Promise.all(MARKED_CLASSES.map((c) => index.getAll(c)))).flat();
    }
    markedCache ??= new Map(records.map((r) => [r.url, r]));
    return markedCache;
  };
  return {
    verdicts: load,
    marked: loadMarked,
    async putVerdicts(records) {
      if (!records.length) return;
      const map = await load();
      const tx = (await db()).transaction('verdicts', 'readwrite');
      for (const r of records) void tx.store.put(r);
      await tx.done;
      for (const r of records) {
        map.set(r.url, r);
        if (!markedCache) continue;
        if (isMarked(r.class)) markedCache.set(r.url, r);
        else markedCache.delete(r.url);
      }
    },
    async run() {
      return (await (await db()).get('runs', 'current')) ?? null;
    },
    async putRun(run) {
      await (await db()).put('runs', run);
    },
    async clear() {
      const tx = (await db()).transaction(['verdicts', 'runs'], 'readwrite');
      await Promise.all([tx.objectStore('verdicts').clear(), tx.objectStore('runs').clear(), tx.done]);
      cache = new Map();
      markedCache = new Map();
    },
  };
}
