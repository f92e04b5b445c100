/**
 * Undo of a cleanup session from its journal; the same code rolls back an interrupted apply (recovery.ts).
 *
 * Every journaled item is brought back where it was: a removed item is re-created (a removed folder too, and its
 * children go into the new folder: old ids are remapped, and the mapping is kept in the journal so a later undo
 * of an older session still finds the folder); an item that still exists elsewhere (a unique child moved into the
 * kept folder; a loose duplicate in the holding folder of a session written by an older version) is moved back. Items are placed parent by
 * parent, parents first, in ascending original index, so every index lands where it was. The URL's tags come
 * back, and tags a merge added to a survivor are taken off again.
 *
 * It is idempotent: whatever already exists (found by id, through the id map) is not created again, so an undo
 * that was interrupted or cancelled can simply run again.
 */
import { AppError } from '../messaging/errors';
import type { JobContext } from '../messaging/define';
import { ROOT_ID, UNFILED_ID, type BookmarkNode } from '../platform/browser';
import type { CleanupDeps } from '../dedup/cleanup/apply';
import type { IdMapRecord, JournalEntry, MovedEntry, RemovedEntry, SessionRecord, SessionStatus } from './journal';

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
  message: string;
}

export interface UndoResult {
  sessionId: string;
  /** Items re-created. */
  restored: number;
  /** Items moved back to their original folder. */
  movedBack: number;
  problems: UndoProblem[];
  /** True when cancelled part way: run the undo again to finish it. */
  cancelled: boolean;
}

type Ctx = Pick<JobContext<UndoProgress>, 'progress' | 'checkpoint'>;

export type RestoreMode = 'undo' | 'rollback';

const BATCH = 25;

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
  const stack = [...roots];
  while (stack.length) {
    const node = stack.pop()!;
    const childIds = node.children?.map((c) => c.id) ?? [];
    live.set(node.id, { parentId: node.parentId, childCount: childIds.length, node, childIds });
    if (node.children) stack.push(...node.children);
  }
  return live;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Brings back what a session changed. `rollback` is used by recovery for an apply that never finished. */
