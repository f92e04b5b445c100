/**
 * What someone else did while the cleanup runs, caught up on before each call (settleNew) and once more after the
 * settle (reconcileEverything): removals it rules out are skipped, and what it did to what the cleanup removed is put
 * back (put-back.ts, rescue.ts, kept-copies.ts).
 */
import type { RunState } from './run-state';
import { followLateEdits, reconcileItem, verifyMade } from './put-back';
import { reconcileFolder } from './rescue';
import { reconcileKeptCopies } from './kept-copies';

/**
 * Before each call: what someone else did since the last call that concerns what the cleanup already removed is put
 * back now, durably, before the cleanup goes on (a crash right after must not lose it). Nothing new: nothing to do.
 */
export function settleNew(run: RunState): Promise<void> {
  if (run.guard.others.length === run.seenUpTo) return run.reconciling;
  run.reconciling = run.reconciling.then(() => reconcileNew(run));
  return run.reconciling;
}

async function reconcileNew(run: RunState) {
  const from = run.seenUpTo;
  const events = run.guard.others.slice(from);
  run.seenUpTo = from + events.length;
  if (!events.length) return;
  // Planned removals not reached yet that someone else's change rules out: skipped now, written before the next call
  // (recovery after a crash must not re-create what that person deleted).
  for (const [id, state] of run.state) {
    if (state !== 'pending') continue;
    const why = run.reasonToLeave(run.check.removals.get(id)!);
    if (why) await run.skipRemoval(id, run.check.removals.get(id)!.node.title, why.reason, why.message);
  }
  const folders = new Set<string>();
  let keptCopies = false;
  for (const event of events) {
    const e = run.entryById.get(event.id);
    if (e && run.putBackCopies.has(e.id)) await followLateEdits(run, e);
    else if (e && run.removedByUs(event.id)) await reconcileItem(run, e);
    for (const [id, state] of run.state) {
      if (state === 'removed' && run.check.removals.get(id)?.planned.kind === 'folder' && run.guard.isInside(event.id, id)) folders.add(id);
    }
    for (const id of run.replacedBy.keys()) if (run.guard.isInside(event.id, id)) folders.add(id);
    if (event.kind === 'removed' || (event.kind === 'changed' && event.url !== undefined)) keptCopies = true;
  }
  for (const id of folders) await reconcileFolder(run, id);
  if (keptCopies) await reconcileKeptCopies(run);
  // What this found (entries someone else removed or moved away) is written before the next call.
  await run.log.write();
}

/** After the settle: everything removed is checked once more against the events that came late. */
export async function reconcileEverything(run: RunState) {
  for (const id of run.putBackCopies.keys()) await followLateEdits(run, run.entryById.get(id)!);
  for (const [id, s] of run.state) {
    if (s !== 'removed') continue;
    const r = run.check.removals.get(id);
    if (r?.planned.kind === 'folder') await reconcileFolder(run, id);
    else await reconcileItem(run, run.topEntry.get(id)!);
  }
  for (const [id, mark] of run.decidedAt) {
    const e = run.entryById.get(id);
    if (e && !e.topLevel && !run.skippedSeqs.has(e.seq) && mark !== undefined) {
      await reconcileItem(run, e);
      if (e.type === 'folder') await reconcileFolder(run, id);
    }
  }
  for (const id of run.replacedBy.keys()) await reconcileFolder(run, id);
  await reconcileKeptCopies(run);
  await verifyMade(run);
}
