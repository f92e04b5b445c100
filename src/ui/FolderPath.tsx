import { folderLabel, splitPath } from './folder-label';
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
 * is the tooltip.
 */
export function FolderPath({ folders, words = [], class: className }: Props) {
  const { head, tail } = splitPath(folders);
  const label = folderLabel(folders);
  return (
    <span class={className ? `folder-path ${className}` : 'folder-path'} title={label}>
      {head && (
        <span class="path-head">
          <Highlighted text={head} words={words} />
        </span>
      )}
      <span class="path-tail">
        <Highlighted text={tail} words={words} />
      </span>
    </span>
  );
}
