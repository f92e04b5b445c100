/**
 * The operation journal: IndexedDB database 'tidymarks-journal'. Every operation that changes bookmarks or tags (a
 * cleanup, an import, an edit, and the undo of one: history.ts) is a session here, with a kind, a status, its entries
 * and a write-ahead record of its progress, so that undo, redo, crash recovery and the "removed before, back again"
 * history can act on exactly what it did and nothing else.
 *
 * - A cleanup journals, in one durable transaction and BEFORE any bookmark is touched, every item to be removed
 *   (with every descendant of a removed folder), every planned move of a unique child with its original place, and
 *   every tag merge with the tags the URL had before.
 * - An import journals what it is about to create, batch by batch, before creating it ('created' entries), and the
 *   tags it adds ('tag-merge' entries), so that a cancelled, closed or crashed import can be rolled back.
 * - An edit journals what it creates, removes, moves, reorders, renames or re-addresses, and each URL's tags before
 *   and after ('tags'), before the calls (edit.ts); an undo journals its own inverse the same way (undo.ts).
 * - While an operation runs, small progress records say which entries it is attempting, which it carried out, which
 *   it skipped (someone else changed the item: written before the operation goes on) and which it put back; recovery
 *   after a crash rolls back only what was attempted or done, never what someone else removed in the meantime.
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
import { NO_NUMBERS, type CleanupOutcomeNumbers } from './cleanup-numbers';
// A node's kind (the platform's kindOf) is named nodeType here, beside an operation's kind (operationKindOf).
import { kindOf as nodeType } from '../platform/tree';
import type { BookmarkNode } from '../platform/browser';
import { removedHistoryFrom, type RemovedHistory } from './removed-history';

export const JOURNAL_DB_NAME = 'tidymarks-journal';
export const JOURNAL_DB_VERSION = 4;
/** Operations kept for undo (cleanups, imports and organizer edits: one history); older ones are pruned when a new one starts. */
export const KEPT_SESSIONS = 100;
export const MAX_REMOVED_KEYS = 100_000;
/** Removed ids and URLs are stored this many to a record (a 10,000-item folder is a few writes). */
export const REMOVED_BATCH = 5_000;

export type SessionStatus =
  /** Journaled; bookmarks are being changed. Found at start-up, it means the apply was interrupted. */
  | 'applying'
  | 'applied'
  /** An interrupted apply being rolled back by recovery. */
  | 'rolling-back'
  | 'rolled-back'
  | 'undoing'
  | 'undone';

/**
 * How sessions written before 2026-12-03 counted (the journal keeps them for undo): `removed` was every item removed,
 * descendants of removed folders included, `removedTopLevel` the planned removals carried out.
 */
interface LegacySessionCounts {
  removed: number;
  removedTopLevel: number;
  moved: number;
  tagMerges: number;
  skipped: number;
}

/** A session's counts in today's units; a session of an older version keeps what it can say (its total removed). */
export function outcomeNumbersOf(counts: CleanupOutcomeNumbers | LegacySessionCounts): CleanupOutcomeNumbers {
  if ('copies' in counts) return counts;
  // Older sessions did not tell bookmarks from folders: their removed items are reported as loose copies.
  return { ...NO_NUMBERS, copies: counts.removed, loose: counts.removed, moved: counts.moved, tagMerges: counts.tagMerges, skipped: counts.skipped };
}

/**
 * What a session is: a duplicate cleanup, a bookmarks.html import, an edit (made in the organizer, the Tags view, the
 * popup, by the quick bookmark, or through the Places API), or the undo of another session ('undo': its `undoes`;
 * undoing that one is a redo). Sessions written before 2026-12-04 have none: cleanups.
 */
export type OperationKind = 'cleanup' | 'import' | 'edit' | 'undo';

/** Where an edit was made, when it matters to the person: the popup undoes its own edits and the quick bookmark's. */
export type OperationSource = 'popup' | 'quick-bookmark';

