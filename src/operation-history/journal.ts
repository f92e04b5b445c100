/**
 * The operation journal: IndexedDB database 'tidymarks-journal'. Every operation that changes bookmarks or tags (a
 * cleanup, an import, an edit, and the undo of one: history.ts) is a session here, with a kind, a status, its entries
 * and a write-ahead record of its progress, so that undo, redo, crash recovery and the "removed before, back again"
 * history can act on exactly what it did and nothing else.
 *
 * The records it keeps: journal-records.ts (the session, its progress records), journal-entries.ts (its entries, one
 * per item); an operation writes its progress as it goes through progress-log.ts.
 *
 * Stores (schema version JOURNAL_DB_VERSION):
 * - sessions: one record per session (kind, status, counts).
 * - entryChunks: the session's entries, up to ENTRY_CHUNK to a record (a 10,000-item folder is 20 writes, not
 *   10,000), keyed [sessionId, first seq of the record] so a session's entries are one key range in order. Entries
 *   appended later (an import's next item, an item the apply rescued) are a new small record numbered on from the
 *   last seq: an append never rewrites what is stored.
 * - progress: the session's progress records, keyed [sessionId, n], appended as the operation goes.
 * - idMap: old id -> new id for every item undo re-created, so a later undo (of an older session) still finds a
 *   folder that was removed and brought back.
 * - removedBatches: the bookmark ids and exact URLs a session removed, REMOVED_BATCH keys to a record, for the scan's "removed
 *   on <date>, back again" flag (RemovedHistory). Kept apart from the sessions so it outlives their pruning
 *   (capped at MAX_REMOVED_KEYS, oldest dropped first).
 */
import type { DBSchema, IDBPDatabase } from 'idb';
import { lazyDb } from '../platform/lazy-db';
import { numberEntries, type JournalEntry, type NewJournalEntry } from './journal-entries';
import { operationKindOf, progressOf, UNFINISHED_STATUSES, type NewProgress, type ProgressRecord, type SessionProgress, type SessionRecord } from './journal-records';
import { removedHistoryFrom, type RemovedHistory } from './removed-history';

export const JOURNAL_DB_NAME = 'tidymarks-journal';
export const JOURNAL_DB_VERSION = 4;
/** Operations kept for undo (cleanups, imports and organizer edits: one history); older ones are pruned when a new one starts. */
export const KEPT_SESSIONS = 100;
export const MAX_REMOVED_KEYS = 100_000;
/** Removed ids and URLs are stored this many to a record (a 10,000-item folder is a few writes). */
export const REMOVED_BATCH = 5_000;

/** Journal entries are stored this many to a record. */
export const ENTRY_CHUNK = 500;

interface EntryChunk {
  sessionId: string;
  /** The seq of the record's first entry. */
  chunk: number;
  entries: JournalEntry[];
}

function toChunks(sessionId: string, entries: readonly JournalEntry[]): EntryChunk[] {
  const out: EntryChunk[] = [];
  for (let i = 0; i < entries.length; i += ENTRY_CHUNK) {
    out.push({ sessionId, chunk: entries[i].seq, entries: entries.slice(i, i + ENTRY_CHUNK) });
  }
  return out;
}

export interface IdMapRecord {
  oldId: string;
  newId: string;
  sessionId: string;
}

interface RemovedBatch {
  sessionId: string;
  part: number;
  removedAt: number;
  keys: string[];
}

export interface RemovedKeyRecord {
  /** A removed bookmark's id or its exact URL. */
  key: string;
  sessionId: string;
  removedAt: number;
}

interface JournalDB extends DBSchema {
  sessions: { key: string; value: SessionRecord; indexes: { byCreatedAt: number } };
  entryChunks: { key: [string, number]; value: EntryChunk };
  progress: { key: [string, number]; value: ProgressRecord };
  idMap: { key: string; value: IdMapRecord };
  removedBatches: { key: [string, number]; value: RemovedBatch; indexes: { byRemovedAt: number } };
}

/**
 * Creates the schema of JOURNAL_DB_VERSION. Versions 1-3 were never released: a database left by one is emptied and
 * made afresh (nothing to migrate).
 */
