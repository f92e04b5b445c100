/**
 * Putting back what someone else changed: a removed item someone renamed, re-addressed or moved in the moment it went
 * is re-created with their change (and later edits of it follow onto the copy); whatever the apply re-created is
 * made again one folder up should its folder vanish under it.
 */
import { errorMessage } from '../../platform/bookmark-reads';
import { msg, type Msg } from '../../i18n';
import { problem, type ProblemReason } from './plan-check';
import type { Entry, RunState, Version } from './run-state';

/** What someone else made of a removed item after the apply decided to remove it; null when nothing. */
export function versionAfter(run: RunState, e: Entry): Version | null {
  const mark = run.decidedAt.get(e.topLevel ? e.id : (run.check.insideRemoved.get(e.id) ?? e.id)) ?? run.decidedAt.get(e.id);
  if (mark === undefined) return null;
  const v: Version = { title: e.title, url: e.url, parentId: e.parentId };
  let changed = false;
  const read = run.guard.ourRemoved.get(e.id);
  // Our own onRemoved carries what Firefox read right before the delete: a difference is someone else's edit.
  if (read) {
    if (read.title !== e.title) [v.title, changed] = [read.title, true];
    if (e.type === 'bookmark' && read.url !== undefined && read.url !== e.url) [v.url, changed] = [read.url, true];
    if (read.parentId && read.parentId !== e.parentId) [v.parentId, changed] = [read.parentId, true];
  }
  for (const event of run.guard.othersAbout(e.id, mark)) {
    if (event.kind === 'changed') {
      if (event.title !== undefined) v.title = event.title;
      if (event.url !== undefined) v.url = event.url;
      changed = true;
    } else if (event.kind === 'moved') {
      v.parentId = event.parentId;
      changed = true;
    } else if (event.kind === 'removed') {
      return null; // They removed it too.
    }
  }
  return changed ? v : null;
}

/** A removed item someone changed in the moment it went: put it back with their change. */
export async function reconcileItem(run: RunState, e: Entry) {
  if (run.state.get(e.id) === 'put-back') return followLateEdits(run, e);
  if (run.skippedSeqs.has(e.seq)) return;
  const mark = run.decidedAt.get(e.topLevel ? e.id : (run.check.insideRemoved.get(e.id) ?? e.id)) ?? run.decidedAt.get(e.id);
  if (mark !== undefined && run.guard.othersAbout(e.id, mark).some((event) => event.kind === 'removed')) {
    // Someone else removed it in the same moment (both removals resolve): theirs wins, undo will not bring it back.
    for (const entry of e.topLevel ? (run.entriesOf.get(e.id) ?? [e]) : [e]) run.unjournal(entry.id);
    if (e.topLevel && run.state.get(e.id) === 'removed') {
      run.uncount(e.id);
      run.problems.push(problem(e.id, e.title, 'missing', msg('cleanupProblemRemovedSameMoment')));
    }
    run.state.set(e.id, 'skipped');
    await run.log.write();
    return;
  }
  const version = versionAfter(run, e);
  if (!version) return;
  await putBack(run, e, version, 'put-back', msg('cleanupProblemPutBackWithChange'));
}

/**
 * Re-creates a removed item (and, for a folder, what the journal holds inside it) with `version` for the item
 * itself, journals each re-creation, and takes it out of what the cleanup did.
 */
export async function putBack(run: RunState, top: Entry, version: Version, reason: ProblemReason, message: Msg) {
  // Edits arriving from here on are not in `version`: followLateEdits carries them over.
  const since = run.guard.mark();
  const parentId = run.liveTarget(version.parentId, top.ancestorIds);
  // Their version first, durably, with where it goes: a crash before it is re-created must not bring back the old
  // one, and a roll-back finds the copy made just before the crash there.
  await run.log.write({ versions: [{ seq: top.seq, ...version, parentId }] });
  const made = await createPutBack(run, top, version, parentId);
  if (!made) return;
  run.made.push({ ...made, ancestors: [...top.ancestorIds], remake: (parent) => createPutBack(run, top, version, parent) });
  run.putBackCopies.set(top.id, { made: run.made.at(-1)!, since, version: { ...version, parentId } });
  await followLateEdits(run, top);
  run.problems.push(problem(top.id, version.title, reason, message));
  // It is no longer something the cleanup removed.
  if (run.check.removals.has(top.id) && run.state.get(top.id) === 'removed') run.uncount(top.id);
  else if (!top.topLevel && top.type === 'bookmark') {
    run.counts.insideFolders--;
    run.counts.copies--;
  }
  run.state.set(top.id, 'put-back');
}

/**
 * Creates an item in `parentId`, or, when that folder is gone by the time Firefox creates it (someone removed it in
 * that moment), in the nearest folder above that is not: `ancestors` nearest last.
 */
