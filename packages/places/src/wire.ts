// SPDX-License-Identifier: MPL-2.0
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

/**
 * A search reply as it crosses runtime messaging: one JSON string of columns. Firefox clones a message value by
 * value; 3,000 results as objects took ~100 ms to cross, as one string of objects ~20 ms, as one string of columns
 * half that (bench/places.bench.ts, docs/ARCHITECTURE.md). Only what snapshots need travels (no dateAdded); parent
 * ids are written once and referred to by number, a bookmark's tags as one string joined with ',' (tag names cannot
 * contain commas: tag-names.ts).
 */
export interface EncodedSearchReply {
  source: 'index' | 'firefox';
  /** JSON of EncodedNodes for items, then groups. */
  encoded: string;
}

interface EncodedNodes {
  /** One letter per node: b(ookmark), g(roup), s(eparator). */
  types: string;
  ids: string[];
  /** Index into `parents`. */
  parentRefs: number[];
  indexes: number[];
  updated: number[];
  /** '' where a node has none (separators). */
  titles: string[];
  urls: string[];
  /** The bookmark's tags joined with ','; '' for none, and for groups and separators. */
  tags: string[];
}

interface EncodedReply {
  parents: string[];
  items: EncodedNodes;
  groups: EncodedNodes;
}

const TYPE_LETTER = { bookmark: 'b', group: 'g', separator: 's' } as const;
const LETTER_TYPE = { b: 'bookmark', g: 'group', s: 'separator' } as const;

export function encodeSearchReply(reply: SearchReply): EncodedSearchReply {
  const parents: string[] = [];
  const parentAt = new Map<string, number>();
  const encode = (nodes: readonly WireNode[]): EncodedNodes => {
    const out: EncodedNodes = { types: '', ids: [], parentRefs: [], indexes: [], updated: [], titles: [], urls: [], tags: [] };
    const types: string[] = [];
    for (const n of nodes) {
      types.push(TYPE_LETTER[n.type]);
      out.ids.push(n.id);
      let p = parentAt.get(n.parentId);
      if (p === undefined) parentAt.set(n.parentId, (p = parents.push(n.parentId) - 1));
      out.parentRefs.push(p);
      out.indexes.push(n.index);
      out.updated.push(n.updated);
      out.titles.push(n.title ?? '');
      out.urls.push(n.url ?? '');
      out.tags.push(n.tags === undefined || n.tags.length === 0 ? '' : n.tags.length === 1 ? n.tags[0]! : n.tags.join(','));
    }
    out.types = types.join('');
    return out;
  };
  const items = encode(reply.items);
  const groups = encode(reply.groups);
  const encoded: EncodedReply = { parents, items, groups };
  return { source: reply.source ?? 'firefox', encoded: JSON.stringify(encoded) };
}

export function decodeSearchReply(reply: EncodedSearchReply): SearchReply {
  const { parents, items, groups } = JSON.parse(reply.encoded) as EncodedReply;
  const decode = (e: EncodedNodes): WireNode[] => {
    const out: WireNode[] = [];
    for (let i = 0; i < e.ids.length; i++) {
      const type = LETTER_TYPE[e.types[i] as keyof typeof LETTER_TYPE];
      const node: WireNode = { type, id: e.ids[i]!, parentId: parents[e.parentRefs[i]!]!, index: e.indexes[i]!, updated: e.updated[i]! };
      if (type !== 'separator') node.title = e.titles[i]!;
      if (type === 'bookmark') {
        node.url = e.urls[i]!;
        const tags = e.tags[i]!;
        node.tags = tags === '' ? [] : tags.split(',');
      }
      out.push(node);
    }
    return out;
  };
  return { items: decode(items), groups: decode(groups), source: reply.source };
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
