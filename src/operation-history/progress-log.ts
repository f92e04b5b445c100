/**
 * An operation's write-ahead progress log (journal-records.ts ProgressRecord): what it attempts, carries out, skips and
 * puts back, written to the journal as it goes, so that recovery after a crash knows how far it got.
 */
import type { Journal } from './journal';
import type { NewProgress } from './journal-records';

/**
 * Calls an operation may have under way at once between two of its progress records (the cleanup's removals run
 * this many side by side, apply.ts). Recovery counts on it (undo-scope.ts interruptedCalls).
 */
export const MAX_CALLS_IN_FLIGHT = 2;

/**
 * Calls whose "done" (or skip) may be noted but not yet stored: keepUp() waits once this many are noted and not
 * stored, counting those in a record being written. Recovery allows for them (undo-scope.ts interruptedCalls).
 */
export const UNWRITTEN_AT_MOST = 8;

/**
 * An operation's write-ahead progress: what it notes is written with the next `write()` as one small record, one
 * write after another. `write()` resolves once the record is stored; the operation awaits it before a call whose
 * safety after a crash depends on it (what it is about to attempt, a skip because someone else changed an item).
 * `keepUp()` starts a record of the calls done once UNWRITTEN_AT_MOST - MAX_CALLS_IN_FLIGHT are noted and lets the
 * calls go on while it is written (about as many records as before, each with a round of calls to be stored in); it
 * waits only when UNWRITTEN_AT_MOST are not stored yet. (Before, one of the cleanup's two lanes
 * waited for a whole write every 8 calls while the other went on noting calls, past the bound recovery allows for.)
 */
export class ProgressLog {
  private pending: Required<NewProgress> = ProgressLog.empty();
  private last: Promise<void> = Promise.resolve();
  /** Calls done or skipped that are noted and not stored yet (in `pending` or in a record being written). */
  private unwritten = 0;
  /** Records being written. */
  private writing = 0;

  constructor(
    private readonly journal: Pick<Journal, 'recordProgress'>,
    private readonly sessionId: string,
  ) {}

  private static empty(): Required<NewProgress> {
    return { attempting: [], attemptingAtOnce: [], done: [], skipped: [], putBack: [], ids: [], versions: [] };
  }

  note(progress: NewProgress): void {
    for (const key of ['attempting', 'attemptingAtOnce', 'done', 'skipped', 'putBack', 'ids', 'versions'] as const) {
      const values = progress[key];
      if (values?.length) (this.pending[key] as unknown[]).push(...values);
    }
    this.unwritten += (progress.done?.length ?? 0) + (progress.skipped?.length ?? 0);
  }

  /**
   * An operation calls it after each call, so that a crash loses the record of at most UNWRITTEN_AT_MOST calls
   * (recovery allows for them, undo-scope.ts interruptedCalls): once that many are not stored, writes what is noted and
   * resolves when everything is stored (or rejects with a failed write); otherwise resolves at once, having started a
   * record of what is noted if UNWRITTEN_AT_MOST - MAX_CALLS_IN_FLIGHT wait and no record is being written. A failed
   * write is never counted as stored, so the next wait rejects with it.
   */
  keepUp(): Promise<void> {
    if (this.unwritten >= UNWRITTEN_AT_MOST) return this.write();
    const noted = this.pending.done.length + this.pending.skipped.length;
    if (noted >= UNWRITTEN_AT_MOST - MAX_CALLS_IN_FLIGHT && this.writing === 0) this.write().catch(() => undefined);
    return Promise.resolve();
  }

  /**
   * Starts a record of what is noted once `atLeast` ids wait and nothing is being written, and never waits
   * (ImportOperation's items journaled ahead: their ids are stored behind the creates, so that a kill leaves few of
   * them to be found by their data). A failed write fails the next write that is waited for.
   */
  writeBehind(atLeast: number): void {
    if (this.writing === 0 && this.pending.ids.length >= atLeast) this.write().catch(() => undefined);
  }

  /** Everything noted so far as one record (null when nothing), and a fresh start. */
  private take(): NewProgress | null {
    const record: NewProgress = {};
    for (const [key, values] of Object.entries(this.pending) as [keyof NewProgress, unknown[]][]) {
      if (values.length) (record as Record<string, unknown[]>)[key] = values;
    }
    this.pending = ProgressLog.empty();
    return Object.keys(record).length ? record : null;
  }

  /**
   * Hands everything noted so far to `write` (a journal append that stores it with its entries, in one transaction),
   * after any earlier write; `undefined` when nothing is noted. Fails, like write(), once an earlier write failed.
   */
  writeWith<T>(write: (record: NewProgress | undefined) => Promise<T>): Promise<T> {
    const record = this.take();
    const calls = (record?.done?.length ?? 0) + (record?.skipped?.length ?? 0);
    this.writing++;
    const result = this.last.then(() => write(record ?? undefined));
    this.last = result
      .then(() => {
        this.unwritten -= calls;
      })
      .finally(() => this.writing--);
    // The caller hears of a failure from `result`; the chain keeps it for the next write.
    this.last.catch(() => undefined);
    return result;
  }

  /** Writes everything noted so far (and `progress`) as one record, after any earlier write. */
  write(progress: NewProgress = {}): Promise<void> {
    this.note(progress);
    const record = this.take();
    if (!record) return this.last;
    const calls = (record.done?.length ?? 0) + (record.skipped?.length ?? 0);
    this.writing++;
    // A chain, not the serial queue: once a write fails, every later one fails with it (no gap in the records).
    this.last = this.last
      .then(() => this.journal.recordProgress(this.sessionId, record))
      .then(() => {
        this.unwritten -= calls;
      })
      .finally(() => this.writing--);
    return this.last;
  }
}
