// SPDX-License-Identifier: MPL-2.0
/**
 * `@tidymarks/places`: the Add-on SDK's Places API (sdk/places/bookmarks, sdk/places/history, sdk/places/events)
 * for WebExtensions: the item classes, the API object, its emitters, the events' types and the wire form. The
 * engine is `@tidymarks/places/background`, the page client `@tidymarks/places/page`, the helpers they are built on
 * `@tidymarks/places/support`.
 */
export * from './caller';
