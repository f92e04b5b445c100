/**
 * The person's decisions on duplicate groups, remembered by the group's key (the matching key every copy shares)
 * across scans, cleanups and restarts: "leave this group alone" and "keep this copy". IndexedDB
 * 'tidymarks-dedup-decisions', one record per key.
 *
 * A decision records the group as it was decided on (how many copies, a fingerprint of their ids): when a later scan
 * finds the group with other copies, the page says so, and the decision still holds ("leave alone" keeps leaving it
 * alone; a chosen copy that is gone falls back to the keep rules, and the page says that too). Deciding again
 * records the group as it is now.
 *
 * Copied folders are remembered the same way, under `folders:<set id>`: which copy of the folder stays, or "leave
 * the copies alone". A set has no key its copies share (a folder's copies have the same title and path), so a later
 * scan's set takes the remembered decision whose folders it shares most (by id); a newer decision on a set replaces
 * the older ones on the same folders.
 */
import type { DBSchema } from 'idb';
import { lazyDb } from '../../platform/lazy-db';
import type { DuplicateGroup, FolderSet } from './scan-types';

/** Keys of remembered decisions on copied folders start with this (group keys are addresses). */
export const FOLDER_SET_KEY_PREFIX = 'folders:';
/** The key a decision on this set is remembered by. */
export const folderSetKey = (set: Pick<FolderSet, 'id'>): string => `${FOLDER_SET_KEY_PREFIX}${set.id}`;
export const isFolderSetKey = (key: string): boolean => key.startsWith(FOLDER_SET_KEY_PREFIX);

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
  /** The copies' ids when decided on (kept for copied folders, which are found again by them). */
  copyIds?: string[];
  /** The group's address (empty for a copied folder) and a title, for the list in Settings. */
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

/** A remembered decision on a copied folder, resolved against a set of this scan. */
export interface FolderSetDecisionInScan {
  setId: string;
  key: string;
  /** Leave every copy of the folder where it is. */
  leave: boolean;
  /** The copy chosen to stay in this scan's set, or null (the keep rules choose; keeperGone when it is gone). */
  keeperId: string | null;
  keeperGone: boolean;
  changed: { then: number; now: number } | null;
  decidedAt: number;
}

/**
 * The remembered folder-set decisions that concern this scan's sets: each set takes the decision whose folders it
 * shares most (newest first on a tie), each decision serves one set.
 */
export function decisionsForFolderSets(sets: readonly FolderSet[], remembered: readonly RememberedDecision[]): FolderSetDecisionInScan[] {
  const candidates = remembered.filter((d) => isFolderSetKey(d.key) && d.copyIds?.length).sort((a, b) => b.decidedAt - a.decidedAt);
  if (!candidates.length || !sets.length) return [];
  const used = new Set<string>();
  const out: FolderSetDecisionInScan[] = [];
  for (const set of sets) {
    const memberIds = new Set(set.members.map((m) => m.id));
    let best: RememberedDecision | null = null;
    let bestShared = 0;
    for (const d of candidates) {
      if (used.has(d.key)) continue;
      let shared = 0;
      for (const id of d.copyIds!) if (memberIds.has(id)) shared++;
      if (shared > bestShared) {
        best = d;
        bestShared = shared;
      }
    }
    if (!best) continue;
    used.add(best.key);
    const k = best.keeper;
    const keeperId = k ? (set.members.find((m) => m.id === k.id)?.id ?? null) : null;
    const fingerprint = copyFingerprint(set.members.map((m) => m.id));
    out.push({
      setId: set.id,
      key: best.key,
      leave: best.leave,
      keeperId,
      keeperGone: k !== null && keeperId === null,
      changed: fingerprint === best.copyFingerprint ? null : { then: best.copyCount, now: set.members.length },
      decidedAt: best.decidedAt,
    });
  }
  return out;
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
      keeperId = group.copies.find((c) => c.id === k.id)?.id ?? group.copies.find((c) => c.url === k.url && c.path === k.path && c.title === k.title)?.id ?? null;
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
  /** Opens the database (creating it on first use) without reading it. */
  open(): Promise<void>;
  all(): Promise<RememberedDecision[]>;
  put(decision: RememberedDecision): Promise<void>;
  remove(keys: readonly string[]): Promise<void>;
  clear(): Promise<void>;
}

export function openDecisionStore(name = DECISIONS_DB): DecisionStore {
  const db = lazyDb<DecisionsDB>(name, DECISIONS_DB_VERSION, (d, oldVersion) => {
    if (oldVersion < 1) d.createObjectStore('groups', { keyPath: 'key' });
  });
  return {
    open: async () => void (await db()),
    all: async () => (await db()).getAll('groups'),
    put: async (decision) => void (await (await db()).put('groups', decision)),
    async remove(keys) {
      const tx = (await db()).transaction('groups', 'readwrite');
      await Promise.all([...keys.map((k) => tx.store.delete(k)), tx.done]);
    },
    clear: async () => (await db()).clear('groups'),
  };
}
