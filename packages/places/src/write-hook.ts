// SPDX-License-Identifier: MPL-2.0
/**
 * A hook around the engine's writes: how an extension that keeps its own record of changes (Tidymarks: its one
 * history, so that every save can be undone) hears each save request before and while it writes. None by default:
 * saves then write and record nothing else.
 */
import type { SaveOp } from './wire';
import type { BookmarkNode } from './support/browser';

/** A URL's tags before and after a write (after: [] when it loses them). */
export interface TagChange {
  url: string;
  before: string[];
  after: string[];
}

/** What hears one save request's steps, in order; every method may be async and is awaited (but `created`). */
export interface SaveRecorder {
  /** Operation `op` (its index in the request) created the item `id`. */
  created(op: number, id: string): void;
  /** Operation `op`'s removal, change of title or URL, or move was carried out. */
  done(op: number, step: 'removed' | 'updated' | 'moved'): Promise<void>;
  /** Operation `op` is about to move `node` into `toParentId`, a group this same request created. */
  moving(op: number, node: BookmarkNode, toParentId: string): Promise<void>;
  /** Operation `op` failed or met a conflict: what it did not carry out stays undone. */
  skipped(op: number): Promise<void>;
  /** Tags about to be written (the store's spellings). */
  tags(changes: readonly TagChange[]): Promise<void>;
  /** Addresses bookmarks left, about to lose their tags (no bookmark has them any more). */
  forgetting(changes: readonly TagChange[]): Promise<void>;
  /** The request is over. */
  finish(): Promise<void>;
}

export interface WriteHook {
  /** Runs each save request, e.g. in the extension's own queue of writes; the engine's save queue is taken inside. */
  run?<T>(save: () => Promise<T>): Promise<T>;
  /** Called before a request writes anything (once the clock has caught up): what hears its steps, or nothing. */
  begin(ops: readonly SaveOp[], context: { source?: string }): Promise<SaveRecorder | null | undefined>;
}
