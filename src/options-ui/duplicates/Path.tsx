/**
 * A folder path truncated in the middle: the deepest folder (what tells copies apart) always shows, the folders
 * above it give way first ("Bookmarks Me… › Articles"). Pure CSS (options/duplicates.css .path); the whole path is the tooltip.
 */
import { Fragment } from 'preact';
import { PATH_SEPARATOR } from '../../platform/folder-path';
import { Untrusted } from '../../ui';

export function splitPath(path: string): { head: string; leaf: string } {
  const cut = path.lastIndexOf(PATH_SEPARATOR);
  return cut === -1 ? { head: '', leaf: path } : { head: path.slice(0, cut), leaf: path.slice(cut + PATH_SEPARATOR.length) };
}

/** The deepest folder of a path ("Articles" of "Bookmarks Menu › Reading › Articles"). */
export function leafOf(path: string): string {
  return splitPath(path).leaf;
}

/** Each folder name isolated (Untrusted): a name ending in a right-to-left override cannot turn the next one around. */
export function Path({ path }: { path: string }) {
  const { head, leaf } = splitPath(path);
  const upper = head ? head.split(PATH_SEPARATOR) : [];
  return (
    <span class="path" title={path}>
      {head && (
        <>
          <span class="path-head">
            {upper.map((name, i) => (
              <Fragment key={i}>
                {i > 0 && PATH_SEPARATOR}
                <Untrusted>{name}</Untrusted>
              </Fragment>
            ))}
          </span>
          <span class="path-sep">{PATH_SEPARATOR}</span>
        </>
      )}
      <Untrusted class="path-leaf">{leaf}</Untrusted>
    </span>
  );
}
