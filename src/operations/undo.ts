/**
 * Undo of an operation from its journal (a cleanup, an import); the same code rolls back an interrupted one
 * (recovery.ts). It restores what the operation did and nothing else, and it never reverts what someone else did
 * since (docs/ARCHITECTURE.md, "A change the cleanup did not make always wins"):
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
 *
 * It is idempotent: whatever already exists (found by id, through the id map) is not created again, so an undo
 * that was interrupted or cancelled can simply run again.
 */
import { AppError } from '../messaging/errors';
import type { JobContext } from '../messaging/define';
import { ROOT_ID, UNFILED_ID, type BookmarkNode } from '../platform/browser';
import type { CleanupDeps } from '../dedup';
// A node's kind (the platform's kindOf) is named nodeType here: this module's kindOf is an operation's kind.
import { descendants, kindOf as nodeType } from '../platform/tree';
import { isMissingBookmarkError } from '../platform/bookmark-errors';
import { movesToOrder } from '../platform/folder-order';
import { KEPT_SESSIONS, kindOf, type CreatedEntry, type IdMapRecord, type JournalEntry, type MovedEntry, type RemovedEntry, type ReorderedEntry, type SessionProgress, type SessionRecord, type SessionStatus } from './journal';
import { msg, t, type Msg } from '../i18n';

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
  if (!progress.recorded || entry.role === 'created' || entry.role === 'tag-merge') return true;
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
 * How many calls of an interrupted batch may have run without a record: the calls in flight (apply.ts REMOVAL_LANES,
 * 2) and those whose "done" was noted but not written yet (apply.ts UNWRITTEN_AT_MOST, 8).
 */
const CALLS_IN_FLIGHT = 2 + 8;

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

