/** Small display helpers of the popup. */

/** "example.org/path/page" without scheme, query and fragment; the URL itself when it has no host. */
export function hostAndPath(url: string): string {
  const m = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?([^/?#]*)([^?#]*)/i.exec(url);
  if (!m) return url;
  const path = m[2] === '/' ? '' : m[2]!;
  return (m[1]! + path).replace(/^www\./i, '');
}

export function folderLabel(folders: readonly string[]): string {
  return folders.join(' › ');
}

export function visitsLabel(count: number): string {
  return count === 1 ? '1 visit' : `${count} visits`;
}

/** The options page's duplicate view for one URL. */
export function duplicatesLink(url: string, base: string): string {
  return new URL(`../options/index.html?url=${encodeURIComponent(url)}#duplicates`, base).href;
}
