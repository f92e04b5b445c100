/**
 * The restore's main step (undo.ts): items the operation removed are re-created where they were, and items it moved
 * are moved back, folder by folder, parents first, in ascending original index, so every index lands where it was. A
 * removed folder is re-created before what was in it, which then goes into the new folder (its old id is mapped to
 * the new one in the journal, so a later undo of an older session still finds it). An item that is back already
 * (Firefox Sync), moved elsewhere or deleted since is left alone and reported. Also here: someone else's items the
 * cleanup was re-creating when it stopped ('rescued').
 */
import { msg } from '../i18n';
import { getExisting } from '../platform/bookmark-reads';
import { ROOT_ID, UNFILED_ID, type BookmarkNode } from '../platform/browser';
import { kindOf as nodeType } from '../platform/tree';
import type { JournalEntry, MovedEntry, NewJournalEntry, RemovedEntry } from './journal-entries';
import { holdingFolders } from './undo-holding-folder';
import { errorMessage, type RestoreState } from './undo-state';

interface Placement {
  entry: RemovedEntry | MovedEntry;
  action: 'create' | 'move';
}

/** What the restore puts back: each item re-created or moved back, by the folder it goes into. */
export interface PlacementPlan {
  placements: Placement[];
  /** Parent by parent (the old id), parents first, ascending original index. Emptied as the folders are done. */
  byParent: Map<string, Placement[]>;
}

/**
 * Which removed items are re-created (or, in an older version's holding folder, moved back) and which moved items
 * are moved back; the others are left alone and reported (back already, deleted or moved elsewhere since).
 */
export function planPlacements(state: RestoreState): PlacementPlan {
  const { entries, live, progress, leftAlone, current, exists } = state;
  const holding = holdingFolders(state.session, live);
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

  // Parent by parent, parents first, ascending original index.
  const byParent = new Map<string, Placement[]>();
  for (const p of placements) {
    const parent = parentOf(state, p.entry);
    const list = byParent.get(parent);
    if (list) list.push(p);
    else byParent.set(parent, [p]);
  }
  for (const list of byParent.values()) list.sort((a, b) => a.entry.index - b.entry.index || a.entry.seq - b.entry.seq);
  return { placements, byParent };
}

// Someone else's version of an item the cleanup was putting back when it stopped (progress `versions`): restored
// as they left it, in the folder they put it in when that folder exists.
const versionOf = (state: RestoreState, e: RemovedEntry | MovedEntry) => (e.role === 'removed' ? state.progress.versions.get(e.seq) : undefined);
const parentOf = (state: RestoreState, e: RemovedEntry | MovedEntry) => {
  const v = versionOf(state, e);
  return v && v.parentId !== e.parentId && state.exists(v.parentId) ? v.parentId : e.parentId;
};

/** A folder whose items are put back next: where they were (`oldParentId`) and where they go now (`targetId`). */
interface FolderToFill {
  oldParentId: string;
  targetId: string;
}

/**
 * Puts back what the plan says, folder by folder: first the folders this session does not re-create, then each
 * folder as it is re-created. Returns false when cancelled part way.
 */
export async function placeBack(state: RestoreState, plan: PlacementPlan): Promise<boolean> {
  const { byParent, placements } = plan;
  const createdHere = new Set(placements.filter((p) => p.action === 'create').map((p) => p.entry.id));
  const adoptable = adopter(state, placements);
  const queue: FolderToFill[] = [];
  for (const [oldParentId, list] of byParent) {
    if (createdHere.has(oldParentId)) continue;
    const targetId = fallbackTarget(state, oldParentId, list[0]);
    if (targetId !== state.current(oldParentId)) {
      for (const p of list) state.problems.push({ id: p.entry.id, title: p.entry.title, message: msg('undoProblemNearestFolder') });
    }
    queue.push({ oldParentId, targetId });
  }
  // Where the items to move back are now, read before any of them moves (each one's index counts the others).
  const moving = placements.filter((p) => p.action === 'move').map((p) => state.current(p.entry.id));
  const placesNow = state.inverse && moving.length ? await getExisting(state.deps.browser, moving) : new Map<string, BookmarkNode>();

  // The placements of the folders this restore does not create, journaled ahead in writes of about AHEAD entries.
  const ahead = new Map<string, JournalEntry[]>();
  const notCreatedHere = new Set(queue.map((f) => f.oldParentId));
  for (let next = queue.shift(); next; next = queue.shift()) {
    const list = byParent.get(next.oldParentId) ?? [];
    byParent.delete(next.oldParentId);
    if (notCreatedHere.has(next.oldParentId) && !ahead.has(next.oldParentId)) {
      await journalAhead(state, [next, ...queue.filter((f) => notCreatedHere.has(f.oldParentId))], byParent, list, placesNow, ahead);
    }
    const prepared = ahead.get(next.oldParentId);
    ahead.delete(next.oldParentId);
    if (!(await placeChildren(state, list, next.targetId, placesNow, adoptable, queue, prepared))) {
      // Cancelled: what was journaled ahead and not reached was never made.
      for (const entries of ahead.values()) for (const e of entries) await state.inv.skipped(e.seq);
      return false;
    }
    if (!queue.length && byParent.size) {
      // Parents that should have been re-created but were not (an error above): restore into the nearest folder.
      const [oldParentId, rest] = byParent.entries().next().value!;
      queue.push({ oldParentId, targetId: fallbackTarget(state, oldParentId, rest[0]) });
    }
  }
  // The id map as it is now, for what comes next (an operation's created items are found through it).
  await state.flushIds();
  return true;
}

