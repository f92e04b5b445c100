/** The Places facade: items, save/resolve, search and history search. See docs in each module. */
export { Bookmark, Group, Separator, MENU, TOOLBAR, UNSORTED, MOBILE, MESSAGES, remove, toPlain } from './items';
export type { Item, ItemInput, ItemType, GroupLike, GroupRef, GroupInput, PlainItem, BookmarkProps, GroupProps, SeparatorProps } from './items';
export { createPlacesApi, type PlacesApi } from './api';
export type { SaveOptions, SaveResult, SaveEmitter, Resolver } from './save';
export type { SearchQuery, SearchOptions, SearchEmitter } from './search';
export type { HistoryQuery, HistoryEmitter, HistoryEntry } from './history';
export { PlacesEmitter } from './emitter';
export { createPagePlaces } from './page';
