/**
 * Bookmarks a running operation of this background is about to move out of the way and remove in bulk (the dedup
 * apply's holding folder). Listeners that keep per-item state for items that live on (the Places change clock)
 * skip the moves of these items: each would otherwise cost a bookmarks.get and an IndexedDB write for an item
 * that is gone a moment later, and those calls compete with the operation for the same Places connection.
 *
 * Only the announcing call holds an announcement (it takes it back in a finally), and it lives in memory only:
 * an unloaded event page forgets it together with the operation, so no later user edit is ever skipped.
 */
const doomed = new Map<string, number>();

/** Announces items about to be moved and then removed; returns the call that takes the announcement back. */
export function announceBulkRemoval(ids: Iterable<string>): () => void {
  const mine = [...ids];
  for (const id of mine) doomed.set(id, (doomed.get(id) ?? 0) + 1);
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    for (const id of mine) {
      const n = doomed.get(id) ?? 0;
      if (n <= 1) doomed.delete(id);
      else doomed.set(id, n - 1);
    }
  };
}

/** Whether a bookmark is being moved on its way to a bulk removal by an operation running now. */
export function isBulkRemoval(id: string): boolean {
  return doomed.has(id);
}
