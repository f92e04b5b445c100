/**
 * The person's decisions on duplicate groups, remembered by the group's key (the matching key every copy shares)
 * across scans, cleanups and restarts: "leave this group alone" and "keep this copy". IndexedDB
 * 'tidymarks-dedup-decisions', one record per key.
 *
 * A decision records the group as it was decided on (how many copies, a fingerprint of their ids): when a later scan
 * finds the group with other copies, the page says so, and the decision still holds ("leave alone" keeps leaving it
 * alone; a chosen copy that is gone falls back to the keep rules, and the page says that too). Deciding again
 * records the group as it is now.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { DuplicateGroup } from './scan-types';

export const DECISIONS_DB = 'tidymarks-dedup-decisions';
const DECISIONS_DB_VERSION = 1;

export interface KeeperRecord {
  id: string;
  /** What the chosen copy was, to find it again if its id changed (sync can re-create a bookmark). */
  url: string;
  path: string;
  title: string;
}

export interface RememberedDecision {
  key: string;
  leave: boolean;
  /** The copy chosen to keep, or null for "as the keep rules choose". */
  keeper: KeeperRecord | null;
  /** The group when decided on. */
  copyCount: number;
  copyFingerprint: string;
  /** The group's address and a title, for the list in Settings. */
  url: string;
  title: string;
  decidedAt: number;
}

/** A remembered decision as a scan hands it to the page: resolved against the group the scan found. */
export interface DecisionInScan {
  key: string;
  leave: boolean;
  /** The chosen copy in this scan's group, or null (none chosen, or it is gone: keeperGone). */
  keeperId: string | null;
  keeperGone: boolean;
  /** Set when the group's copies are not the ones decided on. */
  changed: { then: number; now: number } | null;
  decidedAt: number;
}

interface DecisionsDB extends DBSchema {
  groups: { key: string; value: RememberedDecision };
}

/** FNV-1a over the sorted ids: equal for the same copies whatever their order. */
export function copyFingerprint(ids: readonly string[]): string {
  let h = 0x811c9dc5;
  for (const id of [...ids].sort()) {
    for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
    h = Math.imul(h ^ 0x0a, 0x01000193);
  }
  return `${ids.length}:${(h >>> 0).toString(16)}`;
}

/** The decisions that concern this scan's groups, resolved against them. */
export function decisionsForGroups(groups: readonly DuplicateGroup[], remembered: readonly RememberedDecision[]): DecisionInScan[] {
  if (!remembered.length) return [];
  const byKey = new Map(remembered.map((d) => [d.key, d]));
  const out: DecisionInScan[] = [];
  for (const group of groups) {
    const d = byKey.get(group.key);
    if (!d) continue;
    let keeperId: string | null = null;
    if (d.keeper) {
      const k = d.keeper;
      keeperId =
        group.copies.find((c) => c.id === k.id)?.id ??
        group.copies.find((c) => c.url === k.url && c.path === k.path && c.title === k.title)?.id ??
        null;
    }
    const fingerprint = copyFingerprint(group.copies.map((c) => c.id));
    out.push({
      key: d.key,
      leave: d.leave,
      keeperId,
      keeperGone: d.keeper !== null && keeperId === null,
      changed: fingerprint === d.copyFingerprint ? null : { then: d.copyCount, now: group.copies.length },
      decidedAt: d.decidedAt,
    });
  }
  return out;
}

export interface DecisionStore {
  all(): Promise<RememberedDecision[]>;
  put(decision: RememberedDecision): Promise<void>;
  remove(keys: readonly string[]): Promise<void>;
  clear(): Promise<void>;
}

export function openDecisionStore(name = DECISIONS_DB): DecisionStore {
  let dbPromise: Promise<IDBPDatabase<DecisionsDB>> | null = null;
  const db = () =>
    (dbPromise ??= openDB<DecisionsDB>(name, DECISIONS_DB_VERSION, {
      upgrade(d, oldVersion) {
        if (oldVersion < 1) d.createObjectStore('groups', { keyPath: 'key' });
      },
    }));
  return {
    all: async () => (await db()).getAll('groups'),
    put: async (decision) => void (await (await db()).put('groups', decision)),
    async remove(keys) {
      const tx = (await db()).transaction('groups', 'readwrite');
      await Promise.all([...keys.map((k) => tx.store.delete(k)), tx.done]);
    },
    clear: async () => (await db()).clear('groups'),
  };
}
