/**
 * The plain data the Places facade sends between its two halves: the caller's side (page or background API, where
 * items are classes and resolve() runs) and the engine in the background (browser.bookmarks, tags, clock).
 * Everything here is JSON-like so it can cross runtime messaging.
 */
import type { ItemType } from './items';

/** An item as stored, with its clock and tags. Separators have no title/url; groups no url. */
export interface WireNode {
  type: ItemType;
  id: string;
  parentId: string;
  index: number;
  updated: number;
  title?: string;
  url?: string;
  tags?: string[];
  dateAdded?: number;
}

/** Where an item goes: an existing group by id, or a group created earlier in the same save by its ref. */
export type ParentRef = { id: string } | { ref: number };

export interface SaveOp {
  /** The caller's number for this item, unique within one save. */
  ref: number;
  type: ItemType;
  action: 'create' | 'update' | 'remove';
  id?: string;
  parent?: ParentRef;
  /** -1 appends (create) or keeps the position inside the same group (update). */
  index: number;
  title?: string;
  url?: string;
  tags?: string[];
  /** The snapshot's clock; absent when unknown (an unsaved input mapped to an existing item). */
  updated?: number;
  /** True: when the stored item is newer than `updated`, report a conflict instead of writing (resolve exists). */
  check: boolean;
}

export type SaveOutcome =
  | { ref: number; status: 'saved'; item: WireNode }
  | { ref: number; status: 'removed' }
  | { ref: number; status: 'failed'; message: string }
  | { ref: number; status: 'conflict'; theirs: WireNode };

export interface SaveReply {
  outcomes: SaveOutcome[];
  /** The non-root ancestors of the saved items, so the caller can build their `group` snapshots. */
  groups: WireNode[];
}

export interface WireQuery {
  query?: string;
  tags?: string[];
  group?: string;
  url?: string;
}

export const SORTS = ['title', 'url', 'date', 'visitCount', 'dateAdded', 'lastModified'] as const;
export type SortKey = (typeof SORTS)[number];

export interface WireSearchOptions {
  count?: number;
  sort?: string;
  descending?: boolean;
}

export interface SearchReply {
  items: WireNode[];
  groups: WireNode[];
  /** Which path answered: the in-memory index, or Firefox (before the index is fresh). Same results either way. */
  source?: 'index' | 'firefox';
}

export interface WireHistoryQuery {
  from?: number;
  to?: number;
  url?: string;
  query?: string;
}

export interface HistoryEntry {
  url: string;
  title: string;
  visitCount: number;
  /** The last visit, ms since the epoch. */
  time: number;
}

/** The engine's side, reached directly in the background or through messaging from a page. */
export interface PlacesBackend {
  save(ops: SaveOp[]): Promise<SaveReply>;
  search(queries: WireQuery[], options: WireSearchOptions): Promise<SearchReply>;
  historySearch(queries: WireHistoryQuery[], options: WireSearchOptions): Promise<HistoryEntry[]>;
}

/** Most operations one save request carries; the caller splits bigger saves. */
export const MAX_OPS_PER_REQUEST = 1000;
