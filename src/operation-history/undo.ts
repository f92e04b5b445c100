/**
 * Undo of an operation from its journal (a cleanup, an import, an edit, an undo: that is a redo); the same code rolls
 * back an interrupted one (recovery.ts). It restores what the operation did and nothing else, and it never reverts
 * what someone else did since (docs/ARCHITECTURE.md, "A change the cleanup did not make always wins"):
 *
 * - A removed item is re-created where it was (a removed folder too, its children into the new folder: old ids are
 *   remapped, and the mapping is kept in the journal so a later undo of an older session still finds the folder).
 *   Items are placed parent by parent, parents first, in ascending original index, so every index lands where it
 *   was; the URL's tags come back, and tags a merge added to a survivor are taken off again.
 * - A removed item that exists again (Firefox Sync brought it back with its id) is left where it is and reported.
 *   So is an item the operation moved that someone moved elsewhere since, and one someone deleted since.
 * - What the operation created (an import) is removed unless someone changed it since (renamed, re-addressed or
 *   moved it, or put something into a created folder): that stays, reported, with its tags.
 * - Only what the operation carried out is restored: its progress records (journal.ts) say what it attempted and
 *   did. An item someone else removed during the operation was skipped, and is never re-created.
 * - A rename or new address goes back only while the item still has what the edit gave it; tags go back tag by tag,
 *   only those still as the edit left them.
 * - Given `inverse` (the history's undo and redo), what the restore does is itself journaled there, ahead of each
 *   call, as an operation of its own: undoing that one is the redo, with the same rules and crash safety.
 *
 * It is idempotent: whatever already exists (found by id, through the id map) is not created again, so an undo
 * that was interrupted or cancelled can simply run again.
 */
import { AppError } from '../messaging/errors';
import type { JobContext } from '../messaging/define';
import { ROOT_ID, UNFILED_ID, type BookmarkNode } from '../platform/browser';
import type { WriteDeps } from './ports';
import { getExisting } from '../platform/bookmark-reads';
// A node's kind (the platform's kindOf) is named nodeType here, beside an operation's kind (operationKindOf).
import { descendants, kindOf as nodeType } from '../platform/tree';
import { isMissingBookmarkError } from '../platform/bookmark-errors';
import { movesToOrder } from '../platform/folder-order';
import { sameStoredUrl } from '../platform/stored-url';
import { tagKey } from '../platform/tag-key';
import { KEPT_SESSIONS, type IdMapRecord } from './journal';
import {
  removedEntryOf,
  type CreatedEntry,
  type JournalEntry,
  type MovedEntry,
  type NewJournalEntry,
  type RemovedEntry,
  type ReplacedFolderEntry,
  type ReorderedEntry,
  type TagsEntry,
  type UpdatedEntry,
} from './journal-entries';
import { operationKindOf, type SessionProgress, type SessionRecord, type SessionStatus } from './journal-records';
import { MAX_CALLS_IN_FLIGHT, UNWRITTEN_AT_MOST } from './progress-log';
import type { EditSteps } from './edit';
import { removalEntries } from './removals';
import { msg, t, type Msg } from '../i18n';
import { restoredUnitsCounter, type RestoredUnits } from './restored-units';

export type UndoPhase = 'checking' | 'restoring' | 'tags' | 'done';

export interface UndoProgress {
  phase: UndoPhase;
  done: number;
  total: number;
  rate: number;
}

export interface UndoProblem {
  id: string;
  title: string | null;
  /** What happened, as data: the page words it in its locale (`say()` in src/i18n). */
  message: Msg;
}

/** Why undo left something as it found it. */
export type LeftAloneReason = 'already-back' | 'moved-since' | 'deleted-since' | 'changed-since' | 'not-empty';

export interface LeftAlone {
  reason: LeftAloneReason;
  /** How many items. */
  count: number;
  /** Titles of the first few, for the report. */
  titles: string[];
}

export interface UndoResult {
  sessionId: string;
  /** Items re-created. */
  restored: number;
  /** The undo of a cleanup: what it re-created in the cleanup's units (restored-units.ts); absent for other operations. */
  units?: RestoredUnits;
  /** Items moved back to their original folder. */
  movedBack: number;
  /** Items the operation created that were removed (an import's undo). */
  removed: number;
  /** What undo did not touch because someone changed it since, by reason (none is a problem: it is the rule). */
  leftAlone: LeftAlone[];
  problems: UndoProblem[];
  /** True when cancelled part way: run the undo again to finish it. */
  cancelled: boolean;
}

type Ctx = Pick<JobContext<UndoProgress>, 'progress' | 'checkpoint'>;

export type RestoreMode = 'undo' | 'rollback';

const BATCH = 25;
const TITLES_LISTED = 5;

const ALLOWED: Record<RestoreMode, readonly SessionStatus[]> = {
  undo: ['applied', 'undoing'],
  rollback: ['applying', 'rolling-back'],
};

interface Placement {
  entry: RemovedEntry | MovedEntry;
  action: 'create' | 'move';
}

interface LiveNode {
  parentId: string | undefined;
  childCount: number;
  node: BookmarkNode;
  /** Child ids when the restore started. */
  childIds: string[];
}