/** An edit, as its session says it: what was done to how many items (and where, and to what). */
export interface EditSummary {
  action:
    | 'delete'
    | 'move'
    | 'sort'
    | 'create'
    | 'copy'
    | 'update'
    | 'tag'
    | 'untag'
    | 'tag-rename'
    | 'tag-merge'
    | 'tag-delete'
    | 'save'
    | 'tags-import'
    | 'tags-restore'
    /** Link health's fixes: moved bookmarks given their new address, dead ones removed or moved to a folder. */
    | 'links-update'
    | 'links-remove'
    | 'links-move'
    /** The Wayback rescue: dead bookmarks' addresses replaced by their archived copies, or the copies added beside. */
    | 'links-archive-replace'
    | 'links-archive-add';
  items: number;
  /** The folder moved, created or copied into, or the folder sorted. */
  folderTitle: string | null;
  /** The item's title when the edit is about one item. */
  title?: string;
  /** The tags: added or removed ('tag', 'untag'), [from, to] ('tag-rename'), [...from, into] ('tag-merge'), [tag] ('tag-delete'). */
  tags?: string[];
  source?: OperationSource;
}

export const operationKindOf = (session: Pick<SessionRecord, 'kind'>): OperationKind => session.kind ?? 'cleanup';

export interface SessionRecord {
  id: string;
  /** Absent in sessions written before 2026-12-04 (all cleanups). */
  kind?: OperationKind;
  /** The cleanup plan's id; for an import, a short description of the file. */
  planId: string;
  createdAt: number;
  status: SessionStatus;
  /** True when the apply was cancelled part way; what was done stays done (and can be undone). */
  cancelled: boolean;
  /**
   * Sessions written before 2026-12-03 moved loose duplicates into a holding folder before one removeTree; undo and
   * recovery still tidy such a folder away. New sessions remove loose duplicates directly: null.
   */
  holdingFolderId: string | null;
  /** The holding folder's title (older sessions; recovery finds it by title if its id was never saved); '' now. */
  holdingTitle: string;
  /** What the session did (cleanup-numbers.ts); read through outcomeNumbersOf() for sessions of older versions. */
  counts: CleanupOutcomeNumbers | LegacySessionCounts;
  finishedAt: number | null;
  undoneAt: number | null;
  /** Set when undo started, so an interrupted undo can be resumed. */
  undoStartedAt: number | null;
  /** A short human note, e.g. why recovery rolled the session back. */
  note: string | null;
  /** An import: what it created (absent for cleanups). */
  imported?: ImportedNumbers;
  /** An edit: what it did. */
  edit?: EditSummary;
  /** An undo ('undo' kind): the session it takes back (an operation, or an undo of one: then it is a redo). */
  undoes?: string;
  /** An undo: the operation its chain of undos and redos belongs to (the history lists that one). */
  rootId?: string;
  /** An undo: 1 for the undo of an operation, 2 for its redo, and so on (odd: the operation is undone). */
  depth?: number;
  /** An undo of an operation (odd depth) that can still be redone: cleared when a new operation begins. */
  redoable?: boolean;
  /**
   * The order sessions began in (set by beginSession, one more than any before): "the newest" for undo and redo,
   * whatever the clock says. Absent in sessions written before 2026-12-10 (they count as 0, by createdAt).
   */
  order?: number;
}

/**
 * What an import did: the items it created, and (sessions written since 2026-12-07) the entries of the file it
 * skipped as already bookmarked and the addresses it gave tags.
 */
export interface ImportedNumbers {
  bookmarks: number;
  folders: number;
  separators: number;
  skipped?: number;
  taggedUrls?: number;
}