function upgrade(db: IDBPDatabase<JournalDB>) {
  const stores = db as unknown as IDBPDatabase;
  for (const store of [...stores.objectStoreNames]) stores.deleteObjectStore(store);
  db.createObjectStore('sessions', { keyPath: 'id' }).createIndex('byCreatedAt', 'createdAt');
  db.createObjectStore('entryChunks', { keyPath: ['sessionId', 'chunk'] });
  db.createObjectStore('progress', { keyPath: ['sessionId', 'n'] });
  db.createObjectStore('idMap', { keyPath: 'oldId' });
  db.createObjectStore('removedBatches', { keyPath: ['sessionId', 'part'] }).createIndex('byRemovedAt', 'removedAt');
}

type ChunkStore = {
  getAll(range: IDBKeyRange): Promise<EntryChunk[]>;
  put(value: EntryChunk): Promise<unknown>;
};

/** Sets `skipped` on the entries with these seqs, rewriting each touched record once. */
async function markInChunks(store: ChunkStore, sessionId: string, seqs: readonly number[]) {
  if (!seqs.length) return;
  const marked = new Set(seqs);
  const records = await store.getAll(sessionRange(sessionId));
  await Promise.all(
    records
      .filter((record) => record.entries.some((e) => marked.has(e.seq) && !e.skipped))
      .map((record) => store.put({ ...record, entries: record.entries.map((e) => (marked.has(e.seq) ? { ...e, skipped: true } : e)) })),
  );
}

const sessionRange = (sessionId: string) => IDBKeyRange.bound([sessionId, -Infinity], [sessionId, Infinity]);

export interface Journal {
  /**
   * Creates a session with all its entries in ONE durable transaction and prunes sessions beyond the newest
   * KEPT_SESSIONS (unfinished ones are never pruned). Returns the stored entries (numbered).
   */
  beginSession(session: SessionRecord, entries: readonly NewJournalEntry[]): Promise<JournalEntry[]>;
  getSession(id: string): Promise<SessionRecord | undefined>;
  updateSession(id: string, patch: Partial<Omit<SessionRecord, 'id'>>): Promise<SessionRecord>;
  /** Newest first (in the order they began). */
  listSessions(): Promise<SessionRecord[]>;
  unfinishedSessions(): Promise<SessionRecord[]>;
  entries(sessionId: string): Promise<JournalEntry[]>;
  /**
   * Appends entries to a session (numbered on from its last entry) in one transaction; returns them numbered. With
   * `progress`, that progress record is stored in the same transaction (both or neither). `durability` is 'strict'
   * unless told: 'relaxed' resolves once the OS has the write (a killed Firefox keeps it, a power loss may not:
   * src/bookmarks-html/README.md "Import speed").
   */
  append(sessionId: string, entries: readonly NewJournalEntry[], options?: AppendOptions): Promise<JournalEntry[]>;
  /** Appends one progress record (one small write); resolves once it is stored. */
  recordProgress(sessionId: string, progress: NewProgress): Promise<void>;
  /** Everything the session's progress records say. */
  progress(sessionId: string): Promise<SessionProgress>;
  markSkipped(sessionId: string, seqs: readonly number[]): Promise<void>;
  /** Ends an apply in one durable transaction: entries not carried out, what was removed, the final status. */
  finishApply(sessionId: string, done: { skippedSeqs: readonly number[]; removedKeys: readonly string[]; patch: Partial<Omit<SessionRecord, 'id'>> }): Promise<void>;
  /** Remembers the ids and URLs a session removed (for the sync-comeback flag). */
  rememberRemoved(sessionId: string, keys: readonly string[], removedAt: number): Promise<void>;
  /** Forgets what an undone session removed. */
  forgetRemoved(sessionId: string): Promise<void>;
  removedKey(key: string): Promise<RemovedKeyRecord | undefined>;
  allRemoved(): Promise<RemovedKeyRecord[]>;
  recordIdMap(records: readonly IdMapRecord[]): Promise<void>;
  /** Follows old -> new ids through every recorded re-creation; ids never re-created map to themselves. */
  resolveIds(ids: readonly string[]): Promise<Map<string, string>>;
  clear(): Promise<void>;
  close(): void;
}

export interface AppendOptions {
  /** A progress record stored with the entries. */
  progress?: NewProgress;
  durability?: 'strict' | 'relaxed';
}

