/**
 * A folder the cleanup empties that holds nothing but loose copies (and separators) goes with its copies in one
 * removeTree, instead of one remove per copy and then the folder (README "Emptied folders in one call"). The shape is
 * common: sync's copies of a folder whose originals live elsewhere. One call instead of one per copy is what the
 * replacement of a folder gained before issue 29 barred emptied folders from being replaced (a fresh folder would be
 * empty): the 5,000-copy bench went from 5.55x a plain loop to 1.24x.
 *
 * The rule holds as for a replaced folder: anything someone else did to the folder or a copy in it before the call,
 * or a kept copy gone, and the folder is left to the one-by-one path (remove-loose.ts, then remove-emptied.ts), each
 * copy decided on its own. Right before the call the folder is re-read and must hold exactly its journaled copies
 * and separators, in order. What lands in the moment of the removeTree is put back as for a copied folder: an edited
 * copy comes back with the edit, something created in or moved into the folder is re-created next to where the
 * folder was (rescue.ts: an emptied folder has no folder that stays), a copy moved out stays out of the journal.
 * The journal writes the copies, separators and folder as attempted together (`attemptingAtOnce`): after a crash
 * they are all gone or all there, and recovery puts back whatever is missing.
 */
import type { BookmarkNode } from '../../platform/browser';
import { errorMessage } from '../../platform/bookmark-reads';
import { isMissingBookmarkError } from '../../platform/bookmark-errors';
import { kindOf } from '../../platform/tree';
import { msg } from '../../i18n';
import { emptiedInOrder, isEmptied } from './emptied-folders';
import type { CheckedRemoval } from './plan-check';
import type { RunState } from './run-state';
import { settleNew } from './changes-by-others';
import { reconcileItem } from './put-back';
import { reconcileFolder } from './rescue';
import { holdsExactly } from './replace-folders';

/**
 * Below this many copies a folder goes the one-by-one way: the call saves about 2 ms per copy (a remove two in flight,
 * README "Cleanup speed") and costs a re-read and one durable journal write, a few ms.
 */
export const MIN_COPIES_AT_ONCE = 5;

/** An emptied folder that may go in one call: its copies and separators as the check read them. */
export interface EmptiedAtOnce {
  folder: CheckedRemoval;
  separators: CheckedRemoval[];
  copies: CheckedRemoval[];
  /** Its children as the check read them, in order (copies and separators). */
  children: readonly BookmarkNode[];
}

/** The emptied folders (deepest first) whose children, as the check read them, are only loose copies and separators. */
export function chooseEmptiedAtOnce(run: RunState): EmptiedAtOnce[] {
  const whole = run.check.whole;
  if (!whole) return [];
  const out: EmptiedAtOnce[] = [];
  for (const { folder, separators } of emptiedInOrder(run.check)) {
    const children = whole.get(folder.node.id)?.children ?? [];
    const copies: CheckedRemoval[] = [];
    const onlyCopies = children.every((c) => {
      const r = run.check.removals.get(c.id);
      if (!r) return false;
      if (kindOf(c) === 'separator') return isEmptied(r);
      if (r.planned.kind !== 'bookmark' || r.planned.reason !== 'duplicate-bookmark') return false;
      copies.push(r);
      return true;
    });
    if (onlyCopies && copies.length >= MIN_COPIES_AT_ONCE) out.push({ folder, separators, copies, children });
  }
  return out;
}

/** Each chosen folder in one call, one after another; any it gives up on are left pending for the one-by-one path. */
export async function removeEmptiedAtOnce(run: RunState, chosen: readonly EmptiedAtOnce[]) {
  if (chosen.length) run.meter.report('removing');
  for (const c of chosen) {
    // Cancelled: its items are reported by the one-by-one phases, which skip everything from here on.
    if (!(await run.checkpoint())) return;
    await removeOne(run, c);
    run.meter.report('removing');
  }
}

async function removeOne(run: RunState, c: EmptiedAtOnce) {
  await settleNew(run);
  const { guard } = run;
  const id = c.folder.node.id;
  const items = [...c.copies, ...c.separators, c.folder];
  const untouched = () =>
    !guard.isGone(id) &&
    !guard.disturbedSince(id) &&
    !guard.contentTouchedSince(id) &&
    items.every((r) => run.state.get(r.node.id) === 'pending' && !run.reasonToLeave(r));
  if (!untouched()) return;
  const mark = guard.mark();
  const live = await run.browser.bookmarks
    .getSubTree(id)
    .then((t) => t[0])
    .catch(() => null);
  const entries = c.children.map((child) => run.topEntry.get(child.id));
  if (
    !live ||
    entries.some((e) => !e) ||
    !untouched() ||
    !holdsExactly(
      live,
      entries.map((e) => e!),
    )
  )
    return;
  await run.log.write({ attemptingAtOnce: items.map((r) => run.topEntry.get(r.node.id)!.seq) });
  for (const r of items) {
    run.decidedAt.set(r.node.id, mark);
    run.state.set(r.node.id, 'in-flight');
  }
  run.removedAtOnce.set(id, items);
  guard.expectRemove(id);
  try {
    await run.browser.bookmarks.removeTree(id);
  } catch (error) {
    // Nothing went (Firefox's removeTree is one transaction): every item stays, reported once with the folder.
    run.removedAtOnce.delete(id);
    const missing = isMissingBookmarkError(error);
    for (const r of items) {
      const message = missing ? msg('cleanupProblemFolderRemovedByOther') : msg('cleanupProblemNotRemoved', errorMessage(error));
      await run.skipRemoval(r.node.id, r.node.title, missing ? 'missing' : 'error', message, undefined, r === c.folder || r.planned.kind === 'bookmark');
    }
    return;
  } finally {
    guard.callSettled('remove', id);
  }
  if (guard.ancestorRemovedSince(id, mark)) {
    // Someone else removed a folder above it first: their removal took it.
    for (const r of items) {
      await run.skipRemoval(r.node.id, r.node.title, 'missing', msg('cleanupProblemFolderRemovedByOther'), undefined, r.planned.kind === 'bookmark');
    }
    return;
  }
  const removed = run.settleRemovedWith(items);
  await run.log.write();
  run.meter.advance('folder', 1 + c.separators.length, removed);
  run.meter.drop('loose', c.copies.length);
  // What someone else did in the moment of the removeTree.
  for (const r of items) {
    const entry = run.topEntry.get(r.node.id);
    if (entry && run.state.get(r.node.id) === 'removed') await reconcileItem(run, entry);
  }
  await reconcileFolder(run, id);
}
