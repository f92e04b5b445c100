/** A folder path as one line of text, and split for middle truncation (FolderPath.tsx). */
import { PATH_SEPARATOR } from '../platform/folder-path';

/** "Bookmarks Menu › Dev › Rust": the whole path, as the tooltip and screen readers have it. */
export function folderLabel(folders: readonly string[]): string {
  return folders.join(PATH_SEPARATOR);
}

/**
 * A folder path split for middle truncation: everything up to the last folder (which may be cut with an
 * ellipsis) and the last folder itself, which stays visible.
 */
export function splitPath(folders: readonly string[]): { head: string; tail: string } {
  if (folders.length === 0) return { head: '', tail: '' };
  const tail = folders[folders.length - 1]!;
  const head = folders.length > 1 ? folders.slice(0, -1).join(PATH_SEPARATOR) + PATH_SEPARATOR : '';
  return { head, tail };
}
