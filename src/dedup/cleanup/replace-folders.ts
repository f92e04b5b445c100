/**
 * Folders replaced by a fresh copy (src/dedup/replace-choice.ts chooses them; README "A folder replaced by a fresh
 * copy"): a new folder at the old one's place, what stays moved into it, then one removeTree of the old folder with
 * the copies in it; given up, with what was moved moved back, whenever someone else touched any of it.
 */
import { isRootId, ROOT_ID, UNFILED_ID, READ_LATER_TITLE as READ_LATER, type BookmarkNode } from '../../platform/browser';
import { isMissingBookmarkError } from '../../platform/bookmark-errors';
import { kindOf } from '../../platform/tree';
import { msg } from '../../i18n';
import { worthReplacing } from '../replace-choice';
import type { CheckedRemoval } from './plan-check';
import type { Entry, Replacement, RunState } from './run-state';
import { settleNew } from './changes-by-others';
import { respectMoveByOthers } from './move-children';
import { reconcileItem } from './put-back';
import { reconcileFolder } from './rescue';

/**
 * The plan's replacements that still hold against the live tree: the folder is where the plan saw it, not a root,
 * not held by Tidymarks, not in or above a copied folder or a move of the plan, and its loose removals (all of them
 * still going ahead) still outnumber what stays by the measured margin (replace-choice.ts). What stays is journaled
 * from the check's read of the whole tree (a plan with replacements is always read whole), not from a read of each
 * folder here (31 folders took 180-270 ms): whatever anyone else did in or to the folder since is an event since the
 * tracking began, before that read, and replaceOne then gives the replacement up (`untouched`).
 */
export async function chooseReplacements(run: RunState): Promise<Replacement[]> {
  const planned = run.plan.replacements ?? [];
  if (!planned.length) return [];
  const held = (await run.deps.heldFolderIds?.()) ?? new Set<string>();
  const busy = new Set<string>();
  const markUp = (id: string | null | undefined) => {
    if (!id) return;
    busy.add(id);
    const node = run.guard.node(id);
    for (const a of node?.parentId ? run.check.ancestry.chain(node.parentId) : []) busy.add(a);
  };
  for (const r of run.check.removals.values()) {
    if (r.planned.kind !== 'folder') continue;
    markUp(r.node.id);
    markUp(r.planned.keptId);
  }
  for (const m of run.check.moves.values()) {
    markUp(m.node.parentId);
    markUp(m.planned.toParentId);
  }
  const byParent = new Map<string, CheckedRemoval[]>();
  for (const r of run.check.removals.values()) {
    if (r.planned.kind === 'folder') continue;
    const list = byParent.get(r.node.parentId!);
    if (list) list.push(r);
    else byParent.set(r.node.parentId!, [r]);
  }
  const out: Replacement[] = [];
  for (const p of planned) {
    const removals = byParent.get(p.id);
    if (!removals || held.has(p.id) || busy.has(p.id) || isRootId(p.id) || p.expectedParentId === ROOT_ID || run.replacements.has(p.id)) continue;
    const folder =
      run.check.whole?.get(p.id) ??
      (await run.browser.bookmarks
        .getSubTree(p.id)
        .then((t) => t[0])
        .catch(() => null));
    if (!folder || kindOf(folder) !== 'folder' || !folder.parentId || folder.parentId !== p.expectedParentId || folder.parentId === ROOT_ID) continue;
    // The quick bookmark's default folder is found by its title in Other Bookmarks: never replaced either.
    if (folder.parentId === UNFILED_ID && folder.title === READ_LATER) continue;
    const going = new Set(removals.map((r) => r.node.id));
    const children = folder.children ?? [];
    const survivors = children.filter((c) => !going.has(c.id));
    if (children.length - survivors.length !== removals.length || !worthReplacing(removals.length, survivors.length)) continue;
    const order = new Map(children.map((c, i) => [c.id, i]));
    const replacement: Replacement = { folder, removals: [...removals].sort((a, b) => order.get(a.node.id)! - order.get(b.node.id)!), survivors, seq: -1 };
    run.replacements.set(p.id, replacement);
    out.push(replacement);
  }
  return out;
}

