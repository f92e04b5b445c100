/**
 * The folder a quick bookmark goes into: the folder chosen in settings, or "Read later" under Other Bookmarks,
 * created on first use. Decided from one read of the tree; creating a missing "Read later" is left to the save,
 * which does it through the Places facade's implicit groups.
 */
import type { BookmarkNode } from '../platform/browser';
import { ROOT_ID, UNFILED_ID } from '../platform/browser';
import { findFolder, ROOT_NAMES } from './folder-paths';

export const READ_LATER_TITLE = 'Read later';

export type TargetFolder =
  | { kind: 'existing'; id: string; path: string[]; note?: string }
  /** "Read later" does not exist yet: create it under `parentId`. */
  | { kind: 'create'; parentId: string; title: string; path: string[]; note?: string };

/** Other Bookmarks' own "Read later" folder, if it has one (the first, when there are several). */
function findReadLater(roots: readonly BookmarkNode[]): BookmarkNode | undefined {
  const unfiled = findFolder(roots, UNFILED_ID)?.node;
  return unfiled?.children?.find((c) => c.type === 'folder' && c.url === undefined && c.title === READ_LATER_TITLE);
}

export function chooseTargetFolder(roots: readonly BookmarkNode[], configuredFolderId: string | null): TargetFolder {
  let note: string | undefined;
  if (configuredFolderId !== null) {
    const configured = configuredFolderId === ROOT_ID ? undefined : findFolder(roots, configuredFolderId);
    if (configured) return { kind: 'existing', id: configured.node.id, path: configured.path };
    note = 'The folder chosen for quick bookmarks no longer exists, so “Read later” was used.';
  }
  const readLater = findReadLater(roots);
  const path = [ROOT_NAMES[UNFILED_ID], READ_LATER_TITLE];
  const withNote = <T extends object>(target: T): T => (note ? { ...target, note } : target);
  if (readLater) return withNote({ kind: 'existing' as const, id: readLater.id, path });
  return withNote({ kind: 'create' as const, parentId: UNFILED_ID, title: READ_LATER_TITLE, path });
}
