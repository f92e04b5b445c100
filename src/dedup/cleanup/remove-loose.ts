/**
 * Loose duplicates: bookmarks.remove, REMOVAL_LANES calls in flight, last child first in each folder, in batches of
 * REMOVAL_BATCH written ahead (README "Cleanup speed"). Each removal is decided again right before its own call.
 */
import { MAX_CALLS_IN_FLIGHT } from '../../operation-history';
import { chunks, errorMessage } from '../../platform/bookmark-reads';
import { isMissingBookmarkError } from '../../platform/bookmark-errors';
import { msg } from '../../i18n';
import { isEmptied } from './emptied-folders';
import type { CheckedRemoval } from './plan-check';
import type { RunState } from './run-state';
import { settleNew } from './changes-by-others';
import { reconcileItem } from './put-back';
import { reconcileKeptCopies } from './kept-copies';

/** Loose duplicates per write-ahead record and checkpoint. */
export const REMOVAL_BATCH = 50;
/**
 * bookmarks.remove calls in flight: as many as recovery allows for (operations MAX_CALLS_IN_FLIGHT). Measured on 1,000
 * loose duplicates in folders of 50, 250 and 1,000 (Firefox ESR 153, two cores): two in flight took 2.7-3.6 ms per
 * item against 3.5-5.5 ms one at a time; four were no faster than two. Moves are never run two at a time out of one
 * folder (move-children.ts).
 */
const REMOVAL_LANES = MAX_CALLS_IN_FLIGHT;

/** Every loose duplicate still pending, batch by batch: skips and attempts written before the calls. */
export async function removeLoose(run: RunState) {
  // Last child first in each folder: Places then has fewer following siblings to renumber on each remove.
  const loose = [...run.check.removals.values()]
    // Copies a replaced folder took with it are done already.
    .filter((r) => r.planned.kind !== 'folder' && !isEmptied(r) && run.state.get(r.node.id) === 'pending')
    .sort((a, b) => (a.node.parentId! < b.node.parentId! ? -1 : a.node.parentId! > b.node.parentId! ? 1 : (b.node.index ?? 0) - (a.node.index ?? 0)));
  if (loose.length) run.meter.report('removing');
  for (const batch of chunks(loose, REMOVAL_BATCH)) {
    if (!(await run.checkpoint())) {
      for (const r of batch) await run.skipRemoval(r.node.id, r.node.title, 'cancelled', msg('cleanupProblemCancelledBeforeItem'));
      continue;
    }
    // Already ruled out by what someone else did: skipped in the same record, never "attempted".
    for (const r of batch) {
      const why = run.state.get(r.node.id) === 'pending' ? run.reasonToLeave(r) : null;
      if (why) await run.skipRemoval(r.node.id, r.node.title, why.reason, why.message);
    }
    await run.log.write({ attempting: batch.filter((r) => run.state.get(r.node.id) === 'pending').map((r) => run.topEntry.get(r.node.id)!.seq) });
    // Every item is its own group: any two may be removed side by side, in the order of `loose`.
    const failures = await inLanes(
      batch,
      (r) => r.node.id,
      REMOVAL_LANES,
      (r) => removeOne(run, r),
    );
    for (const { item, error } of failures) await run.skipRemoval(item.node.id, item.node.title, 'error', msg('cleanupProblemNotRemoved', errorMessage(error)));
    // What raced the calls of this batch and has arrived by now.
    for (const r of batch) if (run.state.get(r.node.id) === 'removed') await reconcileItem(run, run.topEntry.get(r.node.id)!);
    await reconcileKeptCopies(run);
    run.meter.report('removing');
  }
}

/** One planned removal with bookmarks.remove, decided right before the call. */
export async function removeOne(run: RunState, r: CheckedRemoval) {
  await settleNew(run);
  const id = r.node.id;
  const guard = run.guard;
  if (run.state.get(id) !== 'pending') return;
  // Decided against everything seen so far, right before the call.
  const why = run.reasonToLeave(r);
  if (why) return run.skipRemoval(id, r.node.title, why.reason, why.message);
  const mark = guard.mark();
  run.decidedAt.set(id, mark);
  run.state.set(id, 'in-flight');
  guard.expectRemove(id);
  try {
    await run.browser.bookmarks.remove(id);
  } catch (error) {
    if (isMissingBookmarkError(error)) return run.skipRemoval(id, r.node.title, 'missing', msg('cleanupProblemRemovedByOther'));
    throw error;
  } finally {
    guard.callSettled('remove', id);
  }
  // Its folder removed by someone else before our call came back: their removal took it (ours found nothing).
  if (guard.ancestorRemovedSince(id, mark)) return run.skipRemoval(id, r.node.title, 'missing', msg('cleanupProblemFolderRemovedByOther'));
  run.markRemoved(id);
  run.noteRemovedKeys(run.entriesOf.get(id) ?? []);
  run.meter.advance(run.laneOf(id), 1, run.copiesOf(id));
  await run.log.keepUp();
}

/**
 * Runs `work` over items, collecting per-item failures. Items of one group always go one after another, groups in
 * the order their first item comes; up to `lanes` groups run side by side.
 */
async function inLanes<T>(items: readonly T[], groupOf: (item: T) => string, lanes: number, work: (item: T) => Promise<void>): Promise<{ item: T; error: unknown }[]> {
  const failures: { item: T; error: unknown }[] = [];
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = groupOf(item);
    const list = groups.get(key);
    if (list) list.push(item);
    else groups.set(key, [item]);
  }
  const queue = [...groups.values()];
  const lane = async () => {
    for (let group = queue.shift(); group; group = queue.shift()) {
      for (const item of group) {
        try {
          await work(item);
        } catch (error) {
          failures.push({ item, error });
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(lanes, queue.length) }, lane));
  return failures;
}
