/**
 * Copied folders: each re-read right before its one removeTree and compared with its journal entry; a folder that
 * changed since goes item by item instead, and what someone added to it stays.
 */
import type { BookmarkNode } from '../../platform/browser';
import { errorMessage } from '../../platform/bookmark-reads';
import { isMissingBookmarkError } from '../../platform/bookmark-errors';
import { descendants, kindOf } from '../../platform/tree';
import { msg } from '../../i18n';
import { problem, type CheckedRemoval } from './plan-check';
import type { Entry, RunState } from './run-state';
import { settleNew } from './changes-by-others';
import { reconcileItem } from './put-back';
import { reconcileFolder } from './rescue';

/** Each copied folder the plan removes, one after another. */
export async function collapseFolders(run: RunState, folders: CheckedRemoval[]) {
  run.meter.report('collapsing');
  for (const r of folders) {
    const id = r.node.id;
    if (!(await run.checkpoint())) {
      await run.skipRemoval(id, r.node.title, 'cancelled', msg('cleanupProblemCancelledBeforeFolder'));
      continue;
    }
    await collapseOne(run, r);
    run.meter.report('collapsing');
  }
}

async function collapseOne(run: RunState, r: CheckedRemoval) {
  await settleNew(run);
  const id = r.node.id;
  const guard = run.guard;
  if (run.state.get(id) !== 'pending') return;
  if (run.keptFolders.has(id)) {
    return run.skipRemoval(id, r.node.title, 'unique-child-not-moved', msg('cleanupProblemUniqueChildStays'));
  }
  const why = run.reasonToLeave(r);
  if (why) return run.skipRemoval(id, r.node.title, why.reason, why.message);
  run.state.set(id, 'in-flight');
  const mark = guard.mark();
  run.decidedAt.set(id, mark);
  // Right before the call: the folder must still be exactly what the journal holds. It is read while the journal
  // (for the first folder) and the attempt are written; when those outlast the read, it is read once more after
  // them, so the read is never further from the call than the read itself.
  const reread = () =>
    run.browser.bookmarks
      .getSubTree(id)
      .then((t) => t[0])
      .catch(() => null);
  let read = false;
  let reading = reread().finally(() => (read = true));
  // One call for the whole folder: its own entry stands for everything in it (undo.ts carriedOut).
  await run.log.write({ attempting: [run.topEntry.get(id)!.seq] });
  if (read) reading = reread();
  const live = await reading;
  if (!live) return run.skipRemoval(id, r.node.title, 'missing', msg('cleanupProblemMissing'));
  const entries = run.entriesOf.get(id) ?? [];
  if (sameAsJournal(live, entries) && !guard.contentTouchedSince(id, mark) && !guard.touchedSince(id, mark)) {
    guard.expectRemove(id);
    try {
      await run.browser.bookmarks.removeTree(id);
    } catch (error) {
      return run.skipRemoval(id, r.node.title, isMissingBookmarkError(error) ? 'missing' : 'error', msg('cleanupProblemNotRemoved', errorMessage(error)));
    } finally {
      guard.callSettled('remove', id);
    }
    if (guard.ancestorRemovedSince(id, mark)) return run.skipRemoval(id, r.node.title, 'missing', msg('cleanupProblemFolderRemovedByOther'));
    run.markRemoved(id);
    run.noteRemovedKeys(entries);
    run.meter.advance('folder', 1, run.copiesOf(id));
    await reconcileFolder(run, id);
    return;
  }
  await removeOneByOne(run, r, live, entries);
}

/**
 * The folder changed after it was journaled: its journaled items go one by one, each only if it is still exactly
 * as journaled, deepest first; a folder goes only once empty (bookmarks.remove refuses a non-empty one), so what
 * someone added stays, in the folders it was added to.
 */
async function removeOneByOne(run: RunState, r: CheckedRemoval, live: BookmarkNode, entries: Entry[]) {
  const id = r.node.id;
  const nodes = new Map<string, BookmarkNode>();
  for (const n of descendants(live)) nodes.set(n.id, n);
  const order = [...entries].sort((a, b) => b.ancestorIds.length - a.ancestorIds.length || b.index - a.index);
  let bookmarks = 0;
  let topRemoved = false;
  const removedHere: Entry[] = [];
  run.singly.add(id);
  for (const e of order) {
    await settleNew(run);
    const node = nodes.get(e.id);
    const same = node && node.parentId === e.parentId && node.title === e.title && (e.type !== 'bookmark' || node.url === e.url) && kindOf(node) === e.type;
    if (!same || run.guard.disturbedSince(e.id) || run.guard.isGone(e.id)) {
      run.skippedSeqs.add(e.seq);
      await run.log.write({ skipped: [e.seq] });
      continue;
    }
    const mark = run.guard.mark();
    run.guard.expectRemove(e.id);
    let removed = true;
    try {
      await run.browser.bookmarks.remove(e.id);
    } catch {
      // Not empty (someone put something in it) or gone already: it stays as it is.
      removed = false;
    } finally {
      run.guard.callSettled('remove', e.id);
    }
    if (!removed || run.guard.ancestorRemovedSince(e.id, mark)) {
      run.skippedSeqs.add(e.seq);
      run.log.note({ skipped: [e.seq] });
      continue;
    }
    run.log.note({ done: [e.seq] });
    await run.log.keepUp();
    run.decidedAt.set(e.id, mark);
    run.noteRemovedKeys([e]);
    run.removedSingly.add(e.id);
    removedHere.push(e);
    if (e.type === 'bookmark') bookmarks++;
    if (e.id === id) topRemoved = true;
    await reconcileItem(run, e);
    if (e.type === 'folder') await reconcileFolder(run, e.id);
  }
  run.counts.insideFolders += bookmarks;
  run.counts.copies += bookmarks;
  if (topRemoved) {
    run.counts.copiedFolders += r.planned.reason === 'duplicate-folder' ? 1 : 0;
    run.counts.emptyFolders += r.planned.reason === 'empty-folder' ? 1 : 0;
    run.state.set(id, 'removed');
  } else {
    run.state.set(id, 'skipped');
    run.problems.push(problem(id, r.node.title, 'contents-changed', msg('cleanupProblemRemovedOneByOne')));
    // It stays, without these: they no longer keep their URLs there should the folder that stays lose them.
    if (removedHere.length) run.partlyRemoved.set(id, removedHere);
  }
  run.meter.advance('folder', 1, bookmarks);
}

/** Whether a re-read folder is exactly its journal entry: the same items, titles, URLs, types, parents and order. */
function sameAsJournal(live: BookmarkNode, entries: readonly Entry[]): boolean {
  const byId = new Map(entries.map((e) => [e.id, e]));
  const seen = new Set<string>();
  const walk = (node: BookmarkNode, parentId: string | undefined): boolean => {
    const e = byId.get(node.id);
    if (!e || seen.has(node.id)) return false;
    seen.add(node.id);
    if (e.title !== node.title || e.type !== kindOf(node) || (e.type === 'bookmark' && e.url !== node.url)) return false;
    if (parentId !== undefined && e.parentId !== parentId) return false;
    const children = node.children ?? [];
    // Order: the journaled indices of the children must rise as Firefox lists them.
    for (let i = 1; i < children.length; i++) {
      const a = byId.get(children[i - 1].id);
      const b = byId.get(children[i].id);
      if (!a || !b || a.index >= b.index) return false;
    }
    return children.every((c) => walk(c, node.id));
  };
  return walk(live, undefined) && seen.size === entries.length;
}
