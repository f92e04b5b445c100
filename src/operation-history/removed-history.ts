/**
 * What earlier cleanups removed, as the scan needs it to flag copies that came back (typically through sync).
 * dedup-apply's journal implements it; the scan only reads it.
 */

export interface RemovalRecord {
  /** When the cleanup session removed the item (ms since the epoch). */
  removedAt: number;
  sessionId: string;
}

export interface RemovedHistory {
  /**
   * The latest removal of `key`, or undefined. A key is either a bookmark id (GUID: sync brings a removed bookmark
   * back with its old GUID) or a bookmark's exact URL as stored; an implementation answers both.
   */
  wasRemoved(key: string): RemovalRecord | undefined;
  /** True when nothing was ever removed (wasRemoved answers undefined for every key): a fresh scan skips the pass. */
  readonly empty: boolean;
}

/** Nothing was ever removed: for a first scan, or when the journal cannot be read. */
export const NO_REMOVED_HISTORY: RemovedHistory = { wasRemoved: () => undefined, empty: true };

/** A RemovedHistory over a list of removals (the latest removal of a key wins). */
export function removedHistoryFrom(entries: Iterable<{ keys: readonly string[] } & RemovalRecord>): RemovedHistory {
  const byKey = new Map<string, RemovalRecord>();
  for (const { keys, removedAt, sessionId } of entries) {
    for (const key of keys) {
      const seen = byKey.get(key);
      if (!seen || seen.removedAt < removedAt) byKey.set(key, { removedAt, sessionId });
    }
  }
  return { wasRemoved: (key) => byKey.get(key), empty: byKey.size === 0 };
}