/** Where a parent that this session does not re-create is now: itself, or its nearest surviving ancestor. */
function fallbackTarget(state: RestoreState, oldParentId: string, sample: Placement): string {
  const { current, exists } = state;
  if (exists(oldParentId) && current(oldParentId) !== ROOT_ID) return current(oldParentId);
  const ancestors = sample.entry.role === 'removed' ? sample.entry.ancestorIds : [];
  for (let i = ancestors.length - 1; i >= 0; i--) {
    if (exists(ancestors[i]) && current(ancestors[i]) !== ROOT_ID) return current(ancestors[i]);
  }
  return UNFILED_ID;
}

/**
 * Finds an item to adopt instead of creating it twice; read before anything is placed. Resuming after a crash: the
 * one item created just before the page died, whose id was never recorded, is the identical node at its exact
 * original index, added after this restore began.
 */
function adopter(state: RestoreState, placements: readonly Placement[]): (e: RemovedEntry, targetId: string) => string | null {
  const { live, resolved, progress, session, mode, resuming } = state;
  const knownIds = new Set(placements.map((p) => state.current(p.entry.id)));
  // What the apply re-created (put back) and recorded: folders that may hold one more it made without a record.
  const recordedNew = new Set(resolved.values());
  const isFolder = (id: string) => {
    const n = live.get(id)?.node;
    return !!n && nodeType(n) === 'folder';
  };
  const putBackFolders = new Set([...progress.putBack.values()].map((id) => resolved.get(id) ?? id).filter(isFolder));
  const adopted = new Set<string>();
  return (e, targetId) => {
    const v = versionOf(state, e);
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
}

/**
 * Placements journaled in the inverse ahead of their calls in one write, at most (a whole folder's, though, when it
 * has more): after a kill, those the restore created whose ids were not stored yet are found by their data, in their
 * order (undo-created.ts matchInOrder). One write per folder cost one durable write per few items at 100,000 bookmarks.
 */
export const AHEAD = 128;

/**
 * Journals the placements of `folders` (the first one's are `first`) ahead in one write, as many folders as fit in
 * AHEAD entries (the first whatever its size), in the order they are filled, after storing what is noted of the items
 * before (their ids): so of the entries journaled ahead with no id, only those of the last write can have been made.
 */
async function journalAhead(
  state: RestoreState,
  folders: readonly FolderToFill[],
  byParent: ReadonlyMap<string, Placement[]>,
  first: Placement[],
  placesNow: ReadonlyMap<string, BookmarkNode>,
  ahead: Map<string, JournalEntry[]>,
): Promise<void> {
  const taken: { folder: FolderToFill; list: Placement[] }[] = [];
  let count = 0;
  for (const [i, folder] of folders.entries()) {
    const list = i === 0 ? first : (byParent.get(folder.oldParentId) ?? []);
    if (i > 0 && count + list.length > AHEAD) break;
    taken.push({ folder, list });
    count += list.length;
  }
  await state.inv.flush();
  const journaledAt = state.deps.now();
  const aheadBatch = state.aheadBatches++;
  const stored = await journalPlacements(
    state,
    taken.flatMap(({ list }) => list),
    taken.flatMap(({ folder, list }) => list.map(() => folder.targetId)),
    placesNow,
    { journaledAt, aheadBatch },
  );
  let at = 0;
  for (const { folder, list } of taken) {
    ahead.set(folder.oldParentId, stored.slice(at, at + list.length));
    at += list.length;
  }
}

/**
 * What the restore does in one folder (or, journaled ahead, in several: `targetIds` per item), journaled in the
 * inverse before any of it: re-created items as 'created' (their ids follow), items moved back as 'moved' from where
 * they are now (`placesNow`).
 */
async function journalPlacements(
  state: RestoreState,
  list: Placement[],
  targetIds: string | readonly string[],
  placesNow: ReadonlyMap<string, BookmarkNode>,
  written?: { journaledAt: number; aheadBatch: number },
): Promise<JournalEntry[]> {
  const { inv, current } = state;
  if (!state.inverse) return inv.append(list.map(() => ({ role: 'created', parentId: null, parentSeq: null, type: 'folder', title: '', url: null })));
  const inverseOf = (p: Placement, i: number): NewJournalEntry => {
    const targetId = typeof targetIds === 'string' ? targetIds : targetIds[i]!;
    const e = p.entry;
    if (p.action === 'move') {
      const node = placesNow.get(current(e.id));
      return { role: 'moved', id: current(e.id), title: e.title, parentId: node?.parentId ?? targetId, index: node?.index ?? 0, toParentId: targetId };
    }
    const v = versionOf(state, e);
    const type = e.role === 'removed' ? e.type : 'folder';
    return {
      role: 'created',
      parentId: targetId,
      parentSeq: null,
      type,
      title: v?.title ?? e.title,
      url: type === 'bookmark' && e.role === 'removed' ? (v?.url ?? e.url) : null,
      ...written,
    };
  };
  const stored = await inv.append(list.map(inverseOf));
  await inv.attempt(stored.filter((e) => e.role === 'moved').map((e) => e.seq));
  return stored;
}

/** Puts one folder's items back; a folder re-created here is queued to be filled next. False when cancelled. */
async function placeChildren(
  state: RestoreState,
  list: Placement[],
  targetId: string,
  placesNow: ReadonlyMap<string, BookmarkNode>,
  adoptable: (e: RemovedEntry, targetId: string) => string | null,
  queue: FolderToFill[],
  /** The entries of `list`, journaled ahead (journalAhead); else they are journaled here first. */
  prepared?: JournalEntry[],
): Promise<boolean> {
  const { browser } = state.deps;
  const { live, resolved, inv, session } = state;
  const inverseEntries = prepared ?? (list.length ? await journalPlacements(state, list, targetId, placesNow) : []);
  for (const [i, p] of list.entries()) {
    if (!(await state.step())) {
      // Cancelled: what was journaled ahead and not reached was never made.
      if (prepared) for (const e of prepared.slice(i)) await inv.skipped(e.seq);
      return false;
    }
    const e = p.entry;
    const seq = inverseEntries[i]!.seq;
    const target = live.get(targetId);
    const index = Math.min(e.index, target?.childCount ?? e.index);
    try {
      const adopted = p.action === 'create' && e.role === 'removed' ? adoptable(e, targetId) : null;
      if (adopted) {
        resolved.set(e.id, adopted);
        state.recordId({ oldId: e.id, newId: adopted, sessionId: session.id });
        inv.created(seq, adopted);
        state.restored++;
        state.units.count(e);
        if (e.role === 'removed' && e.type === 'folder') queue.push({ oldParentId: e.id, targetId: adopted });
      } else if (p.action === 'create') {
        const v = versionOf(state, e);
        const title = v?.title ?? e.title;
        const at = parentOf(state, e) === e.parentId ? index : undefined;
        const made = await browser.bookmarks.create(
          e.role === 'removed' && e.type === 'bookmark'
            ? { parentId: targetId, index: at, title, url: v?.url ?? e.url ?? undefined }
            : { parentId: targetId, index: at, title, type: e.role === 'removed' ? e.type : 'folder' },
        );
        resolved.set(e.id, made.id);
        live.set(made.id, { parentId: targetId, childCount: 0, node: made, childIds: [] });
        state.recordId({ oldId: e.id, newId: made.id, sessionId: session.id });
        inv.created(seq, made.id);
        state.restored++;
        state.units.count(e);
        if (e.role === 'removed' && e.type === 'folder') queue.push({ oldParentId: e.id, targetId: made.id });
      } else {
        const id = state.current(e.id);
        const from = live.get(id)?.parentId;
        await browser.bookmarks.move(id, { parentId: targetId, index });
        if (from && live.has(from)) live.get(from)!.childCount--;
        live.get(id)!.parentId = targetId;
        state.movedBack++;
        await inv.done(seq);
      }
      if (target && !adopted) target.childCount++;
    } catch (error) {
      state.problems.push({ id: e.id, title: e.title, message: msg('undoProblemNotRestored', errorMessage(error)) });
      // Not made (or not moved): stored before the next call, so that of the items journaled together those made are
      // always the first ones (undo-created.ts).
      await inv.skipped(seq);
    }
    state.done++;
  }
  return true;
}

/**
 * Someone else's items the cleanup was re-creating when it stopped (journaled 'rescued', no id recorded yet): they
 * are theirs, so they are created now, unless an identical one added after the session began is already there.
 */
export async function recreateRescued(state: RestoreState) {
  const { all, progress, live, problems, deps } = state;
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