/** The record an operation starts with: applying, nothing done yet. */
export function newSession(id: string, kind: OperationKind, planId: string, createdAt: number): SessionRecord {
  return {
    id,
    kind,
    planId,
    createdAt,
    status: 'applying',
    cancelled: false,
    holdingFolderId: null,
    holdingTitle: '',
    counts: { ...NO_NUMBERS, skipped: 0 },
    finishedAt: null,
    undoneAt: null,
    undoStartedAt: null,
    note: null,
  };
}

export type ItemType = 'bookmark' | 'folder' | 'separator';

interface EntryBase {
  sessionId: string;
  seq: number;
  /** Set once apply knows this entry was not carried out (stale, failed or cancelled); undo ignores it. */
  skipped?: boolean;
}

/** An item removed by the session: a planned removal (topLevel) or a descendant of a removed folder. */
export interface RemovedEntry extends EntryBase {
  role: 'removed';
  id: string;
  parentId: string;
  index: number;
  title: string;
  url: string | null;
  dateAdded: number | null;
  type: ItemType;
  /** The URL's tags when the session started (tags belong to a URL). */
  tags: string[];
  /** Titles of the ancestors, root folder first ("Bookmarks Menu", "Dev", "JS"). */
  path: string[];
  /** Ids of the ancestors, nearest last: where to restore if the parent itself is gone. */
  ancestorIds: string[];
  topLevel: boolean;
  /** 'deleted': the person deleted it (the organizer, the popup, a link-health fix). */
  reason: 'duplicate-bookmark' | 'duplicate-folder' | 'empty-folder' | 'emptied-folder' | 'inside-removed-folder' | 'deleted';
}

/** A removed entry before the journal numbers it and adds the URL's tags. */
export type RemovedEntryData = Omit<RemovedEntry, 'sessionId' | 'seq' | 'tags'>;

/** The entry of an item about to be removed, from Firefox's node and the titles and ids of its ancestors. */
export function removedEntryOf(node: BookmarkNode, path: string[], ancestorIds: string[], topLevel: boolean, reason: RemovedEntry['reason']): RemovedEntryData {
  const type = nodeType(node);
  return {
    role: 'removed',
    id: node.id,
    parentId: node.parentId!,
    index: node.index ?? 0,
    title: node.title,
    url: type === 'bookmark' ? (node.url ?? null) : null,
    dateAdded: node.dateAdded ?? null,
    type,
    path,
    ancestorIds,
    topLevel,
    reason,
  };
}

/** A unique child moved out of a redundant folder into the kept one. */
export interface MovedEntry extends EntryBase {
  role: 'moved';
  id: string;
  title: string;
  /** Where it was: undo moves it back here. */
  parentId: string;
  index: number;
  toParentId: string;
}

/** Tags added to a URL: merged onto a survivor by a cleanup, or brought in by an import. */
export interface TagMergeEntry extends EntryBase {
  role: 'tag-merge';
  url: string;
  tagsBefore: string[];
  /** The tags the merge adds (not on the URL before): undo removes exactly these. */
  tagsAdded: string[];
}

/**
 * An item the operation creates (an import). Journaled before the call, so its id comes later, in a progress record;
 * its parent is an existing folder (`parentId`) or one the same operation creates (`parentSeq`).
 */
export interface CreatedEntry extends EntryBase {
  role: 'created';
  parentId: string | null;
  parentSeq: number | null;
  type: ItemType;
  title: string;
  url: string | null;
}

/**
 * Someone else's item that Firefox removed together with one of the cleanup's calls (created in, moved into or
 * edited inside a folder at the moment it was removed): the cleanup re-creates it at once. Journaled before it is
 * re-created; the new id follows in a progress record. Undo never removes it: it is the user's.
 */
export interface RescuedEntry extends EntryBase {
  role: 'rescued';
  /** The id Firefox had for it. */
  oldId: string;
  /** Where it is re-created: an existing folder, or another rescued folder (`parentSeq`). */
  parentId: string | null;
  parentSeq: number | null;
  type: ItemType;
  title: string;
  url: string | null;
}