export async function restoreSession(deps: CleanupDeps, sessionId: string, ctx: Ctx, mode: RestoreMode): Promise<UndoResult> {
  const { browser, journal, tags, now } = deps;
  const session = await journal.getSession(sessionId);
  if (!session) throw new AppError('not-found', 'This cleanup session is no longer in the journal (only the last 20 are kept).');
  if (!ALLOWED[mode].includes(session.status)) {
    const what = session.status === 'undone' ? 'It was already undone.' : session.status === 'rolled-back' ? 'It was rolled back already.' : `It is ${session.status}.`;
    throw new AppError('conflict', `This cleanup session cannot be ${mode === 'undo' ? 'undone' : 'rolled back'}: ${what}`);
  }
  const working: SessionStatus = mode === 'undo' ? 'undoing' : 'rolling-back';
  const resuming = session.status === working;
  await journal.updateSession(sessionId, { status: working, undoStartedAt: session.undoStartedAt ?? now() });

  ctx.progress({ phase: 'checking', done: 0, total: 0, rate: 0 });
  const entries = (await journal.entries(sessionId)).filter((e) => !e.skipped);
  const live = indexTree(await browser.bookmarks.getTree());
  const idsToResolve = new Set<string>();
  for (const e of entries) {
    if (e.role === 'tag-merge') continue;
    idsToResolve.add(e.id).add(e.parentId);
    if (e.role === 'removed') for (const a of e.ancestorIds) idsToResolve.add(a);
  }
  const resolved = await journal.resolveIds([...idsToResolve]);
  const current = (oldId: string) => resolved.get(oldId) ?? oldId;
  const exists = (oldId: string) => live.has(current(oldId));

  const problems: UndoProblem[] = [];
  const placements: Placement[] = [];
  for (const e of entries) {
    if (e.role === 'tag-merge') continue;
    if (exists(e.id)) {
      const here = live.get(current(e.id))!.parentId;
      if (here !== current(e.parentId) && (e.role === 'moved' || e.topLevel)) placements.push({ entry: e, action: 'move' });
    } else if (e.role === 'removed') {
      placements.push({ entry: e, action: 'create' });
    } else {
      problems.push({ id: e.id, title: e.title, message: 'It no longer exists, so it could not be moved back.' });
    }
  }

  // Parent by parent, parents first, ascending original index.
  const byParent = new Map<string, Placement[]>();
  for (const p of placements) {
    const list = byParent.get(p.entry.parentId);
    if (list) list.push(p);
    else byParent.set(p.entry.parentId, [p]);
  }
  for (const list of byParent.values()) list.sort((a, b) => a.entry.index - b.entry.index || a.entry.seq - b.entry.seq);
  const createdHere = new Set(placements.filter((p) => p.action === 'create').map((p) => p.entry.id));

  const total = placements.length;
  let done = 0;
  let restored = 0;
  let movedBack = 0;
  let cancelled = false;
  const started = now();
  const report = (phase: UndoPhase) =>
    ctx.progress({ phase, done, total, rate: Math.round(done / Math.max(0.001, (now() - started) / 1000)) });
  // Each re-created id is recorded at once (not awaited: the write overlaps the next create); flushIds waits.
  let idWrites: Promise<void>[] = [];
  const recordId = (record: IdMapRecord) => idWrites.push(journal.recordIdMap([record]));
  const flushIds = async () => {
    const writes = idWrites;
    idWrites = [];
    await Promise.all(writes);
  };
  const knownIds = new Set(placements.map((p) => current(p.entry.id)));
  /**
   * Resuming after a crash: the one item created just before the page died, whose id was never recorded, is the
   * identical node at its exact original index, added after this restore began. Adopt it instead of creating twice.
   */
  const adoptable = (e: RemovedEntry, targetId: string): string | null => {
    if (!resuming) return null;
    const candidateId = live.get(targetId)?.childIds[e.index];
    const candidate = candidateId ? live.get(candidateId)?.node : undefined;
    if (!candidate || knownIds.has(candidate.id)) return null;
    const same = candidate.title === e.title && (candidate.type ?? 'bookmark') === e.type && (e.type !== 'bookmark' || candidate.url === e.url);
    return same && (candidate.dateAdded ?? 0) >= (session.undoStartedAt ?? Infinity) ? candidate.id : null;
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
      for (const p of list) problems.push({ id: p.entry.id, title: p.entry.title, message: 'Its folder is gone; it was restored into the nearest folder that still exists.' });
    }
    queue.push({ oldParentId, targetId });
  }

  const placeChildren = async (oldParentId: string, targetId: string): Promise<boolean> => {
    const list = byParent.get(oldParentId) ?? [];
    byParent.delete(oldParentId);
    for (const p of list) {
      if (done % BATCH === 0) {
        await flushIds();
        report('restoring');
        try {
          await ctx.checkpoint();
        } catch (error) {
          if (error instanceof AppError && error.code === 'cancelled') return false;
          throw error;
        }
      }
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
          const created = await browser.bookmarks.create(
            e.role === 'removed' && e.type === 'bookmark'
              ? { parentId: targetId, index, title: e.title, url: e.url ?? undefined }
              : { parentId: targetId, index, title: e.title, type: e.role === 'removed' ? e.type : 'folder' },
          );
          resolved.set(e.id, created.id);
          live.set(created.id, { parentId: targetId, childCount: 0, node: created, childIds: [] });
          recordId({ oldId: e.id, newId: created.id, sessionId });
          restored++;
          if (e.role === 'removed' && e.type === 'folder') queue.push({ oldParentId: e.id, targetId: created.id });
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
        problems.push({ id: e.id, title: e.title, message: `It could not be restored: ${errorMessage(error)}` });
      }
      done++;
    }
    return true;
  };

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
  } finally {
    await flushIds();
  }

  if (cancelled) {
    await journal.updateSession(sessionId, { status: mode === 'undo' ? 'applied' : 'rolling-back' });
    report('restoring');
    return { sessionId, restored, movedBack, problems, cancelled };
  }

  report('tags');
  await restoreTags(deps, entries, problems);

  await removeEmptyHoldingFolder(deps, session);

  await journal.forgetRemoved(sessionId);
  const final: Partial<SessionRecord> =
    mode === 'undo' ? { status: 'undone', undoneAt: now() } : { status: 'rolled-back', undoneAt: now() };
  await journal.updateSession(sessionId, final);
  report('done');
  return { sessionId, restored, movedBack, problems, cancelled: false };
}

/** Takes off the tags merges added, then gives every removed URL its tags back. */
async function restoreTags(deps: CleanupDeps, entries: JournalEntry[], problems: UndoProblem[]) {
  const { tags } = deps;
  for (const e of entries) {
    if (e.role !== 'tag-merge' || !e.tagsAdded.length) continue;
    try {
      await tags.removeTags([e.url], e.tagsAdded);
    } catch (error) {
      problems.push({ id: e.url, title: null, message: `Merged tags could not be taken off: ${errorMessage(error)}` });
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
      problems.push({ id: [...group.urls][0], title: null, message: `Tags could not be restored: ${errorMessage(error)}` });
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
  if (!session.holdingFolderId && !session.holdingTitle) return; // A session without a holding folder.
  try {
    let ids: string[];
    if (session.holdingFolderId) ids = [session.holdingFolderId];
    else {
      const children = await browser.bookmarks.getChildren(UNFILED_ID);
      ids = children
        .filter((c) => c.type === 'folder' && c.title === session.holdingTitle && (c.dateAdded ?? 0) >= session.createdAt)
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
