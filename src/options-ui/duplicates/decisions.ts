/**
 * The person's decisions on a scan, as the page holds them: which copy to keep per group, groups left alone, which
 * copy of each copied folder stays, empty folders in or out. They start from what the background remembered for the
 * scan's groups (decisions.ts in src/dedup), turn into the plan's decisions (the same buildPlan runs here for the
 * page's numbers and in the background for the plan that is applied), and say which copy each group keeps.
 */
import type { DecisionInScan } from '../../dedup';
import type { PlanDecisions } from '../../dedup';
import type { CleanupPlan } from '../../dedup';
import type { ReviewedScan } from '../../dedup/protocol';
import type { DuplicateCopy, DuplicateGroup, ScanResult } from '../../dedup';
import { removedWith, type TreeAfterPlan } from '../../dedup';
import { plural, t } from '../../i18n';
import { positionText, type SetChoice } from './FolderSets';
import { markUntrusted } from './Marked';

export interface Decisions {
  /** group key -> id of the copy the person chose to keep (only where it differs from the suggestion). */
  keepers: ReadonlyMap<string, string>;
  /** Keys of groups left alone. */
  left: ReadonlySet<string>;
  /** FolderSet.id -> the person's choice, only where it differs from "merge into the suggested copy". */
  sets: ReadonlyMap<string, SetChoice>;
  includeEmptyFolders: boolean;
}

export const emptyDecisions = (): Decisions => ({ keepers: new Map(), left: new Set(), sets: new Map(), includeEmptyFolders: true });

/** The folders the folder-set decisions remove, by id, with their paths and places ("Bookmarks Menu › Dev, 12th of 37 in Bookmarks Menu"). */
export function removedFolders(decisions: Decisions, scan: Pick<ScanResult, 'folderSets'>): Map<string, string> {
  const removed = new Map<string, string>();
  for (const set of scan.folderSets) {
    const choice = decisions.sets.get(set.id);
    if (choice && !choice.merge) continue;
    const keepId = choice?.keepId ?? set.suggestedKeepId;
    for (const m of set.members) if (m.id !== keepId) removed.set(m.id, `${markUntrusted(m.path)}, ${positionText(m)}`);
  }
  return removed;
}

/**
 * Which copied folder (path and place) a copy goes with under these removals, or null when it stays; answers are
 * kept per copy (the list asks for the same copies every frame).
 */
export function goesWithFolders(
  removed: ReadonlyMap<string, string>,
  folderParents: Readonly<Record<string, string>>,
): (copy: Pick<DuplicateCopy, 'id' | 'parentId'>) => string | null {
  if (!removed.size) return () => null;
  const tree: TreeAfterPlan = { removedFolders: new Set(removed.keys()), movedTo: new Map(), folderParents };
  const answers = new Map<string, string | null>();
  return (copy) => {
    let answer = answers.get(copy.id);
    if (answer === undefined) {
      const folder = removedWith(copy.id, copy.parentId, tree);
      answer = folder === undefined ? null : (removed.get(folder) ?? null);
      answers.set(copy.id, answer);
    }
    return answer;
  };
}

/**
 * Decisions from what the background remembered for this scan's groups, with a note per group where the person
 * should know something: its copies changed since they decided, or the copy they chose is gone (the keep rules
 * choose again), or lies inside a copied folder that goes.
 */
export function decisionsFromScan(scan: Pick<ReviewedScan, 'groups' | 'remembered'> & Partial<Pick<ReviewedScan, 'folderSets' | 'rememberedSets'>>): {
  decisions: Decisions;
  notes: Map<string, string>;
  setNotes: Map<string, string>;
} {
  const decisions = emptyDecisions();
  const keepers = new Map<string, string>();
  const left = new Set<string>();
  const notes = new Map<string, string>();
  const groups = new Map(scan.groups.map((g) => [g.key, g]));
  for (const d of scan.remembered as readonly DecisionInScan[]) {
    const group = groups.get(d.key);
    if (!group) continue;
    if (d.leave) left.add(d.key);
    const parts: string[] = [];
    if (d.changed) parts.push(plural('dupChangedSinceDecided', d.changed.then, d.changed.now));
    if (d.keeperGone) parts.push(t('dupKeeperGone'));
    if (d.keeperId) {
      const copy = group.copies.find((c) => c.id === d.keeperId)!;
      if (copy.inRedundantFolderId) parts.push(t('dupKeeperInCopiedFolder'));
      else if (d.keeperId !== group.suggestedKeeperId) keepers.set(d.key, d.keeperId);
    }
    if (parts.length) notes.set(d.key, parts.join('; '));
  }
  const { sets, setNotes } = setsFromScan(scan);
  return { decisions: { ...decisions, keepers, left, sets }, notes, setNotes };
}