export function openJournal(name = JOURNAL_DB_NAME): Journal {
  const db = lazyDb<JournalDB>(name, JOURNAL_DB_VERSION, upgrade);
  /** Per session this journal wrote progress to: the number its next record gets. */
  const nextProgress = new Map<string, number>();

  /** Keeps at most about MAX_REMOVED_KEYS remembered keys: whole batches go, oldest first. */
  async function pruneRemoved(database: IDBPDatabase<JournalDB>) {
    if ((await database.count('removedBatches')) * REMOVED_BATCH <= MAX_REMOVED_KEYS) return;
    const tx = database.transaction('removedBatches', 'readwrite');
    let total = 0;
    let cursor = await tx.store.index('byRemovedAt').openCursor(null, 'prev');
    while (cursor) {
      total += cursor.value.keys.length;
      if (total > MAX_REMOVED_KEYS) await cursor.delete();
      cursor = await cursor.continue();
    }
    await tx.done;
  }

  function batchesOf(sessionId: string, keys: readonly string[], removedAt: number): RemovedBatch[] {
    const unique = [...new Set(keys)];
    const out: RemovedBatch[] = [];
    for (let i = 0; i < unique.length; i += REMOVED_BATCH) {
      out.push({ sessionId, part: i / REMOVED_BATCH, removedAt, keys: unique.slice(i, i + REMOVED_BATCH) });
    }
    return out;
  }

  const allRemoved = async (): Promise<RemovedKeyRecord[]> => {
    const latest = new Map<string, RemovedKeyRecord>();
    for (const batch of await (await db()).getAll('removedBatches')) {
      for (const key of batch.keys) {
        const seen = latest.get(key);
        if (!seen || seen.removedAt < batch.removedAt) latest.set(key, { key, sessionId: batch.sessionId, removedAt: batch.removedAt });
      }
    }
    return [...latest.values()];
  };

  /** Per session, the numbers its next entry and progress record get, after an append with progress by this journal. */
  const appendedAhead = new Map<string, { seq: number; n: number }>();

  /** One append's transaction: with `known` numbers no read comes before the writes. */
  async function appendIn(
    database: IDBPDatabase<JournalDB>,
    sessionId: string,
    newEntries: readonly NewJournalEntry[],
    progress: NewProgress | undefined,
    durability: 'strict' | 'relaxed',
    known: { seq: number; n: number } | null,
  ): Promise<JournalEntry[]> {
    // The progress store only when a record goes with the entries (a cleanup writes its records meanwhile).
    const stores: ('sessions' | 'entryChunks' | 'progress')[] = progress ? ['sessions', 'entryChunks', 'progress'] : ['sessions', 'entryChunks'];
    const tx = database.transaction(stores, 'readwrite', { durability });
    const chunks = tx.objectStore('entryChunks');
    const records = progress ? tx.objectStore('progress') : null;
    const done = tx.done;
    done.catch(() => undefined); // reported by the request that failed, or below
    const session = tx.objectStore('sessions').get(sessionId);
    let first: number;
    let n: number;
    if (known) {
      ({ seq: first, n } = known);
    } else {
      // The reads at once: one round trip.
      const [cursor, lastRecord] = await Promise.all([chunks.openCursor(sessionRange(sessionId), 'prev'), records?.openCursor(sessionRange(sessionId), 'prev') ?? null]);
      const last = cursor?.value ?? null;
      first = last ? (last.entries.at(-1)?.seq ?? last.chunk - 1) + 1 : 0;
      n = lastRecord ? lastRecord.value.n + 1 : 0;
    }
    const stored = newEntries.map((e, i) => ({ ...e, sessionId, seq: first + i }) as JournalEntry);
    const writes: Promise<unknown>[] = toChunks(sessionId, stored).map((chunk) => (known ? chunks.add(chunk) : chunks.put(chunk)));
    if (progress) writes.push(known ? records!.add({ ...progress, sessionId, n }) : records!.put({ ...progress, sessionId, n }));
    const [found] = await Promise.all([session, ...writes]);
    if (!found) {
      // Still active: the writes go with the abort.
      tx.abort();
      throw new Error(`No session ${sessionId} in the journal.`);
    }
    await done;
    if (progress) {
      appendedAhead.set(sessionId, { seq: first + stored.length, n: n + 1 });
      nextProgress.set(sessionId, n + 1);
    }
    return stored;
  }

  const journal: Journal = {
    async beginSession(session, newEntries) {
      const database = await db();
      const stored = numberEntries(session.id, newEntries);
      const tx = database.transaction(['sessions', 'entryChunks', 'progress'], 'readwrite', { durability: 'strict' });
      const sessions = tx.objectStore('sessions');
      const entries = tx.objectStore('entryChunks');
      const progress = tx.objectStore('progress');
      // A failed write aborts the transaction: tx.done reports that one error, the aborted requests stay quiet.
      const quiet = (request: Promise<unknown>) => void request.catch(() => undefined);
      const done = tx.done;
      if (await sessions.get(session.id)) {
        await done;
        throw new Error(`A cleanup session with id ${session.id} is already in the journal.`);
      }
      const older = await sessions
        .index('byCreatedAt')
        .getAll()
        .catch(() => [] as SessionRecord[]);
      const order = older.reduce((most, o) => Math.max(most, o.order ?? 0), 0) + 1;
      quiet(sessions.add({ ...session, order }));
      for (const chunk of toChunks(session.id, stored)) quiet(entries.add(chunk));
      // A new operation (not an undo or redo) ends what could be redone.
      if (operationKindOf(session) !== 'undo') {
        for (const o of older) if (o.redoable) quiet(sessions.put({ ...o, redoable: false }));
      }
      // Prune: keep the newest KEPT_SESSIONS operations (this one included) with their undos and redos; never drop an
      // unfinished session, nor an operation whose chain holds one.
      const chains = new Map<string, SessionRecord[]>();
      for (const o of [...older, session]) {
        const root = o.rootId ?? o.id;
        const chain = chains.get(root);
        if (chain) chain.push(o);
        else chains.set(root, [o]);
      }
      const roots = [...chains.keys()]
        .map((root) => chains.get(root)!.find((o) => o.id === root) ?? chains.get(root)![0]!)
        .sort((a, b) => (b.order ?? 0) - (a.order ?? 0) || b.createdAt - a.createdAt);
      const current = session.rootId ?? session.id;
      const kept = new Set([
        current,
        ...roots
          .filter((r) => r.id !== current)
          .slice(0, KEPT_SESSIONS - 1)
          .map((r) => r.id),
      ]);
      for (const root of roots) {
        const chain = chains.get(root.rootId ?? root.id)!;
        if (kept.has(root.rootId ?? root.id) || chain.some((o) => UNFINISHED_STATUSES.includes(o.status))) continue;
        for (const old of chain) {
          quiet(sessions.delete(old.id));
          quiet(entries.delete(sessionRange(old.id)));
          quiet(progress.delete(sessionRange(old.id)));
        }
      }
      await done;
      return stored;
    },

    async getSession(id) {
      return (await db()).get('sessions', id);
    },

    async updateSession(id, patch) {
      const tx = (await db()).transaction('sessions', 'readwrite', { durability: 'strict' });
      const current = await tx.store.get(id);
      if (!current) throw new Error(`No cleanup session ${id} in the journal.`);
      const next = { ...current, ...patch, id };
      await tx.store.put(next);
      await tx.done;
      return next;
    },

    async listSessions() {
      const all = await (await db()).getAllFromIndex('sessions', 'byCreatedAt');
      // Newest first by the order they began in (two can begin in the same millisecond); older versions' by date.
      return all.reverse().sort((a, b) => (b.order ?? 0) - (a.order ?? 0));
    },

    async unfinishedSessions() {
      return (await journal.listSessions()).filter((s) => UNFINISHED_STATUSES.includes(s.status));
    },

    async entries(sessionId) {
      return (await (await db()).getAll('entryChunks', sessionRange(sessionId))).flatMap((c) => c.entries);
    },

    async append(sessionId, newEntries, { progress, durability = 'strict' } = {}) {
      if (!newEntries.length) return [];
      const database = await db();
      // An import appends an entry and a progress record before every item it creates: after the first, the next
      // numbers are known and the write needs no read. `add`: a number someone else took fails the write (nothing
      // is stored), and it is made again reading the numbers.
      const known = progress ? appendedAhead.get(sessionId) : undefined;
      if (!progress) appendedAhead.delete(sessionId);
      if (known) {
        const stored = await appendIn(database, sessionId, newEntries, progress, durability, known).catch((error: unknown) => {
          if ((error as { name?: string } | null)?.name !== 'ConstraintError') throw error;
          return null;
        });
        if (stored) return stored;
      }
      return appendIn(database, sessionId, newEntries, progress, durability, null);
    },

    async recordProgress(sessionId, record) {
      const database = await db();
      const known = nextProgress.get(sessionId);
      if (known !== undefined) {
        // The number after the last record this journal wrote: one request instead of a read and a write (an apply
        // writes a record every few calls). `add`, not `put`: if another writer took the number, nothing is
        // overwritten; the last record is read as below.
        const tx = database.transaction('progress', 'readwrite');
        const stored = await Promise.all([tx.store.add({ ...record, sessionId, n: known }), tx.done]).then(
          () => true,
          (error: unknown) => {
            if ((error as { name?: string } | null)?.name !== 'ConstraintError') throw error;
            return false;
          },
        );
        if (stored) {
          nextProgress.set(sessionId, known + 1);
          const ahead = appendedAhead.get(sessionId);
          if (ahead) ahead.n = known + 1;
          return;
        }
      }
      const tx = database.transaction('progress', 'readwrite');
      const cursor = await tx.store.openCursor(sessionRange(sessionId), 'prev');
      const n = cursor ? cursor.value.n + 1 : 0;
      await Promise.all([tx.store.put({ ...record, sessionId, n }), tx.done]);
      nextProgress.set(sessionId, n + 1);
      const ahead = appendedAhead.get(sessionId);
      if (ahead) ahead.n = n + 1;
    },

    async progress(sessionId) {
      return progressOf(await (await db()).getAll('progress', sessionRange(sessionId)));
    },

    async markSkipped(sessionId, seqs) {
      if (!seqs.length) return;
      const tx = (await db()).transaction('entryChunks', 'readwrite');
      await Promise.all([markInChunks(tx.store, sessionId, seqs), tx.done]);
    },

    async finishApply(sessionId, { skippedSeqs, removedKeys, patch }) {
      const database = await db();
      const tx = database.transaction(['sessions', 'entryChunks', 'removedBatches'], 'readwrite', { durability: 'strict' });
      const entries = tx.objectStore('entryChunks');
      const removed = tx.objectStore('removedBatches');
      const sessions = tx.objectStore('sessions');
      const removedAt = patch.finishedAt ?? Date.now();
      const writes: Promise<unknown>[] = [];
      writes.push(markInChunks(entries, sessionId, skippedSeqs));
      for (const batch of batchesOf(sessionId, removedKeys, removedAt)) writes.push(removed.put(batch));
      writes.push(
        sessions.get(sessionId).then((current) => {
          if (!current) throw new Error(`No cleanup session ${sessionId} in the journal.`);
          return sessions.put({ ...current, ...patch, id: sessionId });
        }),
      );
      await Promise.all([...writes, tx.done]);
      await pruneRemoved(database);
    },

    async rememberRemoved(sessionId, keys, removedAt) {
      if (!keys.length) return;
      const database = await db();
      const tx = database.transaction('removedBatches', 'readwrite');
      const writes = batchesOf(sessionId, keys, removedAt).map((batch) => tx.store.put(batch));
      await Promise.all([...writes, tx.done]);
      await pruneRemoved(database);
    },

    async forgetRemoved(sessionId) {
      const tx = (await db()).transaction('removedBatches', 'readwrite');
      await Promise.all([tx.store.delete(sessionRange(sessionId)), tx.done]);
    },

    async removedKey(key) {
      return (await allRemoved()).find((r) => r.key === key);
    },

    allRemoved,

    async recordIdMap(records) {
      if (!records.length) return;
      const tx = (await db()).transaction('idMap', 'readwrite');
      await Promise.all([...records.map((r) => tx.store.put(r)), tx.done]);
    },

    async resolveIds(ids) {
      const tx = (await db()).transaction('idMap');
      const out = new Map<string, string>();
      await Promise.all(
        [...new Set(ids)].map(async (id) => {
          let current = id;
          const seen = new Set<string>();
          for (;;) {
            if (seen.has(current)) break;
            seen.add(current);
            const next = await tx.store.get(current);
            if (!next) break;
            current = next.newId;
          }
          out.set(id, current);
        }),
      );
      await tx.done;
      return out;
    },

    async clear() {
      nextProgress.clear();
      appendedAhead.clear();
      const tx = (await db()).transaction(['sessions', 'entryChunks', 'progress', 'idMap', 'removedBatches'], 'readwrite');
      await Promise.all([
        tx.objectStore('progress').clear(),
        tx.objectStore('sessions').clear(),
        tx.objectStore('entryChunks').clear(),
        tx.objectStore('idMap').clear(),
        tx.objectStore('removedBatches').clear(),
        tx.done,
      ]);
    },

    close() {
      db.close();
    },
  };
  return journal;
}

/** The scan's view of what earlier cleanups removed (by bookmark id and by exact URL), read once per scan. */
export async function loadRemovedHistory(journal: Pick<Journal, 'allRemoved'>): Promise<RemovedHistory> {
  const records = await journal.allRemoved();
  return removedHistoryFrom(records.map(({ key, sessionId, removedAt }) => ({ keys: [key], sessionId, removedAt })));
}
