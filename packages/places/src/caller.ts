// SPDX-License-Identifier: MPL-2.0
/**
 * The Places API, the caller's half: the Add-on SDK's sdk/places/bookmarks and sdk/places/history re-created over
 * browser.bookmarks and browser.history (behaviour: shared/spec/places-api.md). This is what a caller uses: the item
 * classes, the API object (`createPlacesApi` over a backend), its save/search/history emitters, the events' types,
 * and the wire form both halves share. The engine's half, which runs in the background and implements
 * `PlacesBackend`, is engine.ts; nothing here imports it. The same API object exists in the background
 * (`createPlacesEngine(...).places`) and in extension pages (`createPagePlaces()`, page.ts); in a page, resolve()
 * runs in the page and the background only reports conflicts.
 *
 * Where today's platform differs, the facade fills the gap:
 *  - ids are Firefox's string GUIDs; MOBILE is a fourth root next to MENU, TOOLBAR and UNSORTED.
 *  - tags: extensions cannot see Firefox's tags, so tags live in the extension's own store (IndexedDB by default,
 *    per URL, as in Firefox); they go when no bookmark of the URL remains.
 *  - `updated`: Firefox has no lastModified for bookmarks; a per-item clock with a fingerprint (parent, title, url,
 *    tags) is kept in IndexedDB, moved by our writes, by bookmarks events and, on read, by changes nobody heard.
 *    Sibling re-indexing is not a change of the item. `sort: 'lastModified'` uses this clock (clock.ts).
 *  - search's default order is creation order (dateAdded, in ms); items added within the same ms keep tree order.
 *  - removal accepts both `remove` and the article's `removed`.
 *  - `events` (the SDK's sdk/places/events) is built on browser.bookmarks/history events (events.ts here, the hub in
 *    event-hub.ts).
 * Every behaviour, ours and the SDK's, and each deliberate difference: README.md.
 */
export { Bookmark, Group, Separator, MENU, TOOLBAR, UNSORTED, MOBILE, MESSAGES, isGroupLike, isValidUrl, remove, rootById, toPlain, toInstance } from './items';
export type { Item, ItemInput, ItemType, GroupLike, GroupRef, GroupInput, PlainItem, BookmarkProps, GroupProps, SeparatorProps } from './items';
export { createPlacesApi, type PlacesApi } from './api';
export type { SaveOptions, SaveResult, SaveEmitter, Resolver } from './save';
export type { SearchQuery, SearchOptions, SearchEmitter } from './search';
export type { HistoryQuery, HistoryEmitter, HistoryEntry } from './history';
export { PlacesEmitter } from './emitter';
export { EVENTS_PORT_NAME, PlacesEventListeners } from './events';
export type { PlacesEvents, PlacesEvent, PlacesEventType, PlacesEventMap, EventsPortMessage } from './events';
// The wire form between the halves: what a backend (the engine, or messaging) takes and answers.
export { SORTS, MAX_OPS_PER_REQUEST, encodeSearchReply, decodeSearchReply } from './wire';
export type {
  PlacesBackend,
  WireNode,
  ParentRef,
  SaveOp,
  SaveOutcome,
  SaveReply,
  WireQuery,
  SortKey,
  WireSearchOptions,
  SearchReply,
  EncodedSearchReply,
  WireHistoryQuery,
} from './wire';
