// SPDX-License-Identifier: MPL-2.0
/**
 * `@tidymarks/places/support`: the small generic helpers the Places engine is built on, public so that an extension
 * (Tidymarks among them) uses the same ones instead of writing its own: one queue for "one at a time, in call order",
 * one IndexedDB opener, one tree walk, one batched source of bookmark events, batched reads that survive missing
 * ids, Firefox's root ids and its "not found" errors.
 */
export { createSerialQueue, type SerialQueue, type QueueTurn } from './serial-queue';
export { lazyDb, type LazyDb, type LazyDbOptions, type Upgrade } from './lazy-db';
export { kindOf, descendants, type NodeKind } from './tree';
export { tagKey } from './tag-key';
export { sameStoredUrl } from './stored-url';
export { isMissingBookmarkError } from './bookmark-errors';
export { PLACES_MESSAGES, english, type PlacesMessageKey, type Translate } from './messages';
export { PlacesError, type ErrorCode } from './places-error';
export { chunks, errorMessage, getExisting } from './get-existing';
export * from './bookmark-events';
export {
  ROOT_ID,
  MENU_ID,
  TOOLBAR_ID,
  UNFILED_ID,
  MOBILE_ID,
  TAGS_ROOT_ID,
  USER_ROOT_IDS,
  ALL_ROOT_IDS,
  ROOT_TITLES,
  isRootId,
  isOwnSender,
  type PortLike,
  type Browser,
  type BookmarkNode,
} from './browser';
