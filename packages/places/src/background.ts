// SPDX-License-Identifier: MPL-2.0
/**
 * `@tidymarks/places/background`: the engine that runs in the background (saves with their conflict checks, search,
 * history search, the change clock, the events hub), what it takes from the extension (a tag store, a search index,
 * a write hook, words) and the channel that answers pages. Build it at the background's top level:
 *
 *     const engine = createPlacesEngine();
 *     servePlaces(engine);
 *     engine.places.search({ tags: ['mozilla'] }).on('end', ...);
 */
export { createPlacesEngine, type PlacesEngine, type PlacesEngineOptions } from './engine';
export { servePlaces, answerPlacesRequest } from './serve';
export { PLACES_CHANNEL, PlacesRemoteError, type PlacesCaller, type PlacesRequestName, type ChannelReply } from './channel';
export { saveInput, searchInput, historySearchInput } from './protocol';
export type { WriteHook, SaveRecorder, TagChange } from './write-hook';
export type { TreeMirror, MirrorNode, IndexSearch } from './index-search';
export { createIndexSearch } from './index-search';
export { PlacesIndex, type PlacesIndexOptions } from './tree-index/places-index';
export { PlacesEventHub, type EventHubDeps, type DateChanges, type BookmarkDate } from './event-hub';
export { createClock, fingerprint, PLACES_DB_VERSION, type Clock, type ClockDeps } from './clock';
export { runSave, checkSaveOp, type EngineDeps } from './save-engine';
export { runSearch, type SearchDeps } from './search-engine';
export { runHistorySearch } from './history-engine';
export { itemType } from './nodes';
export { compileUrlPattern, UrlPatternError, type UrlMatcher } from './url-pattern';
export { openTagStore, TAGS_DB_VERSION, type TagStore, type TagStoreOptions, type TagCount, type TagEdit, type UrlTags, type TagChangeListener } from './tag-store';
export { checkTagName, normalizeTagName, normalizeTagList, sameTagSet, MAX_TAG_LENGTH, type TagNameCheck } from './tag-names';
export { findOrphanUrls, forgetOrphanUrls, forgetLeftAddresses } from './orphans';
