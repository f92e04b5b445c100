/**
 * What an operation of the journal did and what its undo left alone, in words a person reads. Words come from the
 * catalog (src/i18n), numbers from Intl in the UI's locale.
 */
import type { CleanupNumbers, CleanupOutcomeNumbers } from '../dedup';
import type { ImportedNumbers, LeftAlone, OperationSummary, UndoResult } from '../operation-history';
import { plural, t, uiLocale } from '../i18n';

/**
 * The one sentence for a cleanup's numbers, used by the summary, the preview, the confirm dialog, the result and the
 * history (cleanup-numbers.ts defines the units): "1,587 copies to remove: 787 loose, 800 inside 2 copied folders;
 * and 2 empty folders". `done` writes what happened instead of what will ("1,587 copies removed: …").
 */
export function describeCleanup(n: CleanupNumbers | CleanupOutcomeNumbers, tense: 'plan' | 'done'): string {
  const plan = tense === 'plan';
  const parts: string[] = [];
  if (n.copies === 0 && n.copiedFolders === 0 && n.emptyFolders > 0) {
    // Only empty folders: say what happens to them, not what does not happen.
    parts.push(plan ? plural('cleanupEmptyFoldersToRemove', n.emptyFolders) : plural('cleanupEmptyFoldersRemoved', n.emptyFolders));
  } else if (n.copies === 0) parts.push(plan ? t('cleanupNoCopiesToRemove') : t('cleanupNoCopiesRemoved'));
  else {
    const head = plan ? plural('cleanupCopiesToRemove', n.copies) : plural('cleanupCopiesRemoved', n.copies);
    if (n.copiedFolders === 0) parts.push(head);
    else if (n.loose === 0) parts.push(plural('cleanupAllInside', n.copiedFolders, head));
    else parts.push(plural('cleanupLooseAndInside', n.copiedFolders, head, n.loose, n.insideFolders));
  }
  if (n.copies === 0 && n.copiedFolders > 0) parts.push(plural('cleanupFoldersOnly', n.copiedFolders));
  if (n.emptyFolders && (n.copies > 0 || n.copiedFolders > 0)) parts.push(plural('cleanupAndEmptyFolders', n.emptyFolders));
  if (n.moved) parts.push(plan ? plural('cleanupItemsToMove', n.moved) : plural('cleanupItemsMoved', n.moved));
  if (n.tagMerges) parts.push(plan ? plural('cleanupTagsToMerge', n.tagMerges) : plural('cleanupTagsMerged', n.tagMerges));
  if ('skipped' in n && n.skipped) parts.push(plural('cleanupSkipped', n.skipped));
  return parts.join('; ');
}

/**
 * What an import did, for the history: "Imported 3 bookmarks and 1 folder from a file; skipped 295 already bookmarked;
 * new tags given to 5 addresses". Sessions of older versions kept only what they created.
 */
function describeImport(n: ImportedNumbers): string {
  const parts: string[] = [];
  if (n.from === 'firefox-backup') parts.push(t('backupsRestoreHistory', plural('importBookmarks', n.bookmarks), plural('importFolders', n.folders)));
  else if (n.bookmarks + n.folders + n.separators === 0) parts.push(t('importHistoryNothingCreated'));
  else if (n.separators === 0) parts.push(t('importHistoryCreated', plural('importBookmarks', n.bookmarks), plural('importFolders', n.folders)));
  else
    parts.push(t('importHistoryCreatedSeparators', plural('importBookmarks', n.bookmarks), plural('importFolders', n.folders), plural('importSeparators', n.separators)));
  if (n.skipped) parts.push(plural('importHistorySkipped', n.skipped));
  if (n.taggedUrls) parts.push(t('importHistoryTagged', plural('importAddresses', n.taggedUrls)));
  return parts.join('; ');
}