/**
 * A folder whose children the operation put in another order (a sort, a drag inside the folder): the order before.
 * Undo gives the items of that order their old order back, in the places they hold among the folder's children now,
 * so items someone else added or took out since stay as they are.
 */
export interface ReorderedEntry extends EntryBase {
  role: 'reordered';
  folderId: string;
  title: string;
  order: string[];
}

/**
 * A rename or a new address: undo puts `before` back only while the item still has what the edit gave it (the fields
 * it changed); a title or address someone changed since is kept (changed-since).
 */
export interface UpdatedEntry extends EntryBase {
  role: 'updated';
  id: string;
  before: { title: string; url: string | null };
  after: { title: string; url: string | null };
}

/**
 * A URL's tags before and after an edit (added and removed ones, a tag renamed, merged or deleted). Undo works tag by
 * tag: a tag the edit added goes only if it is still there, one it removed comes back only if it is still gone, one it
 * respelled gets its old spelling only if it still has the new one; someone else's tag changes stay.
 */
export interface TagsEntry extends EntryBase {
  role: 'tags';
  url: string;
  before: string[];
  after: string[];
}

/**
 * A folder a cleanup replaced by a fresh copy (src/dedup/replace-choice.ts): a new folder with its title made
 * at its place, what stays in it (`survivors`) moved there in order, then the old folder removed with one removeTree,
 * taking the copies the cleanup removes ('removed' entries with this folder as their parent). Attempted before the
 * new folder is made, whose id follows in a progress record (`ids`); done once the old folder is gone, and then the id
 * map says old folder -> new folder, so undo puts the removed copies back at their places inside the new one. Undo and
 * recovery (undo.ts) finish the id map after a crash once the old folder is gone, or move the survivors back and
 * remove the new folder while the old one is still there.
 */
export interface ReplacedFolderEntry extends EntryBase {
  role: 'replaced-folder';
  /** The old folder. */
  id: string;
  parentId: string;
  index: number;
  title: string;
  dateAdded: number | null;
  /** What stays, in order, with each item's index in the old folder. */
  survivors: { id: string; index: number }[];
}

export type JournalEntry = RemovedEntry | MovedEntry | TagMergeEntry | CreatedEntry | RescuedEntry | ReorderedEntry | UpdatedEntry | TagsEntry | ReplacedFolderEntry;
type Unnumbered<E> = E extends JournalEntry ? Omit<E, 'sessionId' | 'seq'> : never;
/** An entry before the journal numbers it. */
export type NewJournalEntry = Unnumbered<JournalEntry>;

/**
 * One write-ahead record of an operation's progress. An entry's state is the strongest any record gives it:
 * skipped or put back (nothing of it is the operation's any more) > done > attempting (a call for it may have run).
 */
export interface ProgressRecord {
  sessionId: string;
  n: number;
  /** Entries whose calls are about to be made (written before the calls), in the order the calls will be made. */
  attempting?: number[];
  /** Entries one call is about to carry out together (a replaced folder's removeTree): after a crash, all or none. */
  attemptingAtOnce?: number[];
  /** Entries carried out. */
  done?: number[];
  /** Entries left alone: changed by someone else, refused, cancelled. */
  skipped?: number[];
  /** Entries the operation itself put back (with someone else's changes), with the new id. */
  putBack?: { seq: number; newId: string }[];
  /** Ids Firefox gave to created or rescued entries. */
  ids?: { seq: number; id: string }[];
  /**
   * Someone else's version of a removed entry (renamed, re-addressed or moved as the cleanup removed it), written
   * before the cleanup puts it back: a roll-back after a crash restores this version, not the journaled one.
   */
  versions?: { seq: number; title: string; url: string | null; parentId: string }[];
}

export type NewProgress = Omit<ProgressRecord, 'sessionId' | 'n'>;

