/**
 * The bursts the guard told, kept in its own IndexedDB database (README "What arrived is kept"): what arrived (the
 * counts the notification said, and the ids of the copies and folders a removal takes), when, and what the person
 * chose. It is both the pending choice (a burst 'waiting') and the "What arrived" log; it survives the event page
 * sleeping and Firefox restarting. The newest KEPT_BURSTS are kept. A burst's ids are kept apart from its summary
 * ('arrivals' and 'bursts'): the log and the badge read only the summaries.
 */
import type { DBSchema } from 'idb';
import { lazyDb } from '../platform/lazy-db';
import type { ArrivedCopy, ArrivedFolder, BurstPart, CopyCount } from './burst';

export const COPY_GUARD_DB = 'tidymarks-copy-guard';
const VERSION = 2;
/** The log's length: older bursts are forgotten (a waiting one with them: its choice is no longer offered). */
export const KEPT_BURSTS = 50;

/** 'waiting': told, no choice made; 'removed': "Remove the new copies" ran (sessionId: its operation); 'kept'. */
export type BurstStatus = 'waiting' | 'removed' | 'kept';

export interface BurstRecord {
  /** The burst's start time as a string: the notification's id ends with it. */
  id: string;
  /** When the burst ended (ms). */
  at: number;
  count: CopyCount;
  copies: ArrivedCopy[];
  folders: ArrivedFolder[];
  status: BurstStatus;
  /** When the choice was made. */
  decidedAt: number | null;
  /** The removal's operation in the one history. */
  sessionId: string | null;
  /** How many copies the removal took. */
  removed: number | null;
  /** Its notification waits for the person to pause their work in the organizer (README). */
  heldBack?: boolean;
}

/** What the pages get of a burst: everything but the ids. */
export type BurstSummary = Omit<BurstRecord, 'copies' | 'folders'>;

/** A burst's ids, apart from its summary: thousands for a big burst, read only by a removal. */
interface BurstArrivals {
  id: string;
  copies: ArrivedCopy[];
  folders: ArrivedFolder[];
}

/** A part of a burst still open, saved as it goes (README "A burst across a restart"). */
interface OpenPart {
  startedAt: number;
  part: number;
  arrivals: BurstPart;
}

interface CopyGuardDB extends DBSchema {
  bursts: { key: string; value: BurstSummary; indexes: { at: number; status: BurstStatus } };
  arrivals: { key: string; value: BurstArrivals };
  /** Since version 2: the open bursts' parts, keyed [startedAt, part]. */
  open: { key: [number, number]; value: OpenPart };
}

/** Every part of one open burst: [startedAt, 0] to [startedAt, ∞]. */
const partsOf = (startedAt: number) => IDBKeyRange.bound([startedAt, 0], [startedAt, Infinity]);

export interface BurstStore {
  /** Saves a part of a burst still open. */
  saveOpen(startedAt: number, part: number, arrivals: BurstPart): Promise<void>;
  /** The parts of every burst left open (by a restart or an unload mid-burst), oldest burst first, parts in order. */
  openBursts(): Promise<{ startedAt: number; parts: BurstPart[] }[]>;
  /** Forgets a burst's open parts (it ended untold). */
  forgetOpen(startedAt: number): Promise<void>;
  /** Keeps a told burst, forgets its open parts in the same transaction (and the oldest beyond KEPT_BURSTS). */
  add(record: BurstRecord): Promise<void>;
  get(id: string): Promise<BurstRecord | undefined>;
  /** Every kept burst, newest first, without its ids. */
  list(): Promise<BurstSummary[]>;
  /** Records a choice; false when the burst is gone or no longer waiting (nothing changed). */
  decide(id: string, patch: Pick<BurstRecord, 'status' | 'decidedAt' | 'sessionId' | 'removed'>): Promise<boolean>;
  /** The held-back bursts still waiting for a choice, and clears their mark (their notification is due now). */
  takeHeldBack(): Promise<BurstSummary[]>;
  /** Whether some kept burst waits for a choice. */
  waiting(): Promise<boolean>;
  clear(): Promise<void>;
}

export const summaryOf = ({ copies: _copies, folders: _folders, ...summary }: BurstRecord): BurstSummary => summary;

export function openBurstStore(name = COPY_GUARD_DB): BurstStore {
  const db = lazyDb<CopyGuardDB>(name, VERSION, (d, oldVersion) => {
    if (oldVersion < 1) {
      const bursts = d.createObjectStore('bursts', { keyPath: 'id' });
      bursts.createIndex('at', 'at');
      bursts.createIndex('status', 'status');
      d.createObjectStore('arrivals', { keyPath: 'id' });
    }
    if (oldVersion < 2) d.createObjectStore('open', { keyPath: ['startedAt', 'part'] });
  });
  return {
    async saveOpen(startedAt, part, arrivals) {
      await (await db()).put('open', { startedAt, part, arrivals });
    },
    async openBursts() {
      const bursts = new Map<number, BurstPart[]>();
      for (const { startedAt, arrivals } of await (await db()).getAll('open')) {
        const parts = bursts.get(startedAt);
        if (parts) parts.push(arrivals);
        else bursts.set(startedAt, [arrivals]);
      }
      return [...bursts].map(([startedAt, parts]) => ({ startedAt, parts }));
    },
    async forgetOpen(startedAt) {
      await (await db()).delete('open', partsOf(startedAt));
    },
    async add(record) {
      const tx = (await db()).transaction(['bursts', 'arrivals', 'open'], 'readwrite');
      const bursts = tx.objectStore('bursts');
      const arrivals = tx.objectStore('arrivals');
      await Promise.all([
        bursts.put(summaryOf(record)),
        arrivals.put({ id: record.id, copies: record.copies, folders: record.folders }),
        tx.objectStore('open').delete(partsOf(Number(record.id))),
      ]);
      const keys = await bursts.index('at').getAllKeys();
      for (const key of keys.slice(0, Math.max(0, keys.length - KEPT_BURSTS))) await Promise.all([bursts.delete(key), arrivals.delete(key)]);
      await tx.done;
    },
    async get(id) {
      const tx = (await db()).transaction(['bursts', 'arrivals']);
      const [summary, arrivals] = await Promise.all([tx.objectStore('bursts').get(id), tx.objectStore('arrivals').get(id)]);
      await tx.done;
      return summary && { ...summary, copies: arrivals?.copies ?? [], folders: arrivals?.folders ?? [] };
    },
    async list() {
      return (await (await db()).getAllFromIndex('bursts', 'at')).reverse();
    },
    async decide(id, patch) {
      const tx = (await db()).transaction('bursts', 'readwrite');
      const record = await tx.store.get(id);
      const fits = record?.status === 'waiting';
      if (record && fits) await tx.store.put({ ...record, ...patch });
      await tx.done;
      return fits;
    },
    async takeHeldBack() {
      const tx = (await db()).transaction('bursts', 'readwrite');
      const held = (await tx.store.getAll()).filter((b) => b.heldBack);
      for (const b of held) await tx.store.put({ ...b, heldBack: false });
      await tx.done;
      return held.filter((b) => b.status === 'waiting');
    },
    async waiting() {
      return (await (await db()).countFromIndex('bursts', 'status', 'waiting')) > 0;
    },
    async clear() {
      const tx = (await db()).transaction(['bursts', 'arrivals', 'open'], 'readwrite');
      await Promise.all([tx.objectStore('bursts').clear(), tx.objectStore('arrivals').clear(), tx.objectStore('open').clear(), tx.done]);
    },
  };
}
