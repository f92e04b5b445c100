/** Folders the cleanup emptied (emptied-folders.ts): last, deepest first, each after its separators. */
import { errorMessage } from '../../platform/bookmark-reads';
import { msg } from '../../i18n';
import { emptiedFolderHolds, emptiedInOrder } from './emptied-folders';
import { leave, type LeaveReason, type RunState } from './run-state';
import { settleNew } from './changes-by-others';
import { reconcileItem } from './put-back';
import { removeOne } from './remove-loose';

/** The folders the cleanup emptied, with their separators: each only if it holds nothing else by then. */
export async function removeEmptied(run: RunState) {
  const order = emptiedInOrder(run.check);
  if (order.length) run.meter.report('removing');
  for (const { folder, separators } of order) {
    const items = [...separators, folder].filter((r) => run.state.get(r.node.id) === 'pending');
    if (run.state.get(folder.node.id) !== 'pending') continue;
    // A folder that stays keeps its separators: only the folder is reported.
    const skipAll = async (why: LeaveReason) => {
      for (const r of items) if (run.state.get(r.node.id) === 'pending') await run.skipRemoval(r.node.id, r.node.title, why.reason, why.message, undefined, r === folder);
    };
    if (!(await run.checkpoint())) {
      await skipAll(leave('cancelled', msg('cleanupProblemCancelledBeforeItem')));
      continue;
    }
    await settleNew(run);
    // Its separators go only with it: decided first, as if they were gone.
    const why = run.reasonToLeave(folder) ?? emptiedFolderHolds(folder, run.guard, new Set(separators.map((r) => r.node.id)));
    if (why) {
      await skipAll(why);
      continue;
    }
    await run.log.write({ attempting: items.filter((r) => run.state.get(r.node.id) === 'pending').map((r) => run.topEntry.get(r.node.id)!.seq) });
    for (const r of items) {
      if (r === folder) {
        await settleNew(run);
        const holds = run.state.get(r.node.id) === 'pending' ? emptiedFolderHolds(r, run.guard) : null;
        if (holds) {
          await run.skipRemoval(r.node.id, r.node.title, holds.reason, holds.message);
          continue;
        }
      }
      // Firefox refuses to remove a folder that is not empty: what someone added in the last moment keeps it.
      await removeOne(run, r).catch((error: unknown) => run.skipRemoval(r.node.id, r.node.title, 'error', msg('cleanupProblemNotRemoved', errorMessage(error))));
      if (run.state.get(r.node.id) === 'removed') await reconcileItem(run, run.topEntry.get(r.node.id)!);
    }
    run.meter.report('removing');
  }
}
