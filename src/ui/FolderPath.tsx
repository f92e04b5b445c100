import { Fragment } from 'preact';
import { PATH_SEPARATOR } from '../platform/folder-path';
import { folderLabel } from './folder-label';
import { Highlighted } from './Highlighted';

interface Props {
  folders: readonly string[];
  /** Words to mark (search results). */
  words?: readonly string[];
  class?: string;
}

/**
 * A folder path that is cut in the middle when it does not fit: the start gives way first (ending in "…"), the
 * deepest folder stays visible. The cut is visual only: the text (read by screen readers) is the whole path, and so
 * is the tooltip. Each folder's name is isolated (Untrusted.tsx): a name ending in a right-to-left override cannot
 * turn the separators or the next folder around.
 */
export function FolderPath({ folders, words = [], class: className }: Props) {
  const head = folders.slice(0, -1);
  const tail = folders[folders.length - 1] ?? '';
  return (
    <span class={className ? `folder-path ${className}` : 'folder-path'} title={folderLabel(folders)}>
      {head.length > 0 && (
        <span class="path-head">
          {head.map((folder, i) => (
            <Fragment key={i}>
              <Highlighted text={folder} words={words} />
              {PATH_SEPARATOR}
            </Fragment>
          ))}
        </span>
      )}
      <span class="path-tail">
        <Highlighted text={tail} words={words} />
      </span>
    </span>
  );
}