/** Each folder chosen (chooseReplacements) and journaled, one after another. */
export async function replaceFolders(run: RunState, replacements: readonly Replacement[]) {
  if (!replacements.length) return;
  run.meter.report('removing');
  for (const rep of replacements) {
    if (!(await run.checkpoint())) {
      // Cancelled: its copies are reported with the loose ones (removeLoose), the folder is left as it is.
      run.skippedSeqs.add(rep.seq);
      run.log.note({ skipped: [rep.seq] });
      run.replacements.delete(rep.folder.id);
      continue;
    }
    await replaceOne(run, rep);
    run.meter.report('removing');
  }
}

/**
 * One folder: a fresh folder with its title at its place, what stays moved into it in order, then, once the old
 * folder is re-read and holds exactly the journaled copies, one removeTree. Anything someone else did to the
 * folder, its copies or what stays (before or during the moves) and the copies go one by one instead (removeLoose),
 * with what stays moved back. Events after the re-read are reconciled like a copied folder's (reconcileFolder).
 */
async function replaceOne(run: RunState, rep: Replacement) {
  await settleNew(run);
  const guard = run.guard;
  const old = rep.folder;
  const parentId = old.parentId!;
  const untouched = () =>
    !guard.isGone(old.id) &&
    !guard.disturbedSince(old.id) &&
    !guard.contentTouchedSince(old.id) &&
    rep.removals.every((r) => run.state.get(r.node.id) === 'pending' && !run.reasonToLeave(r));
  if (!untouched()) return giveUpReplacing(run, rep, null, []);
  await run.log.write({ attempting: [rep.seq] });
  let fresh: BookmarkNode;
  guard.expectCreate(parentId, old.title, undefined);
  try {
    fresh = await run.browser.bookmarks.create({ parentId, index: old.index, title: old.title, type: 'folder' });
  } catch {
    return giveUpReplacing(run, rep, null, []);
  }
  await run.log.write({ ids: [{ seq: rep.seq, id: fresh.id }] });
  const moved: BookmarkNode[] = [];
  for (const item of rep.survivors) {
    await settleNew(run);
    // Someone moved, edited or removed it: it stays where they left it (then the old folder stays too).
    if (guard.isGone(item.id) || guard.touchedSince(item.id) || guard.node(item.id)?.parentId !== old.id) continue;
    const mark = guard.mark();
    guard.expectMove(item.id, fresh.id);
    try {
      await run.browser.bookmarks.move(item.id, { parentId: fresh.id });
    } catch {
      continue;
    } finally {
      guard.callSettled('move', item.id);
    }
    moved.push(item);
    await respectMoveByOthers(run, { id: item.id, expectedParentId: old.id, toParentId: fresh.id }, mark);
  }
  // Right before the removeTree: the old folder must hold exactly the journaled copies, nothing else.
  await settleNew(run);
  const mark = guard.mark();
  const live = await run.browser.bookmarks
    .getSubTree(old.id)
    .then((t) => t[0])
    .catch(() => null);
  if (!live) {
    // Someone removed the old folder with the copies in it: their removal took them; what was moved stays.
    for (const r of rep.removals)
      if (run.state.get(r.node.id) === 'pending') await run.skipRemoval(r.node.id, r.node.title, 'missing', msg('cleanupProblemFolderRemovedByOther'));
    return finishReplacement(run, rep, fresh.id);
  }
  const entries = rep.removals.map((r) => run.topEntry.get(r.node.id)!);
  if (moved.length !== rep.survivors.length || !untouched() || !holdsExactly(live, entries)) return giveUpReplacing(run, rep, fresh.id, moved);
  await run.log.write({ attemptingAtOnce: entries.map((e) => e.seq) });
  run.decidedAt.set(old.id, mark);
  for (const r of rep.removals) {
    run.decidedAt.set(r.node.id, mark);
    run.state.set(r.node.id, 'in-flight');
  }
  guard.expectRemove(old.id);
  try {
    await run.browser.bookmarks.removeTree(old.id);
  } catch (error) {
    for (const r of rep.removals) run.state.set(r.node.id, 'pending');
    if (isMissingBookmarkError(error)) {
      for (const r of rep.removals) await run.skipRemoval(r.node.id, r.node.title, 'missing', msg('cleanupProblemFolderRemovedByOther'));
      return finishReplacement(run, rep, fresh.id);
    }
    return giveUpReplacing(run, rep, fresh.id, moved);
  } finally {
    guard.callSettled('remove', old.id);
  }
  if (guard.ancestorRemovedSince(old.id, mark)) {
    for (const r of rep.removals) await run.skipRemoval(r.node.id, r.node.title, 'missing', msg('cleanupProblemFolderRemovedByOther'));
    return finishReplacement(run, rep, fresh.id);
  }
  const removed = run.settleRemovedWith(rep.removals);
  await finishReplacement(run, rep, fresh.id);
  run.meter.advance('folder', 1, removed);
  // What someone else did in the moment of the removeTree: an edited copy comes back with their edit, an item
  // created in or moved into the old folder is re-created in the fresh one.
  for (const r of rep.removals) await reconcileItem(run, run.topEntry.get(r.node.id)!);
  await reconcileFolder(run, old.id);
}

