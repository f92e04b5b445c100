/**
 * "Kept because …": the keep rules' reasons (keep-rules.ts explainKeeper) in words, and the reasons for the copy a
 * group keeps under the page's decisions, told among the copies that really stay: copies inside a copied folder that
 * goes are not compared (they go with their folder, and the sentence says so), and a copied folder the person keeps
 * brings its copies back into the comparison.
 */
import { chooseKeeper, explainKeeper, keepCandidates, type DuplicateCopy, type DuplicateGroup, type KeepReason, type ScanResult } from '../../dedup';
import { plural, t } from '../../i18n';
import { markUntrusted } from './Marked';

function words(reason: KeepReason, kind: 'bookmark' | 'folder', preferredFolderPaths: readonly string[], first: boolean): string {
  switch (reason.rule) {
    case 'bestTitle':
      if (kind === 'folder') return reason.only ? t('keptOnlyTitleNoSuffix') : t('keptNoSuffix');
      return reason.only ? t('keptOnlyRealTitle') : t('keptRealTitle');
    case 'cleanUrl':
      return reason.only ? t('keptOnlyCleanAddress') : t('keptCleanAddress');
    case 'preferredFolder': {
      const path = reason.rank === undefined ? '' : (preferredFolderPaths[reason.rank] ?? '');
      return path ? t('keptInPreferredFolderPath', markUntrusted(path)) : t('keptInPreferredFolder');
    }
    case 'oldest':
      return t('keptOldest');
    case 'newest':
      return t('keptNewest');
    case 'mostTags':
      return reason.only ? t('keptOnlyTags') : t('keptMostTags');
    case 'mostVisits':
      return reason.only ? t('keptOnlyVisited') : t('keptMostVisits');
    case 'holdsMost':
      return t('keptHoldsMost');
    case 'treeOrder':
      // Alone: no rule told any copy apart. After other steps: only the copies still alike are decided this way.
      return first ? t('keptTreeOrder') : t('keptTreeOrderThen');
  }
}

/** "a real title (not just the address), then in your preferred folder Bookmarks Toolbar". */
export function keptBecause(reasons: readonly KeepReason[], kind: 'bookmark' | 'folder', preferredFolderPaths: readonly string[]): string {
  if (!reasons.length) return t('keptOnlyCopy');
  return reasons.map((r, i) => words(r, kind, preferredFolderPaths, i === 0)).reduce((joined, next) => t('keptThen', joined, next));
}

/** What the reasons of a group's kept copy are computed from: the scan's keep settings and folders, the plan's moves. */
export type KeepContext = Pick<ScanResult, 'options' | 'folderParents' | 'preferredFolderPaths'> & {
  /** Items the plan moves (a copied folder kept through another copy): id -> new parent. */
  movedTo?: ReadonlyMap<string, string>;
};

/**
 * Why `keeperId` stays among `staying` (the group's copies that do not go with a copied folder, in bookmark order),
 * by the same rules and the same candidates as buildPlan; null when the keep rules would not choose it among them
 * (the scan chose it among fewer copies: a copied folder it counted as going now stays).
 */
export function reasonsAmong(staying: readonly DuplicateCopy[], keeperId: string, context: KeepContext): KeepReason[] | null {
  const { rules, preferredFolderIds } = context.options.keep;
  const parentOf = (id: string) => context.folderParents[id] || undefined;
  const candidates = keepCandidates(staying, context.movedTo, parentOf, preferredFolderIds);
  if (!candidates.some((c) => c.id === keeperId) || chooseKeeper(candidates, rules) !== keeperId) return null;
  return explainKeeper(candidates, keeperId, rules);
}

/**
 * "kept because …" for a group whose kept copy the keep rules chose: among every copy, or among the copies outside
 * the copied folders that go (saying how many go with them).
 */
export function keptByRulesText(group: DuplicateGroup, keeperId: string, goesWith: (copy: DuplicateCopy) => string | null, context: KeepContext): string {
  const staying = group.copies.filter((c) => goesWith(c) === null);
  const reasons = reasonsAmong(staying, keeperId, context);
  if (!reasons) return t('dupKeptAsScanned');
  const why = keptBecause(reasons, 'bookmark', context.preferredFolderPaths);
  const going = group.copies.length - staying.length;
  return going ? plural('dupKeptBecauseAmong', staying.length, why, plural('dupCopiesGoWithFolders', going)) : t('dupKeptBecause', why);
}
