/** "Kept because …": the keep rules' reasons (keep-rules.ts explainKeeper) in words. */
import type { KeepReason } from '../../dedup/find/keep-rules';
import { t } from '../../i18n';

function words(reason: KeepReason, kind: 'bookmark' | 'folder', preferredFolderPaths: readonly string[]): string {
  switch (reason.rule) {
    case 'bestTitle':
      if (kind === 'folder') return reason.only ? t('keptOnlyTitleNoSuffix') : t('keptNoSuffix');
      return reason.only ? t('keptOnlyRealTitle') : t('keptRealTitle');
    case 'cleanUrl':
      return reason.only ? t('keptOnlyCleanAddress') : t('keptCleanAddress');
    case 'preferredFolder': {
      const path = reason.rank === undefined ? '' : (preferredFolderPaths[reason.rank] ?? '');
      return path ? t('keptInPreferredFolderPath', path) : t('keptInPreferredFolder');
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
      return t('keptTreeOrder');
  }
}

/** "a real title (not just the address), then in your preferred folder Bookmarks Toolbar". */
export function keptBecause(reasons: readonly KeepReason[], kind: 'bookmark' | 'folder', preferredFolderPaths: readonly string[]): string {
  if (!reasons.length) return t('keptOnlyCopy');
  return reasons.map((r) => words(r, kind, preferredFolderPaths)).reduce((joined, next) => t('keptThen', joined, next));
}
