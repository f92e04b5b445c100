/** "Kept because …": the keep rules' reasons (keep-rules.ts explainKeeper) in words. */
import type { KeepReason } from '../../dedup';

const CLEAN = 'no tracking parameters or #';

function words(reason: KeepReason, kind: 'bookmark' | 'folder', preferredFolderPaths: readonly string[]): string {
  switch (reason.rule) {
    case 'bestTitle':
      if (kind === 'folder') return reason.only ? 'the only title without a copy suffix such as “(1)”' : 'no copy suffix in its title';
      return reason.only ? 'the only one with a real title' : 'a real title (not just the address)';
    case 'cleanUrl':
      return reason.only ? `the only clean address (${CLEAN})` : `a clean address (${CLEAN})`;
    case 'preferredFolder': {
      const path = reason.rank === undefined ? '' : (preferredFolderPaths[reason.rank] ?? '');
      return path ? `in your preferred folder ${path}` : 'in a preferred folder';
    }
    case 'oldest':
      return 'the oldest';
    case 'newest':
      return 'the newest';
    case 'mostTags':
      return reason.only ? 'the only one with tags' : 'the most tags';
    case 'mostVisits':
      return reason.only ? 'the only one visited' : 'the most visits';
    case 'holdsMost':
      return 'it holds everything the others hold';
    case 'treeOrder':
      return 'the first in your bookmarks (the keep rules cannot tell the copies apart)';
  }
}

/** "a real title (not just the address), then in your preferred folder Bookmarks Toolbar". */
export function keptBecause(reasons: readonly KeepReason[], kind: 'bookmark' | 'folder', preferredFolderPaths: readonly string[]): string {
  if (!reasons.length) return 'the only copy that stays';
  return reasons.map((r) => words(r, kind, preferredFolderPaths)).join(', then ');
}
