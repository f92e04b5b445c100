// SPDX-License-Identifier: MPL-2.0
/**
 * history.search(): pages from browser.history, one result per page {url, title, visitCount, time}.
 * Keys `from`/`to` (ms or Date), `url` (the four forms), `query`; sort by title, url, date or visitCount.
 * On failure: error(reason), then end([]).
 */
import { PlacesEmitter } from './emitter';
import type { SearchOptions } from './search';
import { toWireOptions } from './search';
import type { HistoryEntry, PlacesBackend, WireHistoryQuery } from './wire';

export type { HistoryEntry };

export interface HistoryQuery {
  from?: number | Date;
  to?: number | Date;
  url?: string;
  query?: string;
}

export type HistoryEmitter = PlacesEmitter<[entry: HistoryEntry], HistoryEntry[]>;

function toMs(value: number | Date, key: string): number {
  const ms = value instanceof Date ? value.getTime() : value;
  if (typeof ms !== 'number' || !Number.isFinite(ms)) throw new TypeError(`The \`${key}\` query must be a time in ms or a Date.`);
  return ms;
}

export function toWireHistoryQuery(q: HistoryQuery): WireHistoryQuery {
  if (typeof q !== 'object' || q === null) throw new TypeError('A history query must be an object.');
  const out: WireHistoryQuery = {};
  if (q.from !== undefined) out.from = toMs(q.from, 'from');
  if (q.to !== undefined) out.to = toMs(q.to, 'to');
  if (q.url !== undefined) out.url = String(q.url);
  if (q.query !== undefined) out.query = String(q.query);
  return out;
}

export function createHistorySearch(backend: PlacesBackend) {
  return function search(queries: HistoryQuery | readonly HistoryQuery[] = {}, options: SearchOptions = {}): HistoryEmitter {
    return new PlacesEmitter(async (emit) => {
      const list = Array.isArray(queries) ? queries : [queries as HistoryQuery];
      const entries = await backend.historySearch(list.length ? list.map(toWireHistoryQuery) : [{}], toWireOptions(options));
      for (const entry of entries) emit('data', entry);
      emit('end', entries);
    });
  };
}
