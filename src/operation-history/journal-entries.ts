/**
 * The entries of a session in the operation journal (journal.ts): one per item an operation removes, moves, creates,
 * rescues, reorders, renames, re-tags or replaces, written before the call that does it; undo (undo.ts) reads them
 * back to restore what the operation did.
 *
 * - A cleanup journals, in one durable transaction and BEFORE any bookmark is touched, every item to be removed
 *   (with every descendant of a removed folder), every planned move of a unique child with its original place, and
 *   every tag merge with the tags the URL had before.
 * - An import journals the items it is about to create ahead of their creates, many in one write ('created'
 *   entries sharing `journaledAt` and `aheadBatch`), and the tags it adds ('tag-merge' entries), so that a
 *   cancelled, closed or crashed import can be rolled back.
 * - An edit journals what it creates, removes, moves, reorders, renames or re-addresses, and each URL's tags before
 *   and after ('tags'), before the calls (edit.ts); an undo journals its own inverse the same way (undo.ts).
 */
// A node's kind (the platform's kindOf) is named nodeType here, beside an operation's kind (operationKindOf).
import { kindOf as nodeType } from '../platform/tree';
import type { BookmarkNode } from '../platform/browser';

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
  /**
   * An import's entries since 2026-12-07 (src/bookmarks-html/import-journal.ts): when it was journaled, just before
   * its create call, in the write that also stored the outcome (id or skip) of the import's entry before it. So of
   * the import's entries with no id recorded only the last can have been created, and only at or after this time
   * (undo-created.ts).
   */
  journaledAt?: number;
  /**
   * Entries journaled ahead together in one write, before their creates (since 2026-12-07: ImportOperation.journalAhead,
   * a restore from a Firefox backup), share this number; that write stored the outcome of every entry before them.
   * Created in seq order, each after the one before returned, and an entry not created has its skip stored before the
   * next create: of the last write's entries with no outcome, those created are the first ones (undo-created.ts).
   * An entry without it was journaled alone.
   */
  aheadBatch?: number;
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
 * An address's keyword before and after an edit (a keyword brought in from a Firefox backup): undo puts `before` back
 * only while the address still has `after`; a keyword someone changed since stays (changed-since).
 */
export interface KeywordEntry extends EntryBase {
  role: 'keyword';
  url: string;
  before: string | null;
  after: string | null;
}

/**
 * A folder a cleanup replaced by a fresh copy (src/dedup/replace-choice.ts): a new folder with its title made
 * at its place, what stays in it (`survivors`) moved there in order, then the old folder removed with one removeTree,
 * taking the copies the cleanup removes ('removed' entries with this folder as their parent). Attempted before the
 * new folder is made, whose id follows in a progress record (`ids`); done once the old folder is gone, and then the id
 * map says old folder -> new folder, so undo puts the removed copies back at their places inside the new one. Undo and
 * recovery (undo-replaced-folders.ts) finish the id map after a crash once the old folder is gone, or move the
 * survivors back and remove the new folder while the old one is still there.
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

export type JournalEntry =
  RemovedEntry | MovedEntry | TagMergeEntry | CreatedEntry | RescuedEntry | ReorderedEntry | UpdatedEntry | TagsEntry | KeywordEntry | ReplacedFolderEntry;
type Unnumbered<E> = E extends JournalEntry ? Omit<E, 'sessionId' | 'seq'> : never;
/** An entry before the journal numbers it. */
export type NewJournalEntry = Unnumbered<JournalEntry>;

/** A new session's entries as beginSession stores (and returns) them: numbered from 0 in the order given. */
export function numberEntries(sessionId: string, newEntries: readonly NewJournalEntry[]): JournalEntry[] {
  return newEntries.map((e, seq) => ({ ...e, sessionId, seq }) as JournalEntry);
}
