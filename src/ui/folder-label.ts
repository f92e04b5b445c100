/** A folder path as one line of text (FolderPath.tsx shows it cut in the middle). */
import { PATH_SEPARATOR } from '../platform/folder-path';

/** "Bookmarks Menu › Dev › Rust": the whole path, as the tooltip and screen readers have it. */
export function folderLabel(folders: readonly string[]): string {
  return folders.join(PATH_SEPARATOR);
}
