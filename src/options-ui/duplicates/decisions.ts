/** The user's decisions on a scan, turned into the 'dedup.plan' request's input. */
import type { DuplicateGroup, FolderPair } from '../../dedup/scan-types';
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

export function toPlanInput(decisions: Decisions, groups: readonly DuplicateGroup[], pairs: readonly FolderPair[]) {
  const keepers: string[] = [];
  for (const g of groups) {
    const chosen = decisions.keepers.get(g.key);
    if (chosen && chosen !== g.suggestedKeeperId && !decisions.left.has(g.key)) keepers.push(chosen);
  }
  const folderPairs = pairs.flatMap((p) => {
    const choice = decisions.pairs.get(`${p.keep.id}|${p.other.id}`);
    if (!choice || choice === 'keep') return [];
    if (choice === 'other') return [{ keepId: p.other.id, otherId: p.keep.id, merge: true }];
    return [{ keepId: p.keep.id, otherId: p.other.id, merge: false }];
  });
  return { keepers, leaveGroups: [...decisions.left], folderPairs, includeEmptyFolders: decisions.includeEmptyFolders };
}