/** What an operation of the journal did, in one phrase: an edit by its summary, a cleanup or an import by its numbers. */
export function describeOperation(session: Pick<OperationSummary, 'edit' | 'counts'> & Partial<Pick<OperationSummary, 'kind' | 'imported'>>): string {
  const edit = session.edit;
  if (session.kind === 'import') return describeImport(session.imported ?? { bookmarks: 0, folders: 0, separators: 0 });
  if (!edit) return describeCleanup(session.counts, 'done');
  const one = edit.items === 1 && edit.title !== undefined;
  const named = (title: string | undefined) => title || '…';
  const folder = edit.folderTitle ?? '';
  const tags = edit.tags ?? [];
  switch (edit.action) {
    case 'delete':
      return one ? t('editDeletedOne', named(edit.title)) : plural('editDeleted', edit.items);
    case 'move':
      return one ? t('editMovedOne', named(edit.title), folder) : plural('editMoved', edit.items, folder);
    case 'sort':
      return t('editSorted', folder);
    case 'create':
      return one ? t('editCreatedOne', named(edit.title), folder) : plural('editCreated', edit.items, folder);
    case 'copy':
      return plural('editCopied', edit.items, folder);
    case 'update':
      return one ? t('editUpdatedOne', named(edit.title)) : plural('editUpdated', edit.items);
    case 'tag':
      return plural('editTagged', edit.items, tags.join(', '));
    case 'untag':
      return plural('editUntagged', edit.items, tags.join(', '));
    case 'tag-rename':
      return t('editTagRenamed', tags[0] ?? '', tags[1] ?? '');
    case 'tag-merge':
      return t('editTagsMerged', tags.slice(0, -1).join(', '), tags.at(-1) ?? '');
    case 'tag-delete':
      return t('editTagDeleted', tags[0] ?? '');
    case 'save':
      return plural('editSaved', edit.items);
    case 'tags-import':
      return plural('editTagsImported', edit.items);
    case 'tags-restore':
      return plural('editTagsRestored', edit.items);
    case 'backup-tags-keywords':
      return plural('editBackupTagsKeywords', edit.items);
    case 'links-update':
      return plural('editLinksUpdated', edit.items);
    case 'links-remove':
      return plural('editLinksRemoved', edit.items);
    case 'links-move':
      return plural('editLinksMoved', edit.items, folder);
    case 'links-archive-replace':
      return plural('editLinksArchiveReplaced', edit.items);
    case 'links-archive-add':
      return plural('editLinksArchiveAdded', edit.items);
  }
}

/**
 * What an undo did, in the units of what it undid: a cleanup's copies, copied folders and empty folders ("180 copies
 * and 7 empty folders restored"), any other operation's items; then what it moved back.
 */
export function describeUndone(r: Pick<UndoResult, 'restored' | 'movedBack' | 'units'>): string {
  const parts: string[] = [];
  if (r.units) {
    const { copies, copiedFolders, emptyFolders } = r.units;
    const what: string[] = [];
    if (copies) what.push(plural('undoneCopies', copies));
    if (copiedFolders) what.push(plural('undoneCopiedFolders', copiedFolders));
    if (emptyFolders) what.push(plural('undoneEmptyFolders', emptyFolders));
    if (what.length) parts.push(t('undoneRestored', new Intl.ListFormat(uiLocale(), { type: 'conjunction' }).format(what)));
    else if (!r.movedBack) parts.push(t('undoneNothingRestored'));
  } else parts.push(plural('undoneItemsRestored', r.restored));
  if (r.movedBack) parts.push(plural('undoneMovedBack', r.movedBack));
  return parts.join('; ');
}

/** What undo did not touch, and why: someone changed it after the operation, and their change wins. */
export function describeLeftAlone({ reason, count: n, titles }: LeftAlone): string {
  const example = titles.length ? ` (${titles.map((title) => `“${title || '…'}”`).join(', ')}${n > titles.length ? ', …' : ''})` : '';
  switch (reason) {
    case 'already-back':
      return plural('undoLeftAlreadyBack', n, example);
    case 'moved-since':
      return plural('undoLeftMovedSince', n, example);
    case 'deleted-since':
      return plural('undoLeftDeletedSince', n, example);
    case 'changed-since':
      return plural('undoLeftChangedSince', n, example);
    case 'not-empty':
      return plural('undoLeftNotEmpty', n, example);
  }
}
