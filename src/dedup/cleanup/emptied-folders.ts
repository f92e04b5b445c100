/**
 * The folders a cleanup empties (issue 29; planned by src/dedup/scan/emptied.ts as 'emptied-folder'): they go in the
 * same run, after the loose copies, deepest first, each with the separators it holds, journaled like every removal
 * (their own top-level entries, so undo and recovery put them back at their places, the copies back inside them).
 *
 * - The check (checkEmptied): a folder goes only when everything it held when the check read the tree goes too (the
 *   loose copies in it, the folders it holds: empty, copied or emptied) but its separators, which go with it. A copy
 *   the check left alone keeps its folder, and that folder keeps its own.
 * - Before each call (emptiedFolderChanged, then emptiedFolderHolds): a folder someone else renamed, moved, removed
 *   or changed anything in since the apply began stays, and so does one that still holds anything at all. The call is
 *   `bookmarks.remove`, which Firefox refuses for a folder that is not empty: a child someone adds in the last moment
 *   keeps the folder. A rename or move that lands in that moment is put back with the change, as for any removal.
 */
import { kindOf } from '../../platform/tree';
import { msg, type Msg } from '../../i18n';
import type { PlannedRemoval } from '../plan-types';
import type { CleanupGuard } from './cleanup-guard';
import type { ApplyProblem, CheckedRemoval, PlanCheck, ProblemReason } from './check-types';

/** Whether a planned or checked removal belongs to the folders the cleanup empties (the folders and their separators). */
export function isEmptied(r: { planned: PlannedRemoval } | PlannedRemoval): boolean {
  return ('planned' in r ? r.planned : r).reason === 'emptied-folder';
}

/**
 * Adds to the check the emptied folders that may go, with their separators, deepest first; the others are reported.
 * Needs the whole tree (checkPlan reads it when the plan empties folders).
 */
export function checkEmptied(planned: readonly PlannedRemoval[], check: PlanCheck): void {
  const whole = check.whole;
  const refuse = (id: string, title: string | null, reason: ProblemReason, message: Msg) => check.problems.push({ id, title, reason, message } satisfies ApplyProblem);
  if (!whole) {
    for (const p of planned) refuse(p.id, null, 'error', msg('cleanupProblemStillHolds'));
    return;
  }
  const depth = (id: string) => {
    let d = 0;
    for (let at = whole.get(id)?.parentId; at && d < 10_000; at = whole.get(at)?.parentId) d++;
    return d;
  };
  const going = (id: string) => check.removals.has(id) || check.insideRemoved.has(id);
  const accepted = new Set<string>();
  const seen = new Set<string>();
  for (const p of [...planned].sort((a, b) => depth(b.id) - depth(a.id))) {
    const node = whole.get(p.id);
    if (seen.has(p.id)) {
      refuse(p.id, node?.title ?? null, 'duplicate-entry', msg('cleanupProblemListedTwice'));
      continue;
    }
    seen.add(p.id);
    if (!node) {
      refuse(p.id, null, 'missing', msg('cleanupProblemMissing'));
      continue;
    }
    if (kindOf(node) !== 'folder' || node.parentId !== p.expectedParentId || going(p.id)) {
      refuse(p.id, node.title, 'changed', msg('cleanupProblemChangedSinceScan'));
      continue;
    }
    const children = node.children ?? [];
    const allGo = children.every((c) => {
      const kind = kindOf(c);
      if (kind === 'separator') return true;
      if (kind === 'folder') return accepted.has(c.id) || going(c.id);
      return going(c.id);
    });
    if (!allGo) {
      refuse(p.id, node.title, 'contents-changed', msg('cleanupProblemStillHolds'));
      continue;
    }
    accepted.add(p.id);
    check.removals.set(p.id, { planned: p, node, descendants: [] });
    for (const c of children) {
      if (kindOf(c) !== 'separator') continue;
      const separator: PlannedRemoval = { id: c.id, kind: 'separator', expectedUrl: null, expectedParentId: p.id, reason: 'emptied-folder', keptId: null };
      check.removals.set(c.id, { planned: separator, node: c, descendants: [] });
    }
  }
}

/** The emptied folders in the order they go (deepest first, as checkEmptied added them), each with its separators. */
export function emptiedInOrder(check: PlanCheck): { folder: CheckedRemoval; separators: CheckedRemoval[] }[] {
  const out: { folder: CheckedRemoval; separators: CheckedRemoval[] }[] = [];
  const byFolder = new Map<string, CheckedRemoval[]>();
  for (const r of check.removals.values()) {
    if (!isEmptied(r)) continue;
    if (r.planned.kind === 'folder') {
      const separators: CheckedRemoval[] = [];
      byFolder.set(r.node.id, separators);
      out.push({ folder: r, separators });
    } else byFolder.get(r.planned.expectedParentId)?.push(r);
  }
  return out;
}

/** Why an emptied folder must stay, from what someone else did since the apply began; null when nothing. */
export function emptiedFolderChanged(r: CheckedRemoval, guard: CleanupGuard): { reason: ProblemReason; message: Msg } | null {
  const id = r.node.id;
  if (guard.isGone(id)) return { reason: 'missing', message: msg('cleanupProblemRemovedByOther') };
  if (guard.disturbedSince(id) || guard.contentTouchedSince(id)) return { reason: 'contents-changed', message: msg('cleanupProblemEmptiedChanged') };
  return null;
}

/** Why an emptied folder must stay right before its call: it still holds something (but `leaving`, about to go). */
export function emptiedFolderHolds(r: CheckedRemoval, guard: CleanupGuard, leaving: ReadonlySet<string> = new Set()): { reason: ProblemReason; message: Msg } | null {
  return guard.holdsLive(r.node.id, leaving) ? { reason: 'contents-changed', message: msg('cleanupProblemStillHolds') } : null;
}
