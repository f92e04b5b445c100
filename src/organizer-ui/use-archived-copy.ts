/**
 * The archived copy of the bookmark the details pane shows (links.wayback.snapshots: what the Wayback rescue found,
 * read from what the background stored), asked for when the pane shows another bookmark or its address changes.
 * A failure to read it leaves the pane without the link (logged): the copy is an extra, the details still work.
 */
import { useEffect, useState } from 'preact/hooks';
import type { BookmarkSnapshot, BookmarkSnapshots } from '../link-health';

export function useArchivedCopy(load: (ids: string[]) => Promise<BookmarkSnapshots>, id: string | null, url: string | undefined): BookmarkSnapshot | null {
  const key = id && url ? `${id} ${url}` : null;
  const [found, setFound] = useState<{ key: string; snapshot: BookmarkSnapshot | null } | null>(null);
  useEffect(() => {
    if (!key) return;
    let current = true;
    load([id!]).then(
      (snapshots) => current && setFound({ key, snapshot: snapshots[id!] ?? null }),
      (error: unknown) => console.error('Tidymarks: the archived copy could not be read', error),
    );
    return () => {
      current = false;
    };
  }, [key]);
  // An answer about another bookmark or an older address is not shown while the new one is on its way.
  return found?.key === key ? found.snapshot : null;
}