/** All of a session's progress records, read together. */
export interface SessionProgress {
  attempting: Set<number>;
  done: Set<number>;
  skipped: Set<number>;
  putBack: Map<number, string>;
  ids: Map<number, string>;
  versions: Map<number, { title: string; url: string | null; parentId: string }>;
  /** Each attempting record's entries, in call order (recovery tells what a crash interrupted from it). */
  attemptBatches: number[][];
  /** Entries attempted together by one call (attemptingAtOnce). */
  atOnce: Set<number>;
  /** True when the session has any progress record (sessions written before 2026-12-04 have none). */
  recorded: boolean;
}

/** A new session's entries as beginSession stores (and returns) them: numbered from 0 in the order given. */
export function numberEntries(sessionId: string, newEntries: readonly NewJournalEntry[]): JournalEntry[] {
  return newEntries.map((e, seq) => ({ ...e, sessionId, seq }) as JournalEntry);
}

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

function progressOf(records: readonly ProgressRecord[]): SessionProgress {
  const out: SessionProgress = {
    attempting: new Set(),
    done: new Set(),
    skipped: new Set(),
    putBack: new Map(),
    ids: new Map(),
    versions: new Map(),
    attemptBatches: [],
    atOnce: new Set(),
    recorded: records.length > 0,
  };
  for (const r of records) {
    for (const seq of r.attempting ?? []) out.attempting.add(seq);
    if (r.attempting?.length) out.attemptBatches.push(r.attempting);
    for (const seq of r.attemptingAtOnce ?? []) {
      out.attempting.add(seq);
      out.atOnce.add(seq);
    }
    for (const seq of r.done ?? []) out.done.add(seq);
    for (const seq of r.skipped ?? []) out.skipped.add(seq);
    for (const { seq, newId } of r.putBack ?? []) out.putBack.set(seq, newId);
    for (const { seq, id } of r.ids ?? []) out.ids.set(seq, id);
    for (const { seq, ...version } of r.versions ?? []) out.versions.set(seq, version);
  }
  return out;
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

/** Sessions that never reached a final state: found at start-up they mean work was interrupted. */
export const UNFINISHED_STATUSES: readonly SessionStatus[] = ['applying', 'rolling-back', 'undoing'];

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
  /** Appends entries to a session (numbered on from its last entry) in one transaction; returns them numbered. */
  append(sessionId: string, entries: readonly NewJournalEntry[]): Promise<JournalEntry[]>;
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

    async append(sessionId, newEntries) {
      if (!newEntries.length) return [];
      const tx = (await db()).transaction(['sessions', 'entryChunks'], 'readwrite', { durability: 'strict' });
      const chunks = tx.objectStore('entryChunks');
      const done = tx.done;
      if (!(await tx.objectStore('sessions').get(sessionId))) {
        await done;
        throw new Error(`No session ${sessionId} in the journal.`);
      }
      const cursor = await chunks.openCursor(sessionRange(sessionId), 'prev');
      const last = cursor?.value ?? null;
      const first = last ? (last.entries.at(-1)?.seq ?? last.chunk - 1) + 1 : 0;
      const stored = newEntries.map((e, i) => ({ ...e, sessionId, seq: first + i }) as JournalEntry);
      const writes = toChunks(sessionId, stored).map((chunk) => chunks.put(chunk));
      await Promise.all([...writes, done]);
      return stored;
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
          return;
        }
      }
      const tx = database.transaction('progress', 'readwrite');
      const cursor = await tx.store.openCursor(sessionRange(sessionId), 'prev');
      const n = cursor ? cursor.value.n + 1 : 0;
      await Promise.all([tx.store.put({ ...record, sessionId, n }), tx.done]);
      nextProgress.set(sessionId, n + 1);
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

/**
 * Calls an operation may have under way at once between two of its progress records (the cleanup's removals run
 * this many side by side, apply.ts). Recovery counts on it (undo.ts interruptedCalls).
 */
export const MAX_CALLS_IN_FLIGHT = 2;