/** The old folder is gone: the fresh one takes its place for good (the id map says so, for undo). */
async function finishReplacement(run: RunState, rep: Replacement, freshId: string) {
  run.replacedBy.set(rep.folder.id, freshId);
  run.log.note({ done: [rep.seq] });
  await run.log.write();
  await run.journal.recordIdMap([{ oldId: rep.folder.id, newId: freshId, sessionId: run.sessionId }]);
}

/**
 * The folder is not replaced after all (someone else changed it, or Firefox refused a call): what was moved goes
 * back to its place in the old folder, the fresh folder goes if nothing else is in it, and the copies are left to
 * removeLoose, each decided on its own.
 */
async function giveUpReplacing(run: RunState, rep: Replacement, freshId: string | null, moved: readonly BookmarkNode[]) {
  const old = rep.folder;
  run.replacements.delete(old.id);
  run.meter.drop('folder', 1);
  for (const item of [...moved].sort((a, b) => (a.index ?? 0) - (b.index ?? 0))) {
    await settleNew(run);
    // Moved on by someone else since: it stays where they put it.
    if (run.guard.isGone(item.id) || run.guard.node(item.id)?.parentId !== freshId || run.guard.isGone(old.id)) continue;
    const count = await run.browser.bookmarks
      .getChildren(old.id)
      .then((c) => c.length)
      .catch(() => 0);
    run.guard.expectMove(item.id, old.id);
    try {
      await run.browser.bookmarks.move(item.id, { parentId: old.id, index: Math.min(item.index ?? 0, count) });
    } catch {
      // Gone meanwhile: nothing to move back.
    } finally {
      run.guard.callSettled('move', item.id);
    }
  }
  if (freshId) {
    const left = await run.browser.bookmarks.getChildren(freshId).catch(() => null);
    if (left && !left.length) {
      run.guard.expectRemove(freshId);
      await run.browser.bookmarks.remove(freshId).catch(() => undefined);
      run.guard.callSettled('remove', freshId);
    }
  }
  run.skippedSeqs.add(rep.seq);
  await run.log.write({ skipped: [rep.seq] });
}

/** Whether a re-read folder holds exactly these journaled items, in their order, as journaled (titles, URLs, types). */
export function holdsExactly(live: BookmarkNode, entries: readonly Entry[]): boolean {
  const children = live.children ?? [];
  if (children.length !== entries.length) return false;
  return children.every((c, i) => {
    const e = entries[i];
    return c.id === e.id && c.title === e.title && kindOf(c) === e.type && (e.type !== 'bookmark' || c.url === e.url) && !c.children?.length;
  });
}