/** Brings back what a session changed. `rollback` is used by recovery for an operation that never finished. */
export async function restoreSession(deps: CleanupDeps, sessionId: string, ctx: Ctx, mode: RestoreMode): Promise<UndoResult> {
  const { browser, journal, now } = deps;
  const session = await journal.getSession(sessionId);
  if (!session) throw new AppError('not-found', t('undoSessionGone', KEPT_SESSIONS));
  if (!ALLOWED[mode].includes(session.status)) {
    const what = session.status === 'undone' ? t('undoStatusUndone') : session.status === 'rolled-back' ? t('undoStatusRolledBack') : t('undoStatusOther', session.status);
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
  const live = indexTree(await browser.bookmarks.getTree());
  const idsToResolve = new Set<string>();
  for (const e of entries) {
    if (e.role === 'reordered') for (const id of [e.folderId, ...e.order]) idsToResolve.add(id);
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
  const total = placements.length + created.length + reordered.length;
  let done = 0;
  let restored = 0;
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
    await Promise.all(writes);
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
      if (matches(candidate, session.undoStartedAt ?? Infinity)) return adopted.add(candidate!.id), candidate!.id;
    }
    // Rolling back an apply that died while putting an item back (its version was written first): the copy it had
    // just made, its record never written, is the identical item added to that folder after the apply began.
    if (mode === 'rollback' && v) {
      for (const id of live.get(targetId)?.childIds ?? []) {
        const candidate = live.get(id)?.node;
        if (matches(candidate, session.createdAt)) return adopted.add(id), id;
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

  const placeChildren = async (oldParentId: string, targetId: string): Promise<boolean> => {
    const list = byParent.get(oldParentId) ?? [];
    byParent.delete(oldParentId);
    for (const p of list) {
      if (!(await step())) return false;
      const e = p.entry;
      const target = live.get(targetId);
      const index = Math.min(e.index, target?.childCount ?? e.index);
      try {
        const adopted = p.action === 'create' && e.role === 'removed' ? adoptable(e, targetId) : null;
        if (adopted) {
          resolved.set(e.id, adopted);
          recordId({ oldId: e.id, newId: adopted, sessionId });
          restored++;
          if (e.role === 'removed' && e.type === 'folder') queue.push({ oldParentId: e.id, targetId: adopted });
        } else if (p.action === 'create') {
          const v = versionOf(e);
          const title = v?.title ?? e.title;
          const at = parentOf(e) === e.parentId ? index : undefined;
          const made = await browser.bookmarks.create(
            e.role === 'removed' && e.type === 'bookmark'
              ? { parentId: targetId, index: at, title, url: (v?.url ?? e.url) ?? undefined }
              : { parentId: targetId, index: at, title, type: e.role === 'removed' ? e.type : 'folder' },
          );
          resolved.set(e.id, made.id);
          live.set(made.id, { parentId: targetId, childCount: 0, node: made, childIds: [] });
          recordId({ oldId: e.id, newId: made.id, sessionId });
          restored++;
          if (e.role === 'removed' && e.type === 'folder') queue.push({ oldParentId: e.id, targetId: made.id });
        } else {
          const id = current(e.id);
          const from = live.get(id)?.parentId;
          await browser.bookmarks.move(id, { parentId: targetId, index });
          if (from && live.has(from)) live.get(from)!.childCount--;
          live.get(id)!.parentId = targetId;
          movedBack++;
        }
        if (target && !adopted) target.childCount++;
      } catch (error) {
        problems.push({ id: e.id, title: e.title, message: msg('undoProblemNotRestored', errorMessage(error)) });
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
      const outcome = await removeCreated(deps, session, created, progress, live, leftAlone, keptUrls, async () => {
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
      movedBack += await restoreOrder(deps, e, current, leftAlone, problems);
      done++;
    }
  } finally {
    await flushIds();
  }

  if (cancelled) {
    await journal.updateSession(sessionId, { status: mode === 'undo' ? 'applied' : 'rolling-back' });
    report('restoring');
    return { sessionId, restored, movedBack, removed, leftAlone: leftAlone.list(), problems, cancelled };
  }

  report('tags');
  await restoreTags(deps, entries, problems, keptUrls);

  await removeEmptyHoldingFolder(deps, session);

  await journal.forgetRemoved(sessionId);
  const final: Partial<SessionRecord> = mode === 'undo' ? { status: 'undone', undoneAt: now() } : { status: 'rolled-back', undoneAt: now() };
  await journal.updateSession(sessionId, final);
  report('done');
  return { sessionId, restored, movedBack, removed, leftAlone: leftAlone.list(), problems, cancelled: false };
}

/**
 * Gives the items of a reordered folder their old order back, in the places they hold among its children now: an
 * item someone added to the folder since stays exactly where it is, one they took out stays out. Returns the moves.
 */
async function restoreOrder(deps: CleanupDeps, e: ReorderedEntry, current: (id: string) => string, leftAlone: LeftAloneReport, problems: UndoProblem[]): Promise<number> {
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
  let moved = 0;
  for (const call of movesToOrder(children, target)) {
    try {
      await browser.bookmarks.move(call.id, { parentId: folderId, index: call.index });
      moved++;
    } catch (error) {
      problems.push({ id: call.id, title: e.title, message: msg('undoProblemPlace', errorMessage(error)) });
    }
  }
  return moved;
}

/**
 * Removes what an operation created, newest first (children before their folders), each only if it is still
 * exactly as created: renamed, re-addressed or moved items stay, and a created folder that holds anything else
 * stays (bookmarks.remove refuses a non-empty folder). An item whose id was never recorded (the page died right
 * after creating it) is found by its parent, type, title and URL among the items added after the operation began.
 */
async function removeCreated(
  deps: CleanupDeps,
  session: SessionRecord,
  created: CreatedEntry[],
  progress: SessionProgress,
  live: Map<string, LiveNode>,
  leftAlone: LeftAloneReport,
  keptUrls: Set<string>,
  step: () => Promise<boolean>,
): Promise<{ removed: number; cancelled: boolean; problems: UndoProblem[] }> {
  const { browser } = deps;
  const problems: UndoProblem[] = [];
  const idOf = new Map<number, string>();
  const claimed = new Set<string>();
  for (const e of created) {
    const id = progress.ids.get(e.seq);
    if (id) {
      idOf.set(e.seq, id);
      claimed.add(id);
    }
  }
  const parentOf = (e: CreatedEntry) => (e.parentSeq !== null ? idOf.get(e.parentSeq) : e.parentId) ?? null;
  // Ids never recorded: match, oldest entry first, so parents are found before their children.
  for (const e of created) {
    if (idOf.has(e.seq)) continue;
    const parent = parentOf(e);
    const candidate = parent
      ? live.get(parent)?.childIds.map((id) => live.get(id)!.node).find((n) => !claimed.has(n.id) && sameAsCreated(n, e) && (n.dateAdded ?? 0) >= session.createdAt)
      : undefined;
    if (candidate) {
      idOf.set(e.seq, candidate.id);
      claimed.add(candidate.id);
    }
  }
  let removed = 0;
  const stays = new Set<string>();
  for (const e of [...created].sort((a, b) => b.seq - a.seq)) {
    if (!(await step())) return { removed, cancelled: true, problems };
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
    try {
      await browser.bookmarks.remove(id);
      removed++;
    } catch (error) {
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
 * Someone else's items the cleanup was re-creating when it stopped (journaled 'rescued', no id recorded yet): they
 * are theirs, so they are created now, unless an identical one added after the session began is already there.
 */
async function recreateRescued(deps: CleanupDeps, all: JournalEntry[], progress: SessionProgress, live: Map<string, LiveNode>, problems: UndoProblem[]) {
  for (const e of all) {
    if (e.role !== 'rescued' || progress.ids.has(e.seq) || progress.skipped.has(e.seq) || e.skipped) continue;
    const parent = e.parentId && live.has(e.parentId) ? e.parentId : UNFILED_ID;
    const there = live.get(parent)?.childIds.some((id) => {
      const n = live.get(id)!.node;
      return n.title === e.title && nodeType(n) === e.type && (e.type !== 'bookmark' || n.url === e.url);
    });
    if (there) continue;
    try {
      await deps.browser.bookmarks.create(e.type === 'bookmark' ? { parentId: parent, title: e.title, url: e.url ?? undefined } : { parentId: parent, title: e.title, type: e.type });
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

/** Takes off the tags merges (or an import) added, then gives every re-created URL its tags back. */
async function restoreTags(deps: CleanupDeps, entries: JournalEntry[], problems: UndoProblem[], keptUrls: ReadonlySet<string>) {
  const { tags } = deps;
  for (const e of entries) {
    if (e.role !== 'tag-merge' || !e.tagsAdded.length || keptUrls.has(e.url)) continue;
    try {
      await tags.removeTags([e.url], e.tagsAdded);
    } catch (error) {
      problems.push({ id: e.url, title: null, message: msg('undoProblemTagsNotTakenOff', errorMessage(error)) });
    }
  }
  // Group URLs that get the same tags back: one call per distinct tag list.
  const byTags = new Map<string, { tags: string[]; urls: Set<string> }>();
  for (const e of entries) {
    if (e.role !== 'removed' || !e.url || !e.tags.length) continue;
    const key = JSON.stringify(e.tags);
    const group = byTags.get(key) ?? { tags: e.tags, urls: new Set<string>() };
    group.urls.add(e.url);
    byTags.set(key, group);
  }
  for (const group of byTags.values()) {
    try {
      await tags.addTags([...group.urls], group.tags);
    } catch (error) {
      problems.push({ id: [...group.urls][0], title: null, message: msg('undoProblemTagsNotRestored', errorMessage(error)) });
    }
  }
}

/**
 * The holding folder of a session written by an older version (loose duplicates used to wait in one) goes once
 * it is empty. Its id is in the journal unless the page died between creating it and
 * saving the id: then it is found by its exact title in Other Bookmarks (only an empty one, added after the
 * session began, is removed).
 */
async function removeEmptyHoldingFolder(deps: CleanupDeps, session: SessionRecord) {
  const { browser } = deps;
  if (kindOf(session) !== 'cleanup' || (!session.holdingFolderId && !session.holdingTitle)) return; // no holding folder
  try {
    let ids: string[];
    if (session.holdingFolderId) ids = [session.holdingFolderId];
    else {
      const children = await browser.bookmarks.getChildren(UNFILED_ID);
      ids = children
        .filter((c) => nodeType(c) === 'folder' && c.title === session.holdingTitle && (c.dateAdded ?? 0) >= session.createdAt)
        .map((c) => c.id);
    }
    for (const id of ids) {
      const left = await browser.bookmarks.getChildren(id).catch(() => null);
      if (left && !left.length) await browser.bookmarks.remove(id);
    }
  } catch {
    // Already gone: nothing to tidy.
  }
}