/**
 * Calls whose "done" (or skip) may be noted but not yet stored: keepUp() waits once this many are noted and not
 * stored, counting those in a record being written. Recovery allows for them (undo.ts interruptedCalls).
 */
export const UNWRITTEN_AT_MOST = 8;

/**
 * An operation's write-ahead progress: what it notes is written with the next `write()` as one small record, one
 * write after another. `write()` resolves once the record is stored; the operation awaits it before a call whose
 * safety after a crash depends on it (what it is about to attempt, a skip because someone else changed an item).
 * `keepUp()` starts a record of the calls done once UNWRITTEN_AT_MOST - MAX_CALLS_IN_FLIGHT are noted and lets the
 * calls go on while it is written (about as many records as before, each with a round of calls to be stored in); it
 * waits only when UNWRITTEN_AT_MOST are not stored yet. (Before, one of the cleanup's two lanes
 * waited for a whole write every 8 calls while the other went on noting calls, past the bound recovery allows for.)
 */
export class ProgressLog {
  private pending: Required<NewProgress> = ProgressLog.empty();
  private last: Promise<void> = Promise.resolve();
  /** Calls done or skipped that are noted and not stored yet (in `pending` or in a record being written). */
  private unwritten = 0;
  /** Records being written. */
  private writing = 0;

  constructor(
    private readonly journal: Pick<Journal, 'recordProgress'>,
    private readonly sessionId: string,
  ) {}

  private static empty(): Required<NewProgress> {
    return { attempting: [], attemptingAtOnce: [], done: [], skipped: [], putBack: [], ids: [], versions: [] };
  }

  note(progress: NewProgress): void {
    for (const key of ['attempting', 'attemptingAtOnce', 'done', 'skipped', 'putBack', 'ids', 'versions'] as const) {
      const values = progress[key];
      if (values?.length) (this.pending[key] as unknown[]).push(...values);
    }
    this.unwritten += (progress.done?.length ?? 0) + (progress.skipped?.length ?? 0);
  }

  /**
   * An operation calls it after each call, so that a crash loses the record of at most UNWRITTEN_AT_MOST calls
   * (recovery allows for them, undo.ts interruptedCalls): once that many are not stored, writes what is noted and
   * resolves when everything is stored (or rejects with a failed write); otherwise resolves at once, having started a
   * record of what is noted if UNWRITTEN_AT_MOST - MAX_CALLS_IN_FLIGHT wait and no record is being written. A failed
   * write is never counted as stored, so the next wait rejects with it.
   */
  keepUp(): Promise<void> {
    if (this.unwritten >= UNWRITTEN_AT_MOST) return this.write();
    const noted = this.pending.done.length + this.pending.skipped.length;
    if (noted >= UNWRITTEN_AT_MOST - MAX_CALLS_IN_FLIGHT && this.writing === 0) this.write().catch(() => undefined);
    return Promise.resolve();
  }

  /** Everything noted so far as one record (null when nothing), and a fresh start. */
  private take(): NewProgress | null {
    const record: NewProgress = {};
    for (const [key, values] of Object.entries(this.pending) as [keyof NewProgress, unknown[]][]) {
      if (values.length) (record as Record<string, unknown[]>)[key] = values;
    }
    this.pending = ProgressLog.empty();
    return Object.keys(record).length ? record : null;
  }

  /** Writes everything noted so far (and `progress`) as one record, after any earlier write. */
  write(progress: NewProgress = {}): Promise<void> {
    this.note(progress);
    const record = this.take();
    if (!record) return this.last;
    const calls = (record.done?.length ?? 0) + (record.skipped?.length ?? 0);
    this.writing++;
    // A chain, not the serial queue: once a write fails, every later one fails with it (no gap in the records).
    this.last = this.last
      .then(() => this.journal.recordProgress(this.sessionId, record))
      .then(() => {
        this.unwritten -= calls;
      })
      .finally(() => this.writing--);
    return this.last;
  }
}