export async function createSomewhere(
  run: RunState,
  details: { parentId: string; title: string; url?: string; type?: 'folder' | 'separator' | 'bookmark'; index?: number },
  ancestors: readonly string[],
) {
  let target = details.parentId;
  for (let attempt = 0; ; attempt++) {
    run.guard.expectCreate(target, details.title, details.url);
    try {
      const created = await run.browser.bookmarks.create({ ...details, parentId: target, index: target === details.parentId ? details.index : undefined });
      return created;
    } catch (error) {
      if (!/parentGuid must be valid/.test(errorMessage(error)) || attempt >= 5) throw error;
      run.deadFolders.add(target);
      target = run.liveTarget(target, ancestors);
    }
  }
}

/**
 * An edit of the removed item that reached Firefox after the apply had put it back (the edit itself changed
 * nothing: the item was gone): carried over to the copy, journaled as its version first.
 */
export async function followLateEdits(run: RunState, e: Entry) {
  const copy = run.putBackCopies.get(e.id);
  if (!copy) return;
  const changes: { title?: string; url?: string } = {};
  for (const event of run.guard.othersAbout(e.id, copy.since)) {
    if (event.kind !== 'changed') continue;
    if (event.title !== undefined) changes.title = event.title;
    if (event.url !== undefined && e.type === 'bookmark') changes.url = event.url;
  }
  copy.since = run.guard.mark();
  if (changes.title === undefined && changes.url === undefined) return;
  copy.version = { ...copy.version, title: changes.title ?? copy.version.title, url: changes.url ?? copy.version.url };
  await run.log.write({ versions: [{ seq: e.seq, ...copy.version }] });
  await run.browser.bookmarks.update(copy.made.id, changes).catch(() => undefined);
}

/** Re-creates `top` (with `version`) in `parentId`, and what the journal holds inside it; journals it all. */
async function createPutBack(run: RunState, top: Entry, version: Version, parentId: string): Promise<{ id: string; parentId: string } | null> {
  const under = (run.entriesOf.get(top.id) ?? []).filter((e) => e.id !== top.id);
  // A folder the cleanup emptied comes back empty: the copies that were in it went on their own.
  const emptiedFolder = run.check.removals.get(top.id)?.planned.reason === 'emptied-folder';
  const insideTop = under.length || emptiedFolder ? under : [...run.entryById.values()].filter((e) => e.ancestorIds.includes(top.id));
  const newIds = new Map<string, string>();
  const records: { seq: number; newId: string }[] = [];
  const create = async (e: Entry, parent: string, v: Version, index: number | undefined) => {
    const url = e.type === 'bookmark' ? (v.url ?? undefined) : undefined;
    const details = e.type === 'bookmark' ? { parentId: parent, title: v.title, url, index } : { parentId: parent, title: v.title, type: e.type, index };
    const created = await createSomewhere(run, details, [...top.ancestorIds, ...(e === top ? [] : [parentId])]);
    if (e === top) madeIn = created.parentId ?? parent;
    newIds.set(e.id, created.id);
    records.push({ seq: e.seq, newId: created.id });
    // Each one journaled as it is made: a crash part way leaves undo and recovery the rest to restore, inside it.
    await run.log.write({ putBack: [{ seq: e.seq, newId: created.id }] });
    await run.journal.recordIdMap([{ oldId: e.id, newId: created.id, sessionId: run.sessionId }]);
    run.skippedSeqs.add(e.seq);
  };
  let madeIn = parentId;
  try {
    await create(top, parentId, version, parentId === top.parentId ? top.index : undefined);
    const byParent = [...insideTop].sort((a, b) => a.ancestorIds.length - b.ancestorIds.length || a.index - b.index);
    for (const e of byParent) {
      const parent = newIds.get(e.parentId);
      // Taken by someone else, or put back on its own already (with their edit): not made twice.
      if (!parent || run.takenByOthers.has(e.seq) || run.putBackCopies.has(e.id)) continue;
      await create(e, parent, versionAfter(run, e) ?? { title: e.title, url: e.url, parentId: e.parentId }, undefined);
    }
  } catch (error) {
    run.problems.push(problem(top.id, version.title, 'error', msg('cleanupProblemNotPutBack', errorMessage(error))));
  }
  if (!records.length) return null;
  const id = newIds.get(top.id);
  return id ? { id, parentId: madeIn } : null;
}

/**
 * Everything the apply re-created must be where Firefox shows it: a folder someone removed in the moment of our
 * create leaves what we created there an orphan. Such an item is made again one folder up, and the orphan goes.
 */
export async function verifyMade(run: RunState) {
  for (let round = 0; round < 3; round++) {
    let remade = false;
    for (const m of run.made) {
      if (!run.guard.isGone(m.parentId) && !run.removedByUs(m.parentId)) continue;
      const target = run.liveTarget(m.parentId, m.ancestors);
      const again = await m.remake(target);
      if (!again) continue;
      await run.browser.bookmarks.removeTree(m.id).catch(() => undefined);
      m.id = again.id;
      m.parentId = again.parentId;
      remade = true;
    }
    if (!remade) return;
    await run.settle();
  }
}
