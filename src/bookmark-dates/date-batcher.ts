/**
 * Dates kept in batches while a long job creates items (an import, a restore): each created item's date waits here
 * and `size` of them are written in one store call; `flush` writes the rest (call it in a `finally`, so the dates of
 * what was created are kept whichever way the job ends). A batch the store refuses is reported, not thrown: the items
 * exist, only their dates are missing.
 */
import type { BookmarkDate } from './date-store';

export interface DateBatcher {
  /** Adds one item's dates; writes a batch when `size` are waiting. */
  add(record: BookmarkDate): Promise<void>;
  /** Writes what is waiting. */
  flush(): Promise<void>;
}

export interface DateBatcherHooks {
  /** A batch was written. */
  kept(count: number): void;
  /** A batch could not be written. */
  failed(count: number, error: unknown): void;
}

/** A batcher over `keep` (the store's `putMany`); without one, dates are dropped and nothing is written. */
export function createDateBatcher(keep: ((records: readonly BookmarkDate[]) => Promise<void>) | undefined, hooks: DateBatcherHooks, size = 500): DateBatcher {
  const pending: BookmarkDate[] = [];
  const flush = async () => {
    if (!keep || !pending.length) return;
    const batch = pending.splice(0);
    try {
      await keep(batch);
      hooks.kept(batch.length);
    } catch (error) {
      hooks.failed(batch.length, error);
    }
  };
  return {
    async add(record) {
      if (!keep) return;
      pending.push(record);
      if (pending.length >= size) await flush();
    },
    flush,
  };
}
