/** The user's decisions on a scan, turned into the 'dedup.plan' request's input. */
import type { ReviewedScan } from '../../dedup/protocol';
import type { DuplicateGroup } from '../../dedup/scan-types';
import type { PairChoice } from './FolderPairs';

export interface Decisions {
  /** group key -> id of the copy to keep, only where it differs from the suggestion. */
  keepers: Map<string, string>;
  /** Keys of groups left alone. */
  left: Set<string>;
  /** pairKey -> choice, only where it differs from "merge into the suggested folder". */
  pairs: Map<string, PairChoice>;
  includeEmptyFolders: boolean;
}

export const emptyDecisions = (): Decisions => ({ keepers: new Map(), left: new Set(), pairs: new Map(), includeEmptyFolders: true });

export function keeperOf(decisions: Decisions, group: DuplicateGroup): string {
  return decisions.keepers.get(group.key) ?? group.suggestedKeeperId;
}

/**
 * The plan request for the scan the user reviewed: its scan id (the background refuses the plan when that scan is no
 * longer current, so a plan never holds anything the user did not see) and the decisions relative to that scan.
 */
export function toPlanInput(decisions: Decisions, scan: Pick<ReviewedScan, 'scanId' | 'groups' | 'folderPairs'>) {
  const keepers: string[] = [];
  for (const g of scan.groups) {
    const chosen = decisions.keepers.get(g.key);
    if (chosen && chosen !== g.suggestedKeeperId && !decisions.left.has(g.key)) keepers.push(chosen);
  }
  const folderPairs = scan.folderPairs.flatMap((p) => {
    const choice = decisions.pairs.get(`${p.keep.id}|${p.other.id}`);
    if (!choice || choice === 'keep') return [];
    if (choice === 'other') return [{ keepId: p.other.id, otherId: p.keep.id, merge: true }];
    return [{ keepId: p.keep.id, otherId: p.other.id, merge: false }];
  });
  return { scanId: scan.scanId, keepers, leaveGroups: [...decisions.left], folderPairs, includeEmptyFolders: decisions.includeEmptyFolders };
}