function indexTree(roots: BookmarkNode[]): Map<string, LiveNode> {
  const live = new Map<string, LiveNode>();
  for (const node of descendants(roots)) {
    const childIds = node.children?.map((c) => c.id) ?? [];
    live.set(node.id, { parentId: node.parentId, childCount: childIds.length, node, childIds });
  }
  return live;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Whether the operation carried an entry out, by its progress records: done, or attempting (a call for it may have
 * run before a crash: an item missing then is restored rather than lost). Skipped and put-back entries are not the
 * operation's. A session written before progress records existed counts every entry not marked skipped.
 */
export function carriedOut(
  entry: JournalEntry,
  progress: SessionProgress,
  interrupted: ReadonlySet<number> = progress.attempting,
  /** The planned removal an entry inside a removed folder belongs to (its fate, when it has no record of its own). */
  topSeq?: number,
): boolean {
  if (entry.skipped || progress.skipped.has(entry.seq) || progress.putBack.has(entry.seq)) return false;
  // Someone else's item the apply re-created is theirs: never undone.
  if (entry.role === 'rescued') return false;
  // Journaled right before its call, so the entry itself is the write-ahead record: the item may exist (an id not
  // recorded yet is found by its data), and tags that were never added come off as a no-op.
  // An update or a tag change whose write never happened finds the item as it was: putting it back does nothing.
  if (!progress.recorded || entry.role === 'created' || entry.role === 'tag-merge' || entry.role === 'tags' || entry.role === 'updated') return true;
  if (progress.done.has(entry.seq) || interrupted.has(entry.seq)) return true;
  return topSeq !== undefined && topSeq !== entry.seq && (progress.done.has(topSeq) || interrupted.has(topSeq));
}

/** For entries inside a removed folder: the seq of the planned removal (a copied folder) they went with. */
function topSeqs(entries: readonly JournalEntry[]): Map<number, number> {
  const tops = new Map<string, number>();
  for (const e of entries) if (e.role === 'removed' && e.topLevel) tops.set(e.id, e.seq);
  const out = new Map<number, number>();
  for (const e of entries) {
    if (e.role !== 'removed' || e.topLevel) continue;
    for (let i = e.ancestorIds.length - 1; i >= 0; i--) {
      const top = tops.get(e.ancestorIds[i]);
      if (top !== undefined) {
        out.set(e.seq, top);
        break;
      }
    }
  }
  return out;
}

/**
 * How many calls of an interrupted batch may have run without a record: the calls in flight (journal.ts
 * MAX_CALLS_IN_FLIGHT) and those whose "done" was noted but not written yet (journal.ts UNWRITTEN_AT_MOST).
 */
const CALLS_IN_FLIGHT = MAX_CALLS_IN_FLIGHT + UNWRITTEN_AT_MOST;

/**
 * After a crash, the entries of an attempting record that were neither done nor skipped: their calls may or may not
 * have run. Calls run in the record's order and each "done" is written as its call returns, so only the first
 * CALLS_IN_FLIGHT of them can have been under way; later ones were never reached, and if they are missing now someone
 * else removed them (never re-created).
 */
export function interruptedCalls(progress: SessionProgress): Set<number> {
  const out = new Set<number>();
  for (const batch of progress.attemptBatches) {
    // Calls run in the record's order; items done or skipped later in it say how far the batch got.
    const lastKnown = batch.reduce((at, seq, i) => (progress.done.has(seq) || progress.skipped.has(seq) || progress.putBack.has(seq) ? i : at), -1);
    const open = batch.map((seq, i) => [seq, i] as const).filter(([seq]) => !progress.done.has(seq) && !progress.skipped.has(seq) && !progress.putBack.has(seq));
    let left = CALLS_IN_FLIGHT;
    for (const [seq, i] of open) {
      if (i < lastKnown) out.add(seq);
      else if (left-- > 0) out.add(seq);
    }
  }
  // One call for all of them (a replaced folder's removeTree): made for all or for none.
  for (const seq of progress.atOnce) if (!progress.done.has(seq) && !progress.skipped.has(seq) && !progress.putBack.has(seq)) out.add(seq);
  return out;
}

class LeftAloneReport {
  private readonly byReason = new Map<LeftAloneReason, LeftAlone>();
  add(reason: LeftAloneReason, title: string) {
    const entry = this.byReason.get(reason) ?? { reason, count: 0, titles: [] };
    entry.count++;
    if (entry.titles.length < TITLES_LISTED) entry.titles.push(title);
    this.byReason.set(reason, entry);
  }
  list(): LeftAlone[] {
    return [...this.byReason.values()];
  }
}

/** Steps that record nothing: a restore without an inverse operation (a roll-back, an older undo). */
function unrecorded(): EditSteps {
  let next = 0;
  const none = () => Promise.resolve();
  return {
    attempt: none,
    done: none,
    skipped: none,
    created: () => undefined,
    append: (entries) => Promise.resolve(entries.map((e) => ({ ...e, sessionId: '', seq: next++ }) as JournalEntry)),
    flush: none,
  };
}

/**
 * Brings back what a session changed. `rollback` is used by recovery for an operation that never finished. With
 * `inverse`, everything it does is journaled there first (see the file's comment).
 */
export async function restoreSession(deps: WriteDeps, sessionId: string, ctx: Ctx, mode: RestoreMode, inverse: EditSteps | null = null): Promise<UndoResult> {
  const { browser, journal, now } = deps;
  const inv = inverse ?? unrecorded();
  const session = await journal.getSession(sessionId);
  if (!session) throw new AppError('not-found', t('undoSessionGone', KEPT_SESSIONS));
  if (!ALLOWED[mode].includes(session.status)) {
    const what =
      session.status === 'undone' ? t('undoStatusUndone') : session.status === 'rolled-back' ? t('undoStatusRolledBack') : t('undoStatusOther', session.status);
    throw new AppError('conflict', t(mode === 'undo' ? 'undoRefusedUndo' : 'undoRefusedRollback', what));
  }
  const working: SessionStatus = mode === 'undo' ? 'undoing' : 'rolling-back';
  const resuming = session.status === working;
  await journal.updateSession(sessionId, { status: working, undoStartedAt: session.undoStartedAt ?? now() });

  ctx.progress({ phase: 'checking', done: 0, total: 0, rate: 0 });
  const progress = await journal.progress(sessionId);
  const all = await journal.entries(sessionId);
  const interrupted = interruptedCalls(progress);
  const tops = topSeqs(all);
  const entries = all.filter((e) => carriedOut(e, progress, interrupted, tops.get(e.seq)));
  let live = indexTree(await browser.bookmarks.getTree());
  // Folders the cleanup replaced by a fresh copy: finished (the id map leads to the new folder) or taken back.
  const replaced = entries.filter((e): e is ReplacedFolderEntry => e.role === 'replaced-folder');
  if (replaced.length && (await settleReplacedFolders(deps, session, replaced, progress, live, inv))) live = indexTree(await browser.bookmarks.getTree());
  const idsToResolve = new Set<string>();
  for (const e of entries) {
    if (e.role === 'reordered') for (const id of [e.folderId, ...e.order]) idsToResolve.add(id);
    if (e.role === 'updated') idsToResolve.add(e.id);
    if (e.role !== 'removed' && e.role !== 'moved') continue;
    idsToResolve.add(e.id).add(e.parentId);
    if (e.role === 'moved') idsToResolve.add(e.toParentId);
    if (e.role === 'removed') for (const a of e.ancestorIds) idsToResolve.add(a);
  }
  const resolved = await journal.resolveIds([...idsToResolve]);
  const current = (oldId: string) => resolved.get(oldId) ?? oldId;
  const exists = (oldId: string) => live.has(current(oldId));
  // Sessions of an older version moved loose duplicates into a holding folder (its id, or only its title if the
  // page died before saving the id): items there are the cleanup's to move back.
  const holding = new Set<string>();
  if (session.holdingFolderId) holding.add(session.holdingFolderId);
  else if (session.holdingTitle) {
    for (const id of live.get(UNFILED_ID)?.childIds ?? []) {
      const n = live.get(id)!.node;
      if (nodeType(n) === 'folder' && n.title === session.holdingTitle && (n.dateAdded ?? 0) >= session.createdAt) holding.add(id);
    }
  }

  const problems: UndoProblem[] = [];
  const leftAlone = new LeftAloneReport();
  const placements: Placement[] = [];
  for (const e of entries) {
    if (e.role === 'removed') {
      if (!exists(e.id)) placements.push({ entry: e, action: 'create' });
      else if (e.topLevel && holding.has(live.get(current(e.id))!.parentId ?? '')) placements.push({ entry: e, action: 'move' });
      else if (current(e.id) === e.id && e.topLevel && (!progress.recorded || progress.done.has(e.seq))) {
        // Removed, and back with its own id: Firefox Sync brought it back. It stays where it is.
        leftAlone.add('already-back', e.title);
      }
    } else if (e.role === 'moved') {
      if (!exists(e.id)) leftAlone.add('deleted-since', e.title);
      else {
        const here = live.get(current(e.id))!.parentId;
        if (here === current(e.toParentId)) placements.push({ entry: e, action: 'move' });
        else if (here !== current(e.parentId)) leftAlone.add('moved-since', e.title);
      }
    }
  }

  // Someone else's version of an item the cleanup was putting back when it stopped (progress `versions`): restored
  // as they left it, in the folder they put it in when that folder exists.
  const versionOf = (e: RemovedEntry | MovedEntry) => (e.role === 'removed' ? progress.versions.get(e.seq) : undefined);
  const parentOf = (e: RemovedEntry | MovedEntry) => {
    const v = versionOf(e);
    return v && v.parentId !== e.parentId && exists(v.parentId) ? v.parentId : e.parentId;
  };
  // Parent by parent, parents first, ascending original index.
  const byParent = new Map<string, Placement[]>();
  for (const p of placements) {
    const parent = parentOf(p.entry);
    const list = byParent.get(parent);
    if (list) list.push(p);
    else byParent.set(parent, [p]);
  }
  for (const list of byParent.values()) list.sort((a, b) => a.entry.index - b.entry.index || a.entry.seq - b.entry.seq);
  const createdHere = new Set(placements.filter((p) => p.action === 'create').map((p) => p.entry.id));

  const created = entries.filter((e): e is CreatedEntry => e.role === 'created');
  const reordered = entries.filter((e): e is ReorderedEntry => e.role === 'reordered');
  const updated = entries.filter((e): e is UpdatedEntry => e.role === 'updated');
  const total = placements.length + created.length + reordered.length + updated.length;
  let done = 0;
  let restored = 0;
  const units = restoredUnitsCounter();
  const unitsOf = () => (operationKindOf(session) === 'cleanup' ? { units: { ...units.units } } : {});
  let movedBack = 0;
  let removed = 0;
  let cancelled = false;
  const started = now();
  const report = (phase: UndoPhase) => ctx.progress({ phase, done, total, rate: Math.round(done / Math.max(0.001, (now() - started) / 1000)) });
  // Each re-created id is recorded at once (not awaited: the write overlaps the next create); flushIds waits.
  let idWrites: Promise<void>[] = [];
  const recordId = (record: IdMapRecord) => idWrites.push(journal.recordIdMap([record]));
  const flushIds = async () => {
    const writes = idWrites;
    idWrites = [];
    await Promise.all([...writes, inv.flush()]);
  };
  const step = async (): Promise<boolean> => {
    if (done % BATCH !== 0) return true;
    await flushIds();
    report('restoring');
    try {
      await ctx.checkpoint();
      return true;
    } catch (error) {
      if (error instanceof AppError && error.code === 'cancelled') return false;
      throw error;
    }
  };
  const knownIds = new Set(placements.map((p) => current(p.entry.id)));
  // What the apply re-created (put back) and recorded: folders that may hold one more it made without a record.
  const recordedNew = new Set(resolved.values());
  const isFolder = (id: string) => {
    const n = live.get(id)?.node;
    return !!n && nodeType(n) === 'folder';
  };
  const putBackFolders = new Set([...progress.putBack.values()].map((id) => resolved.get(id) ?? id).filter(isFolder));
  /**
   * Resuming after a crash: the one item created just before the page died, whose id was never recorded, is the
   * identical node at its exact original index, added after this restore began. Adopt it instead of creating twice.
   */
  const adopted = new Set<string>();
  const adoptable = (e: RemovedEntry, targetId: string): string | null => {
    const v = versionOf(e);
    const matches = (candidate: BookmarkNode | undefined, since: number) =>
      !!candidate &&
      !knownIds.has(candidate.id) &&
      !adopted.has(candidate.id) &&
      candidate.title === (v?.title ?? e.title) &&
      (candidate.type ?? 'bookmark') === e.type &&
      (e.type !== 'bookmark' || candidate.url === (v?.url ?? e.url)) &&
      (candidate.dateAdded ?? 0) >= since;
    if (resuming) {
      const candidateId = live.get(targetId)?.childIds[e.index];
      const candidate = candidateId ? live.get(candidateId)?.node : undefined;
      if (matches(candidate, session.undoStartedAt ?? Infinity)) return (adopted.add(candidate!.id), candidate!.id);
    }
    // Rolling back an apply that died while putting an item back (its version was written first), or while
    // re-creating what was inside a folder it put back: the copy it had just made, its record never written, is the
    // identical item added to that folder after the apply began (not one whose record was written).
    if (mode === 'rollback' && (v || putBackFolders.has(targetId))) {
      for (const id of live.get(targetId)?.childIds ?? []) {
        const candidate = live.get(id)?.node;
        if (!recordedNew.has(id) && matches(candidate, session.createdAt)) return (adopted.add(id), id);
      }
    }
    return null;
  };

  /** Where a parent that this session does not re-create is now: itself, or its nearest surviving ancestor. */
  const fallbackTarget = (oldParentId: string, sample: Placement): string => {
    if (exists(oldParentId) && current(oldParentId) !== ROOT_ID) return current(oldParentId);
    const ancestors = sample.entry.role === 'removed' ? sample.entry.ancestorIds : [];
    for (let i = ancestors.length - 1; i >= 0; i--) {
      if (exists(ancestors[i]) && current(ancestors[i]) !== ROOT_ID) return current(ancestors[i]);
    }
    return UNFILED_ID;
  };

  const queue: { oldParentId: string; targetId: string }[] = [];
  for (const [oldParentId, list] of byParent) {
    if (createdHere.has(oldParentId)) continue;
    const targetId = fallbackTarget(oldParentId, list[0]);
    if (targetId !== current(oldParentId)) {
      for (const p of list) problems.push({ id: p.entry.id, title: p.entry.title, message: msg('undoProblemNearestFolder') });
    }
    queue.push({ oldParentId, targetId });
  }

  /**
   * What the restore does in one folder, journaled in the inverse before any of it: re-created items as 'created'
   * (their ids follow), items moved back as 'moved' from where they are now.
   */
  // Where the items to move back are now, read before any of them moves (each one's index counts the others).
  const moving = placements.filter((p) => p.action === 'move').map((p) => current(p.entry.id));
  const placesNow = inverse && moving.length ? await getExisting(browser, moving) : new Map<string, BookmarkNode>();
  const journalPlacements = async (list: Placement[], targetId: string): Promise<JournalEntry[]> => {
    if (!inverse) return inv.append(list.map(() => ({ role: 'created', parentId: null, parentSeq: null, type: 'folder', title: '', url: null })));
    const inverseOf = (p: Placement): NewJournalEntry => {
      const e = p.entry;
      if (p.action === 'move') {
        const node = placesNow.get(current(e.id));
        return { role: 'moved', id: current(e.id), title: e.title, parentId: node?.parentId ?? targetId, index: node?.index ?? 0, toParentId: targetId };
      }
      const v = versionOf(e);
      const type = e.role === 'removed' ? e.type : 'folder';
      return {
        role: 'created',
        parentId: targetId,
        parentSeq: null,
        type,
        title: v?.title ?? e.title,
        url: type === 'bookmark' && e.role === 'removed' ? (v?.url ?? e.url) : null,
      };
    };
    const stored = await inv.append(list.map(inverseOf));
    await inv.attempt(stored.filter((e) => e.role === 'moved').map((e) => e.seq));
    return stored;
  };

  const placeChildren = async (oldParentId: string, targetId: string): Promise<boolean> => {
    const list = byParent.get(oldParentId) ?? [];
    byParent.delete(oldParentId);
    const inverseEntries = list.length ? await journalPlacements(list, targetId) : [];
    for (const [i, p] of list.entries()) {
      if (!(await step())) return false;
      const e = p.entry;
      const seq = inverseEntries[i]!.seq;
      const target = live.get(targetId);
      const index = Math.min(e.index, target?.childCount ?? e.index);
      try {
        const adopted = p.action === 'create' && e.role === 'removed' ? adoptable(e, targetId) : null;
        if (adopted) {
          resolved.set(e.id, adopted);
          recordId({ oldId: e.id, newId: adopted, sessionId });
          inv.created(seq, adopted);
          restored++;
          units.count(e);
          if (e.role === 'removed' && e.type === 'folder') queue.push({ oldParentId: e.id, targetId: adopted });
        } else if (p.action === 'create') {
          const v = versionOf(e);
          const title = v?.title ?? e.title;
          const at = parentOf(e) === e.parentId ? index : undefined;
          const made = await browser.bookmarks.create(
            e.role === 'removed' && e.type === 'bookmark'
              ? { parentId: targetId, index: at, title, url: v?.url ?? e.url ?? undefined }
              : { parentId: targetId, index: at, title, type: e.role === 'removed' ? e.type : 'folder' },
          );
          resolved.set(e.id, made.id);
          live.set(made.id, { parentId: targetId, childCount: 0, node: made, childIds: [] });
          recordId({ oldId: e.id, newId: made.id, sessionId });
          inv.created(seq, made.id);
          restored++;
          units.count(e);
          if (e.role === 'removed' && e.type === 'folder') queue.push({ oldParentId: e.id, targetId: made.id });
        } else {
          const id = current(e.id);
          const from = live.get(id)?.parentId;
          await browser.bookmarks.move(id, { parentId: targetId, index });
          if (from && live.has(from)) live.get(from)!.childCount--;
          live.get(id)!.parentId = targetId;
          movedBack++;
          await inv.done(seq);
        }
        if (target && !adopted) target.childCount++;
      } catch (error) {
        problems.push({ id: e.id, title: e.title, message: msg('undoProblemNotRestored', errorMessage(error)) });
        if (p.action === 'move') await inv.skipped(seq);
      }
      done++;
    }
    return true;
  };

  /** The URLs of created items that stay (someone changed them): their tags stay too. */
  const keptUrls = new Set<string>();
  try {
    for (let next = queue.shift(); next; next = queue.shift()) {
      if (!(await placeChildren(next.oldParentId, next.targetId))) {
        cancelled = true;
        break;
      }
      if (!queue.length && byParent.size && !cancelled) {
        // Parents that should have been re-created but were not (an error above): restore into the nearest folder.
        const [oldParentId, list] = byParent.entries().next().value!;
        queue.push({ oldParentId, targetId: fallbackTarget(oldParentId, list[0]) });
      }
    }
    if (!cancelled) await recreateRescued(deps, all, progress, live, problems);
    if (!cancelled && created.length) {
      const outcome = await removeCreated(deps, session, created, progress, live, leftAlone, keptUrls, inverse, async () => {
        done++;
        return step();
      });
      removed = outcome.removed;
      cancelled = outcome.cancelled;
      problems.push(...outcome.problems);
    }
    // Last, once items moved back have left the folders they were moved into: each reordered folder's old order.
    for (const e of reordered) {
      if (cancelled || !(await step())) {
        cancelled = true;
        break;
      }
      movedBack += await restoreOrder(deps, e, current, leftAlone, problems, inv);
      done++;
    }
    if (!cancelled && updated.length) {
      if (!(await step())) cancelled = true;
      else {
        const outcome = await restoreUpdates(deps, updated, current, live, leftAlone, problems, inv);
        movedBack += outcome;
        done += updated.length;
      }
    }
  } finally {
    await flushIds();
  }

  if (cancelled) {
    await journal.updateSession(sessionId, { status: mode === 'undo' ? 'applied' : 'rolling-back' });
    report('restoring');
    return { sessionId, restored, ...unitsOf(), movedBack, removed, leftAlone: leftAlone.list(), problems, cancelled };
  }

  report('tags');
  await restoreTags(deps, entries, problems, keptUrls, live, leftAlone, inv);

  await removeEmptyHoldingFolder(deps, session);

  await journal.forgetRemoved(sessionId);
  const final: Partial<SessionRecord> = mode === 'undo' ? { status: 'undone', undoneAt: now() } : { status: 'rolled-back', undoneAt: now() };
  await journal.updateSession(sessionId, final);
  report('done');
  return { sessionId, restored, ...unitsOf(), movedBack, removed, leftAlone: leftAlone.list(), problems, cancelled: false };
}

/**
 * Folders a cleanup replaced by a fresh copy (journal.ts ReplacedFolderEntry), before anything else is restored:
 * - the old folder is gone and the new one is there: the replacement stands (the new folder keeps its id and date
 *   added); the id map is made to say old -> new if a crash came before the apply wrote it, so the copies the
 *   cleanup removed are put back at their places inside the new folder;
 * - the old folder is still there (a crash before its removeTree): what stays that is in the new folder goes back
 *   to the old one at its place, and the new folder goes if it is empty and as made; what someone else put in it
 *   stays, with the folder.
 * Returns whether it moved or removed anything (the caller reads the tree again).
 */
async function settleReplacedFolders(
  deps: WriteDeps,
  session: SessionRecord,
  replaced: ReplacedFolderEntry[],
  progress: SessionProgress,
  live: Map<string, LiveNode>,
  inv: EditSteps,
): Promise<boolean> {
  const { browser, journal } = deps;
  const recorded = await journal.resolveIds(replaced.map((r) => progress.ids.get(r.seq)).filter((id): id is string => !!id));
  const claimed = new Set<string>();
  let changed = false;
  for (const r of replaced) {
    const made = progress.ids.get(r.seq);
    let fresh = made ? (recorded.get(made) ?? made) : undefined;
    if (!fresh || !live.has(fresh)) {
      // Made just before a crash, its id never written: the folder of that title added in that place after the cleanup began.
      fresh = live.get(r.parentId)?.childIds.find((id) => {
        const n = live.get(id)!.node;
        return id !== r.id && !claimed.has(id) && nodeType(n) === 'folder' && n.title === r.title && (n.dateAdded ?? 0) >= session.createdAt;
      });
    }
    if (!fresh) continue; // never made, or someone removed it with what it held
    claimed.add(fresh);
    if (!live.has(r.id)) {
      await journal.recordIdMap([{ oldId: r.id, newId: fresh, sessionId: session.id }]);
      continue;
    }
    // Taken back: what stays goes home, in its old order, then the fresh folder if nothing else is in it.
    const back = r.survivors.filter((s) => live.get(s.id)?.parentId === fresh).sort((a, b) => a.index - b.index);
    if (back.length) {
      const stored = await inv.append(
        back.map((s) => ({ role: 'moved', id: s.id, title: live.get(s.id)!.node.title, parentId: fresh, index: live.get(s.id)!.node.index ?? 0, toParentId: r.id })),
      );
      await inv.attempt(stored.map((e) => e.seq));
      let count = live.get(r.id)!.childCount;
      for (const [i, s] of back.entries()) {
        try {
          await browser.bookmarks.move(s.id, { parentId: r.id, index: Math.min(s.index, count) });
          count++;
          await inv.done(stored[i]!.seq);
        } catch {
          await inv.skipped(stored[i]!.seq);
        }
      }
      changed = true;
    }
    const now = (await browser.bookmarks.getSubTree(fresh).catch(() => []))[0];
    if (now && !now.children?.length && now.title === r.title && now.parentId === r.parentId) {
      const [entry] = await inv.append([{ ...removedEntryOf(now, [], [], true, 'deleted'), tags: [] }]);
      await inv.attempt([entry!.seq]);
      try {
        await browser.bookmarks.remove(fresh);
        await inv.done(entry!.seq);
      } catch {
        await inv.skipped(entry!.seq);
      }
      changed = true;
    }
  }
  return changed;
}

/**
 * Gives the items of a reordered folder their old order back, in the places they hold among its children now: an
 * item someone added to the folder since stays exactly where it is, one they took out stays out. Returns the moves.
 */
async function restoreOrder(
  deps: WriteDeps,
  e: ReorderedEntry,
  current: (id: string) => string,
  leftAlone: LeftAloneReport,
  problems: UndoProblem[],
  inv: EditSteps,
): Promise<number> {
  const { browser } = deps;
  const folderId = current(e.folderId);
  let children: string[];
  try {
    children = (await browser.bookmarks.getChildren(folderId)).map((c) => c.id);
  } catch {
    leftAlone.add('deleted-since', e.title);
    return 0;
  }
  const here = new Set(children);
  const wanted = e.order.map(current).filter((id) => here.has(id));
  const ours = new Set(wanted);
  let k = 0;
  const target = children.map((id) => (ours.has(id) ? wanted[k++]! : id));
  const calls = movesToOrder(children, target);
  if (!calls.length) return 0;
  // The order it has now is what a redo gives back.
  const [entry] = await inv.append([{ role: 'reordered', folderId, title: e.title, order: children }]);
  await inv.attempt([entry!.seq]);
  let moved = 0;
  for (const call of calls) {
    try {
      await browser.bookmarks.move(call.id, { parentId: folderId, index: call.index });
      moved++;
    } catch (error) {
      problems.push({ id: call.id, title: e.title, message: msg('undoProblemPlace', errorMessage(error)) });
    }
  }
  await (moved ? inv.done(entry!.seq) : inv.skipped(entry!.seq));
  return moved;
}

/**
 * Renames and new addresses taken back, newest first: an item gets the title or address it had before only while it
 * still has the one the edit gave it (for each field the edit changed); one someone changed since is kept as it is.
 * Returns how many items changed back.
 */
async function restoreUpdates(
  deps: WriteDeps,
  updated: UpdatedEntry[],
  current: (id: string) => string,
  live: Map<string, LiveNode>,
  leftAlone: LeftAloneReport,
  problems: UndoProblem[],
  inv: EditSteps,
): Promise<number> {
  const { browser } = deps;
  const nodes = await getExisting(
    browser,
    updated.map((e) => current(e.id)),
  );
  const plans: { e: UpdatedEntry; id: string; change: { title?: string; url?: string }; entry: NewJournalEntry }[] = [];
  for (const e of [...updated].sort((a, b) => b.seq - a.seq)) {
    const id = current(e.id);
    const node = nodes.get(id);
    if (!node) {
      leftAlone.add('deleted-since', e.after.title);
      continue;
    }
    const titleChanged = e.before.title !== e.after.title;
    const urlChanged = !sameStoredUrl(e.before.url, e.after.url);
    const asLeft = (!titleChanged || node.title === e.after.title) && (!urlChanged || sameStoredUrl(e.after.url, node.url));
    const asBefore = (!titleChanged || node.title === e.before.title) && (!urlChanged || sameStoredUrl(e.before.url, node.url));
    if (!asLeft) {
      if (!asBefore) leftAlone.add('changed-since', node.title);
      continue;
    }
    const change: { title?: string; url?: string } = {};
    if (titleChanged) change.title = e.before.title;
    if (urlChanged && e.before.url) change.url = e.before.url;
    const now = { title: node.title, url: node.url ?? null };
    plans.push({ e, id, change, entry: { role: 'updated', id, before: now, after: { title: change.title ?? now.title, url: change.url ?? now.url } } });
  }
  if (!plans.length) return 0;
  const stored = await inv.append(plans.map((p) => p.entry));
  await inv.attempt(stored.map((e) => e.seq));
  let changed = 0;
  for (const [i, p] of plans.entries()) {
    const seq = stored[i]!.seq;
    try {
      const node = await browser.bookmarks.update(p.id, p.change);
      const known = live.get(p.id);
      if (known) known.node = node;
      changed++;
      await inv.done(seq);
    } catch (error) {
      problems.push({ id: p.id, title: p.e.after.title, message: msg('undoProblemNotRestored', errorMessage(error)) });
      await inv.skipped(seq);
    }
  }
  return changed;
}

/**
 * Removes what an operation created, newest first (children before their folders), each only if it is still
 * exactly as created: renamed, re-addressed or moved items stay, and a created folder that holds anything else
 * stays (bookmarks.remove refuses a non-empty folder). An item whose id was never recorded (the page died right
 * after creating it) is found by its parent, type, title and URL among the items added after the operation began.
 */
async function removeCreated(
  deps: WriteDeps,
  session: SessionRecord,
  created: CreatedEntry[],
  progress: SessionProgress,
  live: Map<string, LiveNode>,
  leftAlone: LeftAloneReport,
  keptUrls: Set<string>,
  inverse: EditSteps | null,
  step: () => Promise<boolean>,
): Promise<{ removed: number; cancelled: boolean; problems: UndoProblem[] }> {
  const { browser } = deps;
  const inv = inverse ?? unrecorded();
  const problems: UndoProblem[] = [];
  const idOf = new Map<number, string>();
  const claimed = new Set<string>();
  // An item removed and brought back since (by the undo of a later operation) has a new id: the id map says which.
  const recorded = await deps.journal.resolveIds(created.flatMap((e) => [progress.ids.get(e.seq), e.parentId]).filter((id): id is string => !!id));
  for (const e of created) {
    const id = progress.ids.get(e.seq);
    if (id) {
      idOf.set(e.seq, recorded.get(id) ?? id);
      claimed.add(recorded.get(id) ?? id);
    }
  }
  const parentOf = (e: CreatedEntry) => (e.parentSeq !== null ? idOf.get(e.parentSeq) : e.parentId === null ? null : (recorded.get(e.parentId) ?? e.parentId)) ?? null;
  // Ids never recorded: match, oldest entry first, so parents are found before their children.
  for (const e of created) {
    if (idOf.has(e.seq)) continue;
    const parent = parentOf(e);
    const candidate = parent
      ? live
          .get(parent)
          ?.childIds.map((id) => live.get(id)!.node)
          .find((n) => !claimed.has(n.id) && sameAsCreated(n, e) && (n.dateAdded ?? 0) >= session.createdAt)
      : undefined;
    if (candidate) {
      idOf.set(e.seq, candidate.id);
      claimed.add(candidate.id);
    }
  }
  // Decided before anything goes (newest first: children before their folders), so that what goes is journaled in
  // the inverse first: an item someone changed stays, and so do the folders above it.
  const stays = new Set<string>();
  const going: { e: CreatedEntry; id: string; node: BookmarkNode }[] = [];
  for (const e of [...created].sort((a, b) => b.seq - a.seq)) {
    const id = idOf.get(e.seq);
    if (!id) continue; // never created
    const now = live.get(id)?.node;
    if (!now) continue; // someone removed it already
    const expectedParent = parentOf(e);
    if (!sameAsCreated(now, e) || now.parentId !== expectedParent) {
      leftAlone.add('changed-since', now.title);
      stays.add(id);
      markAncestorsStaying(live, now.parentId, stays);
      if (now.url) keptUrls.add(now.url);
      continue;
    }
    if (stays.has(id)) {
      leftAlone.add('not-empty', now.title);
      continue;
    }
    going.push({ e, id, node: now });
  }
  const inverseEntries =
    inverse && going.length
      ? await journalRemovals(
          deps,
          going.map((g) => g.id),
          inverse,
        )
      : new Map<string, number>();
  let removed = 0;
  for (const { id, node: now } of going) {
    if (!(await step())) return { removed, cancelled: true, problems };
    const seq = inverseEntries.get(id);
    if (stays.has(id)) {
      leftAlone.add('not-empty', now.title);
      if (seq !== undefined) await inv.skipped(seq);
      continue;
    }
    try {
      await browser.bookmarks.remove(id);
      removed++;
      if (seq !== undefined) await inv.done(seq);
    } catch (error) {
      if (seq !== undefined) await inv.skipped(seq);
      if (/non-empty/i.test(errorMessage(error))) {
        leftAlone.add('not-empty', now.title);
        markAncestorsStaying(live, now.parentId, stays);
      } else if (!isMissingBookmarkError(error)) {
        problems.push({ id, title: now.title, message: msg('undoProblemNotRemoved', errorMessage(error)) });
      }
    }
  }
  return { removed, cancelled: false, problems };
}

/**
 * Items about to be removed, journaled in the inverse as they are now (place, title, address, tags), each on its own:
 * their children go first, one by one. Returns each id's entry.
 */
async function journalRemovals(deps: WriteDeps, ids: string[], inv: EditSteps): Promise<Map<string, number>> {
  const nodes = await getExisting(deps.browser, ids);
  const tops = ids
    .map((id) => nodes.get(id))
    .filter((n): n is BookmarkNode => !!n)
    .map((n) => ({ ...n, children: undefined }));
  const stored = await inv.append(await removalEntries(deps, tops, 'deleted'));
  const out = new Map<string, number>();
  for (const e of stored) if (e.role === 'removed') out.set(e.id, e.seq);
  await inv.attempt([...out.values()]);
  return out;
}

/**
 * Someone else's items the cleanup was re-creating when it stopped (journaled 'rescued', no id recorded yet): they
 * are theirs, so they are created now, unless an identical one added after the session began is already there.
 */
async function recreateRescued(deps: WriteDeps, all: JournalEntry[], progress: SessionProgress, live: Map<string, LiveNode>, problems: UndoProblem[]) {
  for (const e of all) {
    if (e.role !== 'rescued' || progress.ids.has(e.seq) || progress.skipped.has(e.seq) || e.skipped) continue;
    const parent = e.parentId && live.has(e.parentId) ? e.parentId : UNFILED_ID;
    const there = live.get(parent)?.childIds.some((id) => {
      const n = live.get(id)!.node;
      return n.title === e.title && nodeType(n) === e.type && (e.type !== 'bookmark' || n.url === e.url);
    });
    if (there) continue;
    try {
      await deps.browser.bookmarks.create(
        e.type === 'bookmark' ? { parentId: parent, title: e.title, url: e.url ?? undefined } : { parentId: parent, title: e.title, type: e.type },
      );
    } catch (error) {
      problems.push({ id: e.oldId, title: e.title, message: msg('undoProblemNotRecreated', errorMessage(error)) });
    }
  }
}

function sameAsCreated(node: BookmarkNode, e: CreatedEntry): boolean {
  return nodeType(node) === e.type && node.title === e.title && (e.type !== 'bookmark' || node.url === e.url);
}

function markAncestorsStaying(live: Map<string, LiveNode>, parentId: string | undefined, stays: Set<string>) {
  for (let id = parentId, depth = 0; id && depth < 1000; id = live.get(id)?.parentId, depth++) stays.add(id);
}

/**
 * Tags, as one write at the end: tag edits taken back tag by tag (newest first), the tags merges (or an import) added
 * taken off, and every re-created URL given its tags back. A URL no bookmark uses gets none back (Firefox drops the
 * tags of a URL whose last bookmark went).
 */
async function restoreTags(
  deps: WriteDeps,
  entries: JournalEntry[],
  problems: UndoProblem[],
  keptUrls: ReadonlySet<string>,
  live: Map<string, LiveNode>,
  leftAlone: LeftAloneReport,
  inv: EditSteps,
) {
  const { tags } = deps;
  const urls = new Set<string>();
  for (const e of entries) {
    if (e.role === 'tags' || (e.role === 'tag-merge' && e.tagsAdded.length)) urls.add(e.url);
    else if (e.role === 'removed' && e.url && e.tags.length) urls.add(e.url);
  }
  if (!urls.size) return;
  const before = await tags.getTagsForUrls([...urls]);
  const next = new Map([...urls].map((url) => [url, before.get(url) ?? []]));
  const edits = entries.filter((e): e is TagsEntry => e.role === 'tags').sort((a, b) => b.seq - a.seq);
  for (const e of edits) {
    const { tags: reverted, conflict } = revertTags(next.get(e.url)!, e.before, e.after);
    next.set(e.url, reverted);
    if (conflict) leftAlone.add('changed-since', e.url);
  }
  for (const e of entries) {
    if (e.role === 'tag-merge' && !keptUrls.has(e.url)) {
      const off = new Set(e.tagsAdded.map(tagKey));
      next.set(
        e.url,
        next.get(e.url)!.filter((tag) => !off.has(tagKey(tag))),
      );
    }
  }
  for (const e of entries) if (e.role === 'removed' && e.url && e.tags.length) next.set(e.url, withTags(next.get(e.url)!, e.tags));
  const bookmarked = new Set<string>();
  for (const { node } of live.values()) if (node.url && urls.has(node.url)) bookmarked.add(node.url);
  const changes = [...next]
    .filter(([url, list]) => !sameList(list, before.get(url) ?? []))
    // Taking tags off is always right; giving some back only to a URL a bookmark uses.
    .filter(([url, list]) => bookmarked.has(url) || list.every((tag) => (before.get(url) ?? []).some((had) => tagKey(had) === tagKey(tag))));
  if (!changes.length) return;
  await inv.append(changes.map(([url, after]) => ({ role: 'tags', url, before: before.get(url) ?? [], after })));
  try {
    await tags.replaceTags(changes.map(([url, list]) => ({ url, tags: list })));
  } catch (error) {
    problems.push({ id: changes[0]![0], title: null, message: msg('undoProblemTagsNotRestored', errorMessage(error)) });
  }
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((tag, i) => tag === b[i]);
}

/** `list` with the tags of `more` it lacks (by key), added at the end. */
function withTags(list: readonly string[], more: readonly string[]): string[] {
  const have = new Set(list.map(tagKey));
  const out = [...list];
  for (const tag of more) {
    if (have.has(tagKey(tag))) continue;
    have.add(tagKey(tag));
    out.push(tag);
  }
  return out;
}

/**
 * A URL's tags with one edit taken back, tag by tag: a tag the edit added goes if it is still there, one it removed
 * comes back (in its old place) if it is still gone, one it respelled gets its old spelling if it still has the new
 * one. A tag someone changed otherwise since stays as it is (`conflict`). Tags as the edit left them exactly come back
 * exactly as they were, order included.
 */
export function revertTags(current: readonly string[], before: readonly string[], after: readonly string[]): { tags: string[]; conflict: boolean } {
  if (sameList(current, after)) return { tags: [...before], conflict: false };
  const byKey = (list: readonly string[]) => new Map(list.map((tag) => [tagKey(tag), tag]));
  const was = byKey(before);
  const left = byKey(after);
  const now = byKey(current);
  let out = [...current];
  let conflict = false;
  for (const key of new Set([...was.keys(), ...left.keys()])) {
    if (was.get(key) === left.get(key)) continue;
    if (now.get(key) !== left.get(key)) {
      if (now.get(key) !== was.get(key)) conflict = true;
      continue;
    }
    const old = was.get(key);
    if (old === undefined) out = out.filter((tag) => tagKey(tag) !== key);
    else if (now.has(key)) out = out.map((tag) => (tagKey(tag) === key ? old : tag));
    else out = insertInPlace(out, old, before);
  }
  return { tags: out, conflict };
}

/** Puts `tag` back after the nearest tag that came before it in `order` (else before the nearest after it). */
function insertInPlace(list: string[], tag: string, order: readonly string[]): string[] {
  const keys = list.map(tagKey);
  const at = order.findIndex((t) => tagKey(t) === tagKey(tag));
  for (let i = at - 1; i >= 0; i--) {
    const k = keys.indexOf(tagKey(order[i]!));
    if (k >= 0) return [...list.slice(0, k + 1), tag, ...list.slice(k + 1)];
  }
  for (let i = at + 1; i < order.length; i++) {
    const k = keys.indexOf(tagKey(order[i]!));
    if (k >= 0) return [...list.slice(0, k), tag, ...list.slice(k)];
  }
  return [...list, tag];
}

/**
 * The holding folder of a session written by an older version (loose duplicates used to wait in one) goes once
 * it is empty. Its id is in the journal unless the page died between creating it and
 * saving the id: then it is found by its exact title in Other Bookmarks (only an empty one, added after the
 * session began, is removed).
 */
async function removeEmptyHoldingFolder(deps: WriteDeps, session: SessionRecord) {
  const { browser } = deps;
  if (operationKindOf(session) !== 'cleanup' || (!session.holdingFolderId && !session.holdingTitle)) return; // no holding folder
  try {
    let ids: string[];
    if (session.holdingFolderId) ids = [session.holdingFolderId];
    else {
      const children = await browser.bookmarks.getChildren(UNFILED_ID);
      ids = children.filter((c) => nodeType(c) === 'folder' && c.title === session.holdingTitle && (c.dateAdded ?? 0) >= session.createdAt).map((c) => c.id);
    }
    for (const id of ids) {
      const left = await browser.bookmarks.getChildren(id).catch(() => null);
      if (left && !left.length) await browser.bookmarks.remove(id);
    }
  } catch {
    // Already gone: nothing to tidy.
  }
}
