/**
 * Sync comeback: flags duplicate copies that an earlier cleanup removed and that are back again ("removed on
 * <date>, back again"). A copy is flagged when its own id was removed (sync restores a bookmark with its GUID), or
 * when a bookmark with its exact URL was removed and this copy was added after that removal (a new copy of a URL
 * we removed copies of). The copy that was kept back then is older than the removal and has another id, so it is
 * never flagged.
 */
import type { ComebackFlag, DuplicateCopy, DuplicateGroup } from './scan-types';
import type { RemovedHistory } from '../../operation-history';

export function comebackOf(copy: Pick<DuplicateCopy, 'id' | 'url' | 'dateAdded'>, history: RemovedHistory): ComebackFlag | undefined {
  const byId = history.wasRemoved(copy.id);
  if (byId) return { removedAt: byId.removedAt, sessionId: byId.sessionId };
  const byUrl = history.wasRemoved(copy.url);
  if (byUrl && copy.dateAdded > byUrl.removedAt) return { removedAt: byUrl.removedAt, sessionId: byUrl.sessionId };
  return undefined;
}

/**
 * Sets cameBack on every copy that came back and on its group (the latest removal), clears it on the others; returns
 * how many copies. (The scan skips it for its fresh groups when the history is empty.)
 */
export function flagComebacks(groups: DuplicateGroup[], history: RemovedHistory): number {
  let flagged = 0;
  for (const group of groups) {
    delete group.cameBack;
    for (const copy of group.copies) {
      const flag = comebackOf(copy, history);
      if (flag) {
        copy.cameBack = flag;
        flagged++;
        if (!group.cameBack || group.cameBack.removedAt < flag.removedAt) group.cameBack = flag;
      } else delete copy.cameBack;
    }
  }
  return flagged;
}
