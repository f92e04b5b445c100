/**
 * What the operation journal (journal.ts) keeps about a session besides its entries (journal-entries.ts): the session
 * record (its kind, its status, what it did) and the write-ahead records of its progress, read together as
 * SessionProgress.
 *
 * While an operation runs, small progress records say which entries it is attempting, which it carried out, which it
 * skipped (someone else changed the item: written before the operation goes on) and which it put back; recovery after
 * a crash rolls back only what was attempted or done, never what someone else removed in the meantime.
 */
import { NO_NUMBERS, type CleanupOutcomeNumbers } from './cleanup-numbers';

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
    /** Firefox's tags and keywords brought in from one of its backups onto the bookmarks there are. */
    | 'backup-tags-keywords'
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
  /** Since 2026-12-07: items a backup of Firefox's gave back (src/firefox-backups restore.ts), not a file's. */
  from?: 'firefox-backup';
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

/** Sessions that never reached a final state: found at start-up they mean work was interrupted. */
export const UNFINISHED_STATUSES: readonly SessionStatus[] = ['applying', 'rolling-back', 'undoing'];

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

/** A session's progress records read together: what they say of each entry. */
export function progressOf(records: readonly ProgressRecord[]): SessionProgress {
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
