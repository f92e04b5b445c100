/**
 * The Places API, the caller's half: the Add-on SDK's sdk/places/bookmarks and sdk/places/history re-created over
 * browser.bookmarks and browser.history (behaviour: shared/spec/places-api.md). This is what a caller uses: the item
 * classes, the API object (`createPlacesApi` over a backend), its save/search/history emitters, the events' types,
 * the page client (`createPagePlaces`, over messaging and one events port) and the wire form both halves share. The
 * engine's half, which runs in the background and implements `PlacesBackend`, is src/places-engine; nothing here
 * imports it. The same API object exists in the background (`createPlacesFeature(...).places`, src/places-engine)
 * and in extension pages (`createPagePlaces(client)`); in a page, resolve() runs in the page and the background only
 * reports conflicts.
 *
 * Where today's platform differs, the facade fills the gap:
 *  - ids are Firefox's string GUIDs; MOBILE is a fourth root next to MENU, TOOLBAR and UNSORTED.
 *  - tags: extensions cannot see Firefox's tags, so tags live in Tidymarks' own store (IndexedDB, per URL, as in
 *    Firefox); they go when no bookmark of the URL remains.
 *  - `updated`: Firefox has no lastModified for bookmarks; a per-item clock with a fingerprint (parent, title, url,
 *    tags) is kept in IndexedDB, moved by our writes, by bookmarks events and, on read, by changes nobody heard.
 *    Sibling re-indexing is not a change of the item. `sort: 'lastModified'` uses this clock (src/places-engine).
 *  - search's default order is creation order (dateAdded, in ms); items added within the same ms keep tree order.
 *  - removal accepts both `remove` and the article's `removed`.
 *  - `events` (the SDK's sdk/places/events) is built on browser.bookmarks/history events (events.ts here, the hub in
 *    src/places-engine/event-hub.ts).
 * Every behaviour, ours and the SDK's, and each deliberate difference: docs/places-api.md.
 */
export { Bookmark, Group, Separator, MENU, TOOLBAR, UNSORTED, MOBILE, MESSAGES, isGroupLike, isValidUrl, remove, rootById, toPlain } from './items';
export type { Item, ItemInput, ItemType, GroupLike, GroupRef, GroupInput, PlainItem, BookmarkProps, GroupProps, SeparatorProps } from './items';
export { createPlacesApi, type PlacesApi } from './api';
export type { SaveOptions, SaveResult, SaveEmitter, Resolver } from './save';
export type { SearchQuery, SearchOptions, SearchEmitter } from './search';
export type { HistoryQuery, HistoryEmitter, HistoryEntry } from './history';
export { PlacesEmitter } from './emitter';
export { createPagePlaces, type PlacesCaller } from './page';
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
