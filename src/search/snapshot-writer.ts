/**
 * Writes what the live index holds (live-index.ts) as a snapshot (snapshot-store.ts): a head with the tags, then the
 * tree's nodes and the index's history entries in parts, each read only when the part before it is written; at once
 * after a build from Firefox, and after a few seconds of quiet after changes.
 */
import type { Built, LoadTimings } from './index-build';
import type { HistoryColumns, SnapshotPart, SnapshotStore } from './snapshot-store';

/** Quiet time after the last change before the snapshot is written again. */
export const SNAPSHOT_DELAY_MS = 3000;

/** Nodes or history entries per snapshot part (one structured clone each, a few ms at most in Firefox). */
const SNAPSHOT_PART_ROWS = 4096;

/** A snapshot write found the index changed under it: given up, the change asks for a later write. */
class SnapshotOutdated extends Error {}

/**
 * Writes the snapshot in parts (snapshot-store.ts), each read from the tree and the index only when the previous
 * one is written: the event page answers requests between them. Rejects with SnapshotOutdated when the index
 * changed or was swapped while it ran (`unchangedSince` says no, or the index compacted; nothing is written then:
 * the change itself asks for a later write).
 */
function writeParts(store: SnapshotStore, { tree, index }: Pick<Built, 'tree' | 'index'>, unchangedSince: () => boolean): Promise<void> {
  const tagged = index.taggedUrls();
  const head = { savedAt: Date.now(), tags: { urls: tagged.map(([url]) => url), tags: tagged.map(([, tags]) => tags) } };
  const compactions = index.compactions;
  const unchanged = () => {
    if (!unchangedSince() || index.compactions !== compactions) throw new SnapshotOutdated();
  };
  function* parts(): Generator<SnapshotPart> {
    for (let from = 0; from < tree.rowEnd; from += SNAPSHOT_PART_ROWS) {
      unchanged();
      yield { nodes: tree.columns(from, from + SNAPSHOT_PART_ROWS) };
    }
    let history: { history: HistoryColumns } = { history: { urls: [], titles: [], visits: [], lastVisits: [] } };
    for (const entry of index.eachHistory()) {
      const h = history.history;
      h.urls.push(entry.url);
      h.titles.push(entry.title);
      h.visits.push(entry.visitCount);
      h.lastVisits.push(entry.lastVisit);
      if (h.urls.length < SNAPSHOT_PART_ROWS) continue;
      unchanged();
      yield history;
      history = { history: { urls: [], titles: [], visits: [], lastVisits: [] } };
    }
    unchanged();
    if (history.history.urls.length) yield history;
    // The head is written after the last part: nothing may have changed since that part was read.
    unchanged();
  }
  return store.write(head, parts());
}

/** What the writer reads of the live index when a write is due. */
export interface SnapshotSubject {
  /** Moves on when the live index is reset: a write planned before is dropped. */
  generation(): number;
  /** Moves on with every change applied to the current build and every swap of it: a write that sees it move gives up. */
  changes(): number;
  loaded(): boolean;
  current(): Built;
  /** Drops the index's tombstones if enough gathered (before a write). */
  compactIfDue(): void;
}

/** Plans and runs the snapshot writes of a live index (none without a store). */
export class SnapshotWriter {
  private saveTimer: ReturnType<typeof setTimeout> | null = null;
  /** The pending write is the one right after a build from Firefox. */
  private saveImmediately = false;
  /** A snapshot write reads the index in parts: no compaction renumbers its documents meanwhile. */
  private writingSnapshot = false;

  constructor(
    private readonly snapshots: SnapshotStore | null,
    private readonly live: SnapshotSubject,
    private readonly now: () => number,
    /** Where the last write's time goes (snapshotWriteMs). */
    private readonly timings: LoadTimings,
  ) {}

  /** A write runs (a compaction now would renumber the documents it reads). */
  get writing(): boolean {
    return this.writingSnapshot;
  }

  /**
   * Writes the snapshot after `delayMs` of quiet (changes push it further out). After a build from Firefox it is
   * written at once: with a short idle timeout the event page is often unloaded a second after its last request,
   * and at 100,000 bookmarks the snapshot then never caught up with a rebuild that took seconds.
   */
  saveSoon(delayMs = SNAPSHOT_DELAY_MS): void {
    if (!this.snapshots) return;
    // A write due at once is not pushed out by the changes that follow it (it reads the index when it runs).
    if (this.saveTimer && this.saveImmediately) return;
    if (this.saveTimer) clearTimeout(this.saveTimer);
    const generation = this.live.generation();
    this.saveImmediately = delayMs === 0;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null;
      this.saveImmediately = false;
      if (generation !== this.live.generation() || !this.live.loaded()) return;
      this.live.compactIfDue();
      this.writeSnapshot().catch((error: unknown) => {
        if (!(error instanceof SnapshotOutdated)) console.error('Tidymarks: could not save the search snapshot', error);
        // Written again as due (a change that cut it short has asked for that already; a compaction has not). The
        // write due at once is still due at once: the change that cut it short does not push it out.
        else if (generation === this.live.generation()) this.saveSoon(delayMs);
      });
    }, delayMs);
  }

  /** Drops the planned write (the live index was reset). */
  cancel(): void {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = null;
  }

  /** Writes now instead of when planned (tests). */
  async saveNow(): Promise<void> {
    this.cancel();
    if (this.snapshots && this.live.loaded()) await this.writeSnapshot();
  }

  /** Writes the current build; rejects with SnapshotOutdated when the index changed or was swapped while it ran. */
  private writeSnapshot(): Promise<void> {
    const changes = this.live.changes();
    const generation = this.live.generation();
    const started = this.now();
    this.writingSnapshot = true;
    return writeParts(this.snapshots!, this.live.current(), () => this.live.changes() === changes && this.live.generation() === generation)
      .then(() => void (this.timings.snapshotWriteMs = this.now() - started))
      .finally(() => (this.writingSnapshot = false));
  }
}
