/**
 * The copied folders in figures with their units, so the summary's folder sentence and the cleanup's "inside N copied
 * folders" read as one truth: a folder found 3 times is one folder and 3 copies, of which 2 go (with the bookmarks
 * inside them) — "1 folder found 3 times: 2 copies (92 bookmarks inside) go".
 */
import type { CleanupNumbers, FolderSet } from '../../dedup';
import { formatNumber, plural, t } from '../../i18n';

/** "1 folder found 3 times", "2 folders found more than once, 5 copies in all". */
export function foldersFound(sets: readonly Pick<FolderSet, 'members'>[]): string {
  if (sets.length === 1) return t('dupFolderFoundTimes', formatNumber(sets[0]!.members.length));
  return plural(
    'dupFoldersFoundTimes',
    sets.length,
    sets.reduce((n, set) => n + set.members.length, 0),
  );
}

/** foldersFound and what the plan does with them: "…: 2 copies (92 bookmarks inside) go" or "…: every copy stays". */
export function foldersFoundAndGoing(sets: readonly Pick<FolderSet, 'members'>[], numbers: Pick<CleanupNumbers, 'copiedFolders' | 'insideFolders'> | null): string {
  const found = foldersFound(sets);
  if (!numbers) return found;
  const going = numbers.copiedFolders ? plural('dupFolderCopiesGo', numbers.copiedFolders, plural('dupBookmarks', numbers.insideFolders)) : t('dupFolderCopiesStay');
  return t('dupFoldersFound', found, going);
}