/** The remembered choices on copied folders as the page's set choices, with a note where the person should know something. */
function setsFromScan(scan: Partial<Pick<ReviewedScan, 'folderSets' | 'rememberedSets'>>): { sets: Map<string, SetChoice>; setNotes: Map<string, string> } {
  const sets = new Map<string, SetChoice>();
  const setNotes = new Map<string, string>();
  const byId = new Map((scan.folderSets ?? []).map((set) => [set.id, set]));
  for (const d of scan.rememberedSets ?? []) {
    const set = byId.get(d.setId);
    if (!set) continue;
    const keepId = d.keeperId ?? set.suggestedKeepId;
    if (d.leave || keepId !== set.suggestedKeepId) sets.set(set.id, { keepId, merge: !d.leave });
    const parts: string[] = [];
    if (d.changed) parts.push(plural('dupChangedSinceDecided', d.changed.then, d.changed.now));
    if (d.keeperGone) parts.push(t('dupKeeperGone'));
    if (parts.length) setNotes.set(set.id, parts.join('; '));
  }
  return { sets, setNotes };
}

/** The plan's decisions (everything but the scan id) for buildPlan, here or in the background. */
export function toPlanDecisions(decisions: Decisions, scan: Pick<ScanResult, 'groups' | 'folderSets' | 'folderParents'>): PlanDecisions {
  const goesWith = goesWithFolders(removedFolders(decisions, scan), scan.folderParents);
  const keepers: string[] = [];
  for (const g of scan.groups) {
    const chosen = decisions.keepers.get(g.key);
    if (!chosen || decisions.left.has(g.key)) continue;
    const copy = g.copies.find((c) => c.id === chosen);
    // A choice inside a folder that now goes (another copy of the folder was chosen to stay) no longer counts.
    if (copy && !goesWith(copy)) keepers.push(chosen);
  }
  const folderSets = scan.folderSets.flatMap((set) => {
    const choice = decisions.sets.get(set.id);
    return choice ? [{ setId: set.id, keepId: choice.keepId, merge: choice.merge }] : [];
  });
  const groupKeys = new Set(scan.groups.map((g) => g.key));
  return { keepers, leaveGroups: [...decisions.left].filter((k) => groupKeys.has(k)), folderSets, includeEmptyFolders: decisions.includeEmptyFolders };
}

/**
 * The plan request for the scan the person reviewed: its scan id (the background refuses the plan when that scan is
 * no longer current, so a plan never holds anything the person did not see) and the decisions relative to it.
 */
export function toPlanInput(decisions: Decisions, scan: Pick<ReviewedScan, 'scanId' | 'groups' | 'folderSets' | 'folderParents'>) {
  return { scanId: scan.scanId, ...toPlanDecisions(decisions, scan) };
}

/** The copy each group keeps under a plan: the copy its removals keep; for a group with none, the one that stays. */
export function keepersOfPlan(plan: CleanupPlan | null, scan: Pick<ScanResult, 'groups'>): Map<string, string> {
  const keepers = new Map<string, string>();
  if (!plan) return keepers;
  const groupOf = new Map<string, DuplicateGroup>();
  for (const g of scan.groups) for (const c of g.copies) groupOf.set(c.id, g);
  for (const r of plan.removals) {
    if (r.reason !== 'duplicate-bookmark' || !r.keptId) continue;
    const g = groupOf.get(r.id);
    if (g && !keepers.has(g.key)) keepers.set(g.key, r.keptId);
  }
  return keepers;
}
