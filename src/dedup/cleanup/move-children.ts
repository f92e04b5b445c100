/**
 * Moves of unique children into the folder that stays (a copied folder's items that are no copies), one at a time,
 * before the copied folders go; and, for every move of the apply, someone else's move of the same item wins.
 */
import { chunks, errorMessage } from '../../platform/bookmark-reads';
import type { PlannedMove } from '../plan-types';
import { msg } from '../../i18n';
import { problem } from './plan-check';
import type { RunState } from './run-state';
import { settleNew } from './changes-by-others';

/** Moves per write-ahead record and checkpoint. */
const MOVE_BATCH = 100;

/** Every planned move, in batches written ahead; one that did not happen keeps its copied folder. */
export async function moveUniqueChildren(run: RunState) {
  run.meter.report('moving');
  const movedOk = new Set<string>();
  const reported = new Set<string>();
  for (const batch of chunks([...run.check.moves.values()], MOVE_BATCH)) {
    if (!(await run.checkpoint())) break;
    await run.log.write({ attempting: batch.map((m) => run.movedSeq.get(m.node.id)!) });
    // One move at a time. Measured in Firefox ESR: concurrent bookmarks.move calls out of one folder leave gaps in
    // the positions Places stores (getChildren then reports indices 0,1,2,4,5; a move computes the old index from a
    // read made before its transaction), and later inserts by index land one place off. The fake browser does not
    // model this; tests/e2e/dedup-apply.e2e.ts catches it.
    for (const m of batch) {
      await settleNew(run);
      const id = m.node.id;
      const to = m.planned.toParentId;
      const seq = run.movedSeq.get(id)!;
      if (run.guard.isGone(id) || run.guard.disturbedSince(id) || run.guard.disturbedSince(to) || run.guard.isGone(to)) {
        run.problems.push(problem(id, m.node.title, 'changed', msg('cleanupProblemMoveRaced')));
        reported.add(id);
        run.skippedSeqs.add(seq);
        await run.log.write({ skipped: [seq] });
        continue;
      }
      const mark = run.guard.mark();
      run.guard.expectMove(id, to);
      try {
        await run.browser.bookmarks.move(id, { parentId: to });
      } catch (error) {
        run.problems.push(problem(id, m.node.title, 'error', msg('cleanupProblemNotMoved', errorMessage(error))));
        reported.add(id);
        continue;
      } finally {
        run.guard.callSettled('move', id);
      }
      movedOk.add(id);
      run.counts.moved++;
      run.log.note({ done: [seq] });
      await run.log.keepUp();
      run.meter.advance('move', 1, 0);
      await respectMoveByOthers(run, m.planned, mark);
    }
    run.meter.report('moving');
  }
  for (const m of run.check.moves.values()) {
    if (movedOk.has(m.node.id)) continue;
    if (!reported.has(m.node.id)) run.problems.push(problem(m.node.id, m.node.title, 'cancelled', msg('cleanupProblemCancelledBeforeMove')));
    const seq = run.movedSeq.get(m.node.id)!;
    run.skippedSeqs.add(seq);
    run.log.note({ skipped: [seq] });
    const folder = run.check.insideRemoved.get(m.node.id);
    if (folder) run.keptFolders.add(folder);
  }
}

/** Someone else moved the item as we moved it: their move wins (ours may have landed after theirs). */
export async function respectMoveByOthers(run: RunState, m: PlannedMove, mark: number) {
  const moves = run.guard.othersAbout(m.id, mark).filter((e) => e.kind === 'moved');
  const theirs = moves.at(-1);
  if (!theirs || theirs.kind !== 'moved' || theirs.parentId === m.toParentId) return;
  try {
    const [now] = await run.browser.bookmarks.get(m.id);
    if (now.parentId !== theirs.parentId && !run.guard.isGone(theirs.parentId)) {
      run.guard.expectMove(m.id, theirs.parentId);
      try {
        await run.browser.bookmarks.move(m.id, { parentId: theirs.parentId });
      } finally {
        run.guard.callSettled('move', m.id);
      }
    }
  } catch {
    // Gone meanwhile: nothing to respect.
  }
}
