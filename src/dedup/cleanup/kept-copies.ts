/** When the copy that should stay went meanwhile: one removed copy of its group comes back, so the URL keeps a bookmark. */
import { msg } from '../../i18n';
import type { CheckedRemoval, PlanCheck } from './plan-check';
import type { RunState } from './run-state';
import { putBack, versionAfter } from './put-back';

/**
 * The copy that should stay went (someone else removed it, or its folder, or re-addressed it): a URL must keep a
 * bookmark, so one removed copy of its group comes back; a copied folder whose folder that stays lost something
 * comes back whole.
 */
export async function reconcileKeptCopies(run: RunState) {
  // Nothing anyone else did: nothing to reconcile (the common case, and every batch asks).
  if (run.guard.quiet) return;
  run.groups ??= groupsByKeptCopy(run.check);
  for (const [keptId, removals] of run.groups) {
    // A copy that is still there (skipped, or not reached) keeps the URL; one someone else removed does not, nor a
    // copied folder that stays without what went from it one by one.
    const ours = removals.filter((r) => run.state.get(r.node.id) === 'removed' || run.partlyRemoved.has(r.node.id));
    const keeps = (r: CheckedRemoval) => {
      const node = run.guard.node(r.node.id);
      return (
        run.state.get(r.node.id) !== 'removed' &&
        !run.partlyRemoved.has(r.node.id) &&
        !run.guard.isGone(r.node.id) &&
        (r.planned.kind === 'folder' || node?.url === node?.checkedUrl)
      );
    };
    if (!ours.length || removals.some(keeps)) continue;
    if (!keptCopyLost(run, keptId, ours)) continue;
    const partly = ours.map((r) => run.partlyRemoved.get(r.node.id)).find((went) => went !== undefined);
    if (partly) {
      // What went one by one comes back into the folder that stayed (or the nearest folder above that is there).
      run.partlyRemoved.delete(ours.find((r) => run.partlyRemoved.get(r.node.id) === partly)!.node.id);
      for (const e of partly.filter((x) => x.type === 'bookmark' && !run.skippedSeqs.has(x.seq))) {
        await putBack(run, e, versionAfter(run, e) ?? { title: e.title, url: e.url, parentId: e.parentId }, 'kept-copy-gone', msg('cleanupProblemKeptFolderLost'));
      }
      continue;
    }
    const first = ours.map((r) => run.topEntry.get(r.node.id)!).sort((a, b) => a.seq - b.seq)[0];
    const message = first.type === 'folder' ? msg('cleanupProblemKeptFolderLost') : msg('cleanupProblemKeptCopyLost');
    await putBack(run, first, versionAfter(run, first) ?? { title: first.title, url: first.url, parentId: first.parentId }, 'kept-copy-gone', message);
  }
}

function keptCopyLost(run: RunState, keptId: string, removals: CheckedRemoval[]): boolean {
  const guard = run.guard;
  if (guard.isGone(keptId)) return true;
  const kept = guard.node(keptId);
  const r = removals[0];
  if (r.planned.kind !== 'folder') {
    const wantedUrl = r.planned.keptUrl ?? kept?.checkedUrl;
    return kept !== undefined && wantedUrl !== undefined && kept.url !== wantedUrl;
  }
  // A copied folder: did the folder that stays lose anything (removed, moved out, re-addressed) after we decided?
  const mark = Math.min(...removals.map((x) => run.decidedAt.get(x.node.id) ?? Infinity));
  if (!Number.isFinite(mark)) return false;
  // Only what took away one of the copied folder's addresses counts (a folder removed in it always does).
  const urls = new Set(removals.flatMap((x) => (run.entriesOf.get(x.node.id) ?? []).map((e) => e.url).filter((u): u is string => !!u)));
  const carried = (id: string, url: string | undefined) => guard.node(id)?.type === 'folder' || (url !== undefined && urls.has(url));
  return guard.othersSince(mark).some((e) => {
    if (e.kind === 'removed') return (guard.isInside(e.parentId, keptId) || e.id === keptId) && carried(e.id, e.node?.url);
    if (e.kind === 'moved') return guard.isInside(e.oldParentId, keptId) && !guard.isInside(e.id, keptId) && carried(e.id, guard.node(e.id)?.url);
    if (e.kind === 'changed') return e.url !== undefined && guard.isInside(e.id, keptId) && carried(e.id, guard.node(e.id)?.checkedUrl);
    return false;
  });
}

/** Planned removals by the copy (or folder) that stays in their place. */
function groupsByKeptCopy(check: PlanCheck): Map<string, CheckedRemoval[]> {
  const groups = new Map<string, CheckedRemoval[]>();
  for (const r of check.removals.values()) {
    const kept = r.planned.keptId;
    if (kept === null) continue;
    const list = groups.get(kept);
    if (list) list.push(r);
    else groups.set(kept, [r]);
  }
  return groups;
}
