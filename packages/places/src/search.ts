// SPDX-License-Identifier: MPL-2.0
/**
 * search(): the caller's half. Normalizes the queries (a Group or an id for `group`, a Set or array for `tags`),
 * asks the engine, and reports each result as data, then end(results), through an awaitable emitter.
 */
import { PlacesEmitter } from './emitter';
import { isGroupLike, type GroupInput, type Item } from './items';
import { SnapshotBuilder } from './snapshots';
import type { PlacesBackend, SortKey, WireQuery, WireSearchOptions } from './wire';

export interface SearchQuery {
  /** Words that must all appear in the title, the url or a tag. */
  query?: string;
  /** Tags that must all be present. */
  tags?: Iterable<string>;
  /** Only descendants of this group. */
  group?: GroupInput;
  /** 'host', '*.host', an exact URL, or a URL prefix ending in '*'. */
  url?: string;
}

export interface SearchOptions {
  count?: number;
  sort?: SortKey | string;
  descending?: boolean;
}

export type SearchEmitter = PlacesEmitter<[item: Item], Item[]>;

export function toWireQuery(q: SearchQuery): WireQuery {
  if (typeof q !== 'object' || q === null) throw new TypeError('A search query must be an object.');
  const out: WireQuery = {};
  if (q.query !== undefined) out.query = String(q.query);
  if (q.tags !== undefined && q.tags !== null) {
    if (typeof q.tags === 'string') throw new TypeError('The `tags` query must be a Set, or an array.');
    out.tags = [...q.tags].map(String);
  }
  if (q.group !== undefined && q.group !== null) {
    const id = typeof q.group === 'string' ? q.group : isGroupLike(q.group) ? q.group.id : undefined;
    if (!id) throw new TypeError('The `group` query must be a saved Group or a group id.');
    out.group = id;
  }
  if (q.url !== undefined) out.url = String(q.url);
  return out;
}

export function toWireOptions(options: SearchOptions): WireSearchOptions {
  const out: WireSearchOptions = {};
  if (options.count !== undefined) out.count = Math.max(0, Math.floor(Number(options.count) || 0));
  if (options.sort !== undefined) out.sort = String(options.sort);
  if (options.descending !== undefined) out.descending = !!options.descending;
  return out;
}

export function createSearch(backend: PlacesBackend) {
  return function search(queries: SearchQuery | readonly SearchQuery[] = {}, options: SearchOptions = {}): SearchEmitter {
    return new PlacesEmitter(async (emit) => {
      const list = Array.isArray(queries) ? queries : [queries as SearchQuery];
      const reply = await backend.search(list.length ? list.map(toWireQuery) : [{}], toWireOptions(options));
      const builder = new SnapshotBuilder(reply.groups);
      const items = reply.items.map((node) => builder.build(node));
      for (const item of items) emit('data', item);
      emit('end', items);
    });
  };
}
