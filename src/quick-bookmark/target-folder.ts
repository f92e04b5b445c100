/**
 * The folder a quick bookmark goes into: the folder chosen in settings, or "Read later" under Other Bookmarks,
 * created on first use. Creating a missing "Read later" is left to the save, which does it through the Places
 * facade's implicit groups.
 */
import type { Browser } from '../platform/browser';
import { t } from '../i18n';
import { READ_LATER_TITLE, rootTitle, UNFILED_ID } from '../platform/browser';
import { folderPath } from '../platform/folder-path';
import { kindOf } from '../platform/tree';

export type TargetFolder =
  | { kind: 'existing'; id: string; path: string[]; note?: string }
  /** "Read later" does not exist yet: create it under `parentId`. */
  | { kind: 'create'; parentId: string; title: string; path: string[]; note?: string };

export async function chooseTargetFolder(browser: Browser, configuredFolderId: string | null): Promise<TargetFolder> {
  let note: string | undefined;
  if (configuredFolderId !== null) {
    const path = await folderPath(browser, configuredFolderId);
    if (path) return { kind: 'existing', id: configuredFolderId, path };
    note = t('notifyFolderGone');
  }
  const withNote = <T extends object>(target: T): T => (note ? { ...target, note } : target);
  const path = [rootTitle(UNFILED_ID)!, READ_LATER_TITLE];
  // Other Bookmarks' own "Read later" folder (the first, if there are several); not a bookmark of that name.
  const readLater = (await browser.bookmarks.getChildren(UNFILED_ID)).find((c) => kindOf(c) === 'folder' && c.title === READ_LATER_TITLE);
  if (readLater) return withNote({ kind: 'existing' as const, id: readLater.id, path });
  return withNote({ kind: 'create' as const, parentId: UNFILED_ID, title: READ_LATER_TITLE, path });
}
